"""The checkout in the overlay, in Firefox and WebKit: every status through its callback and
through its URL, dismissing by the close control and by Escape, focus given back."""

from __future__ import annotations

import pytest

from backend_stub.testkit.engines.driver import Frame, Tab
from tests.e2e.checkout_page import OVERLAY, STATUS_BUTTONS, checkout_page, create_checkout
from tests.e2e.test_checkout import CALLBACK, ORDER_STATE, all_urls, order_status
from tests.engines.shopper import open_checkout, wait_calls

FOCUSED_PAY = "() => document.activeElement === document.querySelector('#pay')"


def control(test_id: str) -> str:
    return f'[data-testid="{test_id}"]'


def finish(tab: Tab, service, checkout_id: str, status: str) -> None:
    """Bring a checkout on the page to ``status`` the way a shopper would (error: it expired
    before the shopper came)."""
    if status == "error":
        service.expire(checkout_id)
        tab.click("#pay")
        return
    frame = open_checkout(tab)
    if status == "dismiss":
        frame.click(control("checkout-close"))
    else:
        frame.click(control(STATUS_BUTTONS[status]))
        frame.click(control("checkout-return"))


@pytest.mark.parametrize("status", ["success", "pending", "ko"])
def test_status_change_then_return_calls_everything_in_order(tab: Tab, merchant, service, status):
    checkout_id = create_checkout(service, all_urls(merchant), order_id=f"order-{status}")
    tab.goto(checkout_page(merchant, checkout_id))
    frame = open_checkout(tab)
    frame.click(control(STATUS_BUTTONS[status]))
    assert wait_calls(tab, 1) == [f"onStatusChange:{status}"]
    assert tab.is_visible(OVERLAY)  # the overlay stays open after a status change
    frame.click(control("checkout-return"))
    tab.wait_count(OVERLAY, 0)
    assert wait_calls(tab, 3) == [f"onStatusChange:{status}", f"onClose:{status}", CALLBACK[status]]
    assert tab.url.startswith(merchant.url + "/p/")  # the callback won: no URL visited
    assert order_status(service, f"order-{status}") == ORDER_STATE[status]


@pytest.mark.parametrize("status", list(CALLBACK))
def test_without_its_callback_the_page_goes_to_the_status_url(tab: Tab, merchant, service, status):
    checkout_id = create_checkout(service, all_urls(merchant))
    callbacks = [name for name in ("onClose", *CALLBACK.values()) if name != CALLBACK[status]]
    tab.goto(checkout_page(merchant, checkout_id, callbacks=callbacks))
    finish(tab, service, checkout_id, status)
    tab.wait_visible(f'[data-landing="{status}"]')
    assert tab.url == merchant.landing(status)


def dismissed_with_focus_back(tab: Tab) -> None:
    assert wait_calls(tab, 2) == ["onClose:dismiss", "onDismiss"]
    tab.wait_count(OVERLAY, 0)
    tab.wait_for(FOCUSED_PAY, what="the focus back on the pay button")


def opened_with_focus_inside(tab: Tab, merchant, service) -> Frame:
    """A checkout opened from the focused pay button; the focus moved into the overlay.

    Not asserted here: which control of the hosted page has it. WebKit lets a cross-site iframe
    move the focus only after the shopper interacted with it, so there the hosted page itself
    holds the focus, not its heading (the Chromium suite checks the heading)."""
    tab.goto(checkout_page(merchant, create_checkout(service)))
    tab.call("() => document.querySelector('#pay').focus()")
    frame = open_checkout(tab)
    assert tab.attribute(OVERLAY, "role") == "dialog"
    assert tab.attribute(OVERLAY, "aria-modal") == "true"
    tab.wait_for(
        f"() => document.querySelector('{OVERLAY}').contains(document.activeElement)",
        what="the focus in the overlay",
    )
    return frame


def test_the_close_control_dismisses_and_gives_the_focus_back(tab: Tab, merchant, service):
    frame = opened_with_focus_inside(tab, merchant, service)
    frame.click(control("checkout-close"))
    dismissed_with_focus_back(tab)


def test_escape_dismisses_and_gives_the_focus_back(tab: Tab, merchant, service):
    opened_with_focus_inside(tab, merchant, service)
    tab.press("Escape")
    dismissed_with_focus_back(tab)
