"""GET and DELETE /_sandbox/requests: the request journal."""

from __future__ import annotations

import json
from datetime import datetime

import pytest

from backend_stub.sandbox.journal import PAGE_ENTRIES, Journal
from tests.api.hostile import raw_request, send_raw
from tests.conftest import DEMO_PRIVATE, DEMO_PUBLIC, OTHER_PUBLIC, bearer

BUTTON = "/checkout/button"
QUERY = {"amount": "5000", "currency": "EUR"}
MERCHANT_SITE = "http://localhost:8000"
PREFLIGHT = {
    "Origin": MERCHANT_SITE,
    "Access-Control-Request-Method": "GET",
    "Access-Control-Request-Headers": "authorization",
}


async def read_journal(api, **params: str) -> dict:
    response = await api.get("/_sandbox/requests", params=params)
    assert response.status == 200
    return await response.json()


async def test_entry_describes_the_request(api):
    await api.get(BUTTON, params=QUERY, headers=bearer(DEMO_PUBLIC, Origin=MERCHANT_SITE))
    journal = await read_journal(api)
    [entry] = journal["requests"]
    assert journal["last_seq"] == entry["seq"] == 1
    assert entry["method"] == "GET"
    assert entry["path"] == BUTTON
    assert entry["query"] == QUERY
    assert entry["query_string"] == "amount=5000&currency=EUR"
    assert (entry["status"], entry["outcome"], entry["fault"]) == (201, "answered", None)
    assert entry["key"] == {"merchant": "demo-shop", "kind": "public"}
    assert entry["origin"] == MERCHANT_SITE
    assert entry["duration_ms"] >= 0
    assert datetime.fromisoformat(entry["time"]).utcoffset() is not None


@pytest.mark.parametrize(
    ("headers", "status", "key"),
    [
        (bearer(DEMO_PRIVATE), 201, {"merchant": "demo-shop", "kind": "private"}),
        (bearer(OTHER_PUBLIC), 201, {"merchant": "other-shop", "kind": "public"}),
        (bearer("pk_test_nobody"), 401, None),
        ({}, 401, None),
    ],
)
async def test_key_names_its_owner_never_itself(api, headers, status, key):
    await api.get(BUTTON, params=QUERY, headers=headers)
    [entry] = (await read_journal(api))["requests"]
    assert (entry["status"], entry["key"]) == (status, key)
    assert "_test_" not in str(entry)


async def test_final_status_of_errors_and_unknown_paths(api):
    await api.get("/nowhere")
    await api.get(BUTTON, params={"amount": "12.50", "currency": "EUR"}, headers=bearer(DEMO_PUBLIC))
    entries = (await read_journal(api))["requests"]
    assert [(entry["path"], entry["status"]) for entry in entries] == [("/nowhere", 404), (BUTTON, 400)]


async def test_control_requests_are_not_recorded(api):
    await api.get("/_sandbox/health")
    await read_journal(api)
    assert await read_journal(api) == {"requests": [], "last_seq": 0, "next_since": None}


async def test_preflights_are_options_requests_and_counts_by_method_are_exact(api):
    await api.options(BUTTON, headers=PREFLIGHT)
    for _ in range(2):
        await api.get(BUTTON, params=QUERY, headers=bearer(DEMO_PUBLIC, Origin=MERCHANT_SITE))
    gets = (await read_journal(api, method="GET", path=BUTTON))["requests"]
    [preflight] = (await read_journal(api, method="options"))["requests"]
    assert [entry["seq"] for entry in gets] == [2, 3]
    assert (preflight["seq"], preflight["status"], preflight["key"]) == (1, 204, None)
    assert preflight["origin"] == MERCHANT_SITE


async def test_path_filter_is_exact_unless_any_version(api):
    for path in (BUTTON, "/v1" + BUTTON, BUTTON + "/more"):
        await api.get(path, params=QUERY, headers=bearer(DEMO_PUBLIC))

    async def paths(**params: str) -> list[str]:
        return [entry["path"] for entry in (await read_journal(api, **params))["requests"]]

    assert await paths(path=BUTTON) == [BUTTON]
    assert await paths(path="/v1" + BUTTON) == ["/v1" + BUTTON]
    assert await paths(path=BUTTON, any_version="true") == [BUTTON, "/v1" + BUTTON]
    assert await paths(path="/v1" + BUTTON, any_version="true") == [BUTTON, "/v1" + BUTTON]


