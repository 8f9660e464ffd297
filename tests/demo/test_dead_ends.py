"""No dead end (issue 18, item 4): a cart no plan covers says why and what would do, and offers
no Pay button that cannot work."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.demo.shopper import Console, fill_cart

NO_PLAN = (
    "No payment plan covers €3,500.00: the highest, Pay in instalments, goes up to €3,000.00."
    " Remove €500.00 from your cart to use it."
)


def test_a_cart_no_plan_covers(page: Page, store, service):
    console = Console(page, service.url)
    fill_cart(page, store, {"corner-sofa": 1})

    page.goto(f"{store.url}/cart")
    none = page.locator(".summary [data-options-none]")
    expect(none).to_be_visible()
    expect(none.locator("[data-no-plan]")).to_have_text(NO_PLAN)
    expect(page.get_by_test_id("checkout")).to_be_hidden()  # no way through the checkout
    # No "Or check out with" heading over no method.
    expect(page.locator(".summary .pay-title")).to_be_hidden()

    page.goto(f"{store.url}/checkout")
    expect(page.locator("[data-checkout-form] [data-options-none]")).to_contain_text(NO_PLAN)
    expect(page.get_by_test_id("pay")).to_be_disabled()
    for method in ("pay_in_4", "pay_later", "instalments"):
        expect(page.get_by_test_id(f"method-{method}")).to_be_hidden()

    # What the message offers: change the cart, and the plans come back.
    page.get_by_test_id("change-cart").click()
    expect(page).to_have_url(f"{store.url}/cart")
    page.get_by_role("button", name="Remove Modular corner sofa").click()
    expect(page.get_by_text("Your cart is empty")).to_be_visible()  # the page reloads once empty
    fill_cart(page, store, {"linen-sofa": 1})
    page.goto(f"{store.url}/cart")
    expect(page.get_by_test_id("pay-instalments")).to_be_visible()
    expect(page.get_by_test_id("checkout")).to_be_visible()
    page.get_by_test_id("checkout").click()
    expect(page.get_by_test_id("method-instalments")).to_be_visible()
    expect(page.get_by_test_id("method-instalments")).to_contain_text(
        "From €229.16 a month over 12 months (the last €229.24), or over 3 or 6 months."
        " 0% APR, total €2,750.00."
    )
    expect(page.get_by_test_id("pay")).to_be_enabled()
    assert console.unexpected == []


def test_a_cart_below_every_plan(page: Page, store):
    fill_cart(page, store, {"espresso-cup": 1})
    page.goto(f"{store.url}/cart")
    expect(page.locator(".summary [data-no-plan]")).to_have_text(
        "No payment plan covers €9.00: the lowest, Pay in 15 days, starts at €10.00."
        " Add €1.00 to your cart to use it."
    )
    # The same words follow the cart as it changes, without a reload.
    expect(page.locator(".summary .pay-title")).to_be_hidden()
    page.get_by_test_id("qty-espresso-cup").fill("2")
    expect(page.get_by_test_id("pay-pay_later")).to_be_visible()
    expect(page.get_by_test_id("checkout")).to_be_visible()
    expect(page.locator(".summary .pay-title")).to_have_text("Or check out with")
