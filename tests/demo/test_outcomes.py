"""Every way a checkout can end reaches the store's page for it, in both integration styles:
callbacks in the page (``onPending``...) and the result URLs the store gave the service."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.demo.shopper import (
    DECISIONS,
    OVERLAY,
    Console,
    fill_cart,
    open_checkout,
    open_presenter_tools,
    overlay_frame,
)

# What the store learns from the service for each outcome, and whether the cart is kept.
SERVICE_SAYS = {"pending": "pending", "ko": "ko", "dismiss": "created", "error": "expired"}
CART_KEPT = {"pending": False, "ko": True, "dismiss": True, "error": True}
# What the SDK reported on the checkout page, as the result page's presenter notes list it.
LAST_EVENT = {
    ("pending", "callbacks"): "onPending() → the page opens",
    ("ko", "callbacks"): "onKO() → the page opens",
    ("dismiss", "callbacks"): "onDismiss() → the page opens",
    ("error", "callbacks"): "onError() → the page opens",
    ("pending", "urls"): 'onClose("pending")',
    ("ko", "urls"): 'onClose("ko")',
    ("dismiss", "urls"): 'onClose("dismiss")',
    ("error", "urls"): 'onClose("error")',
}


@pytest.mark.parametrize("style", ["callbacks", "urls"])
@pytest.mark.parametrize("status", ["pending", "ko", "dismiss", "error"])
def test_outcome_reaches_its_result_page(page: Page, store, service, status: str, style: str):
    console = Console(page, service.url)
    fill_cart(page, store, {"wool-throw": 2})
    # "error": the presenter tool expires the checkout before the overlay loads it.
    open_checkout(page, store, "pay_in_4", style, expire=status == "error")
    if status in DECISIONS:
        frame = overlay_frame(page)
        frame.get_by_test_id(DECISIONS[status]).click()
        frame.get_by_test_id("checkout-return").click()
    elif status == "dismiss":
        # Enabled once the hosted page's script runs, which is what hears the key.
        expect(overlay_frame(page).get_by_test_id("checkout-approve")).to_be_enabled()
        page.keyboard.press("Escape")

    result = page.locator(f'[data-result="{status}"]')
    expect(result).to_have_attribute("data-via", "callback" if style == "callbacks" else "url")
    expect(page.locator(OVERLAY)).to_have_count(0)
    # The presenter's notes: the service's answer the page is built on, and what the SDK reported.
    open_presenter_tools(page)
    expect(page.locator("[data-service-status]")).to_have_attribute(
        "data-service-status", SERVICE_SAYS[status]
    )
    expect(page.locator("[data-event-log] li").last).to_contain_text(LAST_EVENT[status, style])
    expect(page.locator("[data-cart-count]")).to_have_text("2" if CART_KEPT[status] else "0")
    # An expired checkout is the merchant's to hear of: the SDK says so, once (issue 25).
    said = [line for line in console.unexpected if "has expired" in line]
    assert len(said) == (1 if status == "error" else 0)
    assert [line for line in console.unexpected if line not in said] == []
