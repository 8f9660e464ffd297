"""Building the OpenAPI document's operations: a resource's :class:`Section`, an
:func:`operation` with its error answers, its successful answers (:func:`ok`,
:func:`no_content`), links between operations and the parameters several resources share."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..domain.values import MAX_AMOUNT
from .openapi_errors import ALWAYS, WITH_BODY, error_ref
from .openapi_schema import JSON, MEDIA_TYPE_HEADER, Schema, content, ref

__all__ = [
    "Paths",
    "Section",
    "operation",
    "ok",
    "no_content",
    "link",
    "path_parameter",
    "page_parameter",
    "ORDER_ID",
    "AMOUNT_QUERY",
    "CURRENCY_QUERY",
]

Paths = dict[str, dict[str, Schema]]


@dataclass(frozen=True)
class Section:
    """One resource's part of the document: its path items and the component schemas they use."""

    paths: Paths
    schemas: dict[str, Schema] = field(default_factory=dict)


def ok(description: str, schema: Schema, links: Mapping[str, Schema] | None = None) -> dict[str, Any]:
    """A successful answer carrying ``schema``; ``links`` name operations its data leads to."""
    answer = {
        "description": description,
        "headers": {MEDIA_TYPE_HEADER: ref("MediaType", "headers")},
        "content": content(schema),
    }
    if links:
        answer["links"] = dict(links)
    return answer


def no_content(description: str, links: Mapping[str, Schema] | None = None) -> dict[str, Any]:
    """A 204: no body, so no Content-Type; ``X-Service-Media-Type`` names the version."""
    answer = {"description": description, "headers": {MEDIA_TYPE_HEADER: ref("MediaType", "headers")}}
    if links:
        answer["links"] = dict(links)
    return answer


def link(operation_id: str, **parameters: str) -> dict[str, Any]:
    """A link to another operation, its parameters taken from this request or answer
    (``$request.path.order_id``, ``$response.body#/id``)."""
    return {"operationId": operation_id, "parameters": parameters}


def path_parameter(
    name: str, description: str, example: str | None = None, schema: Schema | None = None
) -> dict[str, Any]:
    """A required path parameter: ``schema``, by default any non-empty string without ``/``."""
    parameter = {
        "name": name,
        "in": "path",
        "required": True,
        "description": description,
        "schema": schema or {"type": "string", "minLength": 1},
    }
    if example is not None:
        parameter["example"] = example
    return parameter


def page_parameter() -> dict[str, Any]:
    """``page``: numbered from 1; a page past the last (or not a positive integer) is a 404."""
    return {
        "name": "page",
        "in": "query",
        "description": "Page number, from 1. A page past the last, or not a positive integer, is a 404.",
        "schema": {"type": "integer", "minimum": 1},
    }


ORDER_ID = path_parameter("order_id", "The merchant's order id.", example="fixture-order-1")
# The amount and currency a page asks about (the button check, the plans).
AMOUNT_QUERY = {
    "name": "amount",
    "in": "query",
    "required": True,
    "description": "Amount to finance, minor units.",
    "schema": {"type": "integer", "minimum": 0, "maximum": MAX_AMOUNT},
}
CURRENCY_QUERY = {
    "name": "currency",
    "in": "query",
    "required": True,
    "description": "ISO 4217 code.",
    "schema": {"type": "string", "pattern": "^[A-Z]{3}$"},
}


def operation(
    operation_id: str,
    summary: str,
    *,
    tag: str,
    responses: Mapping[int, Schema],
    errors: Iterable[int] = (),
    parameters: Iterable[dict[str, Any]] = (),
    body: Schema | None = None,
    public: bool = False,
    description: str | None = None,
) -> dict[str, Any]:
    """An operation; ``errors`` lists its error statuses beyond those every operation has
    (:data:`~.openapi_errors.ALWAYS`, plus 403 for a public key where the private key is needed)."""
    statuses = set(errors) | set(ALWAYS) | ({403} if not public else set())
    if body is not None:
        statuses |= set(WITH_BODY)
    answers = {str(status): answer for status, answer in responses.items()}
    answers.update({str(status): error_ref(status) for status in sorted(statuses)})
    result: dict[str, Any] = {
        "operationId": operation_id,
        "summary": summary,
        "tags": [tag],
        "security": [{"publicKey": []}, {"privateKey": []}] if public else [{"privateKey": []}],
        "responses": answers,
    }
    if description:
        result["description"] = description
    if parameters:
        result["parameters"] = list(parameters)
    if body is not None:
        result["requestBody"] = {"required": True, "content": {JSON: {"schema": body}}}
    return result
