"""backend_stub.domain.filters: query parameters to typed conditions, and the errors."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from backend_stub.domain.errors import Invalid
from backend_stub.domain.filters import LOOKUPS, Condition, FieldType, parse_filters

FIELDS = {"name": FieldType.TEXT, "total": FieldType.NUMBER, "created": FieldType.DATE}


def _one(param: str, value: str) -> Condition:
    (condition,) = parse_filters([(param, value)], FIELDS)
    return condition


def _error(params: list[tuple[str, str]]) -> dict[str, list[str]]:
    with pytest.raises(Invalid) as caught:
        parse_filters(params, FIELDS)
    return caught.value.fields


def test_no_lookup_means_exact():
    assert _one("name", "Shoes") == Condition("name", "name", FieldType.TEXT, "exact", "Shoes")


def test_page_is_not_a_filter():
    assert parse_filters([("page", "2")], FIELDS) == []


def test_every_parameter_is_a_condition_in_order():
    conditions = parse_filters([("total-gte", "5"), ("total-gte", "7"), ("name-icontains", "x")], FIELDS)
    assert [(c.param, c.value) for c in conditions] == [
        ("total-gte", 5),
        ("total-gte", 7),
        ("name-icontains", "x"),
    ]


def test_lookups_per_type():
    assert "icontains" in LOOKUPS[FieldType.TEXT] and "gt" not in LOOKUPS[FieldType.TEXT]
    assert "gt" in LOOKUPS[FieldType.NUMBER] and "contains" not in LOOKUPS[FieldType.NUMBER]
    assert "week_day" in LOOKUPS[FieldType.DATE] and "in" not in LOOKUPS[FieldType.DATE]
    assert all("isnull" in lookups for lookups in LOOKUPS.values())


@pytest.mark.parametrize(
    ("param", "value", "expected"),
    [
        ("total", "-12", -12),
        ("total-in", "1,2,3", (1, 2, 3)),
        ("name-in", "a,,b", ("a", "", "b")),
        ("name-search", "Blue, SHOES!", ("blue", "shoes")),
        ("name-isnull", "yes", True),
        ("name-isnull", "no", False),
        ("name-regex", r"^\d+$", r"^\d+$"),
        ("created-year", "2026", 2026),
        ("created-month", "02", 2),
        ("created-hour", "0", 0),
        ("created-week_day", "Monday", 0),
        ("created-week_day", "sunday", 6),
    ],
)
def test_values_are_typed(param, value, expected):
    assert _one(param, value).value == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("2026-11-23T10:00:00+02:00", datetime(2026, 11, 23, 8, tzinfo=UTC)),
        ("2026-11-23T10:00:00Z", datetime(2026, 11, 23, 10, tzinfo=UTC)),
        ("2026-11-23T10:00:00", datetime(2026, 11, 23, 10, tzinfo=UTC)),  # no offset: UTC
        ("2026-11-23", datetime(2026, 11, 23, tzinfo=UTC)),
        ("2026-11-23T10:00:00.5-01:00", datetime(2026, 11, 23, 11, 0, 0, 500000, tzinfo=UTC)),
        ("2026-11-23T10:00:00 02:00", datetime(2026, 11, 23, 8, tzinfo=UTC)),  # '+' decoded as space
    ],
)
def test_timestamps_are_utc(value, expected):
    assert _one("created-gte", value).value == expected


@pytest.mark.parametrize(
    ("param", "value", "says"),
    [
        ("colour", "x", "Unknown filter field"),
        ("name-gt", "x", "Unknown lookup"),
        ("name-", "x", "Unknown lookup"),
        ("total", "1.5", "integer"),
        ("total", "", "integer"),
        ("total-in", "1,,2", "integer"),
        ("created", "23/11/2026", "ISO 8601"),
        ("created-year", "0", "from 1 to 9999"),
        ("created-year", "99999", "from 1 to 9999"),
        ("created-day", "٣", "from 1 to 31"),  # a non-ASCII digit
        ("created-week_day", "mon", "day name"),
        ("name-isnull", "Yes", "yes or no"),
        ("name-iregex", "(?P<", "regular expression"),
        ("name-search", "  ", "at least one word"),
    ],
)
def test_bad_parameters_are_named(param, value, says):
    fields = _error([(param, value)])
    assert list(fields) == [param]
    assert says in fields[param][0]


def test_all_bad_parameters_are_named_at_once():
    assert set(_error([("colour", "x"), ("total", "y"), ("name", "fine")])) == {"colour", "total"}
