"""How text lookups see text: Unicode case folding and words."""

from __future__ import annotations

import re

__all__ = ["fold", "words"]

_WORD = re.compile(r"\w+")


def fold(text: str) -> str:
    """The case-insensitive form of ``text`` (Unicode case folding, so "Straße" matches "STRASSE")."""
    return text.casefold()


def words(text: str) -> list[str]:
    """The folded words of ``text``: runs of letters, digits and underscores."""
    return _WORD.findall(fold(text))
