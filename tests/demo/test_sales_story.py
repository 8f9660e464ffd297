"""The story a salesperson tells: browse, fill a cart whose payment options follow its total,
pay in the overlay, then find, refund and cancel the order in the back office; with the browser
console collected all along: nothing in it but the documented 403 lines."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.demo.shopper import Console, open_presenter_tools, overlay_frame


def test_browse_buy_and_refund(page: Page, store, service):
    console = Console(page, service.url)

    # Browse: the catalogue shows each product's plans and what each plan covers.
    page.goto(store.url)
    lamp_card = page.locator('[data-product="desk-lamp"]')
    expect(lamp_card.locator('[data-chip="pay_in_4"]')).to_be_visible()
    expect(page.locator('[data-product="espresso-cup"]')).to_contain_text("No payment plan at this price")
    expect(page.locator('.hero [data-range="pay_later"]')).to_have_text("Pay in 15 days €10.00 to €800.00")
    # The presenter's note on the console says what the SDK does now: nothing printed at load.
    open_presenter_tools(page)
    expect(page.get_by_test_id("console-note")).to_contain_text("print nothing")

    lamp_card.get_by_role("link").click()
    expect(page.get_by_role("heading", name="Brass desk lamp")).to_be_visible()
    expect(page.get_by_role("heading", name="More ways to pay")).to_be_visible()
    expect(page.get_by_test_id("pay-pay_in_4")).to_be_visible()
    expect(
        page.get_by_text("4 payments of €30.00, one every 2 weeks. 0% APR, total €120.00.")
    ).to_be_visible()
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
    quantity = page.get_by_test_id("qty-desk-lamp")
    quantity.fill("7")
    expect(total).to_have_text("€875.00")
    expect(pay_later).to_be_hidden()
    expect(page.get_by_test_id("pay-pay_in_4")).to_be_visible()
    expect(
        page.get_by_text("4 payments of €218.75, one every 2 weeks. 0% APR, total €875.00.")
    ).to_be_visible()
    expect(page.locator("[data-cart-count]")).to_have_text("8")
    # ... and back under the limit it returns, without a reload.
    quantity.fill("1")
    expect(total).to_have_text("€155.00")
    expect(pay_later).to_be_visible()
    # More than the shop sells of one article: the field says what the cart holds, and why.
    quantity.fill("999")
    expect(quantity).to_have_value("20")
    expect(page.get_by_test_id("note-desk-lamp")).to_have_text(
        "We sell at most 20 of an article in one order."
    )
    expect(total).to_have_text("€2,435.00")
    quantity.fill("6")
    expect(total).to_have_text("€755.00")

    # "Pay in 15 days" from the lamp's page: the lamp makes the cart €875.00, over that plan.
    page.goto(f"{store.url}/products/desk-lamp")
    page.get_by_test_id("pay-pay_later").click()
    expect(page.get_by_test_id("method-pay_in_4")).to_be_visible()
    expect(page.locator('[data-unavailable="pay_later"]')).to_have_text(
        "Pay in 15 days is for orders of €10.00 to €800.00, and this order is €875.00."
        " Choose another way to pay below."
    )
    expect(page.get_by_test_id("method-pay_later")).to_be_hidden()
    expect(page.locator('input[name="product_type"]:checked')).to_have_count(0)  # nothing chosen for them
    page.get_by_test_id("method-pay_in_4").click()
    expect(page.get_by_test_id("method-pay_in_4")).to_contain_text("For orders of €20.00 to €1,500.00.")
    # The page has the public key (in the SDK's script tag) and never the private one.
    assert "public-key=pk_test_demo" in page.content() and "sk_test_demo" not in page.content()
    page.get_by_test_id("pay").click()
    frame = overlay_frame(page)
    expect(frame.get_by_test_id("checkout-schedule")).to_contain_text("4 payments of €218.75")
    expect(frame.get_by_test_id("checkout-cost")).to_have_text("0% APR, no fees: you pay €875.00 in total.")
    frame.get_by_test_id("checkout-approve").click()
    frame.get_by_test_id("checkout-return").click()

    result = page.locator('[data-result="success"]')
    expect(result.get_by_role("heading")).to_have_text("Thank you, your order is confirmed")
    expect(result.get_by_test_id("result-plan")).to_contain_text("Pay in 4")
    expect(result.get_by_test_id("result-plan")).to_contain_text("4 payments of €218.75, one every 2 weeks.")
    expect(page.locator("[data-cart-count]")).to_have_text("0")
    order_id = page.locator("[data-order-id]").inner_text()
    # What the shopper reads says nothing of callbacks; the presenter's notes do.
    assert "onSuccess" not in result.inner_text() and "success_url" not in result.inner_text()
    open_presenter_tools(page)
    expect(page.locator("[data-service-status]")).to_contain_text('"status": "success"')
    expect(page.locator("[data-event-log] li")).to_have_count(4)  # created, status change, close, onSuccess
    # A reload tells the same story.
    page.reload()
    expect(result.get_by_role("heading")).to_have_text("Thank you, your order is confirmed")
    expect(result.get_by_role("link", name="Continue shopping")).to_be_visible()

    # The back office finds it by a part of its number, with the plan it was paid with.
    page.goto(f"{store.url}/backoffice")
    page.get_by_label("Status").select_option("confirmed")
    page.get_by_label("Search").fill(order_id[-6:].lower())
    page.get_by_test_id("apply-filters").click()
    row = page.locator(f'tr[data-order="{order_id}"]')
    expect(row).to_contain_text("Confirmed")
    expect(row).to_contain_text("€875.00")
    expect(row.get_by_test_id("order-plan")).to_have_text("Pay in 4")
    row.get_by_role("link", name=order_id).click()
    expect(page.get_by_test_id("order-status")).to_have_text("Confirmed")
    remaining = page.get_by_test_id("remaining")
    expect(remaining).to_have_text("€875.00")

    # A partial refund lowers what is left; typed with a decimal comma, it is that amount.
    page.get_by_test_id("amount-refund").fill("100,00")
    page.get_by_test_id("submit-refund").click()
    expect(page.locator("[data-notice]")).to_have_text(
        "Refunded €100.00. It lowers what the shopper still owes: nothing is paid back."
        " €775.00 left to refund."
    )
    expect(remaining).to_have_text("€775.00")
    # What the shopper pays now: the first of 4 was collected at checkout; the €100.00 lowers the
    # three still to come, on the same dates.
    payments = page.get_by_test_id("payments").locator("tbody tr")
    expect(payments.get_by_test_id("payment-amount")).to_have_text(
        ["€218.75", "€185.41", "€185.41", "€185.43"]
    )
    expect(payments.get_by_test_id("payment-state")).to_have_text(
        ["Collected", "To come", "To come", "To come"]
    )
    expect(page.get_by_test_id("owed")).to_have_text("€556.25")

    # Refunding more than is left: the service refuses, and the page says so in money.
    page.get_by_test_id("amount-refund").fill("1000")
    page.get_by_test_id("submit-refund").click()
    error = page.locator('[data-error="refund"]')
    expect(error.locator("p").first).to_have_text(
        "The service refused the refund: €1,000.00 is more than the €775.00 the order has left to refund."
    )
    expect(remaining).to_have_text("€775.00")

    # Refunding the rest, once confirmed, cancels the order.
    page.get_by_test_id("rest-refund").click()
    expect(page.get_by_test_id("confirm-question")).to_contain_text(f"Refund €775.00 of order {order_id}?")
    page.get_by_test_id("confirm-refund").click()
    expect(page.locator("[data-notice]")).to_contain_text("fully refunded and now canceled")
    expect(page.get_by_test_id("order-status")).to_have_text("Canceled")
    expect(remaining).to_have_text("€0.00")
    # Refunded in full: nothing more to pay, and what was collected is paid back.
    expect(page.get_by_test_id("order-plan")).to_have_text(
        "Refunded in full, and canceled: it was paid with Pay in 4."
    )
    expect(payments.get_by_test_id("payment-amount")).to_have_text(["€218.75", "€0.00", "€0.00", "€0.00"])
    expect(page.get_by_test_id("owed-summary")).to_have_text(
        "The shopper owes nothing more. €218.75 was paid back to them."
    )
    expect(page.get_by_test_id("paid-back")).to_have_text("€218.75")

    assert console.unexpected == []
