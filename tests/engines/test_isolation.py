"""In Firefox and WebKit the SDK keeps to itself: forged messages change nothing, a strict CSP
page works, and the merchant's window gets one global (CONTRACT 2)."""

from __future__ import annotations

from backend_stub.testkit.engines.driver import Tab
from tests.e2e.checkout_page import OVERLAY, checkout_page, create_checkout
from tests.e2e.sdk_page import button_html
from tests.e2e.test_checkout_messages import FORGE
from tests.engines.shopper import added_globals, csp_violations, open_checkout, wait_calls

# Posted last by the forger: messages from one window to another arrive in order, so once the
# page has this one, every forged message before it has been delivered.
MARKER = """() => {
  window.parent.postMessage({forger: 'done'}, '*');
  return true;
}"""
HEARD_MARKER = """<script>
  window.addEventListener('message', function (event) {
    if (event.data && event.data.forger === 'done') document.body.dataset.forgerDone = 'yes';
  });
</script>"""


def test_a_forged_message_from_a_third_origin_iframe_changes_nothing(tab: Tab, merchant, third_site, service):
    checkout_id = create_checkout(service, {"success_url": merchant.landing("success")})
    forger_url = third_site.page("<p>an advert</p>", sdk=False)
    iframe = f'<iframe id="forger" src="{forger_url}" title="forger"></iframe>' + HEARD_MARKER
    tab.goto(checkout_page(merchant, checkout_id, extra_body=iframe))
    frame = open_checkout(tab)

    forger = tab.frame("#forger")
    assert forger.call(FORGE, [merchant.landing("success")]) == 7
    forger.call(MARKER)
    tab.wait_for("() => document.body.dataset.forgerDone === 'yes'", what="the forger's last message")

    # Nothing happened: no callback, the overlay is open, the page did not move.
    assert tab.is_visible(OVERLAY)
    assert tab.call("() => window.calls") == []
    # The forged "success" was not recorded either: closing now is a plain dismiss.
    frame.click('[data-testid="checkout-close"]')
    assert wait_calls(tab, 2) == ["onClose:dismiss", "onDismiss"]
    assert tab.url.startswith(merchant.url + "/p/")


def test_the_readmes_strict_csp_page_works_with_one_global_added(tab: Tab, merchant):
    csp = f"script-src 'self' {merchant.service_url}; frame-src {merchant.service_url}"
    tab.goto(merchant.page(button_html(5000, extra='id="b" hidden'), csp=csp))
    tab.wait_visible("#b")
    assert added_globals(tab) == ["service"]
    assert csp_violations(tab) == []
    assert tab.console().page_errors == []
