"""One cart, one payment: a prospect opens the checkout in two tabs and pays in both, or comes
back with the Back button after paying. The service must end with one confirmed order, and
neither tab may offer to pay again."""

from __future__ import annotations

from urllib.parse import urlencode

from playwright.sync_api import Browser, Page, expect

from backend_stub.testkit.checkout_overlay import CheckoutOverlay
from tests.demo.shopper import Console, fill_cart

CONFIRMED = "Thank you, your order is confirmed"


def _confirmed_orders(service, name: str) -> list[dict]:
    page = service.call("GET", "/orders?" + urlencode({"status": "confirmed", "name-icontains": name}))
    return page["results"]


def _open_checkout(page: Page, url: str) -> None:
    page.goto(f"{url}/checkout?method=pay_in_4")
    expect(page.get_by_test_id("method-pay_in_4")).to_be_visible()


def test_two_tabs_share_one_checkout_and_make_one_order(browser: Browser, store, service):
    context = browser.new_context()
    first, second = context.new_page(), context.new_page()
    consoles = [Console(tab, service.url) for tab in (first, second)]
    fill_cart(first, store, {"desk-lamp": 1})
    for tab in (first, second):
        _open_checkout(tab, store.url)
        tab.get_by_test_id("pay").click()
        CheckoutOverlay(tab).wait_open()
    # Both tabs show the one checkout of this cart.
    ids = [
        tab.frame_locator("[data-service-overlay] iframe").locator("[data-checkout]")
        for tab in (first, second)
    ]
    assert ids[0].get_attribute("data-checkout") == ids[1].get_attribute("data-checkout")

    first.bring_to_front()  # the tab the shopper looks at (a background tab's timers are throttled)
    CheckoutOverlay(first).complete("success")
    expect(first.get_by_role("heading", level=1)).to_have_text(CONFIRMED)
    order_id = first.locator("[data-order-id]").inner_text()

    # The other tab's window already says so, and returns to the same order.
    second.bring_to_front()
    other = CheckoutOverlay(second)
    expect(other.control("checkout-elsewhere")).to_be_visible()
    expect(other.control("checkout-approve")).to_be_hidden()
    other.return_to_merchant()
    expect(second.get_by_role("heading", level=1)).to_have_text(CONFIRMED)
    expect(second.locator("[data-order-id]")).to_have_text(order_id)

    assert [order["id"] for order in _confirmed_orders(service, "Brass desk lamp")] == [order_id]
    assert [console.unexpected for console in consoles] == [[], []]
    context.close()


def test_a_paid_cart_never_offers_pay_again(browser: Browser, store, service):
    context = browser.new_context()
    paying, stale = context.new_page(), context.new_page()
    consoles = [Console(tab, service.url) for tab in (paying, stale)]
    fill_cart(paying, store, {"desk-lamp": 1})
    _open_checkout(paying, store.url)
    paying.get_by_test_id("pay").click()
    CheckoutOverlay(paying).wait_open()
    _open_checkout(stale, store.url)  # loaded before the payment is decided, left open
    # Approved (by the sandbox control: the window's own buttons are the other test's), then the
    # shopper lands on the result page the checkout names.
    frame = paying.frame_locator("[data-service-overlay] iframe").locator("[data-checkout]")
    checkout = service.decide(frame.get_attribute("data-checkout"), "success")
    paying.goto(
        f"{store.url}/checkout/result/success?" + urlencode({"order": checkout["order"]["id"], "via": "url"})
    )
    expect(paying.get_by_role("heading", level=1)).to_have_text(CONFIRMED)
    order_id = paying.locator("[data-order-id]").inner_text()

    paying.bring_to_front()
    # Back to the checkout: the store is asked again and the cart is gone, said with its order.
    paying.go_back()
    expect(paying).to_have_url(f"{store.url}/cart")
    expect(paying.get_by_test_id("cart-paid")).to_contain_text(f"you placed order {order_id}")
    expect(paying.get_by_test_id("pay")).to_have_count(0)

    stale.bring_to_front()
    # The tab left open: Pay says the cart is paid, links to the order, and goes away.
    stale.get_by_test_id("pay").click()
    expect(stale.locator("[data-checkout-message]")).to_contain_text(f"This cart is paid: order {order_id}.")
    expect(stale.get_by_test_id("pay")).to_be_hidden()
    stale.get_by_test_id("paid-order").click()
    expect(stale.get_by_role("heading", level=1)).to_have_text(CONFIRMED)
    expect(stale.locator("[data-order-id]")).to_have_text(order_id)

    assert len(_confirmed_orders(service, "Brass desk lamp")) == 1
    assert [console.unexpected for console in consoles] == [[], []]
    context.close()


def test_back_with_the_window_open_closes_it(page: Page, store, service):
    """Back while the payment window is open closes the window, as its close control does (the
    page then opens its dismiss result), instead of leaving the checkout under it."""
    fill_cart(page, store, {"desk-lamp": 1})
    page.goto(f"{store.url}/cart")
    _open_checkout(page, store.url)
    page.get_by_test_id("pay").click()
    CheckoutOverlay(page).wait_open()
    page.go_back()
    expect(page.locator('[data-result="dismiss"]')).to_be_visible()
    expect(page.locator("[data-cart-count]")).to_have_text("1")  # nothing paid, the cart kept
