"""The first answers do not wait for Brython (CONTRACT 2): the loader asks the service for the
elements it finds at load (``GET /sdk/first``, or in the bridge's URL when the page's CSP refuses
the fetch), the server answers them through the same pipeline as ``GET /checkout/button``, and the
Python, in its worker, adopts them.
"""

from __future__ import annotations

import contextlib
import threading
import urllib.request

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.sdk_page import availability_requests, button_html, wait_ready

HELD = 60000  # ms a fault holds a request: until the test clears the faults


def _triples(service) -> list[str]:
    return sorted(entry["query_string"] for entry in availability_requests(service))


def test_first_buttons_are_shown_while_the_runtime_is_held_back(page: Page, merchant, service, console):
    service.fault("GET", "/sdk/brython-*", delay_ms=HELD)
    body = (
        button_html(5000, extra='id="a" hidden')
        + button_html(5000, extra='id="a2" hidden')
        + button_html(10, extra='id="low"')
        + button_html(1000, product_type="pay_later", extra='id="later" hidden')
        + '<p data-service-payment-info id="info" hidden>info</p>'
    )
    page.add_init_script("window.readyAt = null")
    page.goto(merchant.page(body))
    page.evaluate("() => { service.ready.then(() => { window.readyAt = performance.now() }) }")
    for shown in ("#a", "#a2", "#later", "#info"):
        expect(page.locator(shown)).to_be_visible()
    expect(page.locator("#low")).to_be_hidden()
    # Shown with Brython's runtime still on its way: the SDK is not ready yet.
    assert page.evaluate("window.readyAt") is None
    # The bridge may not even have asked for the runtime yet (it opens after the answers are
    # applied); what counts is that none of it has arrived.
    runtime = [entry for entry in service.requests() if entry["path"].startswith("/sdk/brython-")]
    assert [entry for entry in runtime if entry["status"] is not None] == []
    checks = _triples(service)
    assert len(checks) == 3, checks  # one per distinct triple
    service.clear_faults()
    wait_ready(page)
    # The Python adopted the answers: asking again sends nothing, and a change is checked anew.
    assert page.evaluate("service.button({amount: 5000, currency: 'EUR'})") is True
    assert page.evaluate("service.button({amount: 10, currency: 'EUR'})") is False
    page.evaluate("document.getElementById('low').setAttribute('data-amount', '6000')")
    expect(page.locator("#low")).to_be_visible()
    assert len(_triples(service)) == 4
    assert not [text for text in console.messages if "403" in text.text], console.of("error")
    assert console.page_errors == []


def test_a_button_changed_while_its_first_answer_travels_takes_its_payment_info_along(
    page: Page, merchant, service
):
    # Shown by the merchant's own markup before the SDK says anything, changed to an amount
    # that is not available while the first answers (for the old amount) are held.
    service.fault("GET", "/sdk/first", delay_ms=HELD)
    body = button_html(5000, extra='id="b"') + '<p data-service-payment-info id="i">info</p>'
    page.goto(merchant.page(body))
    expect(page.locator("#b")).to_be_visible()
    page.evaluate("document.getElementById('b').dataset.amount = '100'")
    service.clear_faults()
    expect(page.locator("#b")).to_be_hidden()
    expect(page.locator("#i")).to_be_hidden()
    wait_ready(page)
    expect(page.locator("#i")).to_be_hidden()


def test_a_tag_that_runs_before_the_buttons_are_parsed_still_sends_them_first(page: Page, merchant, service):
    # A tag without async or defer in the head runs before the body exists: the buttons below
    # it still come with the first answers, not after the runtime.
    service.fault("GET", "/sdk/brython-*", delay_ms=HELD)
    body = button_html(5000, extra='id="a" hidden') + button_html(10, extra='id="low"')
    page.goto(merchant.page(body, head=merchant.sdk_tag(attrs=""), sdk=False))
    expect(page.locator("#a")).to_be_visible()
    expect(page.locator("#low")).to_be_hidden()
    first = [entry for entry in service.requests() if entry["path"] == "/sdk/first"]
    assert len(first) == 1, first
    service.clear_faults()
    wait_ready(page)


def _hold_a_request(service) -> threading.Thread:
    """Keep one API request of the demo key in flight (held by a fault) until faults clear."""
    service.fault("GET", "/orders", delay_ms=HELD)
    request = urllib.request.Request(
        f"{service.url}/orders", headers={"Authorization": f"Bearer {service.public_key}"}
    )

    def send() -> None:
        # 403 (a public key), or the server going away: only being in flight counts.
        with contextlib.suppress(OSError):
            urllib.request.urlopen(request, timeout=HELD / 1000).read()

    thread = threading.Thread(target=send, daemon=True)
    thread.start()
    return thread


CONDITIONS = {
    "fault": (lambda service: service.fault("GET", "/checkout/button", status=500, times=2), 500),
    "maintenance": (lambda service: service.maintenance(True), 503),
    "throttled": (lambda service: service.limit_concurrency(1), 429),
}


@pytest.mark.parametrize("condition", sorted(CONDITIONS))
def test_first_buttons_get_the_outcome_later_buttons_get(page: Page, merchant, service, condition):
    switch_on, status = CONDITIONS[condition]
    switch_on(service)
    held = None
    if condition == "throttled":
        held = _hold_a_request(service)
        expect_in_flight(service)
    try:
        page.goto(merchant.page(button_html(5000, extra='id="first" hidden')))
        wait_ready(page)  # the first answers are applied before the bridge says ready
        later = button_html(6000, extra='id="later" hidden')
        page.evaluate("html => document.body.insertAdjacentHTML('beforeend', html)", later)
        assert page.evaluate("service.button({amount: 6000, currency: 'EUR'})") is False
        expect(page.locator("#first")).to_be_hidden()
        expect(page.locator("#later")).to_be_hidden()
        checks = availability_requests(service)
        assert [(entry["query_string"], entry["status"]) for entry in checks] == [
            ("amount=5000&currency=EUR", status),
            ("amount=6000&currency=EUR", status),
        ]
    finally:
        service.maintenance(False)
        service.clear_faults()
    if held is not None:
        held.join()


def expect_in_flight(service) -> None:
    """Wait until the held request reached the server."""
    for _ in range(200):
        if service.requests(path="/orders"):
            return
        threading.Event().wait(0.05)
    raise AssertionError("the held request never reached the server")
