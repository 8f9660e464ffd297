"""Money, rates and days as a shopper of a language reads them, by CLDR's rules (Babel):
``22,91 €`` and ``27 nov 2026`` in Spanish, ``€22.91`` and ``27 Nov 2026`` in English."""

from __future__ import annotations

import functools
from datetime import date
from decimal import Decimal

from babel import Locale
from babel.dates import format_date
from babel.numbers import format_currency, format_percent, get_currency_precision

__all__ = ["cldr_locale", "money", "percent", "day"]

# The CLDR locale each language is written in. English is written as the service's European
# shoppers read it (27 Nov 2026, not Nov 27, 2026); a language not listed uses its own defaults.
_WRITTEN_AS = {"en": "en_GB"}


@functools.cache
def cldr_locale(language: str) -> Locale:
    """The CLDR locale ``language`` is written in."""
    return Locale.parse(_WRITTEN_AS.get(language, language))


def money(amount: int, currency: str, language: str) -> str:
    """``amount`` (minor units of ``currency``) written for ``language``: 2291 EUR is ``€22.91``
    in English, ``22,91 €`` in Spanish (with a no-break space, as CLDR writes it)."""
    major = Decimal(amount).scaleb(-get_currency_precision(currency))
    return format_currency(major, currency, locale=cldr_locale(language))


def percent(rate: Decimal, language: str) -> str:
    """A rate in percent (``Decimal("10.42")``) as ``10.42%`` / ``10,42 %``: its own decimals,
    none when it has none (``0%``)."""
    return format_percent(rate.normalize() / 100, locale=cldr_locale(language), decimal_quantization=False)


def day(when: date, language: str) -> str:
    """``27 Nov 2026`` / ``27 nov 2026``: CLDR's medium date."""
    return format_date(when, "medium", locale=cldr_locale(language))
