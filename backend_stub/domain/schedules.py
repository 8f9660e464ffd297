"""The plan rule: what paying with a product costs, its payments, when they fall due, the interest,
the APR and the total to pay. This module is the one place the rule lives; the API, the hosted
checkout and the information window word it, they do not compute it.

A merchant's account gives each product and term a nominal rate, the TIN (percent a year, 0 when
it sets none). There are no fees. With ``r = TIN / 12`` a month over ``n`` payments:

- the annuity is ``A = amount · r / (1 − (1 + r)^−n)``, or ``amount / n`` at 0%;
- the total to pay is ``n · A`` rounded to the cent, half a cent up (:func:`to_cent`);
- every payment but the last is ``A`` rounded down to the cent, and the last is the total minus
  the others, so the payments add up to the total exactly;
- the interest is the total minus the amount, and the APR (TAE) is ``(1 + TIN / 12)^12 − 1``,
  given in percent to two decimals, half up.

The arithmetic is exact (fractions, not floats nor a Decimal context), so every rounding above
happens once, where the rule says. At 0% the total is the amount: 760.00 in 12 months is 11 ×
63.33, then 63.37. At 12.5% a year, 1,000.00 in 12 months has A = 89.0829: 12 · A = 1,068.994
makes a total of 1,068.99 (interest 68.99), paid as 11 × 89.08, then 89.11; 50.00 has A = 4.4541,
12 · A = 53.4497 rounds up to 53.45, paid as 11 × 4.45, then 4.50.

How many payments each product has and when they fall due is the product's shape
(:mod:`.products`): 4 payments a fortnight apart, the first at checkout (``pay_in_4``); one
payment 15 days after checkout (``pay_later``); monthly payments over 3, 6 or 12 months, the
shopper's choice, the first one month after checkout (``instalments``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from fractions import Fraction

from .products import Interval, product

__all__ = [
    "Schedule",
    "INSTALMENT_MONTHS",
    "NO_INTEREST",
    "MAX_TIN",
    "schedule",
    "schedules",
    "spread",
    "annuity",
    "to_cent",
    "tae",
    "parse_tin",
    "parse_instalments",
]

NO_INTEREST = Decimal("0")  # the TIN of a product and term a merchant sets no rate for
# A ceiling on nominal rates, far above any lawful one: a rate past it is a typing error.
MAX_TIN = Decimal("100")
INSTALMENT_MONTHS = product("instalments").terms
_CENT = Decimal("0.01")


@dataclass(frozen=True, slots=True)
class Schedule:
    """The payments of one plan, in minor units, first to last; ``tin`` its nominal rate (percent
    a year) and ``amount`` what it finances (None: the payments' sum, a plan without interest)."""

    product_type: str
    payments: tuple[int, ...]
    # Between payments (its str() is English: "2 weeks"); for one payment, the wait before it.
    interval: Interval
    tin: Decimal = NO_INTEREST
    amount: int | None = None

    @property
    def count(self) -> int:
        return len(self.payments)

    @property
    def regular(self) -> int:
        """Every payment but the last."""
        return self.payments[0]

    @property
    def last(self) -> int:
        return self.payments[-1]

    @property
    def total(self) -> int:
        """What the shopper pays in all: the amount plus the interest (there are no fees)."""
        return sum(self.payments)

    @property
    def interest(self) -> int:
        """The interest in minor units: the total minus the amount financed."""
        return self.total - (self.total if self.amount is None else self.amount)

    @property
    def tae(self) -> Decimal:
        """The APR (TAE), percent a year to two decimals: :func:`tae` of the TIN."""
        return tae(self.tin)

    @property
    def apr(self) -> Decimal:
        """The APR as older texts print it: ``0`` rather than ``0.00`` for a plan without interest."""
        rate = self.tae
        return NO_INTEREST if rate == 0 else rate

    def dates(self, start: date) -> tuple[date, ...]:
        """The day each payment falls due, for a plan agreed on ``start``."""
        return product(self.product_type).due_dates(self.count, start)

    def dated_payments(self, start: date) -> tuple[tuple[date, int], ...]:
        """``(due day, amount)`` of every payment, first to last."""
        return tuple(zip(self.dates(start), self.payments, strict=True))


def to_cent(value: Fraction) -> int:
    """``value`` (minor units) rounded to the nearest cent, half a cent up: 2.5 → 3, 3.5 → 4
    (not to the even one, as Python's round() does), as a price is rounded."""
    return math.floor(value + Fraction(1, 2))


def spread(total: int, count: int) -> tuple[int, ...]:
    """``total`` over ``count`` payments by the plan's rounding: every payment but the last is
    ``total / count`` rounded down to the cent, the last takes the rest (a balance spread again
    over the payments left, or a plan without interest)."""
    if count < 1 or total < 0:
        raise ValueError(f"{total} cannot be spread over {count} payments")
    share = total // count
    return (share,) * (count - 1) + (total - share * (count - 1),)


def annuity(amount: int, tin: Decimal, count: int) -> Fraction:
    """The exact payment that repays ``amount`` over ``count`` monthly payments at ``tin``
    (percent a year): ``amount · r / (1 − (1 + r)^−n)`` with ``r = tin / 12``, ``amount / n`` at 0%."""
    rate = Fraction(tin) / 1200
    if rate == 0:
        return Fraction(amount, count)
    growth = (1 + rate) ** count
    return amount * rate * growth / (growth - 1)


def tae(tin: Decimal) -> Decimal:
    """The APR (TAE) of a nominal rate, both in percent a year: ``(1 + TIN / 12)^12 − 1``, to two
    decimals, half up (9.95 → 10.42; 0 → 0.00)."""
    exact = ((1 + Fraction(tin) / 1200) ** 12 - 1) * 100
    return (Decimal(exact.numerator) / Decimal(exact.denominator)).quantize(_CENT, ROUND_HALF_UP)


def _payments(amount: int, tin: Decimal, count: int) -> tuple[int, ...]:
    if tin == 0:
        return spread(amount, count)  # the same rule: A = amount / n, and the total is the amount
    payment = annuity(amount, tin, count)
    total = to_cent(count * payment)
    regular = math.floor(payment)
    return (regular,) * (count - 1) + (total - regular * (count - 1),)


def schedule(
    product_type: str, amount: int, months: int | None = None, *, tin: Decimal = NO_INTEREST
) -> Schedule:
    """The schedule for ``amount`` (minor units, positive) at the nominal rate ``tin``; ``months``
    picks a term of a product that offers several (the longest when omitted). ValueError for an
    unknown product or term."""
    offered = product(product_type)
    count = offered.default_term
    if len(offered.terms) > 1:
        count = months or count
        if count not in offered.terms:
            raise ValueError(f"{product_type} runs over {offered.terms} payments, not {months}")
    if amount <= 0:
        raise ValueError(f"an amount to pay is positive, got {amount}")
    return Schedule(product_type, _payments(amount, tin, count), offered.every, tin, amount)


def schedules(
    product_type: str, amount: int, tins: Mapping[int, Decimal] | None = None
) -> tuple[Schedule, ...]:
    """Every schedule the product offers for ``amount``: one per term, each at its TIN in ``tins``
    (term → TIN; a term without one has no interest)."""
    rates = tins or {}
    return tuple(
        schedule(product_type, amount, count, tin=rates.get(count, NO_INTEREST))
        for count in product(product_type).terms
    )


def parse_tin(value: object) -> Decimal:
    """A nominal rate as a merchant's account writes it (``"9.95"``, or a JSON number): percent a
    year, from 0 below :data:`MAX_TIN`, at most two decimals. ValueError saying what is wrong."""
    if isinstance(value, bool) or not isinstance(value, str | int | float | Decimal):
        raise ValueError(f"a TIN is a number of percent a year, not {value!r}")
    try:
        rate = Decimal(str(value))
    except InvalidOperation:
        raise ValueError(f"a TIN is a number of percent a year, not {value!r}") from None
    if not rate.is_finite() or not 0 <= rate < MAX_TIN or rate != rate.quantize(_CENT):
        raise ValueError(
            f"a TIN is from 0 to below {MAX_TIN} percent, with at most two decimals; not {value!r}"
        )
    return rate


def parse_instalments(value: object) -> int | None:
    """A term in months as given (``None`` when absent); ValueError naming the terms otherwise."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value not in INSTALMENT_MONTHS:
        terms = ", ".join(str(months) for months in INSTALMENT_MONTHS)
        raise ValueError(f"Must be one of: {terms} (months), or null.")
    return value
