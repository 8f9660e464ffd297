"""What Pay asks the store, sent as a browser sends it, against the real service: two tabs
pressing Pay at the same moment, a tab whose cart changed in another, and the checkout page
loaded again after the payment was approved."""

from __future__ import annotations

import asyncio
import re

from aiohttp.test_utils import TestClient

from backend_stub.testkit import Sandbox


async def _cart_of(client: TestClient, quantities: dict[str, int]) -> None:
    for slug, quantity in quantities.items():
        await client.post("/cart/items", data={"product": slug})
        await client.post(f"/cart/items/{slug}", data={"quantity": str(quantity)})


async def _shown_cart(client: TestClient) -> str:
    """The cart the checkout page shows, as its Pay sends it back."""
    page = await (await client.get("/checkout")).text()
    found = re.search(r'data-cart="([0-9a-f]+)"', page)
    assert found, "the checkout page names the cart it shows"
    return found[1]


async def test_two_pays_at_once_start_one_checkout(store_http: TestClient, service: Sandbox):
    await _cart_of(store_http, {"desk-lamp": 1})
    shown = await _shown_cart(store_http)
    since = service.last_request_seq()
    pay = {"product_type": "pay_in_4", "cart": shown}
    answers = await asyncio.gather(*(store_http.post("/checkout/session", json=pay) for _ in range(2)))
    sessions = [await answer.json() for answer in answers]
    assert sessions[0]["checkout_id"] == sessions[1]["checkout_id"]
    assert len(service.requests(method="POST", path="/checkout", since=since)) == 1
    # The one checkout is paid once; a third Pay says so instead of starting another.
    service.decide(sessions[0]["checkout_id"], "success")
    again = await (await store_http.post("/checkout/session", json=pay)).json()
    assert again["paid"]["order_id"] == sessions[0]["order_id"]


async def test_a_page_whose_cart_changed_pays_nothing_unseen(store_http: TestClient, service: Sandbox):
    await _cart_of(store_http, {"desk-lamp": 1})
    shown = await _shown_cart(store_http)  # "Pay €120.00"
    await store_http.post("/cart/items/desk-lamp", data={"quantity": "20"})  # another tab: €2,400.00
    since = service.last_request_seq()
    stale = await store_http.post("/checkout/session", json={"product_type": "pay_in_4", "cart": shown})
    assert await stale.json() == {
        "error": "Your cart changed in another tab: it is now €2,400.00.",
        "changed": True,
    }
    assert service.requests(method="POST", path="/checkout", since=since) == []
    page = await (await store_http.get("/checkout?changed=1&method=pay_in_4")).text()
    assert "Your cart changed in another tab: here it is as it is now, €2,400.00." in page
    assert "Pay €2,400.00" in page
    fresh = await _shown_cart(store_http)
    session = await (
        await store_http.post("/checkout/session", json={"product_type": "instalments", "cart": fresh})
    ).json()
    assert service.checkout(session["checkout_id"])["order"]["total_amount"] == 240000


async def test_the_checkout_page_after_approving_is_the_order(store_http: TestClient, service: Sandbox):
    await _cart_of(store_http, {"desk-lamp": 1})
    session = await (await store_http.post("/checkout/session", json={"product_type": "pay_in_4"})).json()
    service.decide(session["checkout_id"], "success")
    # A reload, or Back, before the result page: the store sends the shopper to that page.
    reloaded = await store_http.get("/checkout", allow_redirects=False)
    assert reloaded.status == 303
    assert reloaded.headers["Location"] == f"/checkout/result/success?order={session['order_id']}&via=url"
    result = await (await store_http.get(reloaded.headers["Location"])).text()
    assert "Thank you, your order is confirmed" in result
    assert (await store_http.get("/checkout", allow_redirects=False)).headers["Location"] == "/cart"
