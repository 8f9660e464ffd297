"""The browser console on every page of the store, as a prospect's developer would watch it:
nothing but the documented 403 lines of the availability checks (tests/demo/shopper.Console)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from backend_stub.testkit.checkout_overlay import CheckoutOverlay
from demo_store.catalogue import PRODUCTS
from tests.demo.shopper import Console, fill_cart


def _settled(page: Page) -> None:
    """The page's payment options have the service's answer (or it has none to ask)."""
    for block in page.locator("[data-payment-options]").all():
        expect(block.locator("[data-options-checking]")).to_be_hidden(timeout=15_000)


def test_every_store_page_logs_nothing_but_the_documented_403s(page: Page, store, service):
    console = Console(page, service.url)
    service.seed_orders({"id": "DS-CONSOLE-1", "total_amount": 76000, "status": "confirmed"})
    # Each kind of page once; product pages at both ends of the price range and in between.
    paths = ["/", *(f"/products/{product.slug}" for product in (PRODUCTS[0], PRODUCTS[6], PRODUCTS[-1]))]
    for path in paths:
        page.goto(store.url + path)
        _settled(page)
    fill_cart(page, store, {"desk-lamp": 1})
    for path in ("/cart", "/checkout?method=pay_in_4"):
        page.goto(store.url + path)
        _settled(page)
    # The checkout left without paying: its result page.
    page.get_by_test_id("pay").click()
    CheckoutOverlay(page).close()
    expect(page.locator('[data-result="dismiss"]')).to_be_visible()
    for path in (
        "/backoffice",
        "/backoffice?status=confirmed&min=100",
        "/backoffice/orders/DS-CONSOLE-1",
        "/backoffice/campaigns",
    ):
        page.goto(store.url + path)
        expect(page.locator("main h1")).to_be_visible()
    # The buttons found at load are answered by the server in the bridge page: no 403 lines.
    assert console.unexpected == []
