"""``make screenshots`` (``python -m demo_store.screenshots --out docs/screenshots``): pictures of
the main pages, taken in Chromium from a running demo.

Without ``--store-url`` it starts its own sandbox server and store on free ports with a fresh,
seeded sandbox (so the pictures are the same on every machine) and stops them afterwards.
Needs Playwright (a test dependency: ``make install``). The test suite takes every picture too
(tests/demo/test_screenshots.py), so a change of the pages that breaks one fails a test.
"""

from __future__ import annotations

import argparse
import functools
import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from backend_stub.child_process import ChildProcess
from backend_stub.testkit import DEMO_KEYS, ServiceProcess

from .cli import ANNOUNCEMENT as STORE_ANNOUNCEMENT
from .launch import START_TIMEOUT_S, seed

if TYPE_CHECKING:  # Playwright is a test dependency: imported where a picture is taken
    from playwright.sync_api import Browser, Page, ViewportSize

__all__ = ["main", "take", "take_with", "SHOTS"]

DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 375, "height": 812}
HOSTED_CHECKOUT = re.compile(r"/checkout/[^/]+/frame")


def _fill_cart(page: Page, store: str) -> None:
    for slug, quantity in (("desk-lamp", 2), ("linen-napkins", 1)):
        page.request.post(
            f"{store}/cart/items",
            form={"product": slug, "quantity": str(quantity)},
            headers={"Origin": store},
        )


def _open_checkout(page: Page, store: str) -> None:
    from playwright.sync_api import expect

    _fill_cart(page, store)
    page.goto(f"{store}/checkout?method=pay_in_4")
    page.get_by_test_id("pay").click()
    frame = page.frame_locator("[data-service-overlay] iframe")
    expect(frame.get_by_role("heading", level=1)).to_be_focused()  # the window has started
    page.locator("[data-service-overlay-close]").wait_for(state="hidden")  # the frame's own close shows


def _settled(page: Page, selector: str) -> None:
    from playwright.sync_api import expect

    expect(page.locator(selector).first).to_be_visible()


def _catalogue(page: Page, store: str) -> None:
    page.goto(store)
    _settled(page, '[data-product="desk-lamp"] [data-chip="instalments"]')


def _product(page: Page, store: str) -> None:
    page.goto(f"{store}/products/reading-armchair")
    _settled(page, '[data-testid="pay-instalments"]')


def _cart(page: Page, store: str) -> None:
    _fill_cart(page, store)
    page.goto(f"{store}/cart")
    _settled(page, '[data-testid="pay-pay_in_4"]')


def _success(page: Page, store: str) -> None:
    _open_checkout(page, store)
    frame = page.frame_locator("[data-service-overlay] iframe")
    frame.get_by_test_id("checkout-approve").click()
    frame.get_by_test_id("checkout-return").click()
    _settled(page, '[data-result="success"]')
    page.locator("[data-presenter] summary").click()  # how the page knows, for the developer
    _settled(page, "[data-event-log] li")


def _terms(page: Page, store: str) -> None:
    """Instalments: the shopper picks 6 months in the window and sees the day of each payment."""
    from playwright.sync_api import expect

    page.request.post(f"{store}/cart/items", form={"product": "walnut-desk"}, headers={"Origin": store})
    page.goto(f"{store}/checkout?method=instalments")
    page.get_by_test_id("pay").click()
    frame = page.frame_locator("[data-service-overlay] iframe")
    frame.get_by_test_id("checkout-term-6").check()
    expect(frame.get_by_test_id("checkout-dates-6")).to_be_visible()
    page.locator("[data-service-overlay-close]").wait_for(state="hidden")


def _instalments_window(page: Page, store: str) -> None:
    """The instalments window as it opens: at its top, the amount, the close control and the
    term choice in view, focus on the term chosen."""
    from playwright.sync_api import expect

    page.request.post(f"{store}/cart/items", form={"product": "walnut-desk"}, headers={"Origin": store})
    page.goto(f"{store}/checkout?method=instalments")
    page.get_by_test_id("pay").click()
    frame = page.frame_locator("[data-service-overlay] iframe")
    expect(frame.get_by_test_id("checkout-term-12")).to_be_focused()
    expect(frame.get_by_role("heading", level=1)).to_be_in_viewport(ratio=1)
    page.locator("[data-service-overlay-close]").wait_for(state="hidden")


def _no_plan(page: Page, store: str) -> None:
    page.request.post(f"{store}/cart/items", form={"product": "corner-sofa"}, headers={"Origin": store})
    page.goto(f"{store}/checkout")
    _settled(page, "[data-checkout-form] [data-options-none]")


def _plan_over_its_limit(page: Page, store: str) -> None:
    """Pay in 15 days chosen on a product page, for a cart above that plan's limit."""
    page.request.post(f"{store}/cart/items", form={"product": "walnut-desk"}, headers={"Origin": store})
    page.goto(f"{store}/checkout?method=pay_later")
    _settled(page, '[data-unavailable="pay_later"]')


def _orders(page: Page, store: str) -> None:
    page.goto(f"{store}/backoffice")
    _settled(page, "tr[data-order]")