async def test_since_reads_only_what_happened_after_a_mark(api):
    await api.get(BUTTON, params=QUERY, headers=bearer(DEMO_PUBLIC))
    mark = (await read_journal(api))["last_seq"]
    for _ in range(2):
        await api.get(BUTTON, params=QUERY, headers=bearer(DEMO_PUBLIC))
    entries = (await read_journal(api, since=str(mark)))["requests"]
    assert [entry["seq"] for entry in entries] == [mark + 1, mark + 2]


async def test_clear_and_reset_empty_it_while_numbering_goes_on(api):
    await api.get(BUTTON, params=QUERY, headers=bearer(DEMO_PUBLIC))
    cleared = await api.delete("/_sandbox/requests")
    assert await cleared.json() == {"requests": [], "last_seq": 1, "next_since": None}
    await api.get(BUTTON, params=QUERY, headers=bearer(DEMO_PUBLIC))
    assert [entry["seq"] for entry in (await read_journal(api))["requests"]] == [2]
    assert (await api.post("/_sandbox/reset")).status == 200
    assert await read_journal(api) == {"requests": [], "last_seq": 2, "next_since": None}


async def test_repeated_query_parameters_are_listed(api):
    await api.get(BUTTON + "?amount=1&amount=2&currency=EUR", headers=bearer(DEMO_PUBLIC))
    [entry] = (await read_journal(api))["requests"]
    assert entry["query"] == {"amount": ["1", "2"], "currency": "EUR"}


@pytest.mark.parametrize(
    ("params", "field"),
    [({"since": "abc"}, "since"), ({"any_version": "maybe"}, "any_version"), ({"path": "x"}, "path")],
)
async def test_bad_filter_is_400_naming_it(api, params, field):
    response = await api.get("/_sandbox/requests", params=params)
    assert response.status == 400
    assert list((await response.json())["error"]["fields"]) == [field]


def test_capacity_keeps_the_newest():
    journal = Journal(capacity=3)
    for _ in range(5):
        journal.open("GET", BUTTON, "", None, None)
    assert [entry.seq for entry in journal.select()] == [3, 4, 5]
    assert journal.last_seq == 5


async def test_a_header_that_is_not_utf8_is_journalled_as_strict_json(api):
    # aiohttp keeps such bytes as lone surrogates, which json.dumps wrote as "\udcff": strict
    # parsers (and UTF-8 itself) refuse them.
    origin = b"http://shop\xff\xfe.example"
    await send_raw(
        api.server.port, raw_request("GET", BUTTON + "?amount=5000&currency=EUR", b"Origin: " + origin)
    )
    response = await api.get("/_sandbox/requests")
    body = await response.read()
    assert b"\\ud" not in body.lower()
    [entry] = json.loads(body.decode("utf-8", errors="strict"))["requests"]
    assert entry["origin"] == "http://shop\ufffd\ufffd.example"


async def test_a_long_journal_is_read_a_page_at_a_time(api):
    for _ in range(PAGE_ENTRIES + 5):
        await api.get("/nowhere")
    first = await read_journal(api)
    assert len(first["requests"]) == PAGE_ENTRIES
    assert first["next_since"] == first["requests"][-1]["seq"]
    rest = await read_journal(api, since=str(first["next_since"]))
    assert [entry["seq"] for entry in rest["requests"]] == list(range(PAGE_ENTRIES + 1, PAGE_ENTRIES + 6))
    assert rest["next_since"] is None and rest["last_seq"] == PAGE_ENTRIES + 5


def test_an_entry_s_query_is_read_as_parse_qsl_reads_it():
    journal = Journal()
    query = "a&a=1&b=%E2%82%AC+x&%FF=%zz&&c=d=e&a"
    journal.open("GET", "/x", query, None, None)
    [entry] = journal.select()
    assert entry.describe()["query"] == {"a": ["", "1", ""], "b": "€ x", "\ufffd": "%zz", "c": "d=e"}
