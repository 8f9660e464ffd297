"""The moves a shopper (and a merchant) makes in the demo store, shared by its tests."""

from __future__ import annotations

from playwright.sync_api import FrameLocator, Page, expect

from tests.demo.store_server import StoreServer

__all__ = [
    "OVERLAY",
    "DECISIONS",
    "fill_cart",
    "open_checkout",
    "overlay_frame",
    "ConsoleErrors",
]

OVERLAY = "[data-service-overlay]"
# The hosted checkout's controls for the outcomes a shopper decides.
DECISIONS = {"success": "checkout-approve", "pending": "checkout-pending", "ko": "checkout-deny"}


def fill_cart(page: Page, store: StoreServer, quantities: dict[str, int]) -> None:
    """Put articles in the browser's cart through the store's own form endpoint (what the
    product page's button posts), without visiting each page: the cookie lands in the context."""
    for slug, quantity in quantities.items():
        response = page.request.post(
            f"{store.url}/cart/items",
            form={"product": slug, "quantity": str(quantity)},
            headers={"Origin": store.url},
            max_redirects=0,
        )
        assert response.status == 303, response.status


def overlay_frame(page: Page) -> FrameLocator:
    return page.frame_locator(f"{OVERLAY} iframe")


def open_checkout(page: Page, store: StoreServer, method: str, style: str, expire: bool = False) -> None:
    """On the checkout page: choose the method and the style, then press Pay."""
    page.goto(f"{store.url}/checkout?method={method}")
    expect(page.get_by_test_id(f"method-{method}")).to_be_visible()
    page.get_by_test_id(f"style-{style}").check()
    if expire:
        page.get_by_text("Sandbox presenter tools").click()
        page.get_by_test_id("expire").check()
    page.get_by_test_id("pay").click()  # enabled once the SDK is ready: click waits for it


class ConsoleErrors:
    """Console errors and uncaught exceptions of a page, its frames included.

    One kind is left out on purpose: the service answers an availability check for a product
    it does not offer with 403 (the document's contract), and Chromium logs every 4xx fetch
    as "Failed to load resource" in the SDK's bridge frame. That line is the API working as
    designed, not a fault of the store.
    """

    def __init__(self, page: Page, service_url: str) -> None:
        self._service_url = service_url
        self.errors: list[str] = []
        page.on("console", self._on_console)
        page.on("pageerror", lambda error: self.errors.append(f"uncaught: {error}"))

    def _on_console(self, message) -> None:
        if message.type != "error":
            return
        source = message.location.get("url", "")
        if source.startswith(self._service_url + "/checkout/button?") and "403" in message.text:
            return
        self.errors.append(f"{message.text} ({source})")
