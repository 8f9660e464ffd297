"""``GET /sdk/first``: the loader's first answers, bounded, journalled and counted under the key's
concurrency limit like the checks they stand for (CONTRACT 2; docs/sdk.md, "How the SDK starts")."""

from __future__ import annotations

import asyncio
import json

import pytest

from backend_stub.config import Config
from backend_stub.sdk_rules.attributes import WATCHED
from backend_stub.web.first_answers import FIRST_ELEMENTS, FIRST_TRIPLES

BUTTON = "/checkout/button"
MERCHANT = {"Origin": "http://localhost:8000"}
LIMIT = 2


@pytest.fixture
def server_config() -> Config:
    return Config(db=":memory:", concurrency_limit=LIMIT)


def row(element_id: int, amount: int) -> list:
    """A loader's row for a button of ``amount`` EUR cents (instalments)."""
    values = {"data-service-button": "", "data-amount": str(amount), "data-currency": "EUR"}
    return [element_id, "BUTTON", *(values.get(name, False) for name in WATCHED)]


def query(rows: list, key: str = "pk_test_demo", **extra: str) -> dict[str, str]:
    return {"public-key": key, "sandbox": "true", "elements": json.dumps(rows), **extra}


async def first(api, params: dict[str, str]):
    response = await api.get("/sdk/first", params=params, headers=MERCHANT)
    assert response.status == 200
    return response, await response.json()


async def checks(api) -> list[dict]:
    entries = (await (await api.get("/_sandbox/requests")).json())["requests"]
    return [entry for entry in entries if entry["path"] == BUTTON]


async def test_a_page_reads_its_answers_without_a_preflight_and_nothing_caches_them(api):
    rows = [row(1, 5000), row(2, 10), row(3, 5000)]
    response, answers = await first(api, query(rows))
    assert response.headers["Access-Control-Allow-Origin"] == "*"
    assert response.headers["Cache-Control"] == "no-store"
    assert answers["taken"] == 3 and answers["elements"] == rows
    assert sorted(answers["answers"]) == [[10, "EUR", "instalments", 403], [5000, "EUR", "instalments", 201]]
    shown = [command for command in answers["commands"] if command["op"] == "show"]
    assert shown == [{"op": "show", "ids": [1, 3]}]
    assert len(await checks(api)) == 2, "one check per distinct triple, each journalled"


async def test_the_checks_are_part_of_the_request_s_journal_entry(api):
    await first(api, query([row(1, 5000), row(2, 10), row(3, 6000)]))
    entries = (await (await api.get("/_sandbox/requests")).json())["requests"]
    (request,) = [entry for entry in entries if entry["path"] == "/sdk/first"]
    assert request["part_of"] is None
    assert [entry["part_of"] for entry in entries if entry["path"] == BUTTON] == [request["seq"]] * 3


async def test_one_request_checks_at_most_its_bound_of_triples_and_says_how_many_rows_it_took(api):
    rows = [row(index + 1, 5000 + index) for index in range(FIRST_ELEMENTS + 10)]
    _, answers = await first(api, query(rows))
    assert answers["taken"] == FIRST_TRIPLES
    assert [element[0] for element in answers["elements"]] == list(range(1, FIRST_TRIPLES + 1))
    assert len(answers["answers"]) == FIRST_TRIPLES
    assert len(await checks(api)) == FIRST_TRIPLES


async def test_the_request_holds_one_place_of_the_keys_limit_and_past_it_every_check_is_429(api):
    fault = {"match": {"path": BUTTON}, "delay_ms": 600_000, "times": LIMIT}
    assert (await api.post("/_sandbox/faults", json=fault)).status == 201
    held = [
        asyncio.create_task(
            api.get(
                BUTTON,
                params={"amount": 5000, "currency": "EUR"},
                headers={"Authorization": "Bearer pk_test_demo", **MERCHANT},
            )
        )
        for _ in range(LIMIT)
    ]
    while (await (await api.get("/_sandbox/limits")).json())["in_flight"] < LIMIT:
        pass  # each look at the limits lets the held requests reach it
    _, answers = await first(api, query([row(1, 5000), row(2, 6000)]))
    assert [answer[3] for answer in answers["answers"]] == [429, 429]
    assert [command for command in answers["commands"] if command["op"] == "show"] == []
    assert (await api.delete("/_sandbox/faults")).status == 200
    assert [response.status for response in await asyncio.gather(*held)] == [201] * LIMIT
    _, answers = await first(api, query([row(1, 5000)]))
    assert [answer[3] for answer in answers["answers"]] == [201]
    assert (await (await api.get("/_sandbox/limits")).json())["in_flight"] == 0


@pytest.mark.parametrize(
    ("params", "code"),
    [
        ({"public-key": "sk_test_demo"}, "private_key"),
        ({"public-key": ""}, "invalid_settings"),
        ({"sandbox": "yes"}, "invalid_settings"),
        ({"checkout_timeout": "\u00b2"}, "invalid_settings"),
        ({"checkout_timeout": "9" * 5000}, "invalid_settings"),
    ],
)
async def test_settings_that_cannot_start_are_a_reason_not_an_error_page(api, params, code):
    _, answers = await first(api, {**query([row(1, 5000)]), **params})
    assert answers["failed"]["code"] == code
    assert answers["failed"]["message"].startswith("service SDK cannot start: ")
    assert answers["answers"] == [] and await checks(api) == []


@pytest.mark.parametrize("elements", ["[", "{}", "[[1]]", json.dumps([[True, "B"] + [False] * len(WATCHED)])])
async def test_element_data_that_is_not_rows_is_one_warning(api, elements):
    _, answers = await first(api, query([], elements=elements))
    assert [command["level"] for command in answers["commands"]] == ["warn"]
    assert answers["answers"] == []
