"""The information window, opened directly and framed by a merchant's page: a heading to start
at, the close control next, Escape; axe finds nothing serious; its parent hears it close."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

from tests.demo.accessibility import serious_violations

QUERY = {"amount": "100000", "currency": "EUR", "locale": "es", "key": "pk_test_other"}


@pytest.fixture
def browser_context_args(browser_context_args: dict) -> dict:
    # The window's CSP (rightly) refuses the inline script that injects axe.
    return {**browser_context_args, "bypass_csp": True}


def _window(service, **query: str) -> str:
    return f"{service.url}/checkout/plans/window?{urlencode({**QUERY, **query})}"


def test_from_the_keyboard_and_axe_clean(page: Page, service):
    page.goto(_window(service))
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_have_text("Formas de pagar 1.000,00\xa0€")
    expect(heading).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Cerrar")).to_be_focused()
    # The plans, a dated schedule for each term, the representative example.
    expect(page.get_by_test_id("plans-dates-instalments-6").locator("li")).to_have_count(6)
    expect(page.get_by_test_id("plans-example-instalments")).to_contain_text(
        "Ejemplo representativo: 1.000,00\xa0€"
    )
    expect(page.get_by_test_id("plans-cost-instalments-12")).to_contain_text("intereses 68,99\xa0€")
    assert serious_violations(page) == []
    page.goto(_window(service, key="sk_test_other", locale="en"))
    expect(page.get_by_role("alert")).to_contain_text("a private key must never reach a browser")
    assert serious_violations(page) == []


def test_its_parent_hears_it_loaded_and_closed(page: Page, merchant, service):
    """Framed by the page it names as its origin, it says "loaded", then "close" for the close
    control and for Escape, on its own channel; a page it does not name hears nothing."""
    listen = """
      <script>
        window.heard = [];
        window.addEventListener('message', function (event) {
          window.heard.push([event.origin, event.data]);
        });
      </script>
    """
    url = merchant.page(
        f'{listen}<iframe title="Payment plans" src="{_window(service, origin=merchant.url)}"></iframe>',
        sdk=False,
    )
    page.goto(url)
    frame = page.frame_locator("iframe")
    expect(frame.get_by_role("heading", level=1)).to_be_visible()
    frame.get_by_test_id("plans-close").click()
    frame.get_by_role("heading", level=1).press("Escape")
    page.wait_for_function("window.heard.length >= 3")  # the merchant's page allows eval
    heard = page.evaluate("window.heard")
    assert heard == [
        [service.url, {"channel": "service-plans", "type": kind}] for kind in ("loaded", "close", "close")
    ]

    stranger = merchant.page(
        f'{listen}<iframe title="Payment plans" src="{_window(service, origin="http://localhost:1")}"></iframe>',
        sdk=False,
    )
    page.goto(stranger)
    close = page.frame_locator("iframe").get_by_test_id("plans-close")
    expect(close).to_be_enabled()  # its script ran: it would have said "loaded" by now
    close.click()
    # A message of the page's own, after the click: what the window sent would be heard first.
    page.evaluate("window.postMessage('mark', '*')")
    page.wait_for_function("window.heard.length >= 1")
    assert [data for _, data in page.evaluate("window.heard")] == ["mark"]
