"""The ``service`` object: button(), the queue, ready, init, module loaders, failures, CSP."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from backend_stub.testkit.merchant_site import SDK_QUERY
from tests.e2e.sdk_page import FOUR_CHECKS, availability_requests, button_html, wait_ready


def test_button_without_selector_answers_availability(page: Page, merchant, service):
    page.goto(merchant.page("<p>no buttons</p>"))
    wait_ready(page)
    answers = page.evaluate(FOUR_CHECKS)
    assert answers == [True, False, True, True]
    assert len(availability_requests(service)) == 3  # the repeated check shared its answer


def test_button_with_selector_shows_and_hides_elements(page: Page, merchant):
    body = '<div class="yes">available</div><div class="no">not available</div>'
    page.goto(merchant.page(body))
    wait_ready(page)
    assert page.evaluate("service.button({selector: '.yes', amount: 6000, currency: 'EUR'})") is True
    assert page.evaluate("service.button({selector: '.no', amount: 600, currency: 'EUR'})") is False
    expect(page.locator(".yes")).to_be_visible()
    expect(page.locator(".no")).to_be_hidden()


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ("{currency: 'EUR'}", "'amount'"),
        ("{amount: 12.5, currency: 'EUR'}", "'amount'"),
        ("{amount: '12.50', currency: 'EUR'}", "'amount'"),
        ("{amount: -1, currency: 'EUR'}", "'amount'"),
        ("{amount: 5000}", "'currency'"),
        ("{amount: 5000, currency: 'euro'}", "'currency'"),
        ("{amount: 5000, currency: 'EUR', product: {type: 'pay_in_12'}}", "'product.type'"),
        ("{amount: 5000, currency: 'EUR', product: 'pay_later'}", "'product'"),
        ("{amount: 5000, currency: 'EUR', selector: 42}", "'selector'"),
        ("{amount: 5000, currency: 'EUR', selector: '##'}", "'selector'"),
        ("'5000'", "options"),
    ],
)
def test_invalid_button_options_reject_naming_the_option(page: Page, merchant, options, named):
    page.goto(merchant.page("<p>x</p>"))
    wait_ready(page)
    result = page.evaluate(f"""service.button({options}).then(
        () => 'resolved', error => [error instanceof Error, error.message])""")
    assert result[0] is True, result
    assert named in result[1], result


def test_queue_runs_in_order_before_and_after_load(page: Page, merchant, console):
    head = """<script>
      window.calls = [];
      (window.service = window.service || []).push(function (s) {
        calls.push('first:' + (s === window.service));
      });
      window.service.push(function () { throw new Error('merchant bug') });
      window.service.push(function () { calls.push('second') });
    </script>"""
    page.goto(merchant.page("<p>queue</p>", head=head))
    page.wait_for_function("window.calls.length === 2")
    assert page.evaluate("calls") == ["first:true", "second"]
    page.evaluate("service.push(() => calls.push('after'))")
    assert page.evaluate("calls") == ["first:true", "second", "after"]  # ran at once
    assert any("merchant bug" in text or "threw" in text for text in console.errors), console.errors


def test_requirejs_loads_the_sdk_as_an_anonymous_module(page: Page, merchant):
    head = f"""<script src="/vendor/requirejs/require.js"></script>
    <script>
      require(['{merchant.service_url}/sdk.js?{SDK_QUERY}'], function (service) {{
        window.fromAmd = service;
        service.ready.then(function () {{ return service.button({{amount: 5000, currency: 'EUR'}}) }})
          .then(function (available) {{ window.amdAnswer = available }});
      }});
    </script>"""
    page.goto(merchant.page(button_html(5000, extra='id="b"'), head=head, sdk=False))
    page.wait_for_function("window.amdAnswer !== undefined")
    assert page.evaluate("window.amdAnswer") is True
    assert page.evaluate("window.fromAmd === window.service")
    expect(page.locator("#b")).to_be_visible()


def test_commonjs_gets_module_exports(page: Page, merchant):
    head = "<script>var module = {exports: {}};</script>"
    page.goto(merchant.page(button_html(5000, extra='id="b"'), head=head))
    wait_ready(page)
    assert page.evaluate("module.exports === window.service && typeof module.exports.checkout")
    expect(page.locator("#b")).to_be_visible()


def test_init_configures_without_a_query_string(page: Page, merchant):
    head = f"""<script src="{merchant.service_url}/sdk.js"></script>
    <script>service.init({{public_key: 'pk_test_demo', sandbox: true}})</script>"""
    page.goto(merchant.page(button_html(5000, extra='id="b"'), head=head, sdk=False))
    expect(page.locator("#b")).to_be_visible()


def test_missing_public_key_is_one_clear_error_and_the_page_goes_on(page: Page, merchant, console):
    body = button_html(5000, extra='id="b" hidden') + "<script>document.body.dataset.own = 'ran'</script>"
    page.goto(merchant.page(body, query="sandbox=true"))
    message = page.evaluate("service.ready.then(() => 'resolved', error => error.message)")
    assert "public-key" in message
    assert page.evaluate("document.body.dataset.own") == "ran"
    sdk_errors = [text for text in console.errors if "public-key" in text]
    assert len(sdk_errors) == 1, console.errors
    expect(page.locator("#b")).to_be_hidden()
    assert console.page_errors == []


def test_bad_sandbox_value_is_named(page: Page, merchant, console):
    page.goto(merchant.page("<p>x</p>", query="public-key=pk_test_demo&sandbox=yes"))
    message = page.evaluate("service.ready.then(() => 'resolved', error => error.message)")
    assert "'sandbox'" in message and "'yes'" in message


def test_private_key_in_the_page_is_refused(page: Page, merchant):
    page.goto(merchant.page("<p>x</p>", query="public-key=sk_test_demo&sandbox=true"))
    message = page.evaluate("service.ready.then(() => 'resolved', error => error.message)")
    assert "private key" in message


def test_service_down_keeps_buttons_hidden_and_rejects_ready(page: Page, merchant, console, unused_port):
    head = f"""<script src="{merchant.service_url}/sdk.js"></script>
    <script>service.init({{public_key: 'pk_test_demo', sandbox: true,
                           api_url: 'http://127.0.0.1:{unused_port}'}})</script>"""
    body = button_html(5000, extra='id="b" hidden') + '<p data-service-payment-info id="i" hidden>i</p>'
    page.goto(merchant.page(body, head=head, sdk=False))
    message = page.evaluate("service.ready.then(() => 'resolved', error => error.message)")
    assert message.startswith("service SDK cannot start: ") and "is unreachable" in message
    expect(page.locator("#b")).to_be_hidden()
    expect(page.locator("#i")).to_be_hidden()
    assert (
        page.evaluate("service.button({amount: 5000, currency: 'EUR'}).then(() => 'ok', () => 'rejected')")
        == "rejected"
    )
    assert console.page_errors == []


def test_strict_csp_page_works_and_only_one_global_is_added(page: Page, merchant, console):
    csp = f"script-src 'self' {merchant.service_url}; frame-src {merchant.service_url}"
    page.add_init_script("window.__globalsBefore = Object.getOwnPropertyNames(window)")
    page.goto(merchant.page(button_html(5000, extra='id="b" hidden'), csp=csp))
    expect(page.locator("#b")).to_be_visible()
    # Numeric names are the window's frame indices (window[0] is the bridge iframe), not globals.
    added = page.evaluate("""() => Object.getOwnPropertyNames(window)
        .filter(name => !window.__globalsBefore.includes(name) && name !== '__globalsBefore')
        .filter(name => !/^[0-9]+$/.test(name))""")
    assert added == ["service"]
    assert not [text for text in console.errors if "Content Security Policy" in text], console.errors
