"""Mistakes a merchant makes on day one, each explained by the SDK in one console line (issue 25).

A wrong public key: the service answers the availability checks 401, which looked like a product
not offered; the SDK says so once per page, and ``service.ready`` rejects with the same words.
A checkout id that is not one is named as JavaScript names it, never as Python's ``None``. (The
checkouts that cannot be opened, expired ones first, are in test_checkout.py.)"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.sdk_page import availability_requests, button_html


def outcome_of_ready(page: Page) -> str:
    page.wait_for_function("window.service && 'ready' in window.service")  # not the Promise itself
    return page.evaluate("service.ready.then(() => 'resolved', error => 'rejected: ' + error.message)")


def test_a_wrong_key_is_said_once_and_rejects_ready(page: Page, merchant, service, console):
    buttons = "".join(button_html(amount, extra=f'id="b{amount}" hidden') for amount in (5000, 6000, 7000))
    page.goto(merchant.page(buttons, query="public-key=pk_test_wrong&sandbox=true"))
    words = (
        f"service: public key 'pk_test_wrong' is not known to {service.url}, so the SDK shows no"
        " payment button and opens no checkout. Use the public key (pk_...) your account has on this"
        " service (the sandbox's Demo Shop: pk_test_demo)."
    )
    assert outcome_of_ready(page) == "rejected: " + words
    assert len(availability_requests(service)) == 3  # three buttons answered 401...
    assert [text for text in console.errors if text.startswith("service")] == [words]  # ...said once
    for amount in (5000, 6000, 7000):
        expect(page.locator(f"#b{amount}")).to_be_hidden()
    # Later calls get the same words.
    rejected = page.evaluate(
        "service.button({amount: 5000, currency: 'EUR'}).then(() => 'resolved', error => error.message)"
    )
    assert rejected == words


def test_the_right_key_resolves_ready_after_the_first_answer(page: Page, merchant, service):
    page.goto(merchant.page(button_html(5000, extra='id="b" hidden')))
    assert outcome_of_ready(page) == "resolved"
    expect(page.locator("#b")).to_be_visible()
    assert len(availability_requests(service)) == 1  # no request made to test the key


def test_a_page_without_buttons_is_ready_without_asking(page: Page, merchant, service):
    page.goto(merchant.page("<p>No payment here</p>", query="public-key=pk_test_wrong&sandbox=true"))
    assert outcome_of_ready(page) == "resolved"
    assert availability_requests(service) == []


def test_a_checkout_id_that_is_not_one_is_named_in_javascript_terms(page: Page, merchant, console):
    page.goto(merchant.page("<p>Checkout</p>"))
    reason = page.evaluate(
        """() => new Promise(resolve => service.push(s => s.checkout(undefined, {onError: resolve})))"""
    )
    words = (
        'service: checkout() needs the id the service gave the checkout (the "id" of POST /checkout\'s'
        " answer), got nothing (null or undefined)."
    )
    assert reason == {"code": "invalid_id", "message": words}
    assert console.errors.count(words) == 1
