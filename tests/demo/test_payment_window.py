"""The payment window as a prospect watches it: focus on its heading (or the term to choose),
never on Approve, so a stray Enter approves nothing; the order lines' column says what it holds
(a line's amount, once labelled "Price"); and one name for instalments, the button's, in the
store and in the window."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from backend_stub.testkit.checkout_overlay import CheckoutOverlay
from tests.demo.shopper import fill_cart, open_checkout, overlay_frame


def test_the_window_opens_on_its_heading_and_enter_approves_nothing(page: Page, store, service):
    fill_cart(page, store, {"desk-lamp": 2})
    open_checkout(page, store, "pay_in_4", "callbacks")
    CheckoutOverlay(page).wait_open()
    frame = overlay_frame(page)
    expect(frame.get_by_role("heading", level=1)).to_be_focused()
    expect(frame.get_by_test_id("checkout-approve")).not_to_be_focused()
    page.keyboard.press("Enter")
    expect(frame.get_by_test_id("checkout-approve")).to_be_visible()  # still undecided
    checkout_id = frame.locator("[data-checkout]").get_attribute("data-checkout")
    assert service.checkout(checkout_id)["status"] == "created"
    # Two lamps at €120.00: the line's amount, under a header that says so.
    lines = frame.locator("table.lines")
    expect(lines.locator("th")).to_have_text(["Item", "Qty", "Amount"])
    expect(lines.locator("tbody td")).to_have_text(["Brass desk lamp", "2", "€240.00"])


def test_instalments_have_one_name_in_the_store_and_the_window(page: Page, store, service):
    fill_cart(page, store, {"walnut-desk": 1})
    page.goto(f"{store.url}/checkout?method=instalments")
    expect(page.get_by_test_id("method-instalments")).to_contain_text("Pay in instalments")
    page.goto(f"{store.url}/cart")
    expect(page.locator('[data-range="instalments"] strong')).to_have_text("Pay in instalments")
    open_checkout(page, store, "instalments", "callbacks")
    frame = overlay_frame(page)
    expect(frame.locator("[data-product]")).to_have_text("Pay in instalments")
    # An instalments window starts on the term to choose, not on Approve.
    expect(frame.get_by_test_id("checkout-term-12")).to_be_focused()
