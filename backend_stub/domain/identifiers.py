"""Identifiers of objects: the ones clients choose (orders, articles) and the ones we make."""

from __future__ import annotations

import secrets

from .errors import REQUIRED, FieldErrors

__all__ = ["ADDRESSABLE_RULE", "MAX_ID_LENGTH", "new_identifier", "parse_identifier"]

MAX_ID_LENGTH = 255
# Besides letters and digits (of any script): the rest of RFC 3986's unreserved characters,
# which no client encodes, decodes or resolves in a path.
_PUNCTUATION = frozenset("-._~")
ADDRESSABLE_RULE = 'Must be letters, digits, "-", ".", "_" or "~" (not dots alone): ids appear in URL paths.'


def new_identifier(prefix: str) -> str:
    """A fresh random identifier such as ``ref_3f9c0a1b2c4d5e6f``."""
    return f"{prefix}_{secrets.token_hex(8)}"


def parse_identifier(value: object, field: str, errors: FieldErrors) -> str | None:
    """A client-chosen identifier. It appears in URL paths (``/orders/<id>/refund``), so it is
    made of letters, digits, ``-``, ``.``, ``_`` and ``~``, which every client carries in a path
    unchanged, and not of dots alone (``.`` and ``..`` are segments every client resolves)."""
    if value is None or value == "":
        errors.add(field, REQUIRED)
        return None
    if not isinstance(value, str):
        errors.add(field, "Must be a string.")
        return None
    if len(value) > MAX_ID_LENGTH:
        errors.add(field, f"Must be at most {MAX_ID_LENGTH} characters.")
        return None
    if not value.strip(".") or not all(char.isalnum() or char in _PUNCTUATION for char in value):
        errors.add(field, ADDRESSABLE_RULE)
        return None
    return value
