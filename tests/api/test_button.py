"""GET /checkout/button: availability, validation, versions and formats."""

from __future__ import annotations

import pytest

from tests.conftest import DEMO_PRIVATE, DEMO_PUBLIC, bearer, demo_limits

LIMITS = demo_limits()


def _query(amount, product_type=None, currency="EUR"):
    query = {"amount": str(amount), "currency": currency}
    if product_type != "instalments" and product_type is not None:
        query["product[type]"] = product_type
    return query


@pytest.mark.parametrize("product_type", list(LIMITS))
async def test_limits_are_inclusive(api, product_type):
    low, high = LIMITS[product_type]
    expected = {low - 1: 403, low: 201, high: 201, high + 1: 403}
    for amount, status in expected.items():
        response = await api.get(
            "/checkout/button", params=_query(amount, product_type), headers=bearer(DEMO_PUBLIC)
        )
        assert response.status == status, (product_type, amount)


async def test_available_answer_is_empty_object_with_media_type(api):
    response = await api.get("/checkout/button", params=_query(5000), headers=bearer(DEMO_PUBLIC))
    assert response.status == 201
    assert await response.json() == {}
    assert response.headers["X-Service-Media-Type"] == "service.v1"
    assert response.headers["Content-Type"] == "application/json; charset=utf-8"


async def test_unavailable_answer_is_forbidden_error(api):
    response = await api.get("/checkout/button", params=_query(10), headers=bearer(DEMO_PUBLIC))
    assert response.status == 403
    assert (await response.json())["error"]["type"] == "ForbiddenException"


async def test_other_currency_is_never_available(api):
    response = await api.get(
        "/checkout/button", params=_query(10000, currency="USD"), headers=bearer(DEMO_PUBLIC)
    )
    assert response.status == 403


async def test_private_key_may_check_too(api):
    response = await api.get("/checkout/button", params=_query(5000), headers=bearer(DEMO_PRIVATE))
    assert response.status == 201


async def test_path_version(api):
    response = await api.get("/v1/checkout/button", params=_query(5000), headers=bearer(DEMO_PUBLIC))
    assert response.status == 201
    assert response.headers["X-Service-Media-Type"] == "service.v1"


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"currency": "EUR"}, "amount"),
        ({"amount": "12.50", "currency": "EUR"}, "amount"),
        ({"amount": "-5", "currency": "EUR"}, "amount"),
        ({"amount": "abc", "currency": "EUR"}, "amount"),
        # A regular expression's "$" also matches before a final newline; the service must not.
        ({"amount": "5000\n", "currency": "EUR"}, "amount"),
        ({"amount": "５０００", "currency": "EUR"}, "amount"),  # full-width digits are not an amount
        ({"amount": "5000"}, "currency"),
        ({"amount": "5000", "currency": "euro"}, "currency"),
        ({"amount": "5000", "currency": "eur"}, "currency"),
        ({"amount": "5000", "currency": "EUR\n"}, "currency"),
        ({"amount": "5000", "currency": "ÉUR"}, "currency"),
        ({"amount": "5000", "currency": "EUR", "product[type]": "pay_in_12"}, "product[type]"),
        ({"amount": "5000", "currency": "EUR", "product[type]": ""}, "product[type]"),
    ],
)
async def test_bad_parameter_is_400_naming_it(api, query, field):
    response = await api.get("/checkout/button", params=query, headers=bearer(DEMO_PUBLIC))
    assert response.status == 400
    error = (await response.json())["error"]
    assert error["type"] == "ApiValidationException"
    assert error["message"] == "API validation error"
    assert list(error["fields"]) == [field]
    assert response.headers["X-Service-Media-Type"] == "service.v1"


async def test_missing_field_says_required(api):
    response = await api.get("/checkout/button", headers=bearer(DEMO_PUBLIC))
    fields = (await response.json())["error"]["fields"]
    assert fields == {"amount": ["This field is required."], "currency": ["This field is required."]}


@pytest.mark.parametrize(
    ("query", "field", "says"),
    [
        ("amount=60000&currency=EUR&product_type=pay_later", "product_type", "did you mean product[type]?"),
        ("amount=60000&currency=EUR&productType=pay_later", "productType", "did you mean product[type]?"),
        ("ammount=6000&currency=EUR", "ammount", "did you mean amount?"),
        ("amount=6000&currency=EUR&debug=1", "debug", "it takes amount, currency, product[type]."),
        ("amount=6000&amount=900000&currency=EUR", "amount", "Given twice"),
    ],
)
async def test_a_parameter_the_check_does_not_take_is_400_naming_it(api, query, field, says):
    # A misspelt product[type] was read as instalments, and 60000 checked against its limits.
    response = await api.get(f"/checkout/button?{query}", headers=bearer(DEMO_PUBLIC))
    assert response.status == 400
    messages = (await response.json())["error"]["fields"][field]
    assert says in messages[0]


@pytest.mark.parametrize(
    ("amount", "says"),
    [
        ("000000000012000", "Must have at most 14 digits: write 12000, without leading zeros."),
        ("000000000000000", "Must have at most 14 digits: write 0, without leading zeros."),
        ("10000000000001", "Must be at most 10000000000000."),
        ("99999999999999999999", "Must be at most 10000000000000."),
    ],
)
async def test_an_amount_the_rule_refuses_is_told_what_is_wrong_with_it(api, amount, says):
    response = await api.get(
        "/checkout/button", params={"amount": amount, "currency": "EUR"}, headers=bearer(DEMO_PUBLIC)
    )
    assert response.status == 400
    assert (await response.json())["error"]["fields"]["amount"] == [says]
