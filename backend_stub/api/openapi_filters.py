"""A list's filters in the OpenAPI document, built from the same tables the server parses them
with (the list's field table and :data:`~..domain.filters.LOOKUPS`), so the two cannot drift."""

from __future__ import annotations

from collections.abc import Mapping

from ..domain.filters import LOOKUPS, SEPARATOR, WEEK_DAYS, FieldType
from .openapi_schema import Schema

__all__ = ["filters_parameter"]

_VALUE_HELP = {
    FieldType.TEXT: "Text; `in` takes a comma-separated list, `regex`/`iregex` a Python regular"
    " expression, `search` words matched as whole words, case-insensitively.",
    FieldType.NUMBER: "An integer (amounts in minor units); `in` takes a comma-separated list.",
    FieldType.DATE: "An ISO 8601 timestamp (compared in UTC); `year`, `month`, `day`, `hour` take"
    " integers, `week_day` an English day name (" + ", ".join(WEEK_DAYS) + ").",
}


def filters_parameter(fields: Mapping[str, FieldType]) -> dict:
    """The filters of a list, as one exploded object: each property is a query parameter
    ``<field>-<lookup>=<value>`` (no lookup means ``exact``), from the list's own field table."""
    patterns: dict[str, Schema] = {}
    for field_type in FieldType:
        names = [name for name, kind in fields.items() if kind is field_type]
        if names:
            lookups = "|".join(LOOKUPS[field_type])
            pattern = f"^({'|'.join(names)})({SEPARATOR}({lookups}))?$"
            patterns[pattern] = {"type": "string", "description": _VALUE_HELP[field_type]}
    listed = ", ".join(f"`{name}` ({kind.value})" for name, kind in fields.items())
    return {
        "name": "filters",
        "in": "query",
        "style": "form",
        "explode": True,
        "description": f"Filters `<field>-<lookup>=<value>`, combined with AND, on {listed}."
        " `isnull` takes `yes`/`no` on every field. An unknown field or lookup, or a value the"
        " lookup cannot read, is a 400 naming the parameter.",
        "schema": {"type": "object", "patternProperties": patterns, "additionalProperties": False},
    }
