"""No Python on any page's main thread, and no crossing of the merchant's before the first button
(CONTRACT 2): Brython runs in the bridge's worker, the bridge page only relays, and the loader
applies the first answers (the answer of its own fetch) in one task, however busy the page is."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import BrowserType, Page, expect

from backend_stub.testkit.chromium import LAUNCH_ARGS, launch_options
from tests.e2e.checkout_page import OVERLAY, checkout_page, create_checkout, overlay_frame
from tests.e2e.sdk_page import button_html, wait_ready

# Chrome on Android keeps a cross-site iframe in the page's renderer (no site isolation for sites
# nobody logs in to): the bridge page's main thread is then the merchant's.
PHONE_ARGS = ["--disable-site-isolation-trials", "--disable-features=IsolateOrigins,site-per-process"]
PHONE_CPU_SLOWDOWN = 4


def bridge_page_has_brython(page: Page) -> Any:
    frame = next(frame for frame in page.frames if "/sdk/bridge." in frame.url)
    return frame.evaluate("typeof __BRYTHON__")


def test_python_runs_in_the_worker_never_on_the_bridge_page(page: Page, merchant, service):
    checkout_id = create_checkout(service)
    extra = button_html(5000, extra='id="b" hidden') + button_html(10, extra='id="low"')
    page.goto(checkout_page(merchant, checkout_id, extra_body=extra))
    wait_ready(page)
    expect(page.locator("#b")).to_be_visible()
    expect(page.locator("#low")).to_be_hidden()
    page.evaluate("document.getElementById('low').setAttribute('data-amount', '6000')")  # checked by Python
    expect(page.locator("#low")).to_be_visible()
    page.click("#pay")
    expect(overlay_frame(page).get_by_test_id("checkout-approve")).to_be_visible()
    assert bridge_page_has_brython(page) == "undefined"
    workers = [worker for worker in page.workers if "/sdk/bridge-worker." in worker.url]
    assert [worker.evaluate("typeof __BRYTHON__") for worker in workers] == ["object"]
    overlay_frame(page).get_by_test_id("checkout-close").click()
    expect(page.locator(OVERLAY)).to_have_count(0)
    assert page.evaluate("window.calls") == ["onClose:dismiss", "onDismiss"]
    assert bridge_page_has_brython(page) == "undefined"


def test_a_worker_that_cannot_start_fails_the_sdk_and_hides_the_buttons(
    page: Page, merchant, service, console
):
    service.fault("GET", "/sdk/bridge-worker.*", status=404)
    page.goto(merchant.page(button_html(5000, extra='id="b" hidden')))
    message = page.evaluate("service.ready.then(() => 'resolved', error => error.message)")
    assert message.startswith("service SDK cannot start: its worker failed (")
    expect(page.locator("#b")).to_be_hidden()
    assert [text for text in console.errors if "cannot start" in text] == [message]


def test_a_page_busy_in_100_ms_tasks_shows_the_first_button_before_any_message(page: Page, merchant):
    # The merchant's own start-up work, begun before the SDK's script: back-to-back 100 ms tasks
    # for 1.5 s. Each message the loader handles waits behind one of them.
    head = """<script>
      window.messages = 0;
      window.messagesWhenShown = null;
      window.addEventListener('message', function (event) {
        if (event.data && event.data.channel === 'service-sdk') window.messages++;
      });
      var stop = performance.now() + 1500;
      (function busy() {
        var end = performance.now() + 100;
        while (performance.now() < end) {}
        if (performance.now() < stop) setTimeout(busy, 0);
      })();
      document.addEventListener('DOMContentLoaded', function () {
        var button = document.getElementById('b');
        new MutationObserver(function () {
          if (!button.hidden && window.messagesWhenShown === null) window.messagesWhenShown = window.messages;
        }).observe(button, {attributes: true});
      });
    </script>"""
    page.goto(merchant.page(button_html(5000, extra='id="b" hidden'), head=head))
    expect(page.locator("#b")).to_be_visible()
    # The first answers come as the answer of the loader's own fetch: no crossing to the bridge.
    assert page.evaluate("window.messagesWhenShown") == 0


def test_a_page_whose_csp_names_only_the_service_works(page: Page, merchant, console):
    csp = f"script-src {merchant.service_url}; frame-src {merchant.service_url}"
    page.goto(
        merchant.page(button_html(5000, extra='id="b" hidden') + button_html(10, extra='id="low"'), csp=csp)
    )
    expect(page.locator("#b")).to_be_visible()
    expect(page.locator("#low")).to_be_hidden()
    assert (
        page.evaluate("service.button({amount: 1000, currency: 'EUR', product: {type: 'pay_later'}})") is True
    )
    assert not [text for text in console.errors if "Content Security Policy" in text], console.errors


def test_on_a_phone_the_bridge_shares_the_merchant_renderer_and_runs_no_python_there(
    browser_type: BrowserType, merchant
):
    # As on Android: no site isolation, so the cross-site bridge page runs on the merchant page's
    # main thread; CPU 4x slower. The Python must still run in the worker only.
    browser = browser_type.launch(**launch_options(args=[*LAUNCH_ARGS, *PHONE_ARGS]))
    try:
        page = browser.new_page()
        session = page.context.new_cdp_session(page)
        session.send("Emulation.setCPUThrottlingRate", {"rate": PHONE_CPU_SLOWDOWN})
        page.goto(merchant.page(button_html(5000, extra='id="b" hidden')))
        expect(page.locator("#b")).to_be_visible(timeout=30000)
        wait_ready(page)
        targets = session.send("Target.getTargets")["targetInfos"]
        assert not [target for target in targets if target["type"] == "iframe"]  # one renderer
        assert bridge_page_has_brython(page) == "undefined"
        workers = [worker for worker in page.workers if "/sdk/bridge-worker." in worker.url]
        assert [worker.evaluate("typeof __BRYTHON__") for worker in workers] == ["object"]
    finally:
        browser.close()
