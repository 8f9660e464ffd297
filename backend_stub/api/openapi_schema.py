"""The shapes the OpenAPI document is built from: JSON Schema builders, the two media types,
the header components and the value schemas every resource shares (amounts, timestamps, the
pagination envelope)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..domain.identifiers import ADDRESSABLE_RULE, MAX_ID_LENGTH
from ..domain.pagination import PAGE_SIZE
from ..domain.urls import MAX_URL_LENGTH
from ..domain.values import MAX_AMOUNT
from .negotiation import LATEST_VERSION

__all__ = [
    "IDENTIFIER",
    "JSON",
    "LINES",
    "ONE_LINE",
    "XML",
    "MEDIA_TYPE_HEADER",
    "HEADERS",
    "Schema",
    "ref",
    "nullable",
    "array",
    "obj",
    "content",
    "AMOUNT",
    "BALANCE",
    "TIMESTAMP",
    "HTTP_URL",
    "page_schema",
]

JSON = "application/json"
XML = "application/xml"
MEDIA_TYPE_HEADER = "X-Service-Media-Type"

Schema = dict[str, Any]


def ref(name: str, kind: str = "schemas") -> dict[str, Any]:
    """A reference to a component."""
    return {"$ref": f"#/components/{kind}/{name}"}


def nullable(schema: Schema) -> Schema:
    """The schema, or null (an empty element in XML)."""
    return {"anyOf": [schema, {"type": "null"}]}


def array(items: Schema) -> Schema:
    """An array; in XML a wrapper element holding one ``<list-item>`` per item."""
    return {"type": "array", "items": {**items, "xml": {"name": "list-item"}}, "xml": {"wrapped": True}}


def obj(properties: Mapping[str, Schema], required: Iterable[str] | None = None, **extra: object) -> Schema:
    """A closed object; every property is required unless ``required`` says otherwise."""
    return {
        "type": "object",
        "properties": dict(properties),
        "required": list(properties if required is None else required),
        "additionalProperties": False,
        **extra,
    }


def content(schema: Schema, example: object = None) -> dict[str, Any]:
    """The same data as JSON (the default) or as XML with root element ``<root>``; ``example``
    is the JSON example (None: none)."""
    json_media: dict[str, Any] = {"schema": schema}
    if example is not None:
        json_media["example"] = example
    return {JSON: json_media, XML: {"schema": {**schema, "xml": {"name": "root"}}}}


HEADERS = {
    "MediaType": {
        "description": "The version and mode the answer is in.",
        "required": True,
        "schema": {
            "type": "string",
            "enum": [f"service.v{LATEST_VERSION}", f"service.sandbox.v{LATEST_VERSION}"],
        },
    },
    "RetryAfter": {
        "description": "Seconds to wait before retrying.",
        "required": True,
        "schema": {"type": "integer", "minimum": 0},
    },
}

AMOUNT = {
    "type": "integer",
    "minimum": 1,
    "maximum": MAX_AMOUNT,
    # JSON Schema's integer takes 100.0 too; the server refuses it, as a decimal point in an
    # amount is most often a float computed by the client (12.5 * 100 = 1250.0000000000002).
    "description": "Minor units: 12.50 is 1250. An integer written without a decimal point or"
    " exponent (1250, not 1250.0): the server refuses 1250.0 with a 400 on the field.",
}
BALANCE = {"type": "integer", "minimum": 0, "description": "Minor units."}
TIMESTAMP = {
    "type": "string",
    "format": "date-time",
    "description": "ISO 8601, fractional seconds, UTC offset.",
}

# An absolute http(s) URL, as the server accepts one (the scheme in any case).
# A client-chosen id (domain.identifiers): the pattern keeps out what a path cannot carry
# unchanged; letters and digits of any script are allowed, as the server allows them.
IDENTIFIER = {
    "type": "string",
    "minLength": 1,
    "maxLength": MAX_ID_LENGTH,
    "pattern": "^(?!\\.+$)[^\\s/?#%\\[\\]@!$&'()*+,;=:\"<>\\\\^`{|}\\u0000-\\u001f\\u007f]+$",
    "description": ADDRESSABLE_RULE,
}
# Text fields refuse control characters (domain.text.has_control_characters), as these patterns
# say: one line, or (a description) tabs and line breaks allowed.
ONE_LINE = "^[^\\u0000-\\u001f\\u007f-\\u009f\\ufffe\\uffff]*$"
LINES = "^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\ufffe\\uffff]*$"
HTTP_URL = {
    "type": "string",
    "format": "uri",
    "pattern": "^[hH][tT][tT][pP][sS]?://",
    "maxLength": MAX_URL_LENGTH,
}


def page_schema(item: Schema) -> Schema:
    """The pagination envelope around ``item``s (``cursor.after`` is the next page, as the
    document's example shows)."""
    page_url = nullable({"type": "string", "format": "uri"})
    return obj(
        {
            "cursor": obj(
                {
                    "after": nullable({"type": "integer", "minimum": 2}),
                    "before": nullable({"type": "integer", "minimum": 1}),
                }
            ),
            "paging": obj(
                {"count": {"type": "integer", "minimum": 0}, "next": page_url, "previous": page_url}
            ),
            "results": {**array(item), "maxItems": PAGE_SIZE},
        },
        description=f"One page of at most {PAGE_SIZE} items.",
    )
