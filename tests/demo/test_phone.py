"""On a phone (375 × 812) nothing scrolls sideways: the catalogue, the checkout with its overlay
(the hosted checkout's frame included), and the other pages a prospect may open there."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Frame, Page, expect

from tests.demo.shopper import fill_cart, open_checkout, overlay_frame
from tests.layout import text_lines

PHONE = {"width": 375, "height": 812}
# Every box of the back office that holds a figure or a label: none may stick out of the screen
# or cut its own text.
CLIPPED_CELLS = """() => Array.from(document.querySelectorAll(
    'main td, main th, main dt, main dd, main .capture-head, main .notice, main .callout'))
  .filter((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; })
  .filter((e) => { const head = e.closest('thead');  // a phone reads labels beside each cell
    return !head || head.getBoundingClientRect().width > 1; })
  .filter((e) => { const r = e.getBoundingClientRect();
    return r.left < 0 || r.right > window.innerWidth || e.scrollWidth > e.clientWidth + 1; })
  .map((e) => e.tagName + ': ' + e.textContent.trim().slice(0, 60))"""
HOSTED_CHECKOUT = re.compile(r"/checkout/[^/]+/frame")


@pytest.fixture
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "viewport": PHONE, "is_mobile": True, "has_touch": True}


def overflow(target: Page | Frame) -> dict:
    """How far the document is wider than its viewport (0 when it fits)."""
    return target.evaluate(
        "() => { const e = document.scrollingElement;"
        " return {scrollWidth: e.scrollWidth, clientWidth: e.clientWidth}; }"
    )


def assert_fits(target: Page | Frame, name: str) -> None:
    size = overflow(target)
    assert size["scrollWidth"] <= size["clientWidth"], f"{name} scrolls sideways: {size}"


def test_phone_shows_the_shop_and_the_checkout_without_sideways_scrolling(page: Page, store):
    page.goto(store.url)
    expect(page.locator('[data-product="reading-armchair"] [data-chip="instalments"]')).to_be_visible()
    assert page.viewport_size == PHONE
    assert_fits(page, "catalogue")

    page.goto(f"{store.url}/products/walnut-desk")
    expect(page.get_by_test_id("pay-instalments")).to_be_visible()
    assert_fits(page, "product page")

    fill_cart(page, store, {"walnut-desk": 1, "linen-napkins": 3})
    page.goto(f"{store.url}/cart")
    expect(page.get_by_test_id("pay-pay_in_4")).to_be_visible()
    assert_fits(page, "cart")

    open_checkout(page, store, "pay_in_4", "urls")
    frame = overlay_frame(page)
    expect(frame.get_by_test_id("checkout-approve")).to_be_visible()
    assert_fits(page, "checkout page under the overlay")
    hosted = page.frame(url=HOSTED_CHECKOUT)
    assert hosted is not None
    assert_fits(hosted, "hosted checkout")
    frame.get_by_test_id("checkout-approve").click()
    expect(frame.get_by_test_id("checkout-return")).to_be_visible()
    assert_fits(hosted, "hosted checkout after the decision")
    frame.get_by_test_id("checkout-return").click()
    expect(page.locator('[data-result="success"]')).to_be_visible()
    assert_fits(page, "success page")

    order_id = page.locator("[data-order-id]").inner_text()
    page.goto(f"{store.url}/backoffice")
    expect(page.locator(f'tr[data-order="{order_id}"]')).to_be_visible()
    assert_fits(page, "order list")
    page.goto(f"{store.url}/backoffice/orders/{order_id}")
    expect(page.get_by_test_id("order-status")).to_have_text("Confirmed")
    assert_fits(page, "order page")


def assert_nothing_clipped(page: Page, name: str) -> None:
    assert_fits(page, name)
    assert page.evaluate(CLIPPED_CELLS) == [], f"{name}: cells cut off"


@pytest.mark.parametrize("width", [390, 360, 320])
def test_phone_back_office_shows_every_figure_whole(page: Page, store, service, width: int):
    page.set_viewport_size({"width": width, "height": 844})
    order = {"id": "DS-261123-PHONE1", "name": "1 × Three-seat linen sofa, 2 × Brass desk lamp"}
    service.seed_orders({**order, "total_amount": 299000, "status": "confirmed"})

    page.goto(f"{store.url}/backoffice")
    expect(page.locator('tr[data-order="DS-261123-PHONE1"]')).to_contain_text("€2,990.00")
    assert_nothing_clipped(page, "order list")

    page.goto(f"{store.url}/backoffice/orders/DS-261123-PHONE1")
    page.get_by_test_id("amount-capture").fill("1250.50")
    page.get_by_test_id("submit-capture").click()
    capture_id = page.locator("[data-capture]").get_attribute("data-capture")
    page.get_by_test_id(f"amount-capture-{capture_id}").fill("1000")
    page.get_by_test_id(f"submit-capture-{capture_id}").click()
    page.get_by_test_id(f"confirm-capture-{capture_id}").click()  # over €100.00: asked first
    page.get_by_test_id("amount-refund").fill("1500")
    page.get_by_test_id("submit-refund").click()
    assert_nothing_clipped(page, "order page asking to confirm a refund")
    page.get_by_test_id("confirm-refund").click()
    expect(page.get_by_test_id("refund-left").first).to_have_text("€490.00 of the order")
    assert_nothing_clipped(page, "order page")
    # A refusal with the API's answer opened: still nothing sideways.
    page.get_by_test_id(f"amount-capture-{capture_id}").fill("2000")
    page.get_by_test_id(f"submit-capture-{capture_id}").click()
    page.get_by_text("The API's answer").click()
    assert_nothing_clipped(page, "order page with a refusal")

    # The rest refunded: the last refund completes the order and says so beside its id. Each id
    # and each date stays on one line (an id once took three, a date broke after "2026-11-"),
    # the id whole in its text and its title.
    page.get_by_test_id("rest-refund").click()
    page.get_by_test_id("confirm-refund").click()
    expect(page.get_by_test_id("order-status")).to_have_text("Canceled")
    expect(page.get_by_text("Completed the order")).to_be_visible()
    ids = page.locator("[data-refund] td:first-child code")
    expect(ids).to_have_count(3)
    for refund in service.call("GET", "/orders/DS-261123-PHONE1/refund")["results"]:
        expect(page.locator(f'[data-refund="{refund["id"]}"] td:first-child code')).to_have_text(refund["id"])
    assert text_lines(ids) == [1, 1, 1]
    dates = page.locator('[data-refund] td[data-label="Date"]')
    assert text_lines(dates) == [1, 1, 1]
    assert_nothing_clipped(page, "order page refunded in full")


def test_phone_held_sideways_opens_the_payment_window_at_its_top(page: Page, store):
    """Landscape (812 × 375): the window starts with the amount and its close button in view,
    not scrolled down to the decision buttons; the term choice is below, so focus is on the
    heading (tests/e2e/test_checkout_window.py has the upright screens)."""
    page.set_viewport_size({"width": PHONE["height"], "height": PHONE["width"]})
    fill_cart(page, store, {"walnut-desk": 1})
    open_checkout(page, store, "instalments", "callbacks")
    frame = overlay_frame(page)
    expect(frame.get_by_role("heading", level=1)).to_be_focused()
    hosted = page.frame(url=HOSTED_CHECKOUT)
    assert hosted is not None
    assert hosted.evaluate("() => window.scrollY") == 0
    expect(frame.get_by_test_id("checkout-close")).to_be_in_viewport()
    expect(frame.get_by_role("heading", level=1)).to_be_in_viewport()
    assert_fits(hosted, "hosted checkout held sideways")
