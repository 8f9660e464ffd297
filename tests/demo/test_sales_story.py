"""The story a salesperson tells: browse, fill a cart whose payment options follow its total,
pay in the overlay, then find, refund and cancel the order in the back office."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.demo.shopper import ConsoleErrors, overlay_frame


def test_browse_buy_and_refund(page: Page, store, service):
    console = ConsoleErrors(page, service.url)

    # Browse: the catalogue shows each product's plans, a product page its three buttons.
    page.goto(store.url)
    lamp_card = page.locator('[data-product="desk-lamp"]')
    expect(lamp_card.locator('[data-chip="pay_in_4"]')).to_be_visible()
    expect(page.locator('[data-product="espresso-cup"]')).to_contain_text("No payment plan at this price")
    lamp_card.get_by_role("link").click()
    expect(page.get_by_role("heading", name="Brass desk lamp")).to_be_visible()
    expect(page.get_by_test_id("pay-pay_in_4")).to_be_visible()
    expect(page.get_by_text("4 interest-free payments of €30.00, one every two weeks.")).to_be_visible()
    page.get_by_test_id("add-to-cart").click()
    expect(page).to_have_url(f"{store.url}/cart")

    # A second product.
    page.goto(f"{store.url}/products/linen-napkins")
    page.get_by_test_id("add-to-cart").click()
    total = page.get_by_test_id("cart-total")
    expect(total).to_have_text("€155.00")
    pay_later = page.get_by_test_id("pay-pay_later")
    expect(pay_later).to_be_visible()

    # Seven lamps: €875 is above pay in 15 days' €800, so its button goes; pay in 4 stays.
    page.get_by_test_id("qty-desk-lamp").fill("7")
    expect(total).to_have_text("€875.00")
    expect(pay_later).to_be_hidden()
    expect(page.get_by_test_id("pay-pay_in_4")).to_be_visible()
    expect(page.get_by_text("4 interest-free payments of €218.75")).to_be_visible()
    expect(page.locator("[data-cart-count]")).to_have_text("8")
    # ... and back under the limit it returns, without a reload.
    page.get_by_test_id("qty-desk-lamp").fill("1")
    expect(total).to_have_text("€155.00")
    expect(pay_later).to_be_visible()
    page.get_by_test_id("qty-desk-lamp").fill("7")
    expect(pay_later).to_be_hidden()

    # Check out with pay in 4 and approve in the overlay.
    page.get_by_test_id("pay-pay_in_4").click()
    expect(page.get_by_test_id("method-pay_in_4").get_by_role("radio")).to_be_checked()
    expect(page.get_by_test_id("method-pay_later")).to_be_hidden()
    # The page has the public key (in the SDK's script tag) and never the private one.
    assert "public-key=pk_test_demo" in page.content() and "sk_test_demo" not in page.content()
    page.get_by_test_id("pay").click()
    frame = overlay_frame(page)
    frame.get_by_test_id("checkout-approve").click()
    frame.get_by_test_id("checkout-return").click()

    result = page.locator('[data-result="success"]')
    expect(result).to_have_attribute("data-via", "callback")
    expect(result.locator("[data-service-status]")).to_have_text("approved")
    expect(page.locator("[data-cart-count]")).to_have_text("0")
    order_id = page.locator("[data-order-id]").inner_text()

    # The back office finds it, confirmed.
    page.goto(f"{store.url}/backoffice")
    page.get_by_label("Status").select_option("confirmed")
    page.get_by_label("Search").fill("lamp")
    page.get_by_test_id("apply-filters").click()
    row = page.locator(f'tr[data-order="{order_id}"]')
    expect(row).to_contain_text("Confirmed")
    expect(row).to_contain_text("€875.00")
    row.get_by_role("link", name=order_id).click()
    expect(page.get_by_test_id("order-status")).to_have_text("Confirmed")
    remaining = page.get_by_test_id("remaining")
    expect(remaining).to_have_text("€875.00")

    # A partial refund lowers what is left.
    page.get_by_test_id("amount-refund").fill("100")
    page.get_by_test_id("submit-refund").click()
    expect(page.locator("[data-notice]")).to_have_text("Refunded €100.00. €775.00 left to refund.")
    expect(remaining).to_have_text("€775.00")

    # Refunding more than is left: the service refuses, and the page says what it said.
    page.get_by_test_id("amount-refund").fill("1000")
    page.get_by_test_id("submit-refund").click()
    error = page.locator('[data-error="refund"]')
    expect(error.locator("p").first).to_have_text(
        "The service refused the refund: €1,000.00 is more than the €775.00 the order has left to refund."
    )
    expect(remaining).to_have_text("€775.00")

    # Refunding the rest cancels the order.
    page.get_by_test_id("rest-refund").click()
    expect(page.locator("[data-notice]")).to_contain_text("fully refunded and now canceled")
    expect(page.get_by_test_id("order-status")).to_have_text("Canceled")
    expect(remaining).to_have_text("€0.00")

    assert console.errors == []
