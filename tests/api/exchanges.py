"""Replaying the OpenAPI document's example exchanges (backend_stub/api/openapi_examples.py)
against a running server, directly or through a proxy such as Prism."""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from email.message import Message

from backend_stub.api.openapi_examples import ERRORS, OPERATIONS, REMEMBER, Exchange

TIMEOUT_S = 30


@dataclass(frozen=True)
class Reply:
    """A status, headers and raw body."""

    status: int
    headers: Message
    body: bytes

    def json(self) -> object:
        """The body as JSON (None when empty)."""
        return json.loads(self.body) if self.body else None

    def id(self) -> str:
        """The ``id`` field of the body, in JSON or XML."""
        if self.body.startswith(b"<"):
            return ET.fromstring(self.body).findtext("id") or ""
        return self.json()["id"]  # type: ignore[index,no-any-return]


def request(url: str, method: str, body: bytes | None = None, headers: dict[str, str] | None = None) -> Reply:
    """One HTTP request; a 4xx or 5xx is a reply like any other."""
    sent = urllib.request.Request(url, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(sent, timeout=TIMEOUT_S) as answer:
            return Reply(answer.status, answer.headers, answer.read())
    except urllib.error.HTTPError as error:
        with error:  # it holds the connection: closed here, not when collected
            return Reply(error.code, error.headers, error.read())


def control(server_url: str, method: str, path: str, body: object) -> None:
    """A sandbox control call, straight to the server."""
    reply = request(
        server_url + path, method, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    assert reply.status in (200, 201), reply


def send(api_url: str, server_url: str, exchange: Exchange, ids: dict[str, str], accept: str | None) -> Reply:
    """The exchange's request to ``api_url`` (its controls to ``server_url``), and its reply."""
    for method, path, body in exchange.before:
        control(server_url, method, path, body)
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {exchange.key}"}
    if accept:
        headers["Accept"] = accept
    headers.update(exchange.headers)
    data = None
    if exchange.request is not None or exchange.padding:
        data = json.dumps(exchange.request).encode() + b" " * exchange.padding
    query = "?" + urllib.parse.urlencode(exchange.query) if exchange.query else ""
    reply = request(api_url + exchange.path.format(**ids) + query, exchange.method, data, headers)
    for method, path, body in exchange.after:
        control(server_url, method, path, body)
    return reply


def replay(
    api_url: str, server_url: str, accept: str | None = None, errors: tuple[int, ...] = tuple(ERRORS)
) -> Iterator[tuple[str, Exchange, Reply]]:
    """Every operation's example exchange in order, then those of the ``errors`` statuses:
    each name (operation id or status), exchange and reply."""
    ids: dict[str, str] = {}
    for operation_id, exchange in OPERATIONS.items():
        reply = send(api_url, server_url, exchange, ids, accept)
        for name, source in REMEMBER.items():
            if source == operation_id and reply.status == exchange.status:
                ids[name] = reply.id()
        yield operation_id, exchange, reply
    for status in errors:
        yield str(status), ERRORS[status], send(api_url, server_url, ERRORS[status], ids, accept)
