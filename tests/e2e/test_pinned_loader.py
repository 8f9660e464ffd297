"""A payment page that passes PCI DSS 4.0's script controls (CONTRACT 3, Loading): the loader
pinned by version and integrity, every listed version against today's bridge and hosted
checkout, a wrong hash refused, and pages under Trusted Types or a nonce + 'strict-dynamic'
policy, with the bridge on time and held back, hold exactly one script of the service."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, Route, expect

from backend_stub.config import Config
from backend_stub.testkit.checkout_overlay import CheckoutOverlay
from tests.e2e.checkout_page import create_checkout
from tests.e2e.sdk_page import button_html

NONCE = "r4nd0m-n0nc3"
POLICIES = {
    "trusted types": "require-trusted-types-for 'script'",
    "strict-dynamic": f"script-src 'nonce-{NONCE}' 'strict-dynamic'; object-src 'none'; base-uri 'none'",
}
# The loader gives a late bridge 3 s (AFTER_LOAD_MS in sdk/loader.js) before its slow start paths.
PAST_THE_LATE_CHECKS_MS = 4000
# Before the page's scripts (and before Playwright's clock, whose fake `performance` lists no
# resource): every policy violation, and the browser's own resource timings.
BEFORE_THE_PAGE = """window.violations = [];
document.addEventListener('securitypolicyviolation', event => {
  window.violations.push(event.violatedDirective + ' ' + event.blockedURI);
});
window.resourceTimings = performance.getEntriesByType.bind(performance, 'resource');"""
PAID = "new Promise(done => { (function check() { window.paid ? done(true) : setTimeout(check, 20); })(); })"
SERVICE_SCRIPTS = """origin => [
  Array.from(document.scripts).filter(s => s.src.startsWith(origin)).map(s => s.src),
  (window.resourceTimings || (() => performance.getEntriesByType('resource')))()
    .filter(e => e.initiatorType === 'script' && e.name.startsWith(origin)).map(e => e.name),
]"""


def listed_versions() -> list[str | None]:
    """The versions the built SDK serves (those /sdk.json lists), read when tests are collected;
    without a readable build, the current one (whose test then says to run `make build`)."""
    try:
        manifest = json.loads((Config().sdk_dir / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return [None]
    return list(manifest.get("loaders", [None]))


def pinned_tag(service, version: str | None = None, attrs: str = "async") -> str:
    """The pinned tag a merchant copies from /sdk.json (``version``: the current one)."""
    return service.pinned_script_tag(version=version, attrs=attrs)


def pay(page: Page, service) -> None:
    """Start a checkout from the page, approve it in the overlay and return: ``onSuccess`` runs.
    Through the DevTools protocol, which no page policy refuses (nor its polling, as
    ``wait_for_function`` would be under a policy without 'unsafe-eval')."""
    checkout_id = create_checkout(service)
    page.evaluate("id => service.checkout(id, {onSuccess: () => { window.paid = true; }})", checkout_id)
    CheckoutOverlay(page).complete("success")
    assert page.evaluate(PAID) is True


def assert_one_service_script(page: Page, service) -> None:
    in_page, fetched = page.evaluate(SERVICE_SCRIPTS, service.url)
    assert len(in_page) == 1 and len(fetched) == 1, (in_page, fetched)


@pytest.mark.parametrize("version", listed_versions())
def test_a_pinned_loader_of_each_listed_version_runs_a_checkout(
    page: Page, merchant, service, version: str | None, console
):
    page.goto(
        merchant.page(button_html(5000, extra='id="b" hidden'), head=pinned_tag(service, version), sdk=False)
    )
    expect(page.locator("#b")).to_be_visible()
    pay(page, service)
    assert_one_service_script(page, service)
    assert not console.errors, console.errors


def test_a_wrong_hash_is_refused_and_the_page_keeps_working(page: Page, merchant, service, console):
    wrong = pinned_tag(service).replace('integrity="sha384-', 'integrity="sha384-A')
    after = "<script>window.service = window.service || []; window.pageRan = true;</script>"
    page.goto(merchant.page(button_html(5000, extra='id="b" hidden') + after, head=wrong, sdk=False))
    assert page.evaluate("window.pageRan") is True
    assert page.evaluate("Array.isArray(window.service)") is True  # the loader never ran
    expect(page.locator("#b")).to_be_hidden()
    assert [text for text in console.errors if "integrity" in text], console.errors


# The bridge page only (not its worker, bridge-worker.<hash>.js): the loader's slow start paths.
BRIDGE_PAGE = re.compile(r"/sdk/bridge\.[^/?]*html")


@pytest.mark.parametrize("held", [False, True], ids=["bridge on time", "bridge held back"])
@pytest.mark.parametrize("policy", list(POLICIES))
def test_a_strict_page_runs_a_checkout_without_a_violation(
    page: Page, merchant, service, console, policy: str, held: bool
):
    page.add_init_script(BEFORE_THE_PAGE)
    tag = pinned_tag(service, attrs=f'nonce="{NONCE}" async')
    url = merchant.page(button_html(5000, extra='id="b" hidden'), head=tag, sdk=False, csp=POLICIES[policy])
    if held:
        held_back: list[Route] = []
        page.clock.install()
        page.route(BRIDGE_PAGE, lambda route: held_back.append(route))
        with page.expect_request(BRIDGE_PAGE):
            page.goto(url, wait_until="domcontentloaded")
        # The loader's timers for a late bridge run out while the bridge is still on its way.
        page.clock.fast_forward(PAST_THE_LATE_CHECKS_MS)
        held_back.pop().continue_()
    else:
        page.goto(url)
    expect(page.locator("#b")).to_be_visible()
    pay(page, service)
    assert page.evaluate("window.violations") == []
    assert_one_service_script(page, service)
    assert not console.errors, console.errors


# A bridge page's name from a build that is gone: no build made it (not hex).
EARLIER_BRIDGE = "/sdk/bridge.0123456789ab.html"


def test_a_page_loaded_before_a_redeploy_still_pays(page: Page, merchant, service, console):
    """``/sdk.js`` as the build before a redeploy served it (browsers keep it five minutes, a page
    left open for good): the same loader, naming that build's bridge page, which is gone now."""

    def earlier_loader(route: Route) -> None:
        if route.request.method != "GET":  # the loader's reachability probe (HEAD)
            route.continue_()
            return
        body = re.sub(rb"/sdk/bridge\.[0-9a-f]{12}\.html", EARLIER_BRIDGE.encode(), route.fetch().body())
        assert EARLIER_BRIDGE.encode() in body
        route.fulfill(status=200, content_type="text/javascript", body=body)

    page.route(re.compile(r"/sdk\.js(\?|$)"), earlier_loader)
    with page.expect_response(lambda answer: EARLIER_BRIDGE in answer.url) as bridge:
        page.goto(merchant.page(button_html(5000, extra='id="b" hidden')))
        expect(page.locator("#b")).to_be_visible()
        page.evaluate("service.ready")
    assert bridge.value.status == 200
    pay(page, service)
    assert not console.errors, console.errors
