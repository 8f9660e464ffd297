"""A payment page that passes PCI DSS 4.0's script controls, in Firefox and WebKit: a loader
pinned with a wrong hash is refused and the page goes on; pinned right, under a nonce +
'strict-dynamic' policy that also enforces Trusted Types, and with its bridge late, it runs a
checkout with no violation and leaves one script of the service on the page."""

from __future__ import annotations

from backend_stub.testkit.engines.driver import Tab
from tests.e2e.checkout_page import create_checkout
from tests.e2e.sdk_page import button_html
from tests.e2e.test_pinned_loader import NONCE, PAST_THE_LATE_CHECKS_MS, SERVICE_SCRIPTS
from tests.engines.shopper import csp_violations, open_checkout, wait_calls

POLICY = (
    f"script-src 'nonce-{NONCE}' 'strict-dynamic'; object-src 'none'; base-uri 'none';"
    " require-trusted-types-for 'script'"
)
BUTTON = button_html(5000, extra='id="b" hidden')
# The merchant's script, allowed by the page's nonce.
PAY = """<button id="pay" type="button">Pay</button>
<script nonce="{nonce}">
  window.calls = [];
  document.getElementById('pay').addEventListener('click', function () {{
    service.checkout('{checkout_id}', {{onSuccess: function () {{ window.calls.push('onSuccess'); }}}});
  }});
</script>"""


def test_a_pinned_loader_is_checked_and_runs_on_a_strict_page_with_a_late_bridge(tab: Tab, merchant, service):
    wrong = service.pinned_script_tag().replace('integrity="sha384-', 'integrity="sha384-A')
    after = "<script>window.service = window.service || []; window.pageRan = true;</script>"
    tab.goto(merchant.page(BUTTON + after, head=wrong, sdk=False))
    assert tab.call("() => window.pageRan && Array.isArray(window.service)") is True  # refused, page on
    assert not tab.is_visible("#b")
    refused = tab.console().page_errors  # Firefox reports the refusal as an uncaught error

    # The bridge page answers after the loader's timers for a late bridge have run out.
    service.fault("GET", "/sdk/bridge.*", delay_ms=PAST_THE_LATE_CHECKS_MS)
    tag = service.pinned_script_tag(attrs=f'nonce="{NONCE}" async')
    pay = PAY.format(nonce=NONCE, checkout_id=create_checkout(service))
    tab.goto(merchant.page(BUTTON + pay, head=tag, sdk=False, csp=POLICY, nonce=NONCE))
    tab.wait_visible("#b")
    frame = open_checkout(tab)
    frame.click('[data-testid="checkout-approve"]')
    frame.click('[data-testid="checkout-return"]')
    assert wait_calls(tab, 1) == ["onSuccess"]
    assert csp_violations(tab) == []
    in_page, fetched = tab.call(SERVICE_SCRIPTS, service.url)
    assert len(in_page) == 1 and len(fetched) == 1, (in_page, fetched)
    assert [error for error in tab.console().page_errors if error not in refused] == []
