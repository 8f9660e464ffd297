"""Amounts in minor units (what the API speaks) and the way people read and type them.

The shop writes money as ``€1,250.00``. People type amounts with a decimal point or a decimal
comma (``12.50``, ``12,50``), with or without thousands separators (``1,250.00``, ``1.250,00``,
``1 250``). What cannot be read one way only is refused with words, never guessed: ``1,250``
could be €1,250.00 or €1.25, and the store must never ask the service for another amount than
the one the person meant.
"""

from __future__ import annotations

import re

__all__ = ["AmountError", "format_money", "parse_money", "read_money", "input_value"]

# Digits of whole euros at most: far past any amount the service takes (10^13 minor units).
MAX_DIGITS = 18
SYMBOLS = {"EUR": "€", "USD": "$", "GBP": "£"}
EXAMPLE = "like 12.50 or 12,50"
# re.ASCII: \d is 0-9 only; "٣" or "１２" is not an amount here, whatever int() makes of it.
_PLAIN = re.compile(r"(?P<major>\d+)(?:[.,](?P<minor>\d{1,2}))?", re.ASCII)
# Thousands groups, each style with its own decimal mark: 1,250.00 / 1.250,00 / 1 250,00.
_GROUPED = (
    re.compile(r"(?P<major>\d{1,3}(?:,\d{3})+)(?:\.(?P<minor>\d{1,2}))?", re.ASCII),
    re.compile(r"(?P<major>\d{1,3}(?:\.\d{3})+)(?:,(?P<minor>\d{1,2}))?", re.ASCII),
    re.compile(r"(?P<major>\d{1,3}(?: \d{3})+)(?:[.,](?P<minor>\d{1,2}))?", re.ASCII),
)
# One separator and three digits after it: a thousands group or three decimals, who knows.
_AMBIGUOUS = re.compile(r"\d{1,3}[.,]\d{3}", re.ASCII)


class AmountError(ValueError):
    """What was typed is no amount; the message says why, in words for the person who typed it."""


def format_money(amount: int, currency: str = "EUR") -> str:
    """``12050, "EUR"`` → ``€120.50``; other currencies keep their code (``120.50 CHF``)."""
    major, minor = divmod(abs(amount), 100)
    text = f"{major:,}.{minor:02d}"
    sign = "-" if amount < 0 else ""
    symbol = SYMBOLS.get(currency)
    return f"{sign}{symbol}{text}" if symbol else f"{sign}{text} {currency}"


def read_money(text: str) -> int:
    """What a person typed (``"12,50"``, ``"€1,250.00"``) in minor units (``1250``), or
    :class:`AmountError` saying why it is no amount. Zero passes: whether zero is allowed is the
    form's rule."""
    typed = (text or "").strip().replace("\u00a0", " ")
    typed = typed.removeprefix("€").removesuffix("€").strip()
    if not typed:
        raise AmountError(f"Enter an amount in euros, {EXAMPLE}.")
    if typed.startswith(("-", "−")):
        raise AmountError("Enter the amount without a minus sign.")
    if _AMBIGUOUS.fullmatch(typed):
        whole = typed.replace(",", "").replace(".", "")
        raise AmountError(
            f"“{typed}” could mean {format_money(int(whole) * 100)} or {typed.replace(',', '.')} euros: "
            f"type {whole} for the first, or at most two decimals."
        )
    for pattern in (_PLAIN, *_GROUPED):
        match = pattern.fullmatch(typed)
        if match:
            break
    else:
        raise AmountError(f"“{typed[:24]}” is not an amount in euros. Type it {EXAMPLE}.")
    # Leading zeros dropped first: thousands of them would still be too many digits for int().
    digits = re.sub(r"[ ,.]", "", match["major"]).lstrip("0") or "0"
    if len(digits) > MAX_DIGITS:
        raise AmountError(f"“{typed[:24]}…” is far too large an amount.")
    return int(digits) * 100 + int((match["minor"] or "0").ljust(2, "0"))


def parse_money(text: str) -> int | None:
    """:func:`read_money`, or None when it is no amount."""
    try:
        return read_money(text)
    except AmountError:
        return None


def input_value(amount: int) -> str:
    """An amount as a form field's value, read back by :func:`read_money`: ``1250`` → ``12.50``."""
    major, minor = divmod(amount, 100)
    return f"{major}.{minor:02d}"
