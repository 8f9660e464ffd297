"""Text: how clients' text fields are read, and how text lookups see text (folding, words).

Text fields refuse control characters (C0 and C1, DEL), lone surrogates and the two
non-characters U+FFFE and U+FFFF: XML 1.0 cannot carry them at all, so an answer holding one
would not parse, and they are never meant in a name. Multi-line fields (a description) also
take tab, line feed and carriage return.
"""

from __future__ import annotations

import re

from .errors import REQUIRED, FieldErrors

__all__ = ["fold", "words", "has_control_characters", "read_text"]

_WORD = re.compile(r"\w+")
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
_CONTROL_BUT_LINES = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def fold(text: str) -> str:
    """The case-insensitive form of ``text`` (Unicode case folding, so "Straße" matches "STRASSE")."""
    return text.casefold()


def words(text: str) -> list[str]:
    """The folded words of ``text``: runs of letters, digits and underscores."""
    return _WORD.findall(fold(text))


def has_control_characters(text: str, *, lines: bool = False) -> bool:
    """Whether ``text`` holds a character no text field takes (with ``lines``: but tab, LF, CR)."""
    return (_CONTROL_BUT_LINES if lines else _CONTROL).search(text) is not None


def read_text(
    value: object,
    field: str,
    errors: FieldErrors,
    *,
    maximum: int,
    required: bool = True,
    lines: bool = False,
) -> str | None:
    """A client's text: a string of at most ``maximum`` characters without control characters
    (tab and line breaks allowed with ``lines``). Absent (null or empty) it is None, and an
    error when ``required``; every problem is recorded under ``field``."""
    if value is None or value == "":
        if required:
            errors.add(field, REQUIRED)
        return None
    if not isinstance(value, str) or len(value) > maximum:
        errors.add(field, f"Must be a string of at most {maximum} characters.")
        return None
    if has_control_characters(value, lines=lines):
        allowed = " other than tab and line breaks" if lines else ""
        errors.add(field, f"Must not contain control characters{allowed}.")
        return None
    return value
