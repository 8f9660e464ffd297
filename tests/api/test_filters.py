"""Filters on GET /orders: every lookup on every field type, alone and combined, against an oracle.

The oracle is plain Python over the rows the test seeded (their input values, parsed here), with
the Django meanings of the lookups; it shares no code with the server's filters.
"""

from __future__ import annotations

import operator
import re
import xml.etree.ElementTree as ET
from datetime import UTC, datetime

import pytest

from tests.api.lists import all_results
from tests.api.seeding import config_without_orders, seed
from tests.conftest import DEMO_PRIVATE, OTHER_PRIVATE, bearer


def _order(id, name, total, status, created, confirmed=None):
    return {
        "id": id,
        "name": name,
        "total_amount": total,
        "status": status,
        "created": created,
        "confirmed": confirmed,
    }


# Offsets vary on purpose: date lookups work in UTC, so some orders fall on another UTC day/year.
ORDERS = [
    _order(
        "A-100",
        "Blue shoes",
        1250,
        "confirmed",
        "2026-11-23T10:00:00.123456+00:00",
        "2026-11-23T10:05:00+00:00",
    ),
    _order("a-101", "blue Shoes deluxe", 5000, "pending", "2026-11-22T23:30:00+00:00"),
    _order("B-200", "Red HAT", 99999, "denied", "2025-02-28T08:00:00+00:00"),
    # 2025-12-31T20:30 UTC, a Wednesday.
    _order(
        "b_201", "Straße Bag", 300000, "confirmed", "2026-01-01T01:30:00+05:00", "2026-01-01T02:00:00+05:00"
    ),
    _order("ord.5", "STRASSE map", 1, "canceled", "2024-02-29T12:00:00Z"),
    # 2026-03-15T03:00 UTC, a Sunday.
    _order("x1", "Café crème", 777, "confirmed", "2026-03-15T00:00:00-03:00", "2026-03-16T12:00:00+00:00"),
    _order("X2", "naïve lamp", 1000, "pending", "2026-07-04T15:59:59.999999+00:00"),
    # Same created as A-100: the id orders them.
    _order(
        "café-1",
        "order_42 special",
        42,
        "canceled",
        "2026-11-23T10:00:00.123456+00:00",
        "2026-11-23T11:00:00+00:00",
    ),
    _order(
        "Bluebird", "Bluebird", 1250, "confirmed", "2025-12-31T23:59:59+00:00", "2026-01-01T00:00:00+00:00"
    ),
    _order("shoe-horn", "shoe-horn", 2500, "denied", "2026-05-05T05:05:05+00:00"),
    # 2026-05-07T00:00 UTC, a Thursday.
    _order(
        "green.coat",
        "Green coat",
        15000,
        "confirmed",
        "2026-05-06T22:00:00-02:00",
        "2026-05-07T09:30:00+00:00",
    ),
    _order("g2", "coat (green) + hat", 14999, "pending", "2026-11-20T09:00:00+01:00"),
    # Characters that LIKE and GLOB treat specially.
    _order("dots", "a.b*c?d[e]", 3, "pending", "2026-02-10T10:10:10+00:00"),
    _order(
        "pct",
        "100% cotton_shirt",
        4500,
        "confirmed",
        "2026-02-11T21:00:00+00:00",
        "2026-02-12T08:00:00+00:00",
    ),
    _order("İ-1", "İstanbul ǅemal", 60000, "denied", "2026-08-09T18:00:00+00:00"),
    *(
        _order(f"bulk-{n:02d}", f"Bulk order {n}", 100 * n, "pending", f"2026-10-{n:02d}T12:00:00+00:00")
        for n in range(1, 11)
    ),
]

TYPES = {
    "id": "text",
    "name": "text",
    "status": "text",
    "total_amount": "number",
    "created": "date",
    "confirmed": "date",
}
COMPARE = {"exact": operator.eq, "gt": operator.gt, "gte": operator.ge, "lt": operator.lt, "lte": operator.le}


def _moment(text: str) -> datetime:
    moment = datetime.fromisoformat(text)
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _text_matches(actual: str, lookup: str, value: str) -> bool:
    folded, wanted = actual.casefold(), value.casefold()
    return {
        "exact": lambda: actual == value,
        "iexact": lambda: folded == wanted,
        "contains": lambda: value in actual,
        "icontains": lambda: wanted in folded,
        "startswith": lambda: actual.startswith(value),
        "istartswith": lambda: folded.startswith(wanted),
        "endswith": lambda: actual.endswith(value),
        "iendswith": lambda: folded.endswith(wanted),
        "regex": lambda: re.search(value, actual) is not None,
        "iregex": lambda: re.search(value, actual, re.IGNORECASE) is not None,
        "in": lambda: actual in value.split(","),
        "search": lambda: set(re.findall(r"\w+", wanted)) <= set(re.findall(r"\w+", folded)),
    }[lookup]()


def _date_matches(actual: datetime, lookup: str, value: str) -> bool:
    parts = {"year": actual.year, "month": actual.month, "day": actual.day, "hour": actual.hour}
    if lookup in parts:
        return parts[lookup] == int(value)
    if lookup == "week_day":
        return actual.strftime("%A").lower() == value.lower()
    return COMPARE[lookup](actual, _moment(value))


