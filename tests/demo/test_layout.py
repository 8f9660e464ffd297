"""Layout a prospect noticed: the back office at 200% zoom (its Total column was off-screen), a
product page on a phone held sideways (its picture filled the first screen), the gaps between the
payment options on a phone's checkout (uneven), and the thank-you page's payment dates (a date and
its amount ran together)."""

from __future__ import annotations

from itertools import pairwise

from playwright.sync_api import Page, expect

from backend_stub.testkit.checkout_overlay import CheckoutOverlay
from tests.demo.shopper import fill_cart, open_checkout

# A 1280 × 800 window at 200% zoom: the page lays out in 640 × 400 CSS pixels.
ZOOMED = {"width": 640, "height": 400}
LANDSCAPE = {"width": 812, "height": 375}
PHONE = {"width": 390, "height": 844}
SCROLL = "() => [document.scrollingElement.scrollWidth, document.scrollingElement.clientWidth]"


def _box(locator) -> dict:
    box = locator.bounding_box()
    assert box is not None, locator
    return box


def test_the_order_list_at_200_percent_zoom_shows_every_total(page: Page, store, service):
    service.seed_orders(
        {
            "id": f"DS-261128-ZOOM{n}",
            "name": "1 × Three-seat linen sofa, 2 × Brass desk lamp",
            "total_amount": 299000,
            "status": "confirmed",
            "product_type": "instalments",
            "instalments": 12,
        }
        for n in range(3)
    )
    service.call("POST", "/orders/DS-261128-ZOOM0/captures", {"amount": 100000})
    service.call("POST", "/orders/DS-261128-ZOOM0/refund", {"amount": 5000})
    page.set_viewport_size(ZOOMED)
    page.goto(f"{store.url}/backoffice")
    totals = page.locator('tr[data-order] td[data-label="Total"]')
    expect(totals).to_have_count(3)
    for index in range(3):
        expect(totals.nth(index)).to_have_text("€2,990.00")
        box = _box(totals.nth(index))
        assert box["x"] >= 0 and box["x"] + box["width"] <= ZOOMED["width"], box
    width, client = page.evaluate(SCROLL)
    assert width <= client, "the order list scrolls sideways at 200% zoom"


def test_a_product_page_held_sideways_shows_its_name_price_and_button_first(page: Page, store):
    page.set_viewport_size(LANDSCAPE)
    page.goto(f"{store.url}/products/walnut-desk")
    for shown in (
        page.get_by_role("heading", level=1),
        page.locator(".product-price"),
        page.get_by_test_id("add-to-cart"),
    ):
        expect(shown).to_be_in_viewport(ratio=1)
    image = _box(page.locator(".product-image"))
    assert image["height"] <= LANDSCAPE["height"] * 0.75, image


def test_the_payment_options_on_a_phone_checkout_are_evenly_spaced(page: Page, store):
    page.set_viewport_size(PHONE)
    fill_cart(page, store, {"desk-lamp": 1})  # €120.00: all three options
    page.goto(f"{store.url}/checkout")
    labels = page.locator("label.method")
    for product in ("pay_in_4", "pay_later", "instalments"):
        expect(page.get_by_test_id(f"method-{product}")).to_be_visible()
    boxes = [_box(labels.nth(index)) for index in range(3)]
    gaps = [round(later["y"] - (earlier["y"] + earlier["height"])) for earlier, later in pairwise(boxes)]
    assert len(set(gaps)) == 1 and 4 <= gaps[0] <= 24, gaps


def _spacing(items) -> tuple[list[float], list[float]]:
    """How far each date is from its own amount, and each amount from the next payment's date on
    the same row."""
    spans = [[_box(span) for span in item.locator("span").all()] for item in items.all()]
    own = [amount["x"] - (day["x"] + day["width"]) for day, amount in spans]
    apart = [
        later[0]["x"] - (earlier[1]["x"] + earlier[1]["width"])
        for earlier, later in pairwise(spans)
        if abs(later[0]["y"] - earlier[0]["y"]) < 1
    ]
    return own, apart


def test_the_thank_you_page_keeps_each_payment_apart_from_the_next(page: Page, store, service):
    """Two payments a row read "28 Dec 2026 ... €75.00 28 Jan 2027 ... €75.00": an amount sat
    nearer the next date than its own."""
    fill_cart(page, store, {"walnut-desk": 1})
    open_checkout(page, store, "instalments", "callbacks")
    CheckoutOverlay(page).complete("success")
    items = page.get_by_test_id("result-dates").locator("li")
    expect(items).to_have_count(12)
    own, apart = _spacing(items)
    assert apart, "two payments a row on a laptop"
    assert min(own) >= 8 and min(apart) >= 1.5 * max(own), (own, apart)
    for width in (390, 320):  # one a row: a date and its amount still apart
        page.set_viewport_size({"width": width, "height": 844})
        own, apart = _spacing(items)
        assert min(own) >= 8 and apart == [], (width, own, apart)