def _order(page: Page, store: str, index: int = 0) -> None:
    """A confirmed order with a capture, a refund of it and an order-level refund: every amount."""
    page.goto(f"{store}/backoffice?status=confirmed&min=300")
    page.locator("tr[data-order] a").nth(index).click()
    page.get_by_test_id("amount-capture").fill("200")
    page.get_by_test_id("submit-capture").click()
    capture = page.locator("[data-capture]").first.get_attribute("data-capture")
    page.get_by_test_id(f"amount-capture-{capture}").fill("50")
    page.get_by_test_id(f"submit-capture-{capture}").click()
    page.get_by_test_id("amount-refund").fill("100")
    page.get_by_test_id("submit-refund").click()
    _settled(page, "[data-notice]")


def _schedule(page: Page, store: str) -> None:
    """The two-purchase story's end: a desk bought over 6 months, €150.00 of it refunded, then a
    month later (the presenter's clock): what the shopper owes now and when, one payment
    collected. Moves the sandbox's clock: the last picture."""
    from playwright.sync_api import expect

    page.request.post(f"{store}/cart/items", form={"product": "walnut-desk"}, headers={"Origin": store})
    page.goto(f"{store}/checkout?method=instalments")
    page.get_by_test_id("pay").click()
    frame = page.frame_locator("[data-service-overlay] iframe")
    frame.get_by_test_id("checkout-term-6").check()
    frame.get_by_test_id("checkout-approve").click()
    frame.get_by_test_id("checkout-return").click()
    _settled(page, '[data-result="success"]')
    order_id = page.locator("[data-order-id]").inner_text()
    page.goto(f"{store}/backoffice/orders/{order_id}")
    page.get_by_test_id("amount-refund").fill("150")
    page.get_by_test_id("submit-refund").click()
    page.get_by_test_id("confirm-refund").click()
    _settled(page, "[data-notice]")
    page.get_by_test_id("clock-forward").click()
    expect(page.locator("[data-notice]")).to_contain_text("clock moved 30 days forward")


# name -> (viewport, what to do before the picture)
SHOTS: dict[str, tuple[ViewportSize, Callable[[Page, str], None]]] = {
    "catalogue": (DESKTOP, _catalogue),
    "product": (DESKTOP, _product),
    "cart": (DESKTOP, _cart),
    "checkout-overlay": (DESKTOP, _open_checkout),
    "checkout-terms": (DESKTOP, _terms),
    "success": (DESKTOP, _success),
    "backoffice-orders": (DESKTOP, _orders),
    "backoffice-order": (DESKTOP, _order),
    "checkout-no-plan": (DESKTOP, _no_plan),
    "checkout-plan-over-limit": (DESKTOP, _plan_over_its_limit),
    "phone-catalogue": (PHONE, _catalogue),
    "phone-checkout-overlay": (PHONE, _open_checkout),
    "phone-checkout-instalments": (PHONE, _instalments_window),
    "phone-backoffice-order": (PHONE, functools.partial(_order, index=1)),
    "backoffice-schedule": (DESKTOP, _schedule),  # last: it moves the sandbox's clock
}
# Pages read top to bottom, whose story is below the fold: taken whole.
WHOLE_PAGES = {"success", "backoffice-order", "phone-backoffice-order", "backoffice-schedule"}


def take(store: str, out: Path) -> list[Path]:
    """Take every picture of :data:`SHOTS` from the store at ``store``; returns the files."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise SystemExit("screenshots need Playwright: run `make install` first") from None
    from playwright.sync_api import expect

    from backend_stub.testkit.chromium import launch_options

    expect.set_options(timeout=30_000)  # a busy machine starts the SDK slowly; a picture can wait
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_options())
        try:
            return take_with(browser, store, out)
        finally:
            browser.close()


def take_with(browser: Browser, store: str, out: Path) -> list[Path]:
    """Take every picture with a running Playwright ``browser`` (a test's, or :func:`take`'s)."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (viewport, prepare) in SHOTS.items():
        phone = viewport is PHONE
        context = browser.new_context(
            viewport=viewport, is_mobile=phone, has_touch=phone, device_scale_factor=1
        )
        try:
            page = context.new_page()
            prepare(page, store)
            path = out / f"{name}.png"
            page.screenshot(
                path=str(path), animations="disabled", caret="hide", full_page=name in WHOLE_PAGES
            )
        finally:
            context.close()
        written.append(path)
        print(f"  {path} ({path.stat().st_size // 1024} KB)", flush=True)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="demo_store.screenshots", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--out", type=Path, default=Path("docs/screenshots"), help="folder (default %(default)s)"
    )
    parser.add_argument("--store-url", help="a running store (default: start a fresh demo on free ports)")
    args = parser.parse_args(argv)
    if args.store_url:
        take(args.store_url.rstrip("/"), args.out)
        return 0
    children: list[ChildProcess] = []
    with tempfile.TemporaryDirectory(prefix="demo-screenshots-") as data:
        try:
            service = ServiceProcess(
                "127.0.0.1", 0, Path(data) / "service.sqlite3", startup_timeout=START_TIMEOUT_S, echo=True
            )
            children.append(service)
            service.start()
            seed(service.sandbox(DEMO_KEYS))
            store = ChildProcess("demo store", STORE_ANNOUNCEMENT, echo=True)
            children.append(store)
            command = [sys.executable, "-m", "demo_store", "--port", "0", "--service-url", service.url]
            store.launch(command, START_TIMEOUT_S)
            take(store.url, args.out)
        finally:
            for child in reversed(children):
                child.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
