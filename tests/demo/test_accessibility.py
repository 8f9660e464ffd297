"""axe-core finds no serious or critical violation on the pages a prospect sees: the catalogue,
a product page, the cart, the checkout with the overlay open (inside the hosted checkout's frame
too), and the back office."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from demo_store.sample_orders import sample_history
from tests.demo.accessibility import serious_violations
from tests.demo.shopper import fill_cart, open_checkout, open_presenter_tools, overlay_frame

HOSTED_CHECKOUT = re.compile(r"/checkout/[^/]+/frame")


@pytest.fixture
def browser_context_args(browser_context_args: dict) -> dict:
    # The store's CSP (rightly) refuses the inline script that injects axe.
    return {**browser_context_args, "bypass_csp": True}


def test_shop_pages_have_no_serious_violation(page: Page, store):
    found = {}
    page.goto(store.url)
    expect(page.locator('[data-product="desk-lamp"] [data-chip="pay_in_4"]')).to_be_visible()
    found["catalogue"] = serious_violations(page)

    page.goto(f"{store.url}/products/desk-lamp")
    expect(page.get_by_test_id("pay-pay_in_4")).to_be_visible()
    found["product"] = serious_violations(page)

    fill_cart(page, store, {"desk-lamp": 1, "linen-napkins": 2})
    page.goto(f"{store.url}/cart")
    expect(page.get_by_test_id("pay-pay_later")).to_be_visible()
    found["cart"] = serious_violations(page)

    # Focus is a window's: another test's tab in this browser (tests/demo/test_one_payment.py
    # brings its tabs to the front) must not leave this page without it.
    page.bring_to_front()
    open_checkout(page, store, "pay_in_4", "callbacks")
    expect(overlay_frame(page).get_by_role("heading", level=1)).to_be_focused()
    found["checkout with overlay"] = serious_violations(page)
    found["hosted checkout frame"] = serious_violations(page.frame(url=HOSTED_CHECKOUT))
    overlay_frame(page).get_by_test_id("checkout-approve").click()
    expect(overlay_frame(page).get_by_test_id("checkout-return")).to_be_focused()
    found["hosted checkout frame, decided"] = serious_violations(page.frame(url=HOSTED_CHECKOUT))

    assert found == {name: [] for name in found}


def test_result_page_and_presenter_tools_have_no_serious_violation(page: Page, store):
    found = {}
    fill_cart(page, store, {"corner-sofa": 1})
    page.goto(f"{store.url}/checkout")
    expect(page.locator("[data-checkout-form] [data-options-none]")).to_be_visible()
    open_presenter_tools(page)
    found["checkout with no plan, presenter tools open"] = serious_violations(page)

    fill_cart(page, store, {"desk-lamp": 1})
    page.goto(f"{store.url}/cart")
    page.get_by_role("button", name="Remove Modular corner sofa").click()
    expect(page.locator('[data-line="corner-sofa"]')).to_have_count(0)
    open_checkout(page, store, "pay_in_4", "urls")
    overlay_frame(page).get_by_test_id("checkout-approve").click()
    overlay_frame(page).get_by_test_id("checkout-return").click()
    expect(page.locator('[data-result="success"]')).to_be_visible()
    open_presenter_tools(page)
    found["result page, presenter tools open"] = serious_violations(page)
    assert found == {name: [] for name in found}


def test_back_office_has_no_serious_violation(page: Page, store, service):
    found = {}
    service.seed_orders(sample_history(count=3).orders)
    page.goto(f"{store.url}/backoffice")
    expect(page.locator("tr[data-order]")).to_have_count(3)
    found["order list"] = serious_violations(page)

    page.goto(f"{store.url}/backoffice/orders/fixture-order-1")
    page.get_by_test_id("amount-capture").fill("100")
    page.get_by_test_id("submit-capture").click()
    expect(page.locator("[data-notice]")).to_contain_text("Captured €100.00")
    page.get_by_test_id("amount-refund").fill("9999")
    page.get_by_test_id("submit-refund").click()
    expect(page.locator('[data-error="refund"]')).to_be_visible()
    found["order page with capture and error"] = serious_violations(page)
    page.get_by_test_id("rest-refund").click()
    expect(page.get_by_test_id("confirm-refund")).to_be_focused()
    found["order page asking to confirm a refund"] = serious_violations(page)

    page.goto(f"{store.url}/backoffice/orders/fixture-order-2")  # pending: no forms, a callout
    found["pending order"] = serious_violations(page)

    assert found == {name: [] for name in found}
