"""The moves a shopper (and a merchant) makes in the demo store, shared by its tests."""

from __future__ import annotations

from playwright.sync_api import FrameLocator, Page, expect

from tests.demo.store_server import StoreServer

__all__ = [
    "OVERLAY",
    "DECISIONS",
    "fill_cart",
    "open_checkout",
    "open_presenter_tools",
    "overlay_frame",
    "Console",
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


def open_presenter_tools(page: Page) -> None:
    """Open the page's presenter tools (closed by default: shoppers never need them)."""
    page.locator("[data-presenter] summary").click()
    expect(page.locator("[data-presenter]")).to_have_attribute("open", "")


def open_checkout(page: Page, store: StoreServer, method: str, style: str, expire: bool = False) -> None:
    """On the checkout page: choose the method and, in the presenter tools, the style; then
    press Pay."""
    page.goto(f"{store.url}/checkout?method={method}")
    expect(page.get_by_test_id(f"method-{method}")).to_be_visible()
    if style != "callbacks" or expire:
        open_presenter_tools(page)
        page.get_by_test_id(f"style-{style}").check()
        if expire:
            page.get_by_test_id("expire").check()
    page.get_by_test_id("pay").click()  # enabled once the SDK is ready: click waits for it


REFUSAL = "Failed to load resource: the server responded with a status of 403 (Forbidden)"


class Console:
    """Every console message of a page and its frames, and its uncaught exceptions.

    One line is expected and counted apart (:attr:`refusals`): the service answers an
    availability check for a plan it does not offer with 403 (the document's contract), and
    Chromium logs every 4xx fetch as "Failed to load resource" in the SDK's bridge frame. The
    store's presenter tools and docs/sdk.md explain it. Anything else, of any level (log, info,
    warning, error), is :attr:`unexpected`: the store should print nothing.
    """

    def __init__(self, page: Page, service_url: str) -> None:
        self._button_check = service_url + "/checkout/button?"
        self.refusals = 0
        self.unexpected: list[str] = []
        page.on("console", self._on_console)
        page.on("pageerror", lambda error: self.unexpected.append(f"uncaught: {error}"))

    def _on_console(self, message) -> None:
        source = message.location.get("url", "")
        if message.type == "error" and message.text == REFUSAL and source.startswith(self._button_check):
            self.refusals += 1
            return
        self.unexpected.append(f"{message.type}: {message.text} ({source})")
