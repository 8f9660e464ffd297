"""A list's filters in the OpenAPI document: one query parameter per field and lookup.

They are generated from the tables the server parses filters with (the list's field table and
:data:`~..domain.filters.LOOKUPS`), so a field or lookup the server accepts is a typed parameter
every client generator can send (``total_amount-gte=20000``), and one it refuses is not
declared. What each lookup reads and how it reads it are tables of their own
(:data:`VALUE_SCHEMAS`, :data:`MEANINGS`); a lookup missing from them stops the document from
being built, so a new lookup cannot go undescribed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..domain.filters import (
    COMPARISONS,
    DATE_PARTS,
    LOOKUPS,
    MAX_FILTERS,
    MAX_IN_VALUES,
    MAX_SEARCH_WORDS,
    SEPARATOR,
    WEEK_DAYS,
    FieldType,
)
from ..domain.patterns import MAX_PATTERN_LENGTH
from .openapi_schema import Schema, ref

__all__ = ["FILTER_SCHEMAS", "filter_name", "filter_parameters", "filters_description"]

# Shared by every list's parameters, so a generator makes one enum of each.
FILTER_SCHEMAS: dict[str, Schema] = {
    "YesNo": {"type": "string", "enum": ["yes", "no"], "description": "`yes` or `no`."},
    "WeekDay": {
        "type": "string",
        "enum": list(WEEK_DAYS),
        "description": "An English day name (any case is read).",
    },
}

# The value of a comparison on a field of each type.
_SCALARS: dict[FieldType, Schema] = {
    FieldType.TEXT: {"type": "string"},
    FieldType.NUMBER: {"type": "integer", "description": "Amounts in minor units: 12.50 is 1250."},
    FieldType.DATE: {
        "type": "string",
        "format": "date-time",
        "description": "ISO 8601, compared in UTC; without an offset it is UTC, and a date alone is"
        " its midnight UTC.",
    },
}
_LISTS: dict[FieldType, Schema] = {
    FieldType.TEXT: {"type": "string", "description": f"Comma-separated values, at most {MAX_IN_VALUES}."},
    FieldType.NUMBER: {
        "type": "string",
        "pattern": "^-?[0-9]+(,-?[0-9]+)*$",
        "description": f"Comma-separated integers, at most {MAX_IN_VALUES}.",
    },
}


def _part(lookup: str) -> Callable[[FieldType], Schema]:
    low, high = DATE_PARTS[lookup]
    return lambda _type: {"type": "integer", "minimum": low, "maximum": high}


# Regex lookups run on RE2 (domain.patterns), linear in the text whatever the pattern.
_REGEX: Schema = {
    "type": "string",
    "minLength": 1,
    "maxLength": MAX_PATTERN_LENGTH,
    "description": "An RE2 regular expression (Python's syntax without backreferences or look-around),"
    f" at most {MAX_PATTERN_LENGTH} characters; one RE2 cannot compile is a 400.",
}

# lookup -> the schema of its value, given the field's type.
VALUE_SCHEMAS: dict[str, Callable[[FieldType], Schema]] = {
    **dict.fromkeys(COMPARISONS, lambda field_type: _SCALARS[field_type]),
    "in": lambda field_type: _LISTS[field_type],
    "regex": lambda _type: _REGEX,
    "iregex": lambda _type: _REGEX,
    "search": lambda _type: {
        "type": "string",
        "pattern": "\\w",
        "description": f"One to {MAX_SEARCH_WORDS} words (runs of letters, digits and `_`); a value"
        " without a word is a 400.",
    },
    "isnull": lambda _type: ref("YesNo"),
    "week_day": lambda _type: ref("WeekDay"),
    **{part: _part(part) for part in DATE_PARTS},
}

# lookup -> what a row matching it has in the field (Django's meanings: `i` ignores case).
MEANINGS: dict[str, str] = {
    "exact": "is this value",
    "iexact": "is this value, ignoring case",
    "contains": "contains this text (case-sensitive)",
    "icontains": "contains this text, ignoring case",
    "startswith": "starts with this text (case-sensitive)",
    "istartswith": "starts with this text, ignoring case",
    "endswith": "ends with this text (case-sensitive)",
    "iendswith": "ends with this text, ignoring case",
    "regex": "matches this regular expression (case-sensitive)",
    "iregex": "matches this regular expression, ignoring case",
    "in": "is one of these values",
    "search": "contains every one of these words as a whole word, ignoring case",
    "isnull": "is null (`yes`) or is not (`no`)",
    "gt": "is greater than this",
    "gte": "is greater than or equal to this",
    "lt": "is less than this",
    "lte": "is less than or equal to this",
    "year": "falls in this year (UTC)",
    "month": "falls in this month, 1 to 12 (UTC)",
    "day": "falls on this day of the month (UTC)",
    "hour": "falls in this hour, 0 to 23 (UTC)",
    "week_day": "falls on this day of the week (UTC)",
}


def filter_name(field: str, lookup: str) -> str:
    """The query parameter of a field and lookup: ``<field>-<lookup>``, or ``<field>`` for exact."""
    return field if lookup == "exact" else f"{field}{SEPARATOR}{lookup}"


def filter_parameters(fields: Mapping[str, FieldType], items: str) -> list[dict[str, Any]]:
    """The query parameters of a list's filters, one per field and lookup its table allows;
    ``items`` names what the list holds (``orders``)."""
    parameters = []
    for field, field_type in fields.items():
        for lookup in LOOKUPS[field_type]:
            schema = VALUE_SCHEMAS[lookup](field_type)
            parameters.append(
                {
                    "name": filter_name(field, lookup),
                    "in": "query",
                    "description": f"Only {items} whose `{field}` {MEANINGS[lookup]}.",
                    "schema": schema,
                }
            )
    return parameters


def filters_description(fields: Mapping[str, FieldType]) -> str:
    """What the filter parameters of a list have in common, for the operation's description."""
    listed = ", ".join(f"`{name}`" for name in fields)
    return (
        f"Filters on {listed}: each is a query parameter `<field>-<lookup>=<value>`, and `<field>`"
        " alone (or `<field>-exact`) compares for equality. Filters combine with AND, at most"
        f" {MAX_FILTERS} in one request. An unknown field or lookup, a value its lookup cannot read,"
        " or a filter past the limit is a 400 whose `fields` names the parameter."
    )
