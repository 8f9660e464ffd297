"""Checking ``html``, ``js`` and ``csp`` runnable blocks in a merchant page, against the sandbox.

The page is served by a merchant site on ``localhost`` (the service is on ``127.0.0.1``: another
site, as in production), with the documents' service origin replaced by the sandbox's URL:

- the block's markup (a ``js`` block goes in a ``<script>``); the quick start's script tag is
  added unless the block loads ``sdk.js`` itself; ``{{ checkout_id }}`` (where the merchant's
  server writes the id it got) becomes a fresh checkout's id (with a merchant URL for every
  status), ``{{ sdk_version }}`` and ``{{ sdk_integrity }}`` the pinned loader's (``/sdk.json``),
  ``{{ nonce }}`` (in the page and its policy) a fresh nonce per page, and a ``#pay`` button is
  added when the block uses one without defining it;
  ``with=requirejs`` adds RequireJS first;
- the merchant's own scripts: a ``js`` block marked ``file=/path.js`` is not a page of its own
  but that file, served at that path to the pages of its document that load it;
- with ``csp=document``, the page is served under the document's own ``csp`` block;
- then the checks: the SDK becomes ready; every payment button ends shown exactly when the
  service offers its amount (and hidden when its attributes are invalid), every payment-info
  container with its buttons; when the block (or a file it loads) starts a checkout from
  ``#pay``, the overlay is driven to ``checkout=`` (default ``success``); with ``expect-url=``
  the page ends there; with ``expect-visible=<selector>`` that element ends visible; under a
  policy, nothing violates it while it does refuse inline scripts; and no console error, page
  error or SDK warning appears unless ``console=`` names the message the block is meant to
  produce (then the check is that message, and the SDK need not start).

A ``csp`` block is a Content-Security-Policy: a page with a button and that policy must show the
button and run a checkout with no violation, while the policy does refuse inline scripts (the
quick start's tag carries the policy's nonce, if it has one).
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from urllib.parse import urlencode

from playwright.sync_api import ConsoleMessage, Page, expect

from backend_stub.testkit.checkout_overlay import CheckoutOverlay
from backend_stub.testkit.merchant_site import MerchantSite
from backend_stub.testkit.sandbox import CHECKOUT_URLS, Sandbox, SandboxError
from tests.docs.snippets import DOC_SERVICE_ORIGIN, Snippet, find_snippets

__all__ = [
    "CHECKOUT_ID",
    "SnippetPage",
    "build_page",
    "check_page_snippet",
    "check_csp_snippet",
    "file_blocks",
    "watch_policy",
    "assert_policy_held",
    "Console",
]

# Where a block's page holds the checkout id the merchant's server writes into it.
CHECKOUT_ID = "{{ checkout_id }}"
# Where it holds what /sdk.json gives (the pinned loader), and the nonce of its response.
SDK_VERSION, SDK_INTEGRITY, NONCE = "{{ sdk_version }}", "{{ sdk_integrity }}", "{{ nonce }}"

REQUIREJS = '<script src="/vendor/requirejs/require.js"></script>'
SDK_UP = "() => window.service && typeof window.service.checkout === 'function'"
READY = "() => service.ready.then(() => 'ready', error => 'failed: ' + error.message)"
BUTTONS = """() => Array.from(document.querySelectorAll('[data-service-button]')).map(b => ({
  group: b.getAttribute('data-service-button') || '',
  amount: b.getAttribute('data-amount'),
  currency: b.getAttribute('data-currency'),
  type: b.getAttribute('data-product-type') || 'instalments',
}))"""
# A listener the page cannot refuse (Playwright injects it): every CSP violation of the page.
VIOLATIONS = """window.violations = [];
document.addEventListener('securitypolicyviolation', event => {
  window.violations.push(event.violatedDirective + ' ' + event.blockedURI);
});"""


# An inline script the page adds: a policy without 'unsafe-inline' refuses to run it (one that
# enforces Trusted Types refuses its text already).
INLINE_PROBE = """() => {
  const script = document.createElement('script');
  try {
    script.textContent = 'window.inlineRan = true;';
  } catch (error) {
    return 'refused';
  }
  document.head.appendChild(script);
  return window.inlineRan === true ? 'allowed' : 'refused';
}"""


class Console:
    """Console messages and uncaught errors of a page, as the check reads them."""

    def __init__(self, page: Page) -> None:
        self.messages: list[ConsoleMessage] = []
        self.page_errors: list[str] = []
        self.allowed: set[str] = set()  # texts of errors a check itself causes
        page.on("console", lambda message: self.messages.append(message))
        page.on("pageerror", lambda error: self.page_errors.append(str(error)))

    def problems(self, service_url: str, landing: str = "") -> list[str]:
        """Errors anywhere, and the SDK's warnings: a block that works produces none.

        Not the block's: the browser's note on the service's 403 to an availability check (the
        bridge's request; 403 is how the service says "not available"), the 404s of the page a
        block sends the shopper to (``landing``, which the test site does not have) and of the
        favicon the browser then asks for, and a strict policy's refusal of the test page's
        ``data:`` icon.
        """
        missing = {landing, landing.rsplit("/", 1)[0] + "/favicon.ico"} if landing else set()

        def expected(message: ConsoleMessage) -> bool:
            url = message.location.get("url") or ""
            return (
                url in missing
                or (url.startswith(service_url + "/checkout/button?") and "status of 403" in message.text)
                or "Loading the image 'data:,'" in message.text
                or any(text in message.text for text in self.allowed)
            )

        found = [
            f"{m.type}: {m.text} ({m.location.get('url')})"
            for m in self.messages
            if m.type == "error" and not expected(m)
        ]
        found += [f"warning: {m.text}" for m in self.messages if m.type == "warning" and "service" in m.text]
        return found + [f"page error: {error}" for error in self.page_errors]


def _service_offers(sandbox: Sandbox, amount: str, currency: str, product_type: str) -> bool:
    query = urlencode({"amount": amount, "currency": currency, "product[type]": product_type})
    try:
        sandbox.call("GET", f"/checkout/button?{query}", key=sandbox.public_key)
    except SandboxError as error:
        if error.status in (400, 403):  # 400: attributes the SDK refuses too
            return False
        raise
    return True


def _checkout_for(sandbox: Sandbox, merchant: MerchantSite) -> str:
    urls = {name: merchant.landing(name.removesuffix("_url")) for name in CHECKOUT_URLS}
    return sandbox.create_checkout(12000, urls=urls)


@dataclass(frozen=True)
class SnippetPage:
    """A block's merchant page: its URL, the policy it is served under, and its code with the
    scripts it loads (what the checks look for)."""

    url: str
    csp: str | None
    source: str


def file_blocks(snippet: Snippet) -> list[Snippet]:
    """The merchant's own script files of the block's document (``js`` blocks with ``file=``)."""
    return [
        s
        for s in find_snippets(snippet.document)
        if s.runnable and s.language in ("js", "javascript") and "file" in s.options
    ]


def _document_policy(snippet: Snippet, sandbox: Sandbox) -> str:
    (policy,) = [s for s in find_snippets(snippet.document) if s.runnable and s.language == "csp"]
    return " ".join(policy.code.split()).replace(DOC_SERVICE_ORIGIN, sandbox.url)


def _filled(text: str, sandbox: Sandbox, nonce: str) -> str:
    """``text`` with the pinned loader's version and integrity, and the page's nonce."""
    if SDK_VERSION in text or SDK_INTEGRITY in text:
        pins = sandbox.sdk_pins()
        text = text.replace(SDK_VERSION, pins["version"]).replace(SDK_INTEGRITY, pins["integrity"])
    return text.replace(NONCE, nonce)


def _policy_nonce(policy: str) -> str | None:
    found = re.search(r"'nonce-([^']+)'", policy)
    return found[1] if found else None


def build_page(snippet: Snippet, sandbox: Sandbox, merchant: MerchantSite) -> SnippetPage:
    """The merchant page for a block, with the files it loads served beside it."""
    nonce = secrets.token_urlsafe(12)
    code = _filled(snippet.code.replace(DOC_SERVICE_ORIGIN, sandbox.url), sandbox, nonce)
    if snippet.language in ("js", "javascript"):
        code = f"<script>\n{code}</script>"
    if CHECKOUT_ID in code:
        code = code.replace(CHECKOUT_ID, _checkout_for(sandbox, merchant))
    head = [REQUIREJS] if snippet.options.get("with") == "requirejs" else []
    if "sdk.js" not in code:
        head.append(sandbox.script_tag())
    if "#pay" in code and 'id="pay"' not in code:
        code = '<button id="pay" type="button">Pay</button>\n' + code
    source = code
    for script in file_blocks(snippet):
        if f'src="{script.options["file"]}"' in code:
            text = _filled(script.code.replace(DOC_SERVICE_ORIGIN, sandbox.url), sandbox, nonce)
            merchant.file(script.options["file"], text)
            source += "\n" + text
    csp = _document_policy(snippet, sandbox) if snippet.options.get("csp") == "document" else None
    csp = _filled(csp, sandbox, nonce) if csp else None
    url = merchant.page(code, head="\n".join(head), sdk=False, csp=csp, title=f"Snippet {snippet.name}")
    return SnippetPage(url, csp, source)


def _check_buttons(page: Page, sandbox: Sandbox) -> None:
    buttons = page.evaluate(BUTTONS)
    shown_groups = set()
    for index, button in enumerate(buttons):
        locator = page.locator("[data-service-button]").nth(index)
        valid = bool(
            re.fullmatch(r"\d{1,14}", button["amount"] or "")
            and re.fullmatch(r"[A-Z]{3}", button["currency"] or "")
            and button["type"] in ("instalments", "pay_later", "pay_in_4")
        )
        offered = valid and _service_offers(sandbox, button["amount"], button["currency"], button["type"])
        if valid:  # the SDK's own answer shares the page's request: once it is in, so is the page's
            triple = [int(button["amount"]), button["currency"], button["type"]]
            answer = page.evaluate(
                "([amount, currency, type]) => service.button({amount, currency, product: {type}})", triple
            )
            assert answer is offered, f"service.button answered {answer} for {triple}"
        if offered:
            shown_groups.add(button["group"])
            expect(locator).to_be_visible()
        else:
            expect(locator).to_be_hidden()
    containers = page.locator("[data-service-payment-info]")
    for index in range(containers.count()):
        container = containers.nth(index)
        if (container.get_attribute("data-service-payment-info") or "") in shown_groups:
            expect(container).to_be_visible()
        else:
            expect(container).to_be_hidden()


def watch_policy(page: Page) -> None:
    """Record every violation of the page's policy (before it loads)."""
    page.add_init_script(VIOLATIONS)


