"""The error catalogue of the OpenAPI document: one response component per error status an
operation declares, each naming the error ``type`` the server really sends (read from
:mod:`.errors`), and the ``Error`` body they all share.

Each response's schema is named for its status (``BadRequestError``, its ``error`` a
``BadRequestErrorDetail``): the ``Error`` body with ``type`` the one value the status has, and
for a 400 ``fields`` always present; every operation's ``default`` answer is ``Error`` itself.
A 405 answers a method no operation has, so no operation can declare it: the document's
description tells it instead (:data:`METHOD_NOT_ALLOWED`).
"""

from __future__ import annotations

from typing import Any

from ..domain.errors import MAX_LISTED_FIELDS
from . import errors as api_errors
from .openapi_examples import ERRORS
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


def _body_name(status: int) -> str:
    name = ERROR_RESPONSES[status][0]
    return name if name.endswith("Error") else f"{name}Error"  # not InternalServerErrorError


def _detail_name(status: int) -> str:
    return f"{_body_name(status)}Detail"


def _error_response(status: int) -> dict[str, Any]:
    name, kind, description, extra_headers = ERROR_RESPONSES[status]
    error_type = kind if isinstance(kind, str) else kind.type
    headers = {MEDIA_TYPE_HEADER: ref("MediaType", "headers")}
    headers.update({header: ref(header.replace("-", ""), "headers") for header in extra_headers})
    return {
        "description": f"`{error_type}`: {description}",
        "headers": headers,
        "content": content(ref(_body_name(status)), example=ERRORS[status].response),
    }


def error_responses() -> dict[str, Schema]:
    """The response components: one per error status, and ``Error``, the ``default`` answer of
    every operation (any other error, such as a status a sandbox fault was told to answer)."""
    responses = {name: _error_response(status) for status, (name, *_) in ERROR_RESPONSES.items()}
    responses["Error"] = {
        "description": "Any other error, in the same format (a sandbox fault, `/_sandbox/faults`,"
        " may answer any error status on any path).",
        "headers": {MEDIA_TYPE_HEADER: ref("MediaType", "headers")},
        "content": content(ref("Error")),
    }
    return responses


def _detail(error_type: str | None = None, *, with_fields: bool = False, description: str) -> Schema:
    """The ``error`` object: its ``type`` any string, or the one ``error_type``; ``fields``
    required ``with_fields``. Each status's is a whole object, not ``allOf`` the base: generators
    (openapi-python-client) cannot merge a string with a constant."""
    kind: Schema = {"type": "string", "description": "The kind of error, one per status."}
    if error_type is not None:
        kind = {"type": "string", "const": error_type, "description": f"Always `{error_type}`."}
    properties = {
        "type": kind,
        "message": {"type": "string", "description": "What went wrong, for a person to read."},
        "fields": ref("FieldErrors"),
        api_errors.LEFT_OUT: {
            "type": "integer",
            "minimum": 1,
            "description": f"How many field errors `fields` leaves out: it lists the first"
            f" {MAX_LISTED_FIELDS} fields (absent when it lists them all).",
        },
    }
    required = ["type", "message", *(["fields"] if with_fields else [])]
    return obj(properties, required=required, description=description)


def _status_schemas(status: int) -> dict[str, Schema]:
    """``<Name>Error`` (the body of this status) and its ``<Name>ErrorDetail``: the error
    object with the one ``type`` this status has (and, for a 400, ``fields`` always present)."""
    _name, kind, description, _ = ERROR_RESPONSES[status]
    error_type = kind if isinstance(kind, str) else kind.type
    detail = _detail(error_type, with_fields=status == 400, description=f"The error of a {status}.")
    body = obj({"error": ref(_detail_name(status))}, description=f"The body of a {status}: {description}")
    return {_body_name(status): body, _detail_name(status): detail}


def error_schemas() -> dict[str, Schema]:
    """``Error`` (the body every error answer has), its ``ErrorDetail`` and ``FieldErrors``, and
    the named body of each error status, so generated clients have a class for each."""
    fields = {
        "type": "object",
        "description": "Field path (`amount`, `[1].url`, `id-startswith`) to its messages;"
        " a required field reports 'This field is required.'",
        "additionalProperties": array({"type": "string"}),
        "minProperties": 1,
        "maxProperties": MAX_LISTED_FIELDS,
    }
    schemas = {
        "Error": obj({"error": ref("ErrorDetail")}, description="The body of every error answer."),
        "ErrorDetail": _detail(description="What went wrong."),
        "FieldErrors": fields,
    }
    for status in ERROR_RESPONSES:
        schemas.update(_status_schemas(status))
    return schemas
