"""GET /checkout/plans: each product's availability, limits, plans by the plan rule at the
merchant's rates, and texts; each product through its button check's whole pipeline."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from decimal import Decimal

import aiohttp
import pytest

from backend_stub.config import Config
from backend_stub.domain.schedules import schedule
from tests.conftest import DEMO_PRIVATE, DEMO_PUBLIC, OTHER_PUBLIC, bearer, demo_limits

PLANS = "/checkout/plans"
BUTTON = "/checkout/button"
LIMITS = demo_limits()
LIMIT = 3  # the key's concurrency limit in this module's server


@pytest.fixture
def server_config() -> Config:
    return Config(db=":memory:", concurrency_limit=LIMIT)


async def plans(api, key: str = DEMO_PUBLIC, path: str = PLANS, headers: dict | None = None, **query: str):
    query.setdefault("currency", "EUR")
    return await api.get(path, params=query, headers=bearer(key, **(headers or {})))


async def plans_json(api, key: str = DEMO_PUBLIC, **query: str) -> dict:
    response = await plans(api, key, **query)
    assert response.status == 200, await response.text()
    return await response.json()


async def journal(api) -> list[dict]:
    return (await (await api.get("/_sandbox/requests")).json())["requests"]


def by_type(answer: dict) -> dict[str, dict]:
    return {product["type"]: product for product in answer["products"]}


async def test_every_product_of_the_merchant_with_its_plans_at_0_percent(api):
    answer = await plans_json(api, amount="27500")
    assert (answer["amount"], answer["currency"], answer["locale"]) == (27500, "EUR", "en")
    products = by_type(answer)
    assert list(products) == ["instalments", "pay_later", "pay_in_4"]
    instalments = products["instalments"]
    assert (instalments["available"], instalments["reason"]) == (True, None)
    assert instalments["limits"] == {"min_amount": 5000, "max_amount": 300000}
    assert instalments["texts"]["short"] == "From €22.91 a month"
    twelve = instalments["plans"][-1]
    assert [plan["count"] for plan in instalments["plans"]] == [3, 6, 12]
    assert twelve["payments"] == [2291] * 11 + [2299]
    assert (twelve["tin"], twelve["tae"], twelve["interest"], twelve["total"]) == ("0.00", "0.00", 0, 27500)
    assert twelve["interval"] == {"count": 1, "unit": "months"}
    assert products["pay_later"]["plans"][0]["interval"] is None  # one payment: nothing between
    assert products["pay_in_4"]["plans"][0]["interval"] == {"count": 2, "unit": "weeks"}
    assert products["pay_in_4"]["texts"]["short"] == "4 payments of €68.75 every 2 weeks"


async def test_other_shop_charges_its_rates_on_6_and_12_months(api):
    instalments = by_type(await plans_json(api, OTHER_PUBLIC, amount="100000"))["instalments"]
    figures = [(p["count"], p["tin"], p["tae"], p["interest"], p["total"]) for p in instalments["plans"]]
    assert figures == [
        (3, "0.00", "0.00", 0, 100000),
        (6, "9.95", "10.42", 2922, 102922),
        (12, "12.50", "13.24", 6899, 106899),
    ]
    assert instalments["plans"][2]["payments"] == [8908] * 11 + [8911]
    assert instalments["texts"] == {
        "short": "From €89.08 a month",
        "long": "From €89.08 a month over 12 payments (the last €89.11). 13.24% APR, nominal rate 12.5%,"
        " interest €68.99, total to pay €1,068.99.",
        "example": "Representative example: €1,000.00 in 12 payments of €89.08 a month (the last €89.11),"
        " fixed nominal rate 12.5%, APR 13.24%, interest €68.99, total to pay €1,068.99.",
    }


async def test_the_plans_are_the_plan_rule_s_with_their_first_due_dates(api):
    before = datetime.now(UTC).date()
    answer = by_type(await plans_json(api, OTHER_PUBLIC, amount="76000"))
    days = {before, datetime.now(UTC).date()}  # a request across midnight UTC may see either day
    tins = {6: Decimal("9.95"), 12: Decimal("12.5")}
    for product_type, product in answer.items():
        for plan in product["plans"]:
            tin = tins.get(plan["count"], Decimal(0)) if product_type == "instalments" else Decimal(0)
            rule = schedule(product_type, 76000, plan["count"], tin=tin)
            assert plan["payments"] == list(rule.payments) and plan["total"] == rule.total
            assert plan["first_due"] in {rule.dates(day)[0].isoformat() for day in days}


@pytest.mark.parametrize(
    ("amount", "product_type", "currency", "reason"),
    [
        (LIMITS["pay_in_4"][0] - 1, "pay_in_4", "EUR", "below_minimum"),
        (LIMITS["pay_later"][1] + 1, "pay_later", "EUR", "above_maximum"),
        (10000, "instalments", "USD", "currency_not_offered"),
    ],
)
async def test_an_unavailable_product_says_why_and_offers_nothing(
    api, amount, product_type, currency, reason
):
    answer = await plans_json(api, amount=str(amount), currency=currency, **{"product[type]": product_type})
    [product] = answer["products"]
    assert (product["type"], product["available"], product["reason"]) == (product_type, False, reason)
    assert (product["texts"], product["plans"]) == (None, [])
    low, high = LIMITS[product_type]
    assert product["limits"] == (None if currency == "USD" else {"min_amount": low, "max_amount": high})
    button = await api.get(
        BUTTON,
        params={"amount": str(amount), "currency": currency, "product[type]": product_type},
        headers=bearer(DEMO_PUBLIC),
    )
    assert button.status == 403  # what the button check says, the plans say


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"currency": "EUR"}, "amount"),
        ({"amount": "12.50"}, "amount"),
        ({"amount": "5000", "currency": "eur"}, "currency"),
        ({"amount": "5000", "product[type]": "pay_in_12"}, "product[type]"),
        ({"amount": "5000", "product[type]": ""}, "product[type]"),
        ({"amount": "5000", "locale": "1"}, "locale"),
        ({"amount": "5000", "locale": "es--ES"}, "locale"),
        ({"amount": "5000", "locale": "<script>"}, "locale"),
        ({"amount": "5000", "locale": "e" * 40}, "locale"),
    ],
)
async def test_bad_input_is_a_400_naming_the_field(api, query, field):
    response = await api.get(PLANS, params={"currency": "EUR", **query}, headers=bearer(DEMO_PUBLIC))
    assert response.status == 400
    body = await response.json()
    assert body["error"]["type"] == "ApiValidationException"
    assert list(body["error"]["fields"]) == [field]
    assert await journal(api) and all(entry["path"] == PLANS for entry in await journal(api))  # no check made


@pytest.mark.parametrize("locale", ["xx-YY", "nl-BE", "en-US", "en_GB", "zh-Hant-TW"])
async def test_a_well_formed_locale_the_service_lacks_gets_english(api, locale):
    answer = await plans_json(api, amount="27500", locale=locale, **{"product[type]": "pay_in_4"})
    assert answer["locale"] == "en"
    assert answer["products"][0]["texts"]["short"] == "4 payments of €68.75 every 2 weeks"


async def test_each_product_is_its_button_check_in_the_journal(api):
    await plans_json(api, amount="27500", headers=None)
    entries = await journal(api)
    assert [(entry["path"], entry["query"].get("product[type]"), entry["status"]) for entry in entries] == [
        (PLANS, None, 200),
        (BUTTON, None, 201),
        (BUTTON, "pay_later", 201),
        (BUTTON, "pay_in_4", 201),
    ]
    assert {entry["key"]["kind"] for entry in entries} == {"public"}


async def test_the_private_key_reads_the_plans_too_and_under_v1_in_xml(api):
    response = await plans(
        api,
        DEMO_PRIVATE,
        "/v1" + PLANS,
        {"Accept": "application/xml"},
        amount="5000",
        **{"product[type]": "pay_later"},
    )
    assert response.status == 200
    assert response.headers["X-Service-Media-Type"] == "service.v1"
    text = await response.text()
    assert "<type>pay_later</type><name>Pay in 15 days</name><available>true</available>" in text
    assert [entry["path"] for entry in await journal(api)] == ["/v1" + PLANS, "/v1" + BUTTON]


async def test_an_unknown_key_is_401_and_nothing_is_checked(api):
    response = await plans(api, "pk_test_nobody", amount="5000")
    assert response.status == 401
    assert [entry["path"] for entry in await journal(api)] == [PLANS]


async def test_maintenance_answers_503(api):
    await api.post("/_sandbox/maintenance", json={"enabled": True})
    response = await plans(api, amount="5000")
    assert response.status == 503
    assert (await response.json())["error"]["type"] == "ServiceUnavailableException"


async def test_a_fault_on_a_product_s_check_is_the_plans_answer(api):
    fault = {"match": {"path": BUTTON}, "status": 500, "times": 1}
    assert (await api.post("/_sandbox/faults", json=fault)).status == 201
    response = await plans(api, amount="5000", headers={"Origin": "http://localhost:8000"})
    assert response.status == 500
    assert response.headers["Access-Control-Allow-Origin"] == "*"
    assert (await response.json())["error"]["type"] == "InternalServerErrorException"
    assert (await plans(api, amount="5000")).status == 200  # the fault is used up


async def test_a_fault_on_the_plans_themselves(api):
    fault = {"match": {"path": PLANS}, "status": 429, "times": 1}
    assert (await api.post("/_sandbox/faults", json=fault)).status == 201
    assert (await plans(api, amount="5000")).status == 429
    assert [entry["path"] for entry in await journal(api)] == [PLANS]


async def test_a_dropped_check_drops_the_plans_connection(api):
    fault = {"match": {"path": BUTTON}, "drop": True, "times": 1}
    assert (await api.post("/_sandbox/faults", json=fault)).status == 201
    with pytest.raises((aiohttp.ServerDisconnectedError, aiohttp.ClientPayloadError)):
        await plans(api, amount="5000", **{"product[type]": "pay_later"})
    outcomes = [(entry["path"], entry["outcome"]) for entry in await journal(api)]
    assert outcomes == [(PLANS, "dropped"), (BUTTON, "dropped")]


async def test_the_request_holds_one_place_of_the_key_s_limit(api):
    """Its checks share its place: with the limit full, the plans are refused as a check would be."""
    fault = {"match": {"path": BUTTON}, "delay_ms": 600_000, "times": LIMIT}
    assert (await api.post("/_sandbox/faults", json=fault)).status == 201
    held = [
        asyncio.create_task(
            api.get(BUTTON, params={"amount": "5000", "currency": "EUR"}, headers=bearer(DEMO_PUBLIC))
        )
        for _ in range(LIMIT)
    ]
    while (await (await api.get("/_sandbox/limits")).json())["in_flight"] < LIMIT:
        pass  # each look at the limits lets the held requests reach it
    refused = await plans(api, amount="5000")
    assert refused.status == 429 and refused.headers["Retry-After"] == "1"
    assert (await api.delete("/_sandbox/faults")).status == 200
    assert [response.status for response in await asyncio.gather(*held)] == [201] * LIMIT
    # Three products, three checks, one place: a limit of 3 is not used up by one request.
    assert len((await plans_json(api, amount="5000"))["products"]) == 3
    assert (await (await api.get("/_sandbox/limits")).json())["in_flight"] == 0


@pytest.mark.parametrize("locale", ["es", "es-ES", "es_ES", "ES"])
async def test_spanish_with_or_without_a_region(api, locale):
    answer = await plans_json(api, amount="27500", locale=locale, **{"product[type]": "instalments"})
    [product] = answer["products"]
    assert answer["locale"] == "es"
    assert product["name"] == "Pago a plazos"
    assert product["texts"]["short"] == "Desde 22,91\xa0€ al mes"
    assert product["plans"][0]["texts"]["short"] == "3 pagos de 91,66\xa0€ al mes"
