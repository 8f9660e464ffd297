"""Payment buttons on a merchant page: shown exactly when the service makes them available."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import demo_limits
from tests.e2e.sdk_page import PAIRING_AMOUNTS, availability_requests, button_html, pairing_body, settle

# The fixture's limits, by the markup's product type (none for instalments).
LIMITS = {None if kind == "instalments" else kind: bounds for kind, bounds in demo_limits().items()}
HIDDEN_BY_SDK = re.compile(r"display:\s*none\s*!important")


@pytest.mark.parametrize("product_type", list(LIMITS), ids=["instalments", "pay_later", "pay_in_4"])
def test_limits_decide_what_is_shown(page: Page, merchant, product_type):
    low, high = LIMITS[product_type]
    amounts = {"below": low - 1, "min": low, "max": high, "above": high + 1}
    body = "".join(
        button_html(amount, product_type=product_type, extra=f'id="{name}"')
        for name, amount in amounts.items()
    )
    page.goto(merchant.page(body))
    for name, amount in amounts.items():
        assert settle(page, amount, product_type=product_type) is (name in ("min", "max"))
    expect(page.locator("#below")).to_have_attribute("style", HIDDEN_BY_SDK)
    expect(page.locator("#min")).to_be_visible()
    expect(page.locator("#max")).to_be_visible()
    expect(page.locator("#above")).to_have_attribute("style", HIDDEN_BY_SDK)


def test_another_currency_stays_hidden(page: Page, merchant):
    page.goto(merchant.page(button_html(10000, currency="USD", extra='id="usd"')))
    assert settle(page, 10000, "USD") is False
    expect(page.locator("#usd")).to_have_attribute("style", HIDDEN_BY_SDK)


def test_markup_hidden_attribute_is_removed_when_shown(page: Page, merchant):
    page.goto(merchant.page(button_html(5000, extra='id="b" hidden')))
    expect(page.locator("#b")).to_be_visible()
    expect(page.locator("#b")).not_to_have_attribute("hidden", "")


def test_payment_info_follows_its_buttons(page: Page, merchant):
    page.goto(merchant.page(pairing_body()))
    for amount in PAIRING_AMOUNTS:
        settle(page, amount)
    expect(page.locator("#info-cart")).to_be_visible()
    expect(page.locator("#info-plain")).to_be_visible()
    expect(page.locator("#info-mixed")).to_be_visible()
    expect(page.locator("#info-product")).to_have_attribute("style", HIDDEN_BY_SDK)
    expect(page.locator("#info-orphan")).to_have_attribute("style", HIDDEN_BY_SDK)


def test_invalid_attributes_warn_once_and_send_nothing(page: Page, merchant, console, service):
    bad = {
        "decimal": button_html("12.50", extra='id="decimal"'),
        # Above the API's ceiling (10**13): the server answers 400, so the SDK warns too.
        "huge": button_html("50000000000000", extra='id="huge"'),
        "lower": button_html(5000, currency="eur", extra='id="lower"'),
        "type": button_html(5000, product_type="pay_in_12", extra='id="type"'),
        "missing": '<button data-service-button data-currency="EUR" id="missing">Pay</button>',
    }
    page.goto(merchant.page("".join(bad.values()) + button_html(9000, extra='id="good"')))
    settle(page, 9000)
    expect(page.locator("#good")).to_be_visible()
    warnings = console.warnings
    assert len(warnings) == len(bad), warnings
    for needle in (
        'data-amount="12.50"',
        'data-amount="50000000000000"',
        'data-currency="eur"',
        'data-product-type="pay_in_12"',
        "data-amount is missing",
    ):
        assert sum(needle in text for text in warnings) == 1, (needle, warnings)
    for element_id in bad:
        expect(page.locator(f"#{element_id}")).to_have_attribute("style", HIDDEN_BY_SDK)
    amounts = [entry["query"].get("amount") for entry in availability_requests(service)]
    assert amounts == ["9000"]


def test_a_button_added_after_load_is_checked(page: Page, merchant):
    page.goto(merchant.page('<div id="later"></div>'))
    settle(page, 1)
    page.evaluate("""() => {
        document.querySelector('#later').innerHTML =
            '<span><button data-service-button data-amount="5500" data-currency="EUR" id="new">'
            + 'Pay</button></span>'
    }""")
    expect(page.locator("#new")).to_be_visible()
    assert settle(page, 5500) is True


def test_changing_the_amount_rechecks(page: Page, merchant):
    page.goto(
        merchant.page(button_html(5000, extra='id="b"') + '<p data-service-payment-info id="i">info</p>')
    )
    expect(page.locator("#b")).to_be_visible()
    page.evaluate("document.querySelector('#b').dataset.amount = '100'")
    expect(page.locator("#b")).to_be_hidden()
    expect(page.locator("#i")).to_be_hidden()
    page.evaluate("document.querySelector('#b').dataset.amount = '250000'")
    expect(page.locator("#b")).to_be_visible()
    expect(page.locator("#i")).to_be_visible()
    page.evaluate("document.querySelector('#b').dataset.productType = 'pay_later'")
    expect(page.locator("#b")).to_be_hidden()


def test_fifty_buttons_three_triples_three_requests(page: Page, merchant, service):
    triples = [(5000, None), (6000, "pay_later"), (100, "pay_in_4")]
    body = "".join(button_html(triples[i % 3][0], product_type=triples[i % 3][1]) for i in range(50))
    page.goto(merchant.page(body))
    for amount, product_type in triples:
        settle(page, amount, product_type=product_type)
    expect(page.locator("button:visible")).to_have_count(34)  # 17 + 17 shown, 16 hidden
    assert len(availability_requests(service)) == 3


def test_inputs_inside_a_hidden_button_are_disabled(page: Page, merchant):
    body = """
      <form id="f">
        <label data-service-button data-amount="10" data-currency="EUR" id="off">
          <input type="radio" name="method" value="service-off" id="radio-off" checked> Pay later
        </label>
        <label data-service-button data-amount="5000" data-currency="EUR" id="on">
          <input type="radio" name="method" value="service-on" id="radio-on"> Instalments
        </label>
      </form>"""
    page.goto(merchant.page(body))
    settle(page, 10)
    settle(page, 5000)
    expect(page.locator("#radio-off")).to_be_disabled()
    expect(page.locator("#radio-off")).not_to_be_checked()
    expect(page.locator("#radio-on")).to_be_enabled()
    expect(page.locator("#on")).to_be_visible()


def test_hiding_beats_merchant_css_and_showing_restores_it(page: Page, merchant):
    head = "<style>.pay { display: block !important } .flex { display: flex }</style>"
    body = button_html(10, extra='class="pay" id="forced"') + button_html(
        5000, extra='class="flex" id="flex"'
    )
    page.goto(merchant.page(body, head=head))
    settle(page, 10)
    settle(page, 5000)
    expect(page.locator("#forced")).to_be_hidden()
    expect(page.locator("#flex")).to_have_css("display", "flex")
