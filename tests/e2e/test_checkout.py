"""The checkout in the overlay: every status, every callback, every URL (CONTRACT 3, Events)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.checkout_page import (
    OVERLAY,
    STATUS_BUTTONS,
    calls,
    checkout_page,
    create_checkout,
    overlay_frame,
    reasons,
)
from tests.e2e.sdk_page import settle

CALLBACK = {
    "success": "onSuccess",
    "pending": "onPending",
    "ko": "onKO",
    "dismiss": "onDismiss",
    "error": "onError",
}
ORDER_STATE = {"success": "confirmed", "pending": "pending", "ko": "denied"}


def all_urls(merchant) -> dict:
    return {f"{status}_url": merchant.landing(status) for status in CALLBACK}


def open_checkout(page: Page):
    page.click("#pay")
    frame = overlay_frame(page)
    expect(frame.get_by_test_id("checkout-close")).to_be_enabled()  # the page's script is running
    return frame


def wait_calls(page: Page, count: int) -> list[str]:
    page.wait_for_function(f"window.calls.length >= {count}")
    return calls(page)


def order_status(service, order_id: str) -> str:
    return service.order(order_id)["status"]


def bring_to(page: Page, status: str, frame) -> None:
    """Make the checkout close with ``status`` the way a shopper would."""
    if status in STATUS_BUTTONS:
        frame.get_by_test_id(STATUS_BUTTONS[status]).click()
        frame.get_by_test_id("checkout-return").click()
    elif status == "dismiss":
        frame.get_by_test_id("checkout-close").click()


# -- status changes and callbacks --------------------------------------------------------------
@pytest.mark.parametrize("status", ["success", "pending", "ko"])
def test_status_change_then_return_calls_everything_in_order(page: Page, merchant, service, status):
    checkout_id = create_checkout(service, all_urls(merchant), order_id=f"order-{status}")
    page.goto(checkout_page(merchant, checkout_id))
    frame = open_checkout(page)
    frame.get_by_test_id(STATUS_BUTTONS[status]).click()
    assert wait_calls(page, 1) == [f"onStatusChange:{status}"]
    expect(page.locator(OVERLAY)).to_be_visible()  # the overlay stays open after a status change
    frame.get_by_test_id("checkout-return").click()
    expect(page.locator(OVERLAY)).to_have_count(0)
    assert wait_calls(page, 3) == [f"onStatusChange:{status}", f"onClose:{status}", CALLBACK[status]]
    assert page.url.startswith(merchant.url + "/p/")  # the callback won: no URL visited
    assert order_status(service, f"order-{status}") == ORDER_STATE[status]
    assert service.call("GET", f"/checkout/{checkout_id}", key="pk_test_demo")["status"] == status


# -- URLs when the callback is missing --------------------------------------------------------
@pytest.mark.parametrize("status", ["success", "pending", "ko", "dismiss", "error"])
def test_without_its_callback_the_page_goes_to_the_status_url(page: Page, merchant, service, status):
    checkout_id = create_checkout(service, all_urls(merchant))
    callbacks = [name for name in ("onClose", *CALLBACK.values()) if name != CALLBACK[status]]
    page.goto(checkout_page(merchant, checkout_id, callbacks=callbacks))
    finish(page, service, checkout_id, status)
    expect(page.locator(f'[data-landing="{status}"]')).to_be_visible()
    assert page.url == merchant.landing(status)


def finish(page: Page, service, checkout_id: str, status: str) -> None:
    """Bring a checkout on the page to ``status`` (error: it expired before the shopper came)."""
    if status == "error":
        service.expire(checkout_id)
        page.click("#pay")
    else:
        bring_to(page, status, open_checkout(page))


@pytest.mark.parametrize("status", list(CALLBACK))
def test_with_neither_callback_nor_url_the_page_stays(page: Page, merchant, service, status):
    checkout_id = create_checkout(service, {})
    page.goto(checkout_page(merchant, checkout_id, callbacks=["onClose"]))
    url = page.url
    finish(page, service, checkout_id, status)
    assert wait_calls(page, 1) == [f"onClose:{status}"]
    expect(page.locator(OVERLAY)).to_have_count(0)
    assert page.url == url


@pytest.mark.parametrize("status", ["dismiss", "error"])
def test_with_its_callback_the_url_is_not_visited(page: Page, merchant, service, status):
    checkout_id = create_checkout(service, all_urls(merchant))
    page.goto(checkout_page(merchant, checkout_id, callbacks=["onClose", CALLBACK[status]]))
    url = page.url
    finish(page, service, checkout_id, status)
    assert wait_calls(page, 2) == [f"onClose:{status}", CALLBACK[status]]
    expect(page.locator(OVERLAY)).to_have_count(0)
    assert page.url == url


# -- dismiss, closing, error --------------------------------------------------------------------
def test_dismiss_through_the_overlays_close_control_before_the_page_loads(page: Page, merchant, service):
    checkout_id = create_checkout(service, all_urls(merchant))
    path = f"/checkout/{checkout_id}/frame"
    service.fault(path=path, delay_ms=60_000)
    page.goto(checkout_page(merchant, checkout_id))
    page.click("#pay")
    page.locator("[data-service-overlay-close]").click()
    assert wait_calls(page, 2) == ["onClose:dismiss", "onDismiss"]
    service.clear_faults()


def test_the_hosted_pages_controls_work_from_the_moment_they_can_be_pressed(page: Page, merchant, service):
    # Hold the hosted page's script: the page shows, but nothing is wired up yet.
    service.fault(path="/static/checkout.js", delay_ms=60_000)
    page.goto(checkout_page(merchant, create_checkout(service)))
    page.click("#pay")
    frame = overlay_frame(page)
    for control in ("checkout-approve", "checkout-pending", "checkout-deny", "checkout-close"):
        expect(frame.get_by_test_id(control)).to_be_disabled()
    service.clear_faults()  # releases the script
    # Focus on the heading, never on a decision: a stray Enter must not approve.
    expect(frame.get_by_role("heading", level=1)).to_be_focused()
    frame.get_by_test_id("checkout-approve").click()
    frame.get_by_test_id("checkout-return").click()
    assert wait_calls(page, 3) == ["onStatusChange:success", "onClose:success", "onSuccess"]


def test_dismiss_with_escape(page: Page, merchant, service):
    page.goto(checkout_page(merchant, create_checkout(service)))
    open_checkout(page)
    page.keyboard.press("Escape")
    assert wait_calls(page, 2) == ["onClose:dismiss", "onDismiss"]
    expect(page.locator(OVERLAY)).to_have_count(0)


def test_closing_after_a_status_gives_that_status(page: Page, merchant, service):
    page.goto(checkout_page(merchant, create_checkout(service)))
    frame = open_checkout(page)
    frame.get_by_test_id("checkout-deny").click()
    wait_calls(page, 1)
    frame.get_by_test_id("checkout-close").click()
    assert wait_calls(page, 3) == ["onStatusChange:ko", "onClose:ko", "onKO"]


def test_the_checkouts_handle_closes_it_as_a_dismiss_once(page: Page, merchant, service):
    page.goto(checkout_page(merchant, create_checkout(service)))
    open_checkout(page)
    page.evaluate("window.handle.close()")  # a component that started it goes away
    assert wait_calls(page, 2) == ["onClose:dismiss", "onDismiss"]
    expect(page.locator(OVERLAY)).to_have_count(0)
    page.evaluate("window.handle.close()")
    assert settle(page, 25000, product_type="pay_in_4") is True  # a round trip to the bridge
    assert calls(page) == ["onClose:dismiss", "onDismiss"], "a close after the end does nothing"


def test_the_checkouts_handle_after_a_status_closes_with_that_status(page: Page, merchant, service):
    page.goto(checkout_page(merchant, create_checkout(service)))
    frame = open_checkout(page)
    frame.get_by_test_id("checkout-deny").click()
    wait_calls(page, 1)
    page.evaluate("window.handle.close()")
    assert wait_calls(page, 3) == ["onStatusChange:ko", "onClose:ko", "onKO"]


def said_once(page: Page, console, code: str) -> str:
    """The reason onClose and onError received, after checking the console said it once."""
    (on_close, on_error) = reasons(page)
    assert on_close == ["onClose", on_error[1]] and on_error[0] == "onError"
    assert on_error[1]["code"] == code
    assert console.errors.count(on_error[1]["message"]) == 1
    return on_error[1]["message"]


def test_unknown_checkout_is_an_error(page: Page, merchant, service, console):
    page.goto(checkout_page(merchant, "chk_doesnotexist"))
    page.click("#pay")
    assert wait_calls(page, 2) == ["onClose:error", "onError"]
    expect(page.locator(OVERLAY)).to_have_count(0)
    assert said_once(page, console, "unknown_checkout") == (
        f"service: checkout chk_doesnotexist cannot be opened: {service.url} has no such checkout for"
        " public key 'pk_test_demo' (made with another merchant's private key, or on another server?)."
    )


def test_expired_checkout_is_an_error_that_says_expired(page: Page, merchant, service, console):
    checkout_id = create_checkout(service)
    service.expire(checkout_id)
    page.goto(checkout_page(merchant, checkout_id))
    page.click("#pay")
    assert wait_calls(page, 2) == ["onClose:error", "onError"]
    assert said_once(page, console, "expired") == (
        f"service: checkout {checkout_id} cannot be opened: it has expired (a checkout lasts 60 minutes);"
        " create a new one."
    )


def test_a_decided_checkout_is_an_error_that_says_so(page: Page, merchant, service, console):
    checkout_id = create_checkout(service)
    service.decide(checkout_id, "success")
    page.goto(checkout_page(merchant, checkout_id))
    page.click("#pay")
    assert wait_calls(page, 2) == ["onClose:error", "onError"]
    assert "it was already decided (success)" in said_once(page, console, "already_decided")


@pytest.mark.parametrize("fault", [{"drop": True}, {"delay_ms": 60_000}], ids=["dropped", "delayed"])
def test_a_hosted_page_that_never_answers_is_an_error(page: Page, merchant, service, fault):
    checkout_id = create_checkout(service, all_urls(merchant))
    path = f"/checkout/{checkout_id}/frame"
    service.fault(path=path, times=5, **fault)
    init = {"public_key": "pk_test_demo", "sandbox": True, "checkout_timeout": 1500}
    page.goto(checkout_page(merchant, checkout_id, callbacks=["onClose"], init=init))
    page.wait_for_function("service.ready")
    page.click("#pay")
    expect(page.locator('[data-landing="error"]')).to_be_visible(timeout=10_000)  # error_url, no onError
    service.clear_faults()


# -- robustness ---------------------------------------------------------------------------------
def test_a_throwing_callback_is_logged_and_the_rest_still_runs(page: Page, merchant, service, console):
    checkout_id = create_checkout(service, all_urls(merchant))
    callbacks = ["onStatusChange", "onClose"]  # no onSuccess: the URL must still be visited
    page.goto(
        checkout_page(merchant, checkout_id, callbacks=callbacks, throwing=["onStatusChange", "onClose"])
    )
    frame = open_checkout(page)
    frame.get_by_test_id("checkout-approve").click()
    page.wait_for_function("window.calls.length === 1")
    with page.expect_navigation():
        frame.get_by_test_id("checkout-return").click()
    assert page.url == merchant.landing("success")
    assert sum("onClose failed" in text or "onClose callback threw" in text for text in console.errors) >= 1


def test_a_second_checkout_while_one_is_open_is_ignored(page: Page, merchant, service):
    page.goto(checkout_page(merchant, create_checkout(service)))
    frame = open_checkout(page)
    other = create_checkout(service)
    with page.expect_console_message(lambda message: "already open" in message.text):
        page.evaluate(
            f"service.checkout('{other}', {{onClose: function (s) {{ calls.push('other:' + s) }}}})"
        )
    expect(page.locator(f"{OVERLAY} iframe")).to_have_count(1)
    frame.get_by_test_id("checkout-close").click()
    assert wait_calls(page, 2) == ["onClose:dismiss", "onDismiss"]


# -- accessibility ------------------------------------------------------------------------------
def test_the_overlay_is_a_modal_dialog_with_focus_and_no_scroll_behind(page: Page, merchant, service):
    tall = '<div style="height: 4000px">long page</div>'
    page.goto(checkout_page(merchant, create_checkout(service), extra_body=tall))
    page.focus("#pay")
    frame = open_checkout(page)
    dialog = page.locator(OVERLAY)
    expect(dialog).to_have_attribute("role", "dialog")
    expect(dialog).to_have_attribute("aria-modal", "true")
    assert page.evaluate(f"document.querySelector('{OVERLAY}').contains(document.activeElement)")
    expect(frame.get_by_role("heading", level=1)).to_be_focused()
    page.mouse.wheel(0, 1500)
    page.keyboard.press("PageDown")
    assert page.evaluate("window.scrollY") == 0
    frame.get_by_test_id("checkout-close").click()
    expect(dialog).to_have_count(0)
    expect(page.locator("#pay")).to_be_focused()
    page.mouse.wheel(0, 1500)
    page.wait_for_function("window.scrollY > 0")
