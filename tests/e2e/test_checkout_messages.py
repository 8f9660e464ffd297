"""Forged messages change nothing: only the bridge and the hosted page, on the service origin,
in the windows the loader created, are listened to (CONTRACT 2)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Frame, Page, expect

from tests.e2e.checkout_page import OVERLAY, calls, checkout_page, create_checkout, overlay_frame

FORGE = """([landing]) => {
  const hosted = (type, extra) => Object.assign({channel: 'service-checkout', type}, extra || {});
  const toLoader = [
    hosted('loaded'), hosted('status', {status: 'success'}), hosted('return'),
    {channel: 'service-sdk', type: 'commands', commands: [
      {op: 'callback', checkout: 1, name: 'onSuccess', args: []},
      {op: 'navigate', url: landing},
      {op: 'close_overlay'}]},
  ];
  const toBridge = [
    {channel: 'service-sdk', type: 'checkout-event', checkout: 1, event: {type: 'status', status: 'success'}},
    {channel: 'service-sdk', type: 'checkout-event', checkout: 1, event: {type: 'return'}},
    {channel: 'service-sdk', type: 'checkout', checkout: 9, checkout_id: 'chk_x', callbacks: ['onError']},
  ];
  for (const message of toLoader) window.parent.postMessage(message, '*');
  const bridge = window.parent.frames[0];
  for (const message of toBridge) bridge.postMessage(message, '*');
  return toLoader.length + toBridge.length;
}"""


def forger_frame(page: Page, url_prefix: str) -> Frame:
    frame = next(frame for frame in page.frames if frame.url.startswith(url_prefix))
    frame.wait_for_load_state()
    return frame


@pytest.mark.parametrize("where", ["third-origin iframe", "same-origin iframe"])
def test_forged_checkout_messages_change_nothing(page: Page, merchant, third_site, service, where):
    checkout_id = create_checkout(service, {"success_url": merchant.landing("success")})
    if where == "third-origin iframe":
        forger_url = third_site.page("<p>an advert</p>", sdk=False)
    else:
        forger_url = merchant.page("<p>a widget of the merchant's own site</p>", sdk=False)
    iframe = f'<iframe src="{forger_url}" title="forger"></iframe>'
    page.goto(checkout_page(merchant, checkout_id, extra_body=iframe))
    page.click("#pay")
    frame = overlay_frame(page)
    expect(frame.get_by_test_id("checkout-approve")).to_be_visible()

    forger = forger_frame(page, forger_url)
    assert forger.evaluate(FORGE, [merchant.landing("success")]) == 7

    # Nothing happened: no callback, the overlay is open, the page did not move.
    page.evaluate("new Promise(resolve => setTimeout(resolve, 0))")
    expect(page.locator(OVERLAY)).to_be_visible()
    assert calls(page) == []
    # The forged "success" was not recorded either: closing now is a plain dismiss.
    frame.get_by_test_id("checkout-close").click()
    page.wait_for_function("window.calls.length >= 2")
    assert calls(page) == ["onClose:dismiss", "onDismiss"]
    assert page.url.startswith(merchant.url + "/p/")


def test_the_hosted_page_answers_only_its_own_window(page: Page, merchant, service):
    """A message posted by the hosted page of a checkout opened elsewhere is not ours."""
    checkout_id = create_checkout(service)
    elsewhere = create_checkout(service)
    # The merchant page frames a second hosted checkout itself (not through the SDK).
    iframe = (
        f'<iframe src="{service.url}/checkout/{elsewhere}/frame?origin={merchant.url}" title="x"></iframe>'
    )
    page.goto(checkout_page(merchant, checkout_id, extra_body=iframe))
    page.click("#pay")
    sdk_frame = overlay_frame(page)
    expect(sdk_frame.get_by_test_id("checkout-approve")).to_be_visible()
    # The modal overlay makes the rest of the page inert, so the stray page is driven by script.
    stray = next(frame for frame in page.frames if elsewhere in frame.url)
    stray.evaluate("document.querySelector('[data-testid=checkout-approve]').click()")
    stray.wait_for_selector("[data-testid=checkout-return]:visible")
    stray.evaluate("document.querySelector('[data-testid=checkout-return]').click()")
    page.evaluate("new Promise(resolve => setTimeout(resolve, 0))")
    expect(page.locator(OVERLAY)).to_be_visible()
    assert calls(page) == []
    sdk_frame.get_by_test_id("checkout-close").click()
    page.wait_for_function("window.calls.length >= 2")
    assert calls(page) == ["onClose:dismiss", "onDismiss"]
