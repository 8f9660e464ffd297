"""README step 3, the integration merchants copy: a click before the SDK has loaded is not lost.

The page is the README's own blocks (the pay button with the id the server wrote, and the
merchant's script file), served under the README's policy. ``/sdk.js`` is held by a sandbox
fault, so the shopper clicks while the SDK is still on its way; once the script is let go, the
queued checkout opens.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from backend_stub.testkit.checkout_overlay import CheckoutOverlay
from backend_stub.testkit.merchant_site import MerchantSite
from backend_stub.testkit.sandbox import Sandbox
from tests.docs.snippet_page import CHECKOUT_ID, Console, assert_policy_held, build_page, watch_policy
from tests.docs.snippets import ROOT, find_snippets

# The SDK is held until the test lets it go; a reset or clearing the faults releases it at once.
HELD_MS = 60_000
NOT_LOADED = "() => window.service === undefined || Array.isArray(window.service)"


def test_click_before_the_sdk_loads_opens_the_checkout_once_it_has(
    page: Page, sandbox: Sandbox, merchant: MerchantSite
):
    (step_3,) = [s for s in find_snippets(ROOT / "README.md") if s.runnable and CHECKOUT_ID in s.code]
    sandbox.fault("GET", "/sdk.js", delay_ms=HELD_MS)
    built = build_page(step_3, sandbox, merchant)
    assert built.csp and "<script>" not in built.source  # the README's policy; no inline script
    console = Console(page)
    watch_policy(page)

    # The document is there, the async SDK is not: the load event would wait for it.
    page.goto(built.url, wait_until="domcontentloaded")
    (held,) = sandbox.requests(path="/sdk.js")
    assert held["outcome"] == "in_flight"
    page.get_by_role("button", name="Pay").click()
    assert page.evaluate(NOT_LOADED) is True
    assert page.evaluate("window.service.length") == 1  # the click queued the checkout
    assert not CheckoutOverlay(page).is_open()

    sandbox.clear_faults()  # the SDK arrives, runs the queue, and the checkout opens
    overlay = CheckoutOverlay(page).wait_open()
    assert_policy_held(page, console)
    overlay.complete("success")
    landing = merchant.url + step_3.options["expect-url"]
    expect(page).to_have_url(landing)
    problems = console.problems(sandbox.url, landing)
    assert not problems, problems
