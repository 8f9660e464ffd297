"""Amounts in minor units, written the way a shopper reads them."""

from __future__ import annotations

__all__ = ["format_money"]

SYMBOLS = {"EUR": "€", "USD": "$", "GBP": "£"}


def format_money(amount: int, currency: str) -> str:
    """``25000, "EUR"`` → ``€250.00``; unknown currencies keep their code (``250.00 CHF``)."""
    major, minor = divmod(abs(amount), 100)
    text = f"{major:,}.{minor:02d}"
    sign = "-" if amount < 0 else ""
    symbol = SYMBOLS.get(currency)
    return f"{sign}{symbol}{text}" if symbol else f"{sign}{text} {currency}"