def assert_policy_held(page: Page, console: Console) -> None:
    """Nothing on the page violated its policy, and the policy is in force: it refuses the
    page's own inline code (a refusal the console then reports, and ``console`` expects)."""
    # The test site's page has a data: icon, which a policy like default-src 'self' refuses:
    # that refusal is the test page's, not the block's.
    violations = [v for v in page.evaluate("window.violations") if v != "img-src data"]
    assert not violations, violations
    console.allowed.add("Executing inline script violates the following Content Security Policy")
    console.allowed.add("This document requires 'TrustedScript' assignment")
    assert page.evaluate(INLINE_PROBE) == "refused"


def check_page_snippet(page: Page, snippet: Snippet, sandbox: Sandbox, merchant: MerchantSite) -> None:
    """Load an ``html`` or ``js`` block in a merchant page and check that it does what it shows."""
    console = Console(page)
    built = build_page(snippet, sandbox, merchant)
    expected = snippet.options.get("console")
    if expected:
        with page.expect_console_message(lambda message: expected in message.text):
            page.goto(built.url)
        return
    if built.csp:
        watch_policy(page)
    page.goto(built.url)
    page.wait_for_function(SDK_UP)
    assert page.evaluate(READY) == "ready"
    _check_buttons(page, sandbox)
    if built.csp:  # before the checkout, which may leave the page
        assert_policy_held(page, console)
    if "service.checkout" in built.source and page.locator("#pay").count():
        page.click("#pay")
        CheckoutOverlay(page).complete(snippet.options.get("checkout", "success"))
    if "expect-visible" in snippet.options:
        expect(page.locator(snippet.options["expect-visible"])).to_be_visible()
    landing = ""
    if "expect-url" in snippet.options:
        landing = merchant.url + snippet.options["expect-url"]
        expect(page).to_have_url(landing)
    problems = console.problems(sandbox.url, landing)
    assert not problems, problems


def check_csp_snippet(page: Page, snippet: Snippet, sandbox: Sandbox, merchant: MerchantSite) -> None:
    """A page under the block's policy runs the SDK and a checkout without a violation."""
    policy = " ".join(snippet.code.split()).replace(DOC_SERVICE_ORIGIN, sandbox.url)
    policy = _filled(policy, sandbox, secrets.token_urlsafe(12))
    nonce = _policy_nonce(policy)
    tag = sandbox.script_tag(attrs=f'nonce="{nonce}" async' if nonce else "async")
    body = '<button data-service-button data-amount="12000" data-currency="EUR" hidden>Pay</button>'
    console = Console(page)
    watch_policy(page)
    page.goto(merchant.page(body, head=tag, sdk=False, csp=policy))
    expect(page.locator("[data-service-button]")).to_be_visible()  # the loader and the bridge ran
    checkout = "id => service.checkout(id, {onSuccess: () => { window.paid = true; }})"
    page.evaluate(checkout, _checkout_for(sandbox, merchant))
    CheckoutOverlay(page).complete("success")  # the hosted checkout was allowed in its frame
    page.wait_for_function("window.paid === true")
    assert_policy_held(page, console)
    problems = console.problems(sandbox.url)
    assert not problems, problems
