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
