"""service.button() options and the SDK's own settings."""

import pytest

from backend_stub.sdk_rules.settings import parse_settings
from sdk.options import parse_button_options


def test_valid_options():
    call, problem = parse_button_options(
        {"amount": 5000, "currency": "EUR", "product": {"type": "pay_later"}}
    )
    assert problem is None
    assert call.triple == (5000, "EUR", "pay_later") and call.selector is None
    call, _ = parse_button_options({"amount": "7000", "currency": "EUR", "selector": "#x"})
    assert call.triple == (7000, "EUR", "instalments") and call.selector == "#x"


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"currency": "EUR"}, "'amount'"),
        ({"amount": 12.5, "currency": "EUR"}, "'amount'"),
        ({"amount": True, "currency": "EUR"}, "'amount'"),
        ({"amount": -3, "currency": "EUR"}, "'amount'"),
        ({"amount": 5000}, "'currency'"),
        ({"amount": 5000, "currency": "Eur"}, "'currency'"),
        ({"amount": 5000, "currency": "EUR", "product": []}, "'product'"),
        ({"amount": 5000, "currency": "EUR", "product": {"type": "x"}}, "'product.type'"),
        ({"amount": 5000, "currency": "EUR", "selector": ""}, "'selector'"),
        (None, "options"),
    ],
)
def test_invalid_options_are_named(options, named):
    call, problem = parse_button_options(options)
    assert call is None
    assert problem.startswith("service.button: ") and named in problem


def test_settings():
    settings, problem = parse_settings({"public_key": "pk_test_demo", "sandbox": "true"})
    assert problem is None and settings.sandbox is True and settings.checkout_timeout_ms == 15000
    assert settings.accept == "application/vnd.service.sandbox.v1+json"
    settings, _ = parse_settings({"public_key": "pk_live", "sandbox": False, "checkout_timeout_ms": 500})
    assert settings.accept == "application/vnd.service.v1+json" and settings.checkout_timeout_ms == 500


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ({"sandbox": "true"}, "'public-key' parameter is missing"),
        ({"public_key": " ", "sandbox": "true"}, "'public-key' parameter is missing"),
        ({"public_key": "pk", "sandbox": "yes"}, "'sandbox' parameter must be true or false, got 'yes'"),
        ({"public_key": "pk"}, "'sandbox' parameter is missing"),
        ({"public_key": "sk_test_demo", "sandbox": "true"}, "private key"),
        ({"public_key": "pk", "sandbox": "true", "checkout_timeout_ms": 0}, "checkout_timeout"),
    ],
)
def test_settings_problems_are_named(raw, words):
    settings, problem = parse_settings(raw)
    assert settings is None and words in problem


def test_settings_read_from_the_bridge_url_take_strings():
    settings, problem = parse_settings(
        {"public_key": "pk", "sandbox": "false", "checkout_timeout_ms": "1500"}
    )
    assert problem is None and settings.checkout_timeout_ms == 1500 and settings.sandbox is False
    _, problem = parse_settings({"public_key": "pk", "sandbox": "false", "checkout_timeout_ms": "soon"})
    assert "'soon'" in problem


@pytest.mark.parametrize(
    "given",
    [
        "²",
        "1²",
        "１５００",
        "9" * 5000,
        "3600001",
        "-1500",
        " 1500",
        "1e4",
        float("nan"),
        float("inf"),
        3600001,
    ],
)
def test_a_checkout_timeout_that_is_not_ascii_digits_in_range_is_a_named_problem(given):
    # str.isdigit() takes '²' and full-width digits, which int() refuses or reads; a URL's value
    # may be thousands of digits: each is a problem named in one line, never an exception.
    settings, problem = parse_settings({"public_key": "pk", "sandbox": "true", "checkout_timeout_ms": given})
    assert settings is None
    assert "'checkout_timeout' must be a positive number of milliseconds (at most 3600000)" in problem
    assert len(problem) < 300


@pytest.mark.parametrize(("given", "ms"), [("3600000", 3_600_000), ("0001500", 1500), (1, 1), (2500.7, 2500)])
def test_a_checkout_timeout_within_the_rule_is_taken(given, ms):
    settings, problem = parse_settings({"public_key": "pk", "sandbox": "true", "checkout_timeout_ms": given})
    assert problem is None and settings.checkout_timeout_ms == ms
