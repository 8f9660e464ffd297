"""What paying with each product costs in the sandbox: the payments, when they fall due, the APR
and the total to pay. This module is the one place the rule lives; the hosted checkout and the
demo store word it, they do not compute it.

The sandbox's rule, for every product: no interest and no fees (APR 0%), so the total to pay is
the amount. Every payment but the last is the amount divided by the number of payments, rounded
down to the cent; the last payment absorbs what the rounding left, so the payments add up to the
amount exactly (760.00 in 12 months: 11 × 63.33, then 63.37).

How many payments each product has and when they fall due is the product's shape
(:mod:`.products`): 4 payments a fortnight apart, the first at checkout (``pay_in_4``); one
payment 15 days after checkout (``pay_later``); monthly payments over 3, 6 or 12 months, the
shopper's choice, the first one month after checkout (``instalments``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from .products import Interval, product

__all__ = ["Schedule", "INSTALMENT_MONTHS", "APR", "schedule", "schedules", "parse_instalments"]

APR = Decimal("0")  # percent a year, every product
INSTALMENT_MONTHS = product("instalments").terms


@dataclass(frozen=True, slots=True)
class Schedule:
    """The payments of one plan, in minor units, first to last."""

    product_type: str
    payments: tuple[int, ...]
    # Between payments (its str() is English: "2 weeks"); for one payment, the wait before it.
    interval: Interval
    apr: Decimal = APR

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
        """What the shopper pays in all: the amount plus interest and fees (none here)."""
        return sum(self.payments)

    @property
    def interest(self) -> int:
        """Interest and fees in minor units: none in the sandbox (APR 0%)."""
        return 0

    def dates(self, start: date) -> tuple[date, ...]:
        """The day each payment falls due, for a plan agreed on ``start``."""
        return product(self.product_type).due_dates(self.count, start)

    def dated_payments(self, start: date) -> tuple[tuple[date, int], ...]:
        """``(due day, amount)`` of every payment, first to last."""
        return tuple(zip(self.dates(start), self.payments, strict=True))


def _split(amount: int, count: int) -> tuple[int, ...]:
    share, rest = divmod(amount, count)
    return (share,) * (count - 1) + (share + rest,)


def schedule(product_type: str, amount: int, months: int | None = None) -> Schedule:
    """The schedule for ``amount`` (minor units, positive); ``months`` picks an instalment term
    (the longest when omitted). ValueError for an unknown product or term."""
    offered = product(product_type)
    count = offered.default_term
    if len(offered.terms) > 1:
        count = months or count
        if count not in offered.terms:
            raise ValueError(f"{product_type} runs over {offered.terms} payments, not {months}")
    if amount <= 0:
        raise ValueError(f"an amount to pay is positive, got {amount}")
    return Schedule(product_type, _split(amount, count), offered.every)


def schedules(product_type: str, amount: int) -> tuple[Schedule, ...]:
    """Every schedule the product offers for ``amount``: one, or one per instalment term."""
    return tuple(schedule(product_type, amount, count) for count in product(product_type).terms)


def parse_instalments(value: object) -> int | None:
    """A term in months as given (``None`` when absent); ValueError naming the terms otherwise."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value not in INSTALMENT_MONTHS:
        terms = ", ".join(str(months) for months in INSTALMENT_MONTHS)
        raise ValueError(f"Must be one of: {terms} (months), or null.")
    return value
