"""List filters as data: ``<field>-<lookup>=<value>`` query parameters, combined with AND.

Each list declares its fields and their types (``{"name": FieldType.TEXT, ...}``); each type
allows a set of lookups (:data:`LOOKUPS`); each lookup has a value parser (:data:`VALUE_PARSERS`).
Lookups keep their Django meanings: an ``i`` prefix means case-insensitive, so ``contains`` is
case-sensitive and ``icontains`` is not. Parsing turns the parameters into typed
:class:`Condition` objects; turning those into SQL is the storage's job.

Decisions where the document is silent:

- ``search`` splits the value into words; a row matches when every word of the value is a whole
  word of the field (case-insensitive), e.g. ``name-search=blue`` matches "Blue shoes" but not
  "Bluebird".
- ``week_day`` takes an English day name in any case (``monday`` ... ``sunday``).
- Timestamps may carry any offset and are compared in UTC; one without an offset is UTC, a date
  alone (``2026-11-23``) is its midnight UTC.
- ``isnull`` applies to every field; ``in`` to text and number fields.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import Enum

from .errors import FieldErrors
from .text import words
from .timestamps import parse_timestamp

__all__ = [
    "FieldType",
    "Condition",
    "LOOKUPS",
    "WEEK_DAYS",
    "DATE_PARTS",
    "COMPARISONS",
    "NOT_FILTERS",
    "SEPARATOR",
    "parse_filters",
]

SEPARATOR = "-"
# Query parameters that are never filters.
NOT_FILTERS = frozenset({"page"})
# Monday first, as datetime.weekday() counts.
WEEK_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
# The parts of a timestamp a lookup compares (in UTC), and the range of each.
DATE_PARTS = {"year": (1, 9999), "month": (1, 12), "day": (1, 31), "hour": (0, 23)}


class FieldType(Enum):
    """The kind of a filterable field; it decides which lookups apply."""

    TEXT = "text"
    NUMBER = "number"
    DATE = "date"


_TEXT_MATCHES = (
    "exact",
    "iexact",
    "contains",
    "icontains",
    "startswith",
    "istartswith",
    "endswith",
    "iendswith",
)
_RANGES = ("gt", "gte", "lt", "lte")
# The lookups whose value is one value of the field's type (text, integer, timestamp).
COMPARISONS = _TEXT_MATCHES + _RANGES

_TEXT_LOOKUPS = (*_TEXT_MATCHES, "regex", "iregex", "in", "search", "isnull")
_NUMBER_LOOKUPS = ("exact", *_RANGES, "in", "isnull")
_DATE_LOOKUPS = ("exact", *_RANGES, *DATE_PARTS, "week_day", "isnull")

LOOKUPS: dict[FieldType, tuple[str, ...]] = {
    FieldType.TEXT: _TEXT_LOOKUPS,
    FieldType.NUMBER: _NUMBER_LOOKUPS,
    FieldType.DATE: _DATE_LOOKUPS,
}


@dataclass(frozen=True, slots=True)
class Condition:
    """One parsed filter: ``param`` is the query parameter it came from, ``value`` is typed
    (str, int, aware UTC datetime, bool, a tuple of those, or a tuple of words for ``search``)."""

    param: str
    field: str
    type: FieldType
    lookup: str
    value: object


# --- value parsers: (raw text, field type) -> typed value; ValueError carries the message ----

_INTEGER = re.compile(r"^-?[0-9]{1,18}$")


def _scalar(raw: str, field_type: FieldType) -> object:
    if field_type is FieldType.NUMBER:
        if not _INTEGER.match(raw):
            raise ValueError("Must be an integer (amounts in minor units: 12.50 is 1250).")
        return int(raw)
    if field_type is FieldType.DATE:
        moment = parse_timestamp(raw)
        if moment is None:
            raise ValueError("Must be an ISO 8601 timestamp, such as 2026-11-23T10:00:00+00:00.")
        return moment
    return raw


def _list(raw: str, field_type: FieldType) -> tuple[object, ...]:
    return tuple(_scalar(item, field_type) for item in raw.split(","))


def _regex(flags: int) -> Callable[[str, FieldType], str]:
    def parse(raw: str, _field_type: FieldType) -> str:
        try:
            re.compile(raw, flags)
        except re.error as exc:
            raise ValueError(f"Not a valid regular expression: {exc}.") from None
        return raw

    return parse


def _search(raw: str, _field_type: FieldType) -> tuple[str, ...]:
    found = tuple(words(raw))
    if not found:
        raise ValueError("Must contain at least one word.")
    return found


def _yes_no(raw: str, _field_type: FieldType) -> bool:
    if raw not in ("yes", "no"):
        raise ValueError("Must be yes or no.")
    return raw == "yes"


def _integer_between(low: int, high: int) -> Callable[[str, FieldType], int]:
    def parse(raw: str, _field_type: FieldType) -> int:
        if not raw.isascii() or not raw.isdigit() or len(raw) > 4 or not low <= int(raw) <= high:
            raise ValueError(f"Must be an integer from {low} to {high}.")
        return int(raw)

    return parse


def _week_day(raw: str, _field_type: FieldType) -> int:
    name = raw.strip().lower()
    if name not in WEEK_DAYS:
        raise ValueError("Must be an English day name: " + ", ".join(WEEK_DAYS) + ".")
    return WEEK_DAYS.index(name)


VALUE_PARSERS: dict[str, Callable[[str, FieldType], object]] = {
    **dict.fromkeys(COMPARISONS, _scalar),
    "in": _list,
    "regex": _regex(0),
    "iregex": _regex(re.IGNORECASE),
    "search": _search,
    "isnull": _yes_no,
    **{part: _integer_between(low, high) for part, (low, high) in DATE_PARTS.items()},
    "week_day": _week_day,
}


def _parse_one(
    param: str, raw: str, fields: Mapping[str, FieldType], errors: FieldErrors
) -> Condition | None:
    field, separator, lookup = param.partition(SEPARATOR)
    if not separator:
        lookup = "exact"
    field_type = fields.get(field)
    if field_type is None:
        known = ", ".join(fields) or "none"
        errors.add(param, f"Unknown filter field {field!r}; this list filters on: {known}.")
        return None
    if lookup not in LOOKUPS[field_type]:
        allowed = ", ".join(LOOKUPS[field_type])
        errors.add(param, f"Unknown lookup {lookup!r} for {field}; use one of: {allowed}.")
        return None
    try:
        value = VALUE_PARSERS[lookup](raw, field_type)
    except ValueError as exc:
        errors.add(param, str(exc))
        return None
    return Condition(param, field, field_type, lookup, value)


def parse_filters(params: Iterable[tuple[str, str]], fields: Mapping[str, FieldType]) -> list[Condition]:
    """The filters among a list's query parameters (every one but ``page``).

    Raises :class:`~.errors.Invalid` naming each bad parameter: unknown field, unknown lookup
    for the field's type, or a value the lookup cannot parse.
    """
    errors = FieldErrors()
    conditions = []
    for param, raw in params:
        if param in NOT_FILTERS:
            continue
        condition = _parse_one(param, raw, fields, errors)
        if condition is not None:
            conditions.append(condition)
    errors.raise_if_any()
    return conditions
