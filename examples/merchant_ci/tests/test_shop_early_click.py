"""A shopper who clicks Pay before the SDK is ready sees the checkout's overlay at once, and the
checkout in it once the SDK is up.

The SDK's loader (``sdk.js``) may come from the browser's cache, so holding it back proves
nothing: the test holds back the SDK's bridge page instead (a Playwright route on the service's
``/sdk/bridge.<hash>.html``), clicks while the loader waits for it, then lets the bridge load.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, Route, expect

BRIDGE = re.compile(r"/sdk/bridge\.[^/]*\.html")
# Whether service.ready has settled, asked after every task already queued has run.
READINESS = """() => Promise.race([
  service.ready.then(() => 'ready', () => 'failed'),
  new Promise(resolve => setTimeout(() => resolve('not ready'), 0)),
])"""


def test_a_click_before_the_sdk_is_ready_opens_the_checkout_once_it_is(page: Page, shop, checkout_overlay):
    held: list[Route] = []
    page.route(BRIDGE, lambda route: held.append(route))  # held until the test lets it go
    with page.expect_request(BRIDGE):  # the loader has run and asked for its bridge
        page.goto(f"{shop.url}/checkout?product=instalments", wait_until="domcontentloaded")
    page.get_by_role("button", name="Pay", exact=True).click()  # enabled without waiting for the SDK
    assert page.evaluate(READINESS) == "not ready"
    assert checkout_overlay.is_open(), "the overlay shows at once, in its loading state"
    for route in held:
        route.continue_()
    checkout_overlay.complete("success")  # the click was kept: the checkout opens now
    expect(page).to_have_url(re.compile(r"/result/success\?order="))
