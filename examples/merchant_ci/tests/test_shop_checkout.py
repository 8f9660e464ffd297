"""Paying for the lamp: every way a checkout can end, driven in the overlay like a shopper."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import Page, expect

ORDER_STATE = {"success": "confirmed", "pending": "pending", "ko": "denied"}
RESULT = {
    "success": "Thank you! Your order is confirmed.",
    "pending": "Thank you! Your payment is being reviewed; we will email you.",
    "ko": "Your payment was declined. Please choose another way to pay.",
    "error": "The payment could not be started. Please try again.",
}


def open_checkout_page(page: Page, shop) -> None:
    """From the product page to the checkout page, where the shop has created the checkout."""
    page.goto(shop.url)
    page.get_by_role("button", name="Pay in instalments").click()
    expect(page.get_by_role("button", name="Pay", exact=True)).to_be_enabled()


def start_payment(page: Page, shop) -> None:
    open_checkout_page(page, shop)
    page.get_by_role("button", name="Pay", exact=True).click()


def order_of(page: Page) -> str:
    return parse_qs(urlparse(page.url).query)["order"][0]


@pytest.mark.parametrize("status", ["success", "pending", "ko"])
def test_decided_checkout_lands_on_its_result_page(page: Page, shop, sandbox, checkout_overlay, status):
    start_payment(page, shop)
    checkout_overlay.complete(status)  # decide in the hosted page, then return to the shop
    expect(page).to_have_url(re.compile(rf"/result/{status}\?order="))
    expect(page.get_by_role("heading")).to_have_text(RESULT[status])
    assert sandbox.order(order_of(page))["status"] == ORDER_STATE[status]
    # The shop's server created the checkout with its private key; the page never held it.
    (created,) = sandbox.requests(method="POST", path="/checkout")
    assert created["key"] == {"merchant": "demo-shop", "kind": "private"}


def test_dismissed_checkout_keeps_the_shopper_on_the_checkout_page(page: Page, shop, checkout_overlay):
    start_payment(page, shop)
    checkout_overlay.close()
    expect(page.get_by_role("status")).to_have_text(
        "Payment cancelled. Your lamp is still here when you are ready."
    )
    assert page.url == shop.url + "/checkout?product=instalments"


def test_expired_checkout_lands_on_the_error_page(page: Page, shop, sandbox):
    # Hold the SDK's read of the checkout, expire the checkout meanwhile, then let the read go.
    sandbox.fault("GET", "/checkout/chk_*", delay_ms=30_000)
    start_payment(page, shop)
    sandbox.expire(page.get_by_role("button", name="Pay", exact=True).get_attribute("data-checkout-id"))
    sandbox.clear_faults()
    expect(page).to_have_url(re.compile(r"/result/error\?order="))
    expect(page.get_by_role("heading")).to_have_text(RESULT["error"])
