"""Shown means usable (CONTRACT 2 and 3): the `service` object works as soon as the loader has
run, a click on a button the moment it shows opens the checkout, and when the SDK cannot start,
a checkout still ends, with ``onClose('error', reason)`` and ``onError(reason)``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserType, Page, Route, expect

from backend_stub.testkit.chromium import LAUNCH_ARGS, launch_options
from tests.e2e.checkout_page import OVERLAY, create_checkout, overlay_frame
from tests.e2e.console import ConsoleLog
from tests.e2e.sdk_page import button_html
from tests.e2e.test_worker_bridge import PHONE_ARGS, PHONE_CPU_SLOWDOWN

# The merchant's own script, a file of its own (CSP): the pay button's click is wired in a
# function queued before the SDK's tag, as the service document puts it.
QUEUED_PAY = """
window.calls = [];
function record(name) {
  return function () {
    var args = Array.prototype.slice.call(arguments).map(function (value) {
      return value && typeof value === 'object' ? value.code : value;
    });
    window.calls.push([name].concat(args));
  };
}
var callbacks = {onClose: record('onClose'), onError: record('onError'), onSuccess: record('onSuccess')};
(window.service = window.service || []).push(function (service) {
  var pay = document.getElementById('pay');
  pay.addEventListener('click', function () { service.checkout(pay.dataset.checkoutId, callbacks); });
  if (pay.dataset.at === 'load') service.checkout(pay.dataset.checkoutId, callbacks);
});
"""


def pay_page(
    merchant, checkout_id: str, *, at_load: bool = False, csp: str | None = None, head: str = ""
) -> str:
    """A page whose pay button (a payment button the SDK shows) is wired in a queued function;
    ``at_load``: the queued function also starts the checkout at once."""
    script = merchant.file("/js/queued-pay.js", QUEUED_PAY)
    extra = f'id="pay" data-checkout-id="{checkout_id}" hidden' + (' data-at="load"' if at_load else "")
    return merchant.page(
        button_html(25000, product_type="pay_in_4", extra=extra),
        head=f'<script src="{script}"></script>{head}',
        csp=csp,
    )


@pytest.fixture
def phone(browser_type: BrowserType) -> Iterator[Browser]:
    """Chromium as on Android: no site isolation (the bridge shares the page's renderer)."""
    browser = browser_type.launch(**launch_options(args=[*LAUNCH_ARGS, *PHONE_ARGS]))
    yield browser
    browser.close()


def test_a_button_wired_in_the_queue_and_clicked_as_it_shows_opens_the_checkout_on_a_phone(
    phone: Browser, merchant, service
):
    page = phone.new_page()
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": PHONE_CPU_SLOWDOWN})
    held: list[Route] = []
    page.route("**/sdk/bridge.*", lambda route: held.append(route))  # not up when the shopper clicks
    page.goto(pay_page(merchant, create_checkout(service)))
    page.locator("#pay").click(timeout=30000)  # as soon as it is visible
    expect(page.locator(OVERLAY)).to_be_visible()
    expect(page.locator(f"{OVERLAY} [role=status]")).to_have_text("Loading…")
    assert held, "the bridge page was asked for and held"
    for route in held:
        route.continue_()
    overlay_frame(page).get_by_test_id("checkout-approve").click(timeout=30000)
    overlay_frame(page).get_by_test_id("checkout-return").click()
    expect(page.locator(OVERLAY)).to_have_count(0)
    assert page.evaluate("window.calls") == [["onClose", "success"], ["onSuccess"]]


def _cannot_start(page: Page, console: ConsoleLog) -> tuple[str, list]:
    """``service.ready``'s rejection code, once the checkout the page queued has ended."""
    page.wait_for_function("window.calls && window.calls.length === 2", timeout=20000)
    code = page.evaluate("service.ready.then(() => 'resolved', error => error.code)")
    return code, page.evaluate("window.calls")


@pytest.mark.parametrize(
    ("query", "code", "said"),
    [
        ("public-key=pk_test_nobody&sandbox=true", "unknown_key", "public key 'pk_test_nobody' is not known"),
        ("public-key=sk_test_demo&sandbox=true", "private_key", "holds a private key"),
    ],
)
def test_a_checkout_queued_with_a_key_that_cannot_start_ends_with_the_reason(
    page: Page, merchant, console, query: str, code: str, said: str
):
    script = merchant.file("/js/queued-pay.js", QUEUED_PAY)
    body = button_html(25000, extra='id="pay" data-checkout-id="chk_made_up" data-at="load" hidden')
    page.goto(merchant.page(body, head=f'<script src="{script}"></script>', query=query))
    ready, calls = _cannot_start(page, console)
    assert calls == [["onClose", "error", code], ["onError", code]]
    assert ready == code
    expect(page.locator("#pay")).to_be_hidden()
    assert len([text for text in console.errors if said in text]) == 1, console.errors


def test_a_csp_without_frame_src_is_named_with_the_directive_and_ends_the_checkout(
    page: Page, merchant, console
):
    origin = merchant.service_url
    csp = f"default-src 'self'; script-src 'self' {origin}"
    page.goto(pay_page(merchant, "chk_made_up", at_load=True, csp=csp))
    ready, calls = _cannot_start(page, console)
    assert calls == [["onClose", "error", "csp"], ["onError", "csp"]]
    assert ready == "csp"
    said = [text for text in console.errors if text.startswith("service SDK cannot start")]
    assert said == [
        "service SDK cannot start: the Content-Security-Policy of this page does not allow frames"
        f" from {origin}: add frame-src {origin}."
    ]
    assert f"connect-src {origin}" in " ".join(console.of("info")), "the faster path is named once"


def test_a_service_that_is_down_ends_the_queued_checkout_as_unreachable(
    page: Page, merchant, console, unused_port
):
    script = merchant.file("/js/queued-pay.js", QUEUED_PAY)
    down = f"http://127.0.0.1:{unused_port}"
    scripts = (
        f'<script src="{script}"></script><script src="{merchant.service_url}/sdk.js"></script>'
        f"<script>service.init({{public_key: 'pk_test_demo', sandbox: true, api_url: '{down}'}})</script>"
    )
    body = button_html(25000, extra='id="pay" data-checkout-id="chk_made_up" data-at="load" hidden')
    page.goto(merchant.page(body + scripts, sdk=False))  # after the button: the loader runs at once
    ready, calls = _cannot_start(page, console)
    assert calls == [["onClose", "error", "unreachable"], ["onError", "unreachable"]]
    assert ready == "unreachable"


def test_two_tags_with_different_keys_are_one_warning_naming_both(page: Page, merchant, console):
    tags = merchant.sdk_tag(attrs="") + merchant.sdk_tag("public-key=pk_test_other&sandbox=true", attrs="")
    page.goto(merchant.page(button_html(5000, extra='id="b" hidden'), head=tags, sdk=False))
    expect(page.locator("#b")).to_be_visible()
    assert [text for text in console.warnings if "public keys" in text] == [
        "service: two SDK script tags with different public keys: pk_test_demo is used and pk_test_other"
        " is ignored; keep one tag."
    ]


def test_on_a_slow_network_a_late_start_still_works(phone: Browser, merchant, service):
    # 2G-like: 250 kbit/s each way, 300 ms of latency, on the page and (no site isolation) the
    # bridge with it: the runtime alone takes seconds to arrive.
    page = phone.new_page()
    page.context.new_cdp_session(page).send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": 300,
            "downloadThroughput": 250_000 / 8,
            "uploadThroughput": 250_000 / 8,
        },
    )
    page.goto(pay_page(merchant, create_checkout(service)), timeout=60000)
    page.locator("#pay").click(timeout=60000)
    expect(overlay_frame(page).get_by_test_id("checkout-approve")).to_be_visible(timeout=60000)
    assert page.evaluate("service.ready.then(() => 'resolved', error => error.code)") == "resolved"
