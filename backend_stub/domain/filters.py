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
- ``regex`` and ``iregex`` use RE2's dialect, matched in linear time (:mod:`.patterns`).

Limits, each a 400 naming the parameter past it: at most :data:`MAX_FILTERS` filters in one
request, :data:`MAX_IN_VALUES` values in one ``in``, :data:`MAX_SEARCH_WORDS` words in one
``search``; numbers of at most 18 digits; timestamps from year 1 to 9999 once in UTC.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import Enum

from .errors import FieldErrors
from .patterns import compile_pattern
from .text import words
from .timestamps import TIMESTAMP_RULE, parse_timestamp

__all__ = [
    "FieldType",
    "Condition",
    "LOOKUPS",
    "WEEK_DAYS",
    "DATE_PARTS",
    "COMPARISONS",
    "NOT_FILTERS",
    "SEPARATOR",
    "MAX_FILTERS",
    "MAX_IN_VALUES",
    "MAX_SEARCH_WORDS",
    "parse_filters",
]

SEPARATOR = "-"
# Query parameters that are never filters.
NOT_FILTERS = frozenset({"page"})
# Each filter is a term of one SQL expression, whose depth SQLite bounds (1000): these keep a
# query well inside, and its cost in proportion.
MAX_FILTERS = 20
MAX_IN_VALUES = 100
MAX_SEARCH_WORDS = 20
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


def _is_integer(raw: str) -> bool:
    # str methods, not a regular expression: "$" also matches before a final newline ("5\n").
    digits = raw[1:] if raw.startswith("-") else raw
    return 0 < len(digits) <= 18 and digits.isascii() and digits.isdigit()


def _scalar(raw: str, field_type: FieldType) -> object:
    if field_type is FieldType.NUMBER:
        if not _is_integer(raw):
            raise ValueError(
                "Must be an integer of at most 18 digits (amounts in minor units: 12.50 is 1250)."
            )
        return int(raw)
    if field_type is FieldType.DATE:
        moment = parse_timestamp(raw)
        if moment is None:
            raise ValueError(TIMESTAMP_RULE)
        return moment
    return raw


def _list(raw: str, field_type: FieldType) -> tuple[object, ...]:
    items = raw.split(",")
    if len(items) > MAX_IN_VALUES:
        raise ValueError(f"Takes at most {MAX_IN_VALUES} comma-separated values.")
    return tuple(_scalar(item, field_type) for item in items)


def _regex(ignore_case: bool) -> Callable[[str, FieldType], str]:
    def parse(raw: str, _field_type: FieldType) -> str:
        compile_pattern(raw, ignore_case)  # its ValueError says what is wrong
        return raw

    return parse


def _search(raw: str, _field_type: FieldType) -> tuple[str, ...]:
    found = tuple(words(raw))
    if not found:
        raise ValueError("Must contain at least one word.")
    if len(found) > MAX_SEARCH_WORDS:
        raise ValueError(f"Takes at most {MAX_SEARCH_WORDS} words.")
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
    "regex": _regex(False),
    "iregex": _regex(True),
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
    for the field's type, a value the lookup cannot parse, or a filter past :data:`MAX_FILTERS`.
    """
    errors = FieldErrors()
    conditions = []
    seen = 0
    for param, raw in params:
        if param in NOT_FILTERS:
            continue
        seen += 1
        if seen > MAX_FILTERS:
            errors.add(param, f"A list takes at most {MAX_FILTERS} filters at once.")
            break
        condition = _parse_one(param, raw, fields, errors)
        if condition is not None:
            conditions.append(condition)
    errors.raise_if_any()
    return conditions
