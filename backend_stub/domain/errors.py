"""Errors the domain raises; the API layer decides how they travel."""

from __future__ import annotations

__all__ = [
    "DomainError",
    "Invalid",
    "NotFound",
    "Conflict",
    "DeadlineExceeded",
    "FieldErrors",
    "MAX_LISTED_FIELDS",
    "REQUIRED",
]

REQUIRED = "This field is required."
# Fields one error answer lists at most; it says how many errors it left out. A 1 MiB body of
# empty articles once made 1,047,000 field errors: a 44.7 MB answer, 643 MB at its peak.
MAX_LISTED_FIELDS = 100


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
    """Input failed validation; ``fields`` maps each field path to its messages, and
    ``left_out`` counts the errors beyond the :data:`MAX_LISTED_FIELDS` fields it lists."""

    def __init__(
        self, fields: dict[str, list[str]], message: str = "API validation error", *, left_out: int = 0
    ) -> None:
        super().__init__(message)
        self.fields = fields
        self.left_out = left_out


class FieldErrors:
    """Collects field errors so one answer names every bad field, not only the first: the
    first :data:`MAX_LISTED_FIELDS` fields, and how many errors came beyond them."""

    def __init__(self) -> None:
        self.fields: dict[str, list[str]] = {}
        self.count = 0  # every error added, listed or not
        self.left_out = 0

    def add(self, field: str, message: str) -> None:
        self.count += 1
        listed = self.fields.get(field)
        if listed is None:
            if len(self.fields) >= MAX_LISTED_FIELDS:
                self.left_out += 1
                return
            listed = self.fields[field] = []
        listed.append(message)

    def __bool__(self) -> bool:
        return self.count > 0

    def raise_if_any(self) -> None:
        if self.count:
            raise Invalid(self.fields, left_out=self.left_out)
