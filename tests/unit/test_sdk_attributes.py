"""Button attributes: what is a valid button, and how problems are worded."""

import pytest

from backend_stub.sdk_rules.attributes import Button, describe, parse_button


def attrs(**values):
    return {name.replace("_", "-"): value for name, value in values.items()}


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        (
            attrs(data_service_button="", data_amount="5000", data_currency="EUR"),
            Button("", 5000, "EUR", "instalments"),
        ),
        (
            attrs(
                data_service_button="cart",
                data_amount="0",
                data_currency="USD",
                data_product_type="pay_later",
            ),
            Button("cart", 0, "USD", "pay_later"),
        ),
        (
            attrs(
                data_service_button="",
                data_amount="150000",
                data_currency="EUR",
                data_product_type="pay_in_4",
            ),
            Button("", 150000, "EUR", "pay_in_4"),
        ),
    ],
)
def test_valid_buttons(given, expected):
    button, problem = parse_button(given)
    assert problem is None
    assert button == expected


@pytest.mark.parametrize(
    ("given", "words"),
    [
        (attrs(data_service_button="", data_currency="EUR"), "data-amount is missing"),
        (attrs(data_service_button="", data_amount="12.50", data_currency="EUR"), "1250"),
        (attrs(data_service_button="", data_amount="-1", data_currency="EUR"), "data-amount"),
        (attrs(data_service_button="", data_amount="", data_currency="EUR"), "data-amount"),
        (attrs(data_service_button="", data_amount="1e3", data_currency="EUR"), "data-amount"),
        (attrs(data_service_button="", data_amount="5000"), "data-currency is missing"),
        (attrs(data_service_button="", data_amount="5000", data_currency="eur"), "data-currency"),
        (attrs(data_service_button="", data_amount="5000", data_currency="EURO"), "data-currency"),
        (
            attrs(
                data_service_button="", data_amount="5000", data_currency="EUR", data_product_type="pay_in_12"
            ),
            "data-product-type",
        ),
        (
            attrs(data_service_button="", data_amount="5000", data_currency="EUR", data_product_type=""),
            "data-product-type",
        ),
    ],
)
def test_invalid_buttons_name_the_attribute(given, words):
    button, problem = parse_button(given)
    assert button is None
    assert words in problem


def test_every_problem_is_reported_at_once():
    _, problem = parse_button(attrs(data_service_button="", data_amount="x", data_currency="y"))
    assert "data-amount" in problem and "data-currency" in problem


def test_describe_shows_the_markup():
    text = describe("BUTTON", attrs(data_service_button="", data_amount="12.50", data_currency="EUR"))
    assert text == '<button data-service-button data-amount="12.50" data-currency="EUR">'
