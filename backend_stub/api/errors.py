"""The API's error vocabulary: one class per status, rendered in one place.

Handlers raise these; :func:`backend_stub.api.serving.error_answer`
renders every one of them (and anything unexpected, as a 500) in the document's shape.
"""

from __future__ import annotations

import itertools
from http import HTTPStatus
from typing import Any

from ..domain import errors as domain
from ..domain.errors import MAX_LISTED_FIELDS

__all__ = [
    "APIError",
    "ValidationFailed",
    "Unauthorized",
    "Forbidden",
    "NotFound",
    "MethodNotAllowed",
    "NotAcceptable",
    "RequestTimeout",
    "Conflict",
    "PayloadTooLarge",
    "UnsupportedMediaType",
    "Throttled",
    "InternalServerError",
    "ServiceUnavailable",
    "from_domain",
    "for_status",
    "STATUSES",
    "LEFT_OUT",
]

# The error object's count of the field errors beyond the MAX_LISTED_FIELDS fields it lists.
LEFT_OUT = "errors_not_listed"


class APIError(Exception):
    """An answer in the error format: ``{"error": {"type", "message", "fields"?}}``."""

    status: int = 500
    type: str = "InternalServerErrorException"
    default_headers: dict[str, str] = {}

    def __init__(
        self,
        message: str | None = None,
        *,
        fields: dict[str, list[str]] | None = None,
        headers: dict[str, str] | None = None,
        left_out: int = 0,
    ) -> None:
        self.message = message or self.default_message()
        super().__init__(self.message)
        self.fields, self.left_out = fields, left_out
        if fields is not None and len(fields) > MAX_LISTED_FIELDS:
            listed = dict(itertools.islice(fields.items(), MAX_LISTED_FIELDS))
            self.left_out += sum(len(messages) for name, messages in fields.items() if name not in listed)
            self.fields = listed
        self.headers = {**self.default_headers, **(headers or {})}

    @classmethod
    def default_message(cls) -> str:
        return HTTPStatus(cls.status).phrase

    def body(self) -> dict[str, Any]:
        """The error object of the document."""
        error: dict[str, Any] = {"type": self.type, "message": self.message}
        if self.fields:
            error["fields"] = self.fields
        if self.left_out:
            error[LEFT_OUT] = self.left_out
        return {"error": error}


class ValidationFailed(APIError):
    status, type = 400, "ApiValidationException"

    @classmethod
    def default_message(cls) -> str:
        return "API validation error"


class Unauthorized(APIError):
    status, type = 401, "UnauthorizedException"


class Forbidden(APIError):
    status, type = 403, "ForbiddenException"


class NotFound(APIError):
    status, type = 404, "ObjectNotFoundException"


class MethodNotAllowed(APIError):
    status, type = 405, "MethodNotAllowedException"

    def __init__(self, message: str | None = None, *, allowed: frozenset[str] = frozenset()):
        super().__init__(message, headers={"Allow": ", ".join(sorted(allowed))})


class NotAcceptable(APIError):
    status, type = 406, "NotAcceptableException"


class RequestTimeout(APIError):
    status, type = 408, "RequestTimeoutException"


class Conflict(APIError):
    status, type = 409, "ConflictException"


class PayloadTooLarge(APIError):
    status, type = 413, "RequestEntityTooLargeException"

    @classmethod
    def default_message(cls) -> str:
        return "The request body is too large."


class UnsupportedMediaType(APIError):
    status, type = 415, "UnsupportedMediaTypeException"


class Throttled(APIError):
    status, type = 429, "ThrottledException"
    default_headers = {"Retry-After": "1"}

    @classmethod
    def default_message(cls) -> str:
        return "Too many simultaneous requests"


class InternalServerError(APIError):
    status, type = 500, "InternalServerErrorException"


class ServiceUnavailable(APIError):
    status, type = 503, "ServiceUnavailableException"
    default_headers = {"Retry-After": "30"}

    @classmethod
    def default_message(cls) -> str:
        return "The service is temporarily offline for maintenance"


# The errors of the service's document (CONTRACT 4.3), which sandbox faults can ask for by status.
# Not 413: it is this server's own limit on request bodies (api.bodies), an answer the service's
# document never gives, so a merchant's client has nothing to prepare for it.
_BY_STATUS: dict[int, type[APIError]] = {
    cls.status: cls
    for cls in (
        ValidationFailed,
        Unauthorized,
        Forbidden,
        NotFound,
        MethodNotAllowed,
        NotAcceptable,
        RequestTimeout,
        Conflict,
        UnsupportedMediaType,
        Throttled,
        InternalServerError,
        ServiceUnavailable,
    )
}


# Each status :func:`for_status` takes, ascending.
STATUSES = tuple(sorted(_BY_STATUS))


def for_status(status: int, message: str | None = None) -> APIError:
    """An error of the given status (sandbox faults ask for them by number)."""
    cls = _BY_STATUS.get(status)
    if cls is None:
        raise ValueError(f"no error type for status {status}")
    return cls(message)


def from_domain(exc: domain.DomainError) -> APIError:
    """The API error for a domain error."""
    if isinstance(exc, domain.Invalid):
        return ValidationFailed(exc.message, fields=exc.fields, left_out=exc.left_out)
    if isinstance(exc, domain.NotFound):
        return NotFound(exc.message)
    if isinstance(exc, domain.Conflict):
        return Conflict(exc.message)
    if isinstance(exc, domain.DeadlineExceeded):
        return RequestTimeout(exc.message)
    return InternalServerError()
