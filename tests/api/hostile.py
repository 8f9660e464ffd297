"""What the hostile-input tests share: raw HTTP for what a client library will not send, and
the check that an answer is an error in the API's format (never a 500, never a traceback)."""

from __future__ import annotations

import asyncio
import json
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass

from aiohttp.test_utils import TestClient

from backend_stub.config import Config
from tests.api.seeding import confirmed_order
from tests.conftest import DEMO_PRIVATE, bearer


@dataclass
class RawAnswer:
    """An HTTP answer read off a socket."""

    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> dict:
        return json.loads(self.body)


async def read_answer(reader: asyncio.StreamReader) -> RawAnswer:
    """One HTTP answer off a connection: its head, then as many bytes as Content-Length says
    (or up to the end, without one); the connection may stay open."""
    head = (await reader.readuntil(b"\r\n\r\n"))[:-4]
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = headers.get("content-length")
    body = await (reader.readexactly(int(length)) if length is not None else reader.read())
    return RawAnswer(int(status_line.split()[1]), headers, body)


async def send_raw(port: int, request: bytes) -> RawAnswer:
    """Send ``request`` as it is (headers that are not UTF-8, paths no client would send) and
    read the answer."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(request)
        await writer.drain()
        return await read_answer(reader)
    finally:
        writer.close()


def raw_request(method: str, target: bytes | str, *headers: bytes | str, body: bytes = b"") -> bytes:
    """An HTTP/1.1 request, byte for byte, that closes its connection."""
    lines = [f"{method} ".encode() + _bytes(target) + b" HTTP/1.1", b"Host: 127.0.0.1"]
    lines += [_bytes(header) for header in headers]
    if body:
        lines.append(f"Content-Length: {len(body)}".encode())
    lines.append(b"Connection: close")
    return b"\r\n".join(lines) + b"\r\n\r\n" + body


def _bytes(value: bytes | str) -> bytes:
    return value if isinstance(value, bytes) else value.encode()


def error_of(body: bytes, content_type: str) -> dict:
    """The error object of an answer in the error format, JSON or XML; fails on anything else."""
    if "xml" in content_type:
        root = ElementTree.fromstring(body)  # raises when the XML is not well formed
        error = root.find("error")
        assert error is not None, body
        fields = error.find("fields")
        return {
            "type": error.findtext("type"),
            "message": error.findtext("message"),
            "fields": None if fields is None else [child.get("name", child.tag) for child in fields],
        }
    assert content_type.startswith("application/json"), (content_type, body[:200])
    error = json.loads(body)["error"]
    return {**error, "fields": list(error["fields"]) if "fields" in error else None}


async def error_answer(response) -> dict:
    """The error of an aiohttp client response (never a 5xx)."""
    assert response.status < 500, await response.text()
    return error_of(await response.read(), response.headers.get("Content-Type", ""))


async def mismatch(response, status: int, field: str | None = None) -> str | None:
    """What is wrong with an answer that should be ``status`` in the error format, naming
    ``field`` among its fields; None when it is right. Tables of cases collect these, so one
    failure lists every case that went wrong."""
    body = await response.read()
    if response.status != status:
        return f"{response.status}: {body[:200]!r}"
    fields = error_of(body, response.headers.get("Content-Type", ""))["fields"] or []
    return None if field is None or field in fields else f"fields {fields}"


async def until_in_flight(api: TestClient, path: str) -> None:
    """Wait, asking the journal and never sleeping, until a request to ``path`` is in flight."""
    for _ in range(100_000):
        journal = await (await api.get("/_sandbox/requests", params={"path": path})).json()
        if any(entry["outcome"] == "in_flight" for entry in journal["requests"]):
            return
    raise AssertionError(f"no request to {path} was ever in flight")


async def real_ids(api: TestClient) -> dict[str, str]:
    """Real objects for every path parameter of the server (an order with a capture, a checkout,
    a campaign), so that a request can only be wrong where a test makes it wrong."""
    order_id = await confirmed_order(api, 20000)
    capture = await api.post(
        f"/orders/{order_id}/captures", json={"amount": 5000}, headers=bearer(DEMO_PRIVATE)
    )
    checkout = await api.post(
        "/checkout",
        json={"order": {"id": "hostile-1", "currency": "EUR", "total_amount": 25000}},
        headers=bearer(DEMO_PRIVATE),
    )
    articles = await api.post(
        "/me/campaigns/spring/articles",
        json=[{"id": "a1", "name": "Lamp", "url": "https://shop.example/a1"}],
        headers=bearer(DEMO_PRIVATE),
    )
    assert capture.status == 201 and checkout.status == 201 and articles.status == 204
    return {
        "order_id": order_id,
        "capture_id": (await capture.json())["id"],
        "checkout_id": (await checkout.json())["id"],
        "campaign_id": "spring",
        "article_id": "a1",
        "name": "checkout.js",
        "path": "nowhere",
        "version": _pinned_loader_version(),
    }


def _pinned_loader_version() -> str:
    """The version of the pinned loader the built SDK serves (any name when nothing is built:
    the route then answers 404, which is no server error either)."""
    manifest = Config().sdk_dir / "manifest.json"
    if not manifest.exists():
        return "000000000000"
    return str(json.loads(manifest.read_text(encoding="utf-8")).get("loader_version", "000000000000"))
