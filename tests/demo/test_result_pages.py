"""The result page tells the shopper what the service confirms, not what its URL says: a typed
URL, a reload, an undecided checkout and a service that does not answer (issue 18, item 2)."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import pytest
from aiohttp.test_utils import TestClient

from backend_stub.testkit import Sandbox
from demo_store.config import StoreConfig
from demo_store.signed_cookies import CookieSigner
from tests.demo.store_server import store_client

SECRET = b"s" * 32
CONFIRMED = "Thank you, your order is confirmed"
APPROVED = "Your payment was approved"


@pytest.fixture
async def client(service: Sandbox) -> AsyncIterator[TestClient]:
    service.reset()
    client = await store_client(StoreConfig(service_url=service.url, cookie_secret=SECRET))
    try:
        yield client
    finally:
        await client.close()


async def _start(client: TestClient) -> tuple[str, str]:
    """A cart with a lamp and a started pay-in-4 checkout: (order id, checkout id)."""
    await client.post("/cart/items", data={"product": "desk-lamp"}, allow_redirects=False)
    started = await client.post("/checkout/session", json={"product_type": "pay_in_4"})
    assert started.status == 200
    answer = await started.json()
    return answer["order_id"], answer["checkout_id"]


async def _page(client: TestClient, path: str) -> tuple[int, str]:
    response = await client.get(path)
    return response.status, await response.text()


async def _badge(client: TestClient) -> str:
    html = (await _page(client, "/cart"))[1]
    return html.split("data-cart-count>", 1)[1].split("<", 1)[0]


@pytest.mark.parametrize("status", ["success", "pending", "ko", "dismiss", "error"])
@pytest.mark.parametrize("order", ["FAKE-ORDER", "fixture-order-1", ""])
async def test_an_order_this_browser_did_not_pay_is_refused(client, status, order):
    await client.post("/cart/items", data={"product": "desk-lamp"}, allow_redirects=False)
    code, html = await _page(client, f"/checkout/result/{status}?order={order}&via=url")
    assert code == 404
    assert "We could not find this payment" in html
    assert CONFIRMED not in html and APPROVED not in html and "data-order-id" not in html
    assert "not asked: this browser started no checkout for order" in html  # said to the presenter
    assert await _badge(client) == "1"


async def test_the_url_s_success_is_not_believed_before_the_service_confirms(client, service):
    order_id, checkout_id = await _start(client)
    code, html = await _page(client, f"/checkout/result/success?order={order_id}&via=callback")
    assert code == 200
    assert "We could not confirm your payment" in html and CONFIRMED not in html
    assert 'answered <code>"status": "created"</code>' in html
    assert await _badge(client) == "1"  # nothing bought: the cart stays

    service.decide(checkout_id, "success")
    code, html = await _page(client, f"/checkout/result/success?order={order_id}&via=callback")
    assert (code, CONFIRMED in html) == (200, True)
    assert "Pay in 4" in html and "4 payments of €30.00, one every 2 weeks. 0% APR, total €120.00." in html
    assert await _badge(client) == "0"


async def test_a_reload_tells_the_same_story_and_keeps_a_new_cart(client, service):
    order_id, checkout_id = await _start(client)
    service.decide(checkout_id, "success")
    result = f"/checkout/result/success?order={order_id}&via=url"
    first = (await _page(client, result))[1]
    await client.post("/cart/items", data={"product": "plant-pot"}, allow_redirects=False)
    code, again = await _page(client, result)
    assert code == 200 and CONFIRMED in again
    assert "Continue shopping" in again and "Choose how to pay" not in again
    assert again.count(order_id) == first.count(order_id)
    assert await _badge(client) == "1"  # the pot bought afterwards is still in the cart


async def test_whatever_the_url_says_the_service_s_answer_is_shown(client, service):
    order_id, checkout_id = await _start(client)
    service.decide(checkout_id, "ko")
    code, html = await _page(client, f"/checkout/result/success?order={order_id}&via=url")
    assert code == 200
    assert "Your payment was declined" in html and CONFIRMED not in html
    assert await _badge(client) == "1"


async def test_when_the_service_cannot_be_asked_nothing_is_confirmed():
    """A cart that started a checkout, and a service that is down: the page cannot confirm."""
    client = await store_client(StoreConfig(service_url="http://127.0.0.1:9", cookie_secret=SECRET))
    try:
        cart = {"q": {"desk-lamp": 1}, "k": {"DS-261123-AAAAAA": ["chk_1", False]}}
        client.session.cookie_jar.update_cookies({"cart": CookieSigner(SECRET).dumps("cart", cart)})
        code, html = await _page(client, "/checkout/result/success?order=DS-261123-AAAAAA&via=url")
        assert code == 200
        assert "We could not confirm your payment" in html and CONFIRMED not in html
        assert "could not reach the service" in html  # in the presenter's notes
    finally:
        await client.close()


async def test_dismissed_and_expired_checkouts_show_no_order_number(client, service):
    """The service makes an order only when a checkout is decided: no number to show."""
    order_id, _checkout_id = await _start(client)
    code, html = await _page(client, f"/checkout/result/dismiss?order={order_id}&via=url")
    assert code == 200 and "You left the payment" in html
    assert "data-order-id" not in html
    assert "none: the service makes the order when the checkout is decided" in html


# Words for developers, which shopper pages must not show outside the presenter tools.
DEVELOPER_WORDS = (
    "onSuccess",
    "onKO",
    "onDismiss",
    "success_url",
    "ko_url",
    "callback",
    "How the store hears",
    "Pay with the service",
    "GET /checkout",
)


def _shopper_text(html: str) -> str:
    """The page without its presenter tools and its markup attributes: what a shopper reads."""
    before, _, rest = html.partition('<details class="presenter"')
    after = rest.partition("</details>")[2] if rest else ""
    return re.sub(r"<[^>]*>", " ", before + after)


@pytest.mark.parametrize("outcome", ["success", "ko", "dismiss"])
async def test_shopper_pages_speak_to_shoppers(client, service, outcome):
    order_id, checkout_id = await _start(client)
    if outcome != "dismiss":
        service.decide(checkout_id, outcome)
    pages = ["/", "/products/desk-lamp", "/cart", "/checkout?method=pay_in_4"]
    pages.append(f"/checkout/result/{outcome}?order={order_id}&via=callback")
    for path in pages:
        code, html = await _page(client, path)
        assert code == 200, path
        said = [word for word in DEVELOPER_WORDS if word in _shopper_text(html)]
        assert said == [], path
        assert 'class="presenter"' in html, path  # ... they are there for the presenter


async def test_a_production_store_has_no_presenter_tools(service):
    client = await store_client(StoreConfig(service_url=service.url, sandbox=False))
    try:
        await client.post("/cart/items", data={"product": "desk-lamp"}, allow_redirects=False)
        for path in ("/", "/cart", "/checkout", "/checkout/result/success?order=X"):
            html = (await _page(client, path))[1]
            assert "Presenter tools" not in html and "expire" not in html, path
    finally:
        await client.close()
