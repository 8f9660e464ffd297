"""Reading the JSON bodies of control requests: typed fields, every bad one named.

Each reader records a message in a :class:`FieldErrors` instead of raising, so one 400 answer
names every bad field (rendered by the API's error answer, like any validation error).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ..domain.errors import REQUIRED, FieldErrors
from ..domain.text import read_text

__all__ = ["MISSING", "read_object", "read_int", "read_bool", "read_str"]

MISSING: Any = object()  # marks a field without a default: it is required
MAX_TEXT = 1000


def read_object(
    value: object, field: str, errors: FieldErrors, allowed: Collection[str]
) -> dict[str, Any] | None:
    """A JSON object with no keys outside ``allowed`` (a typo must not pass silently).

    ``field`` is empty for the request body itself, whose own fields are then named bare.
    """
    if not isinstance(value, dict):
        errors.add(field or "body", "Must be a JSON object.")
        return None
    for name in value:
        if name not in allowed:
            errors.add(_join(field, name), "Unknown field; expected one of: " + ", ".join(allowed) + ".")
    return value


def read_int(
    data: dict[str, Any],
    name: str,
    errors: FieldErrors,
    *,
    default: Any = MISSING,
    minimum: int = 0,
    maximum: int | None = None,
    prefix: str = "",
) -> int | None:
    """An integer in ``[minimum, maximum]``; ``default`` when absent (required without one)."""
    if data.get(name) is None:
        return _absent(name, errors, default, prefix)
    value = data[name]
    field = _join(prefix, name)
    if isinstance(value, bool) or not isinstance(value, int):
        errors.add(field, "Must be an integer.")
        return None
    if value < minimum or (maximum is not None and value > maximum):
        upper = f" and at most {maximum}" if maximum is not None else ""
        errors.add(field, f"Must be at least {minimum}{upper}.")
        return None
    return value


def read_bool(
    data: dict[str, Any], name: str, errors: FieldErrors, *, default: Any = MISSING, prefix: str = ""
) -> bool | None:
    """``true`` or ``false``; ``default`` when absent (required without one)."""
    if data.get(name) is None:
        return _absent(name, errors, default, prefix)
    value = data[name]
    if not isinstance(value, bool):
        errors.add(_join(prefix, name), "Must be true or false.")
        return None
    return value


def read_str(
    data: dict[str, Any], name: str, errors: FieldErrors, *, default: Any = MISSING, prefix: str = ""
) -> str | None:
    """A non-empty string of text (:func:`~backend_stub.domain.text.read_text`); ``default``
    when absent (required without one)."""
    if data.get(name) is None:
        return _absent(name, errors, default, prefix)
    return read_text(data[name], _join(prefix, name), errors, maximum=MAX_TEXT)


def _absent(name: str, errors: FieldErrors, default: Any, prefix: str) -> Any:
    if default is MISSING:
        errors.add(_join(prefix, name), REQUIRED)
        return None
    return default


def _join(prefix: str, name: str) -> str:
    return f"{prefix}.{name}" if prefix else name
