"""Identifiers of objects: the ones clients choose (orders, articles) and the ones we make."""

from __future__ import annotations

import secrets

from .errors import REQUIRED, FieldErrors

__all__ = ["MAX_ID_LENGTH", "new_identifier", "parse_identifier"]

MAX_ID_LENGTH = 255


def new_identifier(prefix: str) -> str:
    """A fresh random identifier such as ``ref_3f9c0a1b2c4d5e6f``."""
    return f"{prefix}_{secrets.token_hex(8)}"


def parse_identifier(value: object, field: str, errors: FieldErrors) -> str | None:
    """A client-chosen identifier: a non-empty string without "/" (it appears in URL paths)."""
    if value is None or value == "":
        errors.add(field, REQUIRED)
        return None
    if not isinstance(value, str):
        errors.add(field, "Must be a string.")
        return None
    if len(value) > MAX_ID_LENGTH:
        errors.add(field, f"Must be at most {MAX_ID_LENGTH} characters.")
        return None
    if "/" in value or not value.isprintable():
        errors.add(field, 'Must not contain "/" or control characters.')
        return None
    return value
