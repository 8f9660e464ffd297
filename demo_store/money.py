"""Amounts in minor units (what the API speaks) and the way people read and type them."""

from __future__ import annotations

import re

__all__ = ["format_money", "parse_money", "input_value"]

# Digits of whole euros at most: far past any amount the service takes (10^13 minor units).
MAX_DIGITS = 18
SYMBOLS = {"EUR": "€", "USD": "$", "GBP": "£"}
# What a person types into an amount field: "12", "12.5", "12.50", "1,250.00", "12,50".
_TYPED = re.compile(r"^\s*(?P<major>\d{1,3}(?:[ ,]\d{3})*|\d+)(?:[.,](?P<minor>\d{1,2}))?\s*$")


def format_money(amount: int, currency: str = "EUR") -> str:
    """``12050, "EUR"`` → ``€120.50``; other currencies keep their code (``120.50 CHF``)."""
    major, minor = divmod(abs(amount), 100)
    text = f"{major:,}.{minor:02d}"
    sign = "-" if amount < 0 else ""
    symbol = SYMBOLS.get(currency)
    return f"{sign}{symbol}{text}" if symbol else f"{sign}{text} {currency}"


def parse_money(text: str) -> int | None:
    """What a merchant typed (``"12.50"``) in minor units (``1250``); None when it is no amount.

    Zero and large values pass: the service, not the store, decides which amounts it accepts,
    and the back office shows its answer. Past :data:`MAX_DIGITS` digits it is no amount (and
    int() of thousands of digits raises).
    """
    match = _TYPED.match(text or "")
    if not match:
        return None
    digits = re.sub(r"[ ,]", "", match["major"])
    if len(digits) > MAX_DIGITS:
        return None
    major = int(digits)
    minor = int((match["minor"] or "0").ljust(2, "0"))
    return major * 100 + minor


def input_value(amount: int) -> str:
    """An amount as an ``<input type="number" step="0.01">`` value: ``1250`` → ``12.50``."""
    major, minor = divmod(amount, 100)
    return f"{major}.{minor:02d}"
