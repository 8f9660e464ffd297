"""The ``checkout_overlay`` helper drives the hosted checkout on a merchant page of another site."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page

from backend_stub.testkit.checkout_overlay import CheckoutOverlay
from backend_stub.testkit.merchant_site import MerchantSite
from backend_stub.testkit.sandbox import Sandbox

PAGE = """<button id="pay" type="button">Pay</button>
<script>
  window.closedWith = null;
  document.getElementById('pay').addEventListener('click', function () {
    service.checkout(%r, {onClose: function (status) { window.closedWith = status; }});
  });
</script>"""


@pytest.fixture(scope="module")
def merchant(sandbox_server: Sandbox) -> Iterator[MerchantSite]:
    site = MerchantSite(sandbox_server.url).start()
    yield site
    site.stop()


def open_checkout(page: Page, merchant: MerchantSite, sandbox: Sandbox, overlay: CheckoutOverlay) -> None:
    page.goto(merchant.page(PAGE % sandbox.create_checkout()))
    assert not overlay.is_open()
    page.click("#pay")
    overlay.wait_open()


def closed_with(page: Page) -> str:
    page.wait_for_function("window.closedWith !== null")
    return page.evaluate("window.closedWith")


def test_escape_dismisses(page: Page, merchant, sandbox, checkout_overlay: CheckoutOverlay):
    open_checkout(page, merchant, sandbox, checkout_overlay)
    checkout_overlay.escape()
    assert not checkout_overlay.is_open()
    assert closed_with(page) == "dismiss"


def test_closing_after_a_decision_keeps_the_decision(page: Page, merchant, sandbox, checkout_overlay):
    open_checkout(page, merchant, sandbox, checkout_overlay)
    checkout_overlay.pending()
    assert checkout_overlay.is_open()  # a decision alone leaves the overlay open
    checkout_overlay.close()
    assert closed_with(page) == "pending"


def test_error_is_not_a_shoppers_move(page: Page, checkout_overlay: CheckoutOverlay):
    with pytest.raises(ValueError, match="expire the checkout"):
        checkout_overlay.complete("error")
