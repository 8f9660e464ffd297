"""The store while the SDK starts: Pay is usable as soon as a payment method is shown, whatever
order the page's scripts run in; nothing says "Checking…" beside a button already shown; and the
SDK's start moves nothing already on screen (cumulative layout shift measured by the page)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, Route, expect

from tests.demo.shopper import fill_cart

# Every layout shift of the page, from its first byte (an init script: the store's CSP forbids
# inline scripts, not the browser's own).
MEASURE_SHIFTS = """
window.__shifts = [];
new PerformanceObserver(function (list) {
  list.getEntries().forEach(function (entry) {
    if (!entry.hadRecentInput) window.__shifts.push(entry.value);
  });
}).observe({type: 'layout-shift', buffered: true});
"""


def test_pay_works_when_the_answers_came_before_its_script(page: Page, store):
    """The root cause of a rare "Pay still disabled": the service's answers reached
    payment-options.js, which told them in a one-off event before checkout.js (another deferred
    script, still downloading under load) listened. Here checkout.js is held until they came."""
    fill_cart(page, store, {"desk-lamp": 1})
    held: list[Route] = []
    page.route("**/static/checkout.js", lambda route: held.append(route))
    page.goto(f"{store.url}/checkout", wait_until="commit")
    expect(page.get_by_test_id("method-pay_in_4")).to_be_visible()
    expect(page.locator("[data-payment-options]")).to_have_attribute("data-options", "some")
    held[0].continue_()
    page.get_by_test_id("method-pay_in_4").click()
    expect(page.get_by_test_id("pay")).to_be_enabled()
    expect(page.locator("[data-options-checking]")).to_be_hidden()


@pytest.mark.parametrize("width", [1366, 390])
def test_the_sdk_start_shifts_nothing(page: Page, store, width):
    """The place of each button the store's terms expect is kept until the service answers, and
    the "Checking…" words sit in it: showing the buttons moves nothing (it moved the Pay button
    down 310 px on the checkout page, a layout shift of 0.059)."""
    page.set_viewport_size({"width": width, "height": 800})
    page.add_init_script(MEASURE_SHIFTS)
    fill_cart(page, store, {"desk-lamp": 1})
    shifts = {}
    for path, shown in (
        ("/", '[data-product="desk-lamp"] [data-chip="pay_in_4"]'),
        ("/products/desk-lamp", '[data-testid="pay-pay_in_4"]'),
        ("/cart", '[data-testid="pay-pay_in_4"]'),
        ("/checkout", '[data-testid="method-pay_in_4"]'),
    ):
        page.goto(store.url + path)
        expect(page.locator(shown)).to_be_visible()
        expect(page.locator("[data-payment-options]:not([data-options])")).to_have_count(0)  # all answered
        shifts[path] = round(sum(page.evaluate("() => window.__shifts")), 4)
    assert shifts == {path: 0 for path in shifts}
