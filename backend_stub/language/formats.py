"""Money, rates and days as a shopper reads them, by CLDR's rules (Babel): ``22,91 €`` and
``27 nov 2026`` in Spanish, ``€22.91`` and ``27 Nov 2026`` in English, ``€ 120,50`` in Brazil.

Each function takes a locale: a CLDR identifier with its region (``pt_BR``, ``fr_CH``: what
:func:`.shopper_locale.shopper_locale` gives) or a language alone, written as the service's own
market writes it (:func:`written_as`)."""

from __future__ import annotations

import functools
from datetime import date
from decimal import Decimal

from babel import Locale
from babel.dates import format_date
from babel.numbers import format_currency, format_percent, get_currency_precision

__all__ = ["written_as", "cldr_locale", "money", "percent", "day"]

# The CLDR locale a language without a region is written in: as the service's European shoppers
# read it. English as in Great Britain (27 Nov 2026, not Nov 27, 2026); Portuguese as in Portugal
# (CLDR's `pt` alone is Brazil's, and the catalog's words are Portugal's); a language not listed
# uses CLDR's defaults (`fr` is France's, `de` Germany's, `es` Spain's, `it` Italy's).
_WRITTEN_AS = {"en": "en_GB", "pt": "pt_PT"}


def written_as(language: str) -> str:
    """The CLDR locale identifier ``language`` is written in when no region is asked."""
    return _WRITTEN_AS.get(language, language)


@functools.cache  # keyed by identifiers CLDR knows (shopper_locale gives no other): bounded
def cldr_locale(locale: str) -> Locale:
    """The CLDR locale of ``locale``: a language alone (``en``) or with its region (``fr_CH``)."""
    return Locale.parse(written_as(locale))


def money(amount: int, currency: str, locale: str) -> str:
    """``amount`` (minor units of ``currency``) written for ``locale``: 2291 EUR is ``€22.91``
    in English, ``22,91 €`` in Spanish (with a no-break space, as CLDR writes it)."""
    major = Decimal(amount).scaleb(-get_currency_precision(currency))
    return format_currency(major, currency, locale=cldr_locale(locale))


def percent(rate: Decimal, locale: str) -> str:
    """A rate in percent (``Decimal("10.42")``) as ``10.42%`` / ``10,42 %``: its own decimals,
    none when it has none (``0%``)."""
    return format_percent(rate.normalize() / 100, locale=cldr_locale(locale), decimal_quantization=False)


def day(when: date, locale: str) -> str:
    """``27 Nov 2026`` / ``27 nov 2026`` / ``27/11/2026`` (Portugal): CLDR's medium date."""
    return format_date(when, "medium", locale=cldr_locale(locale))
