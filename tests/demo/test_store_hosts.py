"""The store builds every URL from its configured public URL, never from what a request says its
host is (issue 11, finding 8: ``Host: evil.example`` gave ``success_url=http://evil.example/...``).

Each way a client can name a host (the ``Host`` header, the proxy headers, an absolute request
target) is tried on every route that builds a URL: the checkout's five result URLs as the
service stored them, redirects, and pages. A request under another name is refused or sent to
the public URL; the names it carries appear nowhere.
"""

from __future__ import annotations

import asyncio
import json
from urllib.parse import urlsplit

import pytest
from aiohttp.test_utils import TestClient

from backend_stub.testkit import Sandbox

EVIL = "evil.example"
PRIVATE = {"Authorization": "Bearer sk_test_demo", "Accept": "application/json"}

# name -> headers that claim another host (None: the real Host header is kept)
CLAIMS: dict[str, dict[str, str]] = {
    "Host": {"Host": EVIL},
    "Host with the store's port": {"Host": f"{EVIL}:{{port}}"},
    "Host in capitals with a dot": {"Host": "EVIL.EXAMPLE."},
    "X-Forwarded-Host": {"X-Forwarded-Host": EVIL},
    "X-Forwarded-Host and -Proto": {"X-Forwarded-Host": EVIL, "X-Forwarded-Proto": "https"},
    "X-Forwarded-Server and -Port": {"X-Forwarded-Server": EVIL, "X-Forwarded-Port": "443"},
    "Forwarded": {"Forwarded": f"for=1.2.3.4;host={EVIL};proto=https"},
    "X-Original-Host and X-Host": {"X-Original-Host": EVIL, "X-Host": EVIL},
}
# Routes that answer with URLs or pages, read with the claim.
PAGES = (
    "/",
    "/products/desk-lamp",
    "/cart",
    "/checkout?method=pay_in_4",
    "/checkout/result/success?order=DS-1&via=url",
    "/backoffice",
    "/backoffice?q=fixture",
    "/backoffice/orders/fixture-order-1",
    "/no-such-page",
)


@pytest.fixture
def client(store_http: TestClient) -> TestClient:
    """The store as an HTTP client against the real service (tests/demo/conftest.py)."""
    return store_http


def _claim(name: str, client: TestClient) -> dict[str, str]:
    return {key: value.format(port=client.port) for key, value in CLAIMS[name].items()}


def _public(client: TestClient) -> str:
    return f"http://127.0.0.1:{client.port}"


async def _fill_cart(client: TestClient) -> None:
    response = await client.post("/cart/items", data={"product": "desk-lamp"}, allow_redirects=False)
    assert response.status == 303


def _stored_checkout(service: Sandbox, checkout_id: str) -> dict:
    """The checkout as the service keeps it (its merchant URLs), read with the private key."""
    import urllib.request

    request = urllib.request.Request(f"{service.url}/checkout/{checkout_id}", headers=PRIVATE)
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def _result_urls(checkout: dict) -> list[str]:
    return [value for key, value in checkout["merchant"].items() if key.endswith("_url")]


@pytest.mark.parametrize("claim", list(CLAIMS))
async def test_checkout_result_urls_name_the_store_s_public_url(client, service, claim):
    await _fill_cart(client)
    response = await client.post(
        "/checkout/session", json={"product_type": "pay_in_4"}, headers=_claim(claim, client)
    )
    if claim.startswith("Host"):
        # Another name for the store: refused before anything is made.
        assert response.status == 421
        assert EVIL not in (await response.text()).lower()
        return
    assert response.status == 200, await response.text()
    checkout = _stored_checkout(service, (await response.json())["checkout_id"])
    urls = _result_urls(checkout)
    assert len(urls) == 5
    assert all(url.startswith(_public(client) + "/checkout/result/") for url in urls), urls


@pytest.mark.parametrize("claim", list(CLAIMS))
async def test_no_page_or_redirect_repeats_a_claimed_host(client, claim):
    await _fill_cart(client)
    headers = _claim(claim, client)
    for path in PAGES:
        response = await client.get(path, headers=headers, allow_redirects=False)
        answer = (str(dict(response.headers)) + await response.text()).lower()
        assert "evil.example" not in answer, path
        if claim.startswith("Host"):
            # Reading under another name: sent to the public URL, same path.
            assert response.status == 308, path
            assert response.headers["Location"] == _public(client) + path
    # The product page's "pay in 4" posts, then redirects to the checkout: a relative place.
    response = await client.post(
        "/cart/items",
        data={"product": "desk-lamp", "method": "pay_in_4"},
        headers=headers,
        allow_redirects=False,
    )
    if claim.startswith("Host"):
        assert response.status == 421
    else:
        assert (response.status, response.headers["Location"]) == (303, "/checkout?method=pay_in_4")


@pytest.mark.parametrize("origin_claim", ["Host", "X-Forwarded-Host", "Forwarded"])
async def test_a_post_from_the_claimed_site_is_refused(client, origin_claim):
    """DNS rebinding: a page on evil.example resolving to this machine sends its own Origin and,
    for the Host variant, its own Host: neither makes it the store."""
    headers = {**_claim(origin_claim, client), "Origin": f"http://{EVIL}"}
    refused = await client.post(
        "/backoffice/orders/fixture-order-1/refund", data={"amount": "1"}, headers=headers
    )
    assert refused.status in (403, 421)
    page = await client.get("/backoffice/orders/fixture-order-1")
    assert 'data-testid="refunded">€0.00' in await page.text()


async def _raw(port: int, request: bytes) -> tuple[int, str]:
    """One HTTP/1.1 exchange over a socket, for what aiohttp's client cannot send."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(request)
    await writer.drain()
    answer = await reader.read()
    writer.close()
    head, _, body = answer.decode("utf-8", "replace").partition("\r\n\r\n")
    return int(head.split(" ", 2)[1]), body


async def test_an_absolute_request_target_names_no_host_either(client, service):
    """``POST http://evil.example/checkout/session`` with the store's own Host header."""
    await _fill_cart(client)
    cookie = "; ".join(f"{c.key}={c.value}" for c in client.session.cookie_jar)
    body = json.dumps({"product_type": "pay_in_4"}).encode()
    request = (
        f"POST http://{EVIL}/checkout/session HTTP/1.1\r\nHost: 127.0.0.1:{client.port}\r\n"
        f"Origin: http://127.0.0.1:{client.port}\r\n"
        f"Cookie: {cookie}\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n"
        "Connection: close\r\n\r\n"
    ).encode() + body
    status, answer = await _raw(client.port, request)
    assert status == 200, answer
    checkout_id = json.loads(answer)["checkout_id"]
    urls = _result_urls(_stored_checkout(service, checkout_id))
    assert {urlsplit(url).netloc for url in urls} == {f"127.0.0.1:{client.port}"}