def _matches(order: dict, param: str, value: str) -> bool:
    field, _, lookup = param.partition("-")
    lookup = lookup or "exact"
    actual = order[field]
    if lookup == "isnull":
        return (actual is None) == (value == "yes")
    if actual is None:
        return False
    kind = TYPES[field]
    if kind == "text":
        return _text_matches(actual, lookup, value)
    if kind == "number":
        if lookup == "in":
            return actual in [int(item) for item in value.split(",")]
        return COMPARE[lookup](actual, int(value))
    return _date_matches(_moment(actual), lookup, value)


def oracle(params: list[tuple[str, str]]) -> set[str]:
    """Ids of the seeded orders matching every parameter."""
    return {order["id"] for order in ORDERS if all(_matches(order, p, v) for p, v in params)}


@pytest.fixture
def server_config(tmp_path):
    return config_without_orders(tmp_path)


@pytest.fixture
async def seeded(api):
    await seed(api, ORDERS)
    return api


# lookup -> field -> values: every text lookup on each text field, with values that split the rows.
TEXT_CASES = {
    "exact": {"name": ["Blue shoes", "blue shoes"], "id": ["A-100", "a-100"], "status": ["confirmed"]},
    "iexact": {"name": ["BLUE SHOES", "STRASSE BAG"], "id": ["a-100", "i̇-1"], "status": ["CONFIRMED"]},
    "contains": {"name": ["shoes", "Shoes", "%", "_", "é", "."], "id": ["-1", "B"], "status": ["ed"]},
    "icontains": {"name": ["SHOES", "straße", "É", "İ"], "id": ["A-1", "b"], "status": ["NDI"]},
    "startswith": {"name": ["Blue", "blue", "a.b*", "İ"], "id": ["b", "B"], "status": ["c"]},
    "istartswith": {"name": ["BLUE", "İSTANBUL"], "id": ["b", "x"], "status": ["P"]},
    "endswith": {"name": ["HAT", "hat", "[e]"], "id": ["1", "0"], "status": ["ed"]},
    "iendswith": {"name": ["HAT", "SHIRT"], "id": ["x2", "D"], "status": ["ED"]},
    "regex": {"name": ["^[A-Z]", "o{2}", r"\[", r"\d+"], "id": [r"^[a-z]\d$", r"-\d{3}$"], "status": ["ed$"]},
    "iregex": {"name": ["^blue", "HAT$"], "id": [r"^x\d$"], "status": ["CONF"]},
    "in": {"name": ["Blue shoes,Red HAT,nothing"], "id": ["x1,X2,nope", ","], "status": ["pending,denied"]},
    "search": {
        "name": ["shoes", "SHOES blue", "green", "hat", "42", "bulk order 7", "cotton"],
        "id": ["coat", "A"],
        "status": ["pending"],
    },
    "isnull": {"name": ["no"], "id": ["yes"], "status": ["no"]},
}


def _text_params():
    for lookup, by_field in TEXT_CASES.items():
        for field, values in by_field.items():
            for value in values:
                yield [(f"{field}-{lookup}", value)]


NUMBER_CASES = [
    [("total_amount", "1250")],
    [("total_amount-exact", "-5")],
    [("total_amount-gt", "1250")],
    [("total_amount-gte", "1250")],
    [("total_amount-lt", "1000")],
    [("total_amount-lte", "1000")],
    [("total_amount-in", "1,42,1250")],
    [("total_amount-isnull", "no")],
    [("total_amount-isnull", "yes")],
]

DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
DATE_CASES = [
    [("created", "2026-11-23T10:00:00.123456+00:00")],
    [("created-exact", "2026-11-23T11:00:00.123456+01:00")],
    [("created-gt", "2026-01-01")],
    [("created-gte", "2025-12-31T20:30:00+00:00")],
    [("created-lt", "2026-01-01T00:00:00Z")],
    [("created-lte", "2026-01-01T01:30:00+05:00")],
    [("created-year", "2024")],
    [("created-year", "2025")],
    [("created-year", "2026")],
    [("created-month", "2")],
    [("created-month", "11")],
    [("created-day", "31")],
    [("created-day", "29")],
    [("created-day", "7")],
    [("created-hour", "0")],
    [("created-hour", "3")],
    [("created-hour", "10")],
    [("created-hour", "23")],
    *([("created-week_day", day)] for day in DAYS),
    [("created-week_day", "Monday")],
    [("created-isnull", "no")],
    [("created-isnull", "yes")],
    [("confirmed", "2026-11-23T10:05:00+00:00")],
    [("confirmed-gt", "2026-01-01T00:00:00+00:00")],
    [("confirmed-gte", "2026-01-01T00:00:00+00:00")],
    [("confirmed-lt", "2026-02-12T08:00:00")],
    [("confirmed-lte", "2026-02-12T08:00:00")],
    [("confirmed-year", "2026")],
    [("confirmed-month", "1")],
    [("confirmed-day", "31")],
    [("confirmed-hour", "21")],
    *([("confirmed-week_day", day)] for day in DAYS),
    [("confirmed-isnull", "yes")],
    [("confirmed-isnull", "no")],
]

