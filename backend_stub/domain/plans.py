"""What a merchant's products offer a shopper for an amount: whether each is available and why
not, its limits, and its plans by the plan rule (:mod:`.schedules`) at the merchant's rates.

This is what ``GET /checkout/plans`` answers, what the hosted checkout and the information
window show, and what the SDK's messages word: one computation, so they agree to the cent.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import NamedTuple

from .errors import FieldErrors
from .locales import language_of
from .products import PRODUCTS, Product
from .schedules import Schedule, schedules
from .values import parse_amount, parse_currency, parse_product_type

__all__ = [
    "BELOW_MINIMUM",
    "ABOVE_MAXIMUM",
    "CURRENCY_NOT_OFFERED",
    "REASONS",
    "PlansQuery",
    "parse_plans_query",
    "unavailable_reason",
    "Offer",
    "offer",
]

# Why a product is not available for an amount: the whole vocabulary.
BELOW_MINIMUM, ABOVE_MAXIMUM, CURRENCY_NOT_OFFERED = "below_minimum", "above_maximum", "currency_not_offered"
REASONS = (BELOW_MINIMUM, ABOVE_MAXIMUM, CURRENCY_NOT_OFFERED)

LimitFor = Callable[[str, str], "tuple[int, int] | None"]


class PlansQuery(NamedTuple):
    """What is asked: the amount, its currency, one product (None: all the merchant's) and the
    locale the texts are wanted in (None: the default language)."""

    amount: int
    currency: str
    product_type: str | None
    locale: str | None


def parse_plans_query(query: Mapping[str, str]) -> PlansQuery:
    """``amount``, ``currency``, optional ``product[type]`` and ``locale``; Invalid names each bad
    one. A well-formed locale the service has no language for is no error (it gets English)."""
    errors = FieldErrors()
    amount = parse_amount(query.get("amount"), "amount", errors)
    currency = parse_currency(query.get("currency"), "currency", errors)
    product_type = None
    if "product[type]" in query:
        product_type = parse_product_type(query["product[type]"], "product[type]", errors)
    locale = query.get("locale")
    if locale is not None and language_of(locale) is None:
        errors.add("locale", "Must be a language tag such as en, es or es-ES.")
    errors.raise_if_any()
    assert amount is not None and currency is not None  # each is an error when missing, raised above
    return PlansQuery(amount, currency, product_type, locale)


def unavailable_reason(amount: int, limits: tuple[int, int] | None) -> str | None:
    """Why a product with ``limits`` (inclusive minimum and maximum; None: not offered in the
    currency) is not available for ``amount``, or None when it is."""
    if limits is None:
        return CURRENCY_NOT_OFFERED
    if amount < max(limits[0], 1):  # nothing to pay is no plan, whatever a limit of 0 says
        return BELOW_MINIMUM
    if amount > limits[1]:
        return ABOVE_MAXIMUM
    return None


@dataclass(frozen=True, slots=True)
class Offer:
    """One product for one amount: its limits in the currency (None: not offered in it), why it
    is not available (None: it is), and its plans (none when it is not available), each with its
    first due date for a plan agreed on ``today``."""

    product: Product
    amount: int
    currency: str
    limits: tuple[int, int] | None
    reason: str | None
    plans: tuple[Schedule, ...]
    today: date

    @property
    def available(self) -> bool:
        return self.reason is None

    @property
    def representative(self) -> Schedule | None:
        """The plan a representative example and a product's message describe: the product's
        first choice (its longest term), or None when nothing is offered."""
        for plan in self.plans:
            if plan.count == self.product.default_term:
                return plan
        return None

    @property
    def lowest(self) -> Schedule | None:
        """The plan with the smallest regular payment (what "from €22.91 a month" quotes)."""
        return min(self.plans, key=lambda plan: plan.regular, default=None)


def offer(
    product_type: str,
    amount: int,
    currency: str,
    limit_for: LimitFor,
    tins: Mapping[int, Decimal],
    today: date,
) -> Offer:
    """What ``product_type`` offers for ``amount`` in ``currency``, by the merchant's limits
    (``limit_for(product_type, currency)``, the availability check's own rule) and TIN per term
    (``tins``), for plans agreed on ``today``."""
    limits = limit_for(product_type, currency)
    reason = unavailable_reason(amount, limits)
    plans = schedules(product_type, amount, tins) if reason is None else ()
    return Offer(PRODUCTS[product_type], amount, currency, limits, reason, plans, today)
