"""The cart's quantity field on a laptop screen (1366 px): what it cannot take is refused with a
message under it, the cart keeps its quantity, and the line's parts never overlap."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from demo_store.cart import MAX_QUANTITY
from tests.demo.shopper import Console, fill_cart

REFUSED = f"Enter a whole number from 0 to {MAX_QUANTITY}: 0 removes the article."
CAPPED = f"We sell at most {MAX_QUANTITY} of an article in one order."
# The boxes of one cart line that hold text or take input; no two may overlap.
PARTS = (
    ".line-name a, .line-name .muted, .qty, .line-form .button:not([hidden]), .line-note:not([hidden]),"
    " .line-subtotal"
)
OVERLAPS = """(row) => {
  const parts = Array.from(row.querySelectorAll(arguments_parts))
    .filter((e) => e.getClientRects().length && getComputedStyle(e).display !== 'none');
  // Text wider than its own box spills over its neighbours: count it as an overlap too.
  const hits = parts.filter((e) => e.scrollWidth > e.clientWidth + 1 && e.tagName !== 'INPUT')
    .map((e) => (e.className || e.tagName) + ' spills out');
  const boxes = parts.map((e) => [e.className || e.tagName, e.getBoundingClientRect()]);
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, r] = boxes[i], [b, s] = boxes[j];
    if (r.left < s.right - 0.5 && s.left < r.right - 0.5 && r.top < s.bottom - 0.5 && s.top < r.bottom - 0.5)
      hits.push(a + ' / ' + b);
  }
  return hits;
}""".replace("arguments_parts", repr(PARTS))


@pytest.fixture
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "viewport": {"width": 1366, "height": 768}}


@pytest.mark.parametrize(
    ("typed", "note", "quantity"), [("-3", REFUSED, "2"), ("1.5", REFUSED, "2"), ("999999", CAPPED, "20")]
)
def test_the_cart_refuses_what_it_cannot_take(page: Page, store, service, typed, note, quantity):
    console = Console(page, service.url)
    fill_cart(page, store, {"desk-lamp": 2, "wool-throw": 1, "linen-napkins": 1})
    page.goto(f"{store.url}/cart")
    field = page.get_by_test_id("qty-desk-lamp")
    expect(page.get_by_test_id("pay-pay_in_4")).to_be_visible()  # the script and the SDK are up
    total = page.get_by_test_id("cart-total").inner_text()
    field.fill(typed)
    expect(page.get_by_test_id("note-desk-lamp")).to_have_text(note)
    if note == REFUSED:
        expect(field).to_have_attribute("aria-invalid", "true")
        expect(page.get_by_test_id("cart-total")).to_have_text(total)  # the cart did not change
    else:
        expect(field).to_have_value(quantity)
    page.reload()  # what the cart holds, as the store has it
    expect(page.get_by_test_id("qty-desk-lamp")).to_have_value(quantity)
    page.get_by_test_id("qty-desk-lamp").fill(typed)  # and with the message shown again
    expect(page.get_by_test_id("note-desk-lamp")).to_have_text(note)
    for row in page.locator("[data-line]").all():
        assert row.evaluate(OVERLAPS) == [], row.get_attribute("data-line")
    assert console.unexpected == []


def test_the_form_without_script_says_it_too(page: Page, store):
    fill_cart(page, store, {"desk-lamp": 2})
    response = page.request.post(
        f"{store.url}/cart/items/desk-lamp",
        form={"quantity": "1.5"},
        headers={"Origin": store.url},
        max_redirects=0,
    )
    assert response.status == 303
    page.goto(f"{store.url}/cart")
    expect(page.locator("[data-notice]")).to_have_text(REFUSED)
    expect(page.get_by_test_id("qty-desk-lamp")).to_have_value("2")
