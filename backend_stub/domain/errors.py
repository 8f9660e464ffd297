"""Errors the domain raises; the API layer decides how they travel."""

from __future__ import annotations

__all__ = ["DomainError", "Invalid", "NotFound", "Conflict", "DeadlineExceeded", "FieldErrors", "REQUIRED"]

REQUIRED = "This field is required."


class DomainError(Exception):
    """Base of every error that a rule of the service can raise."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotFound(DomainError):
    """The object does not exist, or belongs to another merchant."""


class Conflict(DomainError):
    """The object is in a state that does not allow the operation."""


class DeadlineExceeded(DomainError):
    """The work took longer than it may (a list query past its deadline), and was stopped."""

    def __init__(self, message: str = "The query took too long and was stopped: narrow its filters.") -> None:
        super().__init__(message)


class Invalid(DomainError):
    """Input failed validation; ``fields`` maps each field path to its messages."""

    def __init__(self, fields: dict[str, list[str]], message: str = "API validation error") -> None:
        super().__init__(message)
        self.fields = fields


class FieldErrors:
    """Collects field errors so one answer names every bad field, not only the first."""

    def __init__(self) -> None:
        self.fields: dict[str, list[str]] = {}

    def add(self, field: str, message: str) -> None:
        self.fields.setdefault(field, []).append(message)

    def __bool__(self) -> bool:
        return bool(self.fields)

    def raise_if_any(self) -> None:
        if self.fields:
            raise Invalid(self.fields)
