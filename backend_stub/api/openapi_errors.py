"""The error catalogue of the OpenAPI document: one response component per error status an
operation declares, each naming the error ``type`` the server really sends (read from
:mod:`.errors`), and the ``Error`` body they all share.

Each response's schema is ``Error`` narrowed with ``allOf``: its ``type`` is a string with one
value (typed, so tools that merge ``allOf`` find no conflict), and a 400 always has ``fields``.
A 405 answers a method no operation has, so no operation can declare it: the document's
description tells it instead (:data:`METHOD_NOT_ALLOWED`).
"""

from __future__ import annotations

from typing import Any

from . import errors as api_errors
from .openapi_schema import MEDIA_TYPE_HEADER, Schema, array, content, obj, ref

__all__ = [
    "ERROR_RESPONSES",
    "ALWAYS",
    "WITH_BODY",
    "METHOD_NOT_ALLOWED",
    "error_ref",
    "error_responses",
    "error_schemas",
]

# status -> (component name, error class (or the type of an error made outside errors.py),
# description, headers it carries besides X-Service-Media-Type)
ERROR_RESPONSES: dict[int, tuple[str, type[api_errors.APIError] | str, str, tuple[str, ...]]] = {
    400: ("BadRequest", api_errors.ValidationFailed, "Validation failed; `fields` names each bad field.", ()),
    401: ("Unauthorized", api_errors.Unauthorized, "The key is missing, malformed or unknown.", ()),
    403: (
        "Forbidden",
        api_errors.Forbidden,
        "A public key where the private key is needed; for the button check, not available.",
        (),
    ),
    404: (
        "NotFound",
        api_errors.NotFound,
        "No such object for this merchant (another merchant's objects are not found either),"
        " or a page that does not exist.",
        (),
    ),
    406: (
        "NotAcceptable",
        api_errors.NotAcceptable,
        "The Accept header (or path version) is not supported.",
        (),
    ),
    408: (
        "RequestTimeout",
        api_errors.RequestTimeout,
        "The request was not completed in time; in the sandbox, a fault (`/_sandbox/faults`) answers it.",
        (),
    ),
    409: (
        "Conflict",
        api_errors.Conflict,
        "The request conflicts with the state of things: a refund or capture of an order that is"
        " not confirmed, or a checkout for an order id the merchant already used.",
        (),
    ),
    413: ("PayloadTooLarge", "RequestEntityTooLargeException", "The request body is above 1 MiB.", ()),
    415: (
        "UnsupportedMediaType",
        api_errors.UnsupportedMediaType,
        "The body is not sent as application/json.",
        (),
    ),
    429: (
        "TooManyRequests",
        api_errors.Throttled,
        "Too many simultaneous requests with this key.",
        ("Retry-After",),
    ),
    500: ("InternalServerError", api_errors.InternalServerError, "The server failed; retry later.", ()),
    503: (
        "ServiceUnavailable",
        api_errors.ServiceUnavailable,
        "Offline for maintenance; retry after `Retry-After` seconds.",
        ("Retry-After",),
    ),
}

# Every API operation can answer these: bad key, bad Accept, timed out, throttled, failed,
# maintenance.
ALWAYS = (401, 406, 408, 429, 500, 503)
METHOD_NOT_ALLOWED = api_errors.MethodNotAllowed.type
# Operations that read a JSON body add these.
WITH_BODY = (400, 413, 415)


def error_ref(status: int) -> dict[str, Any]:
    """A reference to the response component of an error status."""
    return ref(ERROR_RESPONSES[status][0], "responses")


def _error_response(status: int) -> dict[str, Any]:
    _name, kind, description, extra_headers = ERROR_RESPONSES[status]
    error_type = kind if isinstance(kind, str) else kind.type
    error: Schema = {"type": "object", "properties": {"type": {"type": "string", "const": error_type}}}
    if status == 400:
        error["properties"]["fields"] = ref("FieldErrors")
        error["required"] = ["fields"]
    schema = {"allOf": [ref("Error")], "type": "object", "properties": {"error": error}}
    headers = {MEDIA_TYPE_HEADER: ref("MediaType", "headers")}
    headers.update({name: ref(name.replace("-", ""), "headers") for name in extra_headers})
    return {"description": f"`{error_type}`: {description}", "headers": headers, "content": content(schema)}


def error_responses() -> dict[str, Schema]:
    """The response components, one per error status."""
    return {name: _error_response(status) for status, (name, *_) in ERROR_RESPONSES.items()}


def error_schemas() -> dict[str, Schema]:
    """The ``Error`` schema (the body every error answer has) and its ``FieldErrors``."""
    fields = {
        "type": "object",
        "description": "Field path (`amount`, `[1].url`, `id-startswith`) to its messages;"
        " a required field reports 'This field is required.'",
        "additionalProperties": array({"type": "string"}),
        "minProperties": 1,
    }
    body = obj(
        {"type": {"type": "string"}, "message": {"type": "string"}, "fields": ref("FieldErrors")},
        required=["type", "message"],
    )
    return {"Error": obj({"error": body}), "FieldErrors": fields}
