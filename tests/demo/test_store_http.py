"""The store's promises that need no browser, checked in process: the private key never reaches
a page, the README's CSP is sent, other sites cannot post, a forged cart is ignored, and a
service that is down gives a page that says so."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from aiohttp.test_utils import TestClient

from demo_store.config import StoreConfig
from tests.demo.store_server import store_client

# Nothing listens on port 9 (discard) on loopback: the service is "down" for these tests.
DOWN = "http://127.0.0.1:9"


@pytest.fixture
async def client() -> AsyncIterator[TestClient]:
    client = await store_client(StoreConfig(service_url=DOWN, private_key="sk_test_secret_value"))
    try:
        yield client
    finally:
        await client.close()


async def test_pages_carry_the_public_key_and_never_the_private_one(client: TestClient):
    await client.post("/cart/items", data={"product": "desk-lamp"}, allow_redirects=False)
    for path in ("/", "/products/desk-lamp", "/cart", "/checkout"):
        response = await client.get(path)
        html = await response.text()
        assert response.status == 200, path
        assert f'<script src="{DOWN}/sdk.js?public-key=pk_test_demo&amp;sandbox=true" async></script>' in html
        assert "sk_test" not in html, path


async def test_the_readme_csp_is_enough(client: TestClient):
    response = await client.get("/")
    csp = response.headers["Content-Security-Policy"]
    assert f"script-src 'self' {DOWN}" in csp and f"frame-src {DOWN}" in csp
    assert "unsafe-eval" not in csp and "unsafe-inline" not in csp


async def test_another_site_cannot_post(client: TestClient):
    refused = await client.post(
        "/cart/items", data={"product": "desk-lamp"}, headers={"Origin": "http://evil.example"}
    )
    assert refused.status == 403
    assert "Content-Security-Policy" in refused.headers
    cart = await (await client.get("/cart")).text()
    assert "Your cart is empty" in cart


async def test_a_forged_cart_cookie_is_an_empty_cart(client: TestClient):
    client.session.cookie_jar.update_cookies({"cart": "eyJxIjp7ImRlc2stbGFtcCI6OX19.forged"})
    assert "Your cart is empty" in await (await client.get("/cart")).text()


async def test_a_service_that_is_down_is_said_in_plain_words(client: TestClient):
    orders = await client.get("/backoffice")
    assert orders.status == 200
    assert f"could not reach the service at {DOWN}" in await orders.text()
    order = await client.get("/backoffice/orders/fixture-order-1")
    assert order.status == 503
    assert "Is the sandbox server running?" in await order.text()
    await client.post("/cart/items", data={"product": "desk-lamp"}, allow_redirects=False)
    started = await client.post("/checkout/session", json={"product_type": "pay_in_4"})
    assert started.status == 503
    assert "could not reach the service" in (await started.json())["error"]


# Bodies a browser or a script may send that the store cannot read: each is a 400 in words.
FORM_POSTS = [
    "/cart/items",
    "/cart/items/desk-lamp",
    "/backoffice/orders/fixture-order-1/refund",
    "/backoffice/orders/fixture-order-1/captures",
    "/backoffice/orders/fixture-order-1/captures/cap_1/refunds",
    "/backoffice/campaigns/campaign-1/articles",
]
UNREADABLE = {
    "not UTF-8": ({"Content-Type": "application/x-www-form-urlencoded"}, b"quantity=\xff\xfe&amount=\xe9"),
    "unknown charset": ({"Content-Type": "application/x-www-form-urlencoded; charset=klingon"}, b"amount=1"),
    "broken multipart": ({"Content-Type": "multipart/form-data; boundary=xyz"}, b"--xyz\r\nnot a part\r\n"),
    "unfinished multipart": (
        {"Content-Type": "multipart/form-data; boundary=xyz"},
        b'--xyz\r\nContent-Disposition: form-data; name="amount"\r\n\r\n12',
    ),
    "multipart, a part not UTF-8": (
        {"Content-Type": "multipart/form-data; boundary=xyz"},
        b'--xyz\r\nContent-Disposition: form-data; name="amount"\r\n\r\n\xff\r\n--xyz--\r\n',
    ),
    "multipart without boundary": ({"Content-Type": "multipart/form-data"}, b"--\r\n"),
}


@pytest.mark.parametrize("body", UNREADABLE.values(), ids=UNREADABLE.keys())
async def test_a_body_the_store_cannot_read_is_a_400_in_words(client: TestClient, body):
    headers, data = body
    for path in FORM_POSTS:
        answer = await client.post(path, data=data, headers=headers)
        assert answer.status == 400, path
        assert "could not read the form" in await answer.text(), path


async def test_odd_numbers_and_deep_json_are_refused_in_words(client: TestClient):
    for typed in ("²", "٣", "1" * 5000, "-1"):
        added = await client.post("/cart/items", data={"product": "desk-lamp", "quantity": typed})
        assert added.status == 200, typed  # one lamp: what the product page's button adds
        changed = await client.post("/cart/items/desk-lamp", data={"quantity": typed})
        assert changed.status == 200, typed
    assert "Enter a whole number from 0 to 20" in await changed.text()  # "-1", the last one
    for page in ("²", "٣", "9" * 5000):
        listing = await client.get("/backoffice", params={"page": page})
        assert listing.status == 200, page
    deep = "[" * 100_000 + "]" * 100_000
    started = await client.post("/checkout/session", data=deep, headers={"Content-Type": "application/json"})
    assert started.status == 400
    assert (await started.json())["error"] == "Send a JSON object."
