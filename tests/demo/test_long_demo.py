"""A demo of any length in one browser: after a paid order a new cart is a new purchase, however
it gets to the checkout (the cart's button or a product page's Pay), whatever it holds (the same
lamp again included); a payment is bound to the articles and amount it paid for. Through the
store's HTTP endpoints against the real service, without a browser (one browser = one client and
its cookie jar)."""

from __future__ import annotations

from aiohttp.test_utils import TestClient

from backend_stub.testkit import Sandbox

CONFIRMED = "Thank you, your order is confirmed"


async def _add(client: TestClient, slug: str, method: str | None = None) -> str:
    """Add an article (with ``method``: a product page's Pay button); where the store sends the
    shopper."""
    form = {"product": slug, **({"method": method} if method else {})}
    answer = await client.post("/cart/items", data=form, allow_redirects=False)
    assert answer.status == 303
    return answer.headers["Location"]


async def _buy(client: TestClient, service: Sandbox, product_type: str) -> str:
    """Open the checkout, pay (approved by the sandbox control, as the window's Approve does),
    land on the thank-you page; the order's id."""
    page = await client.get(f"/checkout?method={product_type}", allow_redirects=False)
    assert page.status == 200, page.headers.get("Location")  # the checkout page, not an old result
    started = await client.post("/checkout/session", json={"product_type": product_type})
    session = await started.json()
    assert "checkout_id" in session, session
    service.decide(session["checkout_id"], "success")
    result = await client.get(f"/checkout/result/success?order={session['order_id']}&via=url")
    assert CONFIRMED in await result.text()
    return session["order_id"]


async def _badge(client: TestClient) -> str:
    html = await (await client.get("/cart")).text()
    return html.split("data-cart-count>", 1)[1].split("<", 1)[0]


async def test_a_second_purchase_in_the_same_browser_is_a_new_payment(
    store_http: TestClient, service: Sandbox
):
    await _add(store_http, "desk-lamp")
    first = await _buy(store_http, service, "pay_in_4")
    assert await _badge(store_http) == "0"  # the paid cart is gone
    # The presenter's notes on that page tell what comes next: this very story.
    thanks = await (await store_http.get(f"/checkout/result/success?order={first}&via=url")).text()
    story = thanks.split('data-testid="demo-story"', 1)[1].split("</ol>", 1)[0]
    assert "Next in the demo: a second purchase" in thanks and "Buy again." in story
    assert "a month later" in story and "credit_to_customer" in story

    # A new cart: the cart's Proceed to checkout opens a checkout (it once landed on the
    # previous order's thank-you page, the cart kept its items and the badge its count).
    await _add(store_http, "walnut-desk")
    second = await _buy(store_http, service, "instalments")
    # A product page's Pay button, then the same lamp as the first time: still new purchases.
    assert await _add(store_http, "desk-lamp", method="pay_in_4") == "/checkout?method=pay_in_4"
    third = await _buy(store_http, service, "pay_in_4")
    assert await _badge(store_http) == "0"

    assert len({first, second, third}) == 3
    for order_id in (first, second, third):
        assert service.order(order_id)["status"] == "confirmed"
    assert service.order(first)["name"] == service.order(third)["name"] == "1 × Brass desk lamp"


async def test_a_tab_left_open_on_a_paid_cart_still_hears_it_is_paid(
    store_http: TestClient, service: Sandbox
):
    await _add(store_http, "desk-lamp")
    first = await _buy(store_http, service, "pay_in_4")
    # The old tab's Pay (its page showed the lamp; the cart is empty now): paid, nothing more.
    again = await (await store_http.post("/checkout/session", json={"product_type": "pay_in_4"})).json()
    assert again["paid"]["order_id"] == first
    assert "This cart is paid" in again["error"]


async def test_a_cart_that_changed_after_paying_is_not_the_paid_purchase(
    store_http: TestClient, service: Sandbox
):
    """Paid in the window, and before the thank-you page emptied the cart another article went
    in: that cart is not what was paid for, so it is not said to be paid (its Pay is a new
    payment for what it holds)."""
    await _add(store_http, "desk-lamp")
    started = await (await store_http.post("/checkout/session", json={"product_type": "pay_in_4"})).json()
    service.decide(started["checkout_id"], "success")
    await _add(store_http, "linen-napkins")
    page = await store_http.get("/checkout?method=pay_in_4", allow_redirects=False)
    assert page.status == 200
    other = await (await store_http.post("/checkout/session", json={"product_type": "pay_in_4"})).json()
    assert other["checkout_id"] != started["checkout_id"]
