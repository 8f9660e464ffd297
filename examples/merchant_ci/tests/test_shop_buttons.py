"""The product page's payment buttons: the SDK shows what the service offers for 900.00 EUR."""

from __future__ import annotations

from playwright.sync_api import Page, expect

INSTALMENTS = "Pay in instalments"
PAY_LATER = "Pay in 15 days"


def sdk_answer(page: Page, product_type: str) -> bool:
    """The SDK's availability answer for the lamp; it shares the page's own request, so once
    this returns the buttons of that product have been shown or hidden."""
    return page.evaluate(
        "type => service.ready.then(s => s.button({amount: 90000, currency: 'EUR', product: {type}}))",
        product_type,
    )


def test_instalments_button_is_shown_with_its_information(page: Page, shop):
    page.goto(shop.url)
    expect(page.get_by_role("button", name=INSTALMENTS)).to_be_visible()
    expect(page.get_by_text("Spread the cost over monthly instalments.")).to_be_visible()


def test_pay_later_button_stays_hidden_above_its_limit(page: Page, shop, sandbox):
    page.goto(shop.url)
    assert sdk_answer(page, "instalments") is True
    assert sdk_answer(page, "pay_later") is False  # 900.00 EUR is above its 800.00 limit
    expect(page.get_by_role("button", name=PAY_LATER)).to_be_hidden()
    expect(page.get_by_text("Nothing to pay today.")).to_be_hidden()
    checks = sandbox.requests(method="GET", path="/checkout/button")
    answers = sorted((c["query"].get("product[type]", "instalments"), c["status"]) for c in checks)
    assert answers == [("instalments", 201), ("pay_later", 403)]  # one request per product


def test_buttons_stay_hidden_while_the_service_is_down(page: Page, shop, sandbox):
    sandbox.maintenance(True)
    page.goto(shop.url)
    assert sdk_answer(page, "instalments") is False
    assert sdk_answer(page, "pay_later") is False
    expect(page.get_by_role("button", name=INSTALMENTS)).to_be_hidden()
    assert {entry["status"] for entry in sandbox.requests(path="/checkout/button")} == {503}
