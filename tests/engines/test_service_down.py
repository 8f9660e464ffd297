"""The service unreachable, in Firefox and WebKit: nothing shows, nothing breaks, a checkout ends."""

from __future__ import annotations

from backend_stub.testkit.engines.driver import Tab
from tests.e2e.sdk_page import button_html
from tests.engines.shopper import ready_outcome


def test_service_down_keeps_buttons_hidden_rejects_ready_and_ends_a_checkout(tab: Tab, merchant, unused_port):
    # A checkout asked while the SDK starts (or once it has failed) ends with the reason instead
    # of waiting for a bridge that cannot come.
    head = f"""<script src="{merchant.service_url}/sdk.js"></script>
    <script>service.init({{public_key: 'pk_test_demo', sandbox: true,
                           api_url: 'http://127.0.0.1:{unused_port}'}})</script>"""
    body = button_html(5000, extra='id="b" hidden') + '<p data-service-payment-info id="i" hidden>i</p>'
    tab.goto(merchant.page(body, head=head, sdk=False))
    tab.call("""() => {
      window.calls = [];
      service.checkout('chk_made_up', {
        onClose: function (status, reason) { calls.push(['onClose', status, reason.code]); },
        onError: function (reason) { calls.push(['onError', reason.code]); }
      });
    }""")
    assert "service SDK cannot start: " in ready_outcome(tab)
    assert not tab.is_visible("#b")
    assert not tab.is_visible("#i")
    rejected = tab.call(
        "() => service.button({amount: 5000, currency: 'EUR'}).then(() => 'ok', () => 'rejected')"
    )
    assert rejected == "rejected"
    assert tab.call("() => window.calls") == [["onClose", "error", "unreachable"], ["onError", "unreachable"]]
    # Firefox files its own report of the first answers' failed request (the service is down)
    # with the page's errors: a network report, not an exception of the page's or the SDK's.
    network = "Cross-Origin Request Blocked: "
    assert [error for error in tab.console().page_errors if not error.startswith(network)] == []
