"""Maintenance mode: while on, every API request gets 503 with ``Retry-After``.

Only requests that match an API route are refused. The SDK files, the bridge page and the
hosted checkout page go on answering: a merchant page then loads the SDK and sees the API's
503, which is what the SDK has to cope with in production.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..api.errors import ServiceUnavailable
from ..domain.errors import FieldErrors
from .fields import read_bool, read_int, read_object

__all__ = ["DEFAULT_RETRY_AFTER", "Maintenance"]

DEFAULT_RETRY_AFTER = 30


@dataclass(slots=True)
class Maintenance:
    """Whether the API is down for maintenance, and when clients should come back."""

    enabled: bool = False
    retry_after: int = DEFAULT_RETRY_AFTER

    def error(self) -> ServiceUnavailable:
        """The answer every API request gets while maintenance is on."""
        return ServiceUnavailable(headers={"Retry-After": str(self.retry_after)})

    def update(self, data: object) -> None:
        """Apply ``{"enabled": bool, "retry_after": seconds}``; 400 naming every bad field."""
        errors = FieldErrors()
        body = read_object(data, "", errors, ("enabled", "retry_after")) or {}
        enabled = read_bool(body, "enabled", errors)
        retry_after = read_int(body, "retry_after", errors, default=DEFAULT_RETRY_AFTER, maximum=86_400)
        errors.raise_if_any()
        self.enabled = bool(enabled)
        self.retry_after = retry_after if retry_after is not None else DEFAULT_RETRY_AFTER

    def reset(self) -> None:
        """Maintenance off."""
        self.enabled, self.retry_after = False, DEFAULT_RETRY_AFTER

    def describe(self) -> dict[str, Any]:
        """The state as the maintenance endpoint shows it."""
        return {"enabled": self.enabled, "retry_after": self.retry_after}
