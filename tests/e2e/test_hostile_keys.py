"""Finding 4 of issue 11: whitespace got a private key past the SDK's refusal.

``sdk.js?public-key=%20sk_test_demo`` started the SDK, which trimmed the key and sent the
private key from the browser. The bridge now reads keys by the server's own rule
(backend_stub.domain.keys, bundled into it): every spelling of a private key is refused before
anything is sent, and nothing reaches the server with it.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.sdk_page import button_html

SPELLINGS = [
    "%20sk_test_demo",
    "sk_test_demo%20",
    "%09%0Ask_test_demo%0D",
    "%C2%A0sk_test_demo",
    "SK_TEST_DEMO",
    "%E2%80%8Bsk_test_demo",
]


def refused(page: Page) -> str:
    return page.evaluate("service.ready.then(() => 'resolved', error => error.message)")


def nothing_sent_with_a_private_key(service) -> None:
    keys = [entry["key"] for entry in service.requests() if entry["key"] is not None]
    assert all(key["kind"] != "private" for key in keys), keys
    assert service.requests(path="/checkout/button") == []


@pytest.mark.parametrize("key", SPELLINGS)
def test_every_spelling_of_a_private_key_is_refused(page: Page, merchant, service, key):
    page.goto(merchant.page(button_html(5000, extra='id="b" hidden'), query=f"public-key={key}&sandbox=true"))
    message = refused(page)
    assert "private key" in message or "not an API key" in message, message
    expect(page.locator("#b")).to_be_hidden()
    nothing_sent_with_a_private_key(service)


def test_init_refuses_a_private_key_with_spaces(page: Page, merchant, service):
    head = f"""<script src="{merchant.service_url}/sdk.js"></script>
    <script>service.init({{public_key: ' sk_test_demo ', sandbox: true}})</script>"""
    page.goto(merchant.page(button_html(5000, extra='id="b" hidden'), head=head, sdk=False))
    assert "private key" in refused(page)
    nothing_sent_with_a_private_key(service)
