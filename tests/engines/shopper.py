"""The moves of the cross-engine scenarios on a merchant page, in any engine's ``Tab``."""

from __future__ import annotations

from backend_stub.testkit.engines.driver import Frame, Tab
from tests.e2e.checkout_page import OVERLAY

__all__ = [
    "settle",
    "wait_ready",
    "ready_outcome",
    "open_checkout",
    "wait_calls",
    "added_globals",
    "csp_violations",
]

OVERLAY_FRAME = f"{OVERLAY} iframe"
LOADED = "() => Boolean(window.service && window.service.ready)"  # not the Promise: a wait awaits it


def wait_ready(tab: Tab) -> None:
    """Wait until the loader defined ``service`` and its bridge is up."""
    tab.wait_for(LOADED, what="the SDK's loader")
    tab.call("() => service.ready.then(() => true)")


def ready_outcome(tab: Tab) -> str:
    """``'resolved'``, or the message ``service.ready`` rejected with."""
    tab.wait_for(LOADED, what="the SDK's loader")
    return tab.call("() => service.ready.then(() => 'resolved', error => error.message)")


def settle(tab: Tab, amount: int, currency: str = "EUR", product_type: str | None = None) -> bool:
    """The SDK's answer for a triple: ``service.button()`` shares the page's request, and the
    SDK shows or hides the page's buttons before it resolves."""
    wait_ready(tab)
    options: dict = {"amount": amount, "currency": currency}
    if product_type:
        options["product"] = {"type": product_type}
    return tab.call("(options) => service.button(options)", options)


def open_checkout(tab: Tab) -> Frame:
    """Press the page's pay button; the hosted checkout once its script runs."""
    tab.click("#pay")
    frame = tab.frame(OVERLAY_FRAME)
    frame.wait_for(
        "() => { const close = document.querySelector('[data-testid=checkout-close]');"
        " return close && !close.disabled }",
        what="the hosted checkout's script",
    )
    return frame


def wait_calls(tab: Tab, count: int) -> list[str]:
    """The callbacks the page recorded, once there are ``count`` of them."""
    return tab.wait_for("(n) => window.calls.length >= n && window.calls", count, what=f"{count} callbacks")


def added_globals(tab: Tab) -> list[str]:
    """Names the window has now that it had not before the page's first script (the probe),
    frame indices and the probe's own name aside."""
    return tab.call("""() => Object.getOwnPropertyNames(window)
        .filter(name => !window.__engineProbe.names.includes(name) && name !== '__engineProbe')
        .filter(name => !/^[0-9]+$/.test(name))""")


def csp_violations(tab: Tab) -> list[str]:
    """What the merchant page's Content-Security-Policy blocked (directive and URL)."""
    return tab.call("() => window.__engineProbe.violations")