COMBINED_CASES = [
    [("id-startswith", "b"), ("id-endswith", "1")],
    [("name-icontains", "blue"), ("status", "confirmed")],
    [("total_amount-gte", "1000"), ("total_amount-lte", "15000"), ("created-year", "2026")],
    [("confirmed-isnull", "no"), ("name-search", "coat")],
    [("status-in", "pending,denied"), ("created-gte", "2026-01-01"), ("name-contains", "o")],
    [("total_amount-gt", "100"), ("total_amount-gt", "2000")],
    [("name-iregex", "^b"), ("created-week_day", "sunday"), ("total_amount-lt", "100000")],
    [
        ("confirmed-gte", "2026-01-01"),
        ("confirmed-lt", "2026-06-01"),
        ("status", "confirmed"),
        ("id-contains", "e"),
    ],
    [("created-month", "10"), ("created-day", "5"), ("created-hour", "12")],
]


@pytest.mark.parametrize(
    "params",
    [*_text_params(), *NUMBER_CASES, *DATE_CASES, *COMBINED_CASES],
    ids=lambda p: "&".join(map("=".join, p)),
)
async def test_filter_matches_oracle(seeded, params):
    results = await all_results(seeded, "/orders", params)
    assert {order["id"] for order in results} == oracle(params)


def test_cases_are_not_trivial():
    """Most cases select some but not all orders, so a broken lookup cannot pass unnoticed."""
    cases = [*_text_params(), *NUMBER_CASES, *DATE_CASES, *COMBINED_CASES]
    partial = [case for case in cases if 0 < len(oracle(case)) < len(ORDERS)]
    assert len(partial) > 0.75 * len(cases)


async def test_an_unencoded_plus_in_an_offset_still_means_plus(seeded):
    # "+05:00" sent without encoding arrives as " 05:00".
    response = await seeded.get("/orders?created-lte=2026-01-01T01:30:00+05:00", headers=bearer(DEMO_PRIVATE))
    ids = {order["id"] for order in (await response.json())["results"]}
    assert ids == oracle([("created-lte", "2026-01-01T01:30:00+05:00")])


async def test_filters_never_reach_other_merchants_orders(seeded):
    results = await all_results(seeded, "/orders", {"name-icontains": "o"}, key=OTHER_PRIVATE)
    assert results == []


@pytest.mark.parametrize(
    ("param", "value"),
    [
        ("colour", "blue"),  # unknown field
        ("currency", "EUR"),  # a field of orders that is not filterable
        ("name-foo", "x"),  # unknown lookup
        ("name-gt", "a"),  # range lookup on text
        ("name-year", "2026"),  # date lookup on text
        ("total_amount-contains", "1"),  # text lookup on a number
        ("total_amount-year", "2026"),
        ("created-contains", "2026"),  # text lookup on a date
        ("created-in", "2026-01-01"),
        ("name-exact-x", "a"),
        ("-exact", "a"),
        ("total_amount", "12.50"),  # unparsable values
        ("total_amount-gte", "abc"),
        ("total_amount-in", "1,x"),
        ("created-gte", "yesterday"),
        ("created", "2026-13-01"),
        ("created-year", "twenty"),
        ("created-month", "13"),
        ("created-month", "0"),
        ("created-day", "32"),
        ("created-hour", "24"),
        ("created-week_day", "funday"),
        ("created-week_day", "1"),
        ("confirmed-isnull", "maybe"),
        ("name-isnull", "true"),
        ("name-regex", "("),
        ("id-iregex", "[a-"),
        ("name-search", "!!!"),
    ],
)
async def test_bad_filter_is_400_naming_the_parameter(api, param, value):
    response = await api.get("/orders", params={param: value}, headers=bearer(DEMO_PRIVATE))
    assert response.status == 400
    error = (await response.json())["error"]
    assert error["type"] == "ApiValidationException"
    assert list(error["fields"]) == [param]


async def test_every_bad_parameter_is_named(api):
    params = {"colour": "x", "total_amount-gt": "y", "name-icontains": "fine"}
    response = await api.get("/orders", params=params, headers=bearer(DEMO_PRIVATE))
    assert response.status == 400
    assert set((await response.json())["error"]["fields"]) == {"colour", "total_amount-gt"}


async def test_bad_filter_in_xml_names_the_parameter(api):
    response = await api.get(
        "/v1/orders",
        params={"total_amount-gte": "abc"},
        headers=bearer(DEMO_PRIVATE, Accept="application/vnd.service.v1+xml"),
    )
    assert response.status == 400
    fields = ET.fromstring(await response.text()).find("error/fields")
    assert [child.get("name", child.tag) for child in fields] == ["total_amount-gte"]


async def test_page_is_not_a_filter(seeded):
    response = await seeded.get(
        "/orders", params={"page": "1", "status": "denied"}, headers=bearer(DEMO_PRIVATE)
    )
    assert response.status == 200
    assert (await response.json())["paging"]["count"] == len(oracle([("status", "denied")]))
