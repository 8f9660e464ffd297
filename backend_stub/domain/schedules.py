"""What paying with each product costs in the sandbox: the payments, when they fall due, the APR
and the total to pay. This module is the one place the rule lives; the hosted checkout and the
demo store word it, they do not compute it.

The sandbox's rule, for every product: no interest and no fees (APR 0%), so the total to pay is
the amount. Every payment but the last is the amount divided by the number of payments, rounded
down to the cent; the last payment absorbs what the rounding left, so the payments add up to the
amount exactly (760.00 in 12 months: 11 × 63.33, then 63.37).

- ``pay_in_4``: 4 payments, the first at checkout, then one every 2 weeks.
- ``pay_later``: one payment, 15 days after checkout.
- ``instalments``: monthly payments over 3, 6 or 12 months, the shopper's choice; the first one
  month after checkout (a day missing in a short month falls on its last day: 31 January, then
  28 February).
"""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

__all__ = ["Schedule", "INSTALMENT_MONTHS", "APR", "schedule", "schedules", "parse_instalments"]

APR = Decimal("0")  # percent a year, every product
INSTALMENT_MONTHS = (3, 6, 12)
# product type -> (number of payments, time between payments); instalments vary in number.
_PLANS = {"pay_in_4": (4, "2 weeks"), "pay_later": (1, "15 days"), "instalments": (12, "1 month")}


@dataclass(frozen=True, slots=True)
class Schedule:
    """The payments of one plan, in minor units, first to last."""

    product_type: str
    payments: tuple[int, ...]
    interval: str  # between payments ("2 weeks", "1 month"); for one payment, the wait before it
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
        if self.product_type == "pay_in_4":
            return tuple(start + timedelta(weeks=2 * index) for index in range(self.count))
        if self.product_type == "pay_later":
            return (start + timedelta(days=15),)
        return tuple(_add_months(start, index + 1) for index in range(self.count))

    def dated_payments(self, start: date) -> tuple[tuple[date, int], ...]:
        """``(due day, amount)`` of every payment, first to last."""
        return tuple(zip(self.dates(start), self.payments, strict=True))


def _add_months(start: date, months: int) -> date:
    year, month = divmod(start.month - 1 + months, 12)
    year, month = start.year + year, month + 1
    return date(year, month, min(start.day, calendar.monthrange(year, month)[1]))


def _split(amount: int, count: int) -> tuple[int, ...]:
    share, rest = divmod(amount, count)
    return (share,) * (count - 1) + (share + rest,)


def schedule(product_type: str, amount: int, months: int | None = None) -> Schedule:
    """The schedule for ``amount`` (minor units, positive); ``months`` picks an instalment term
    (the longest when omitted). ValueError for an unknown product or term."""
    if product_type not in _PLANS:
        raise ValueError(f"unknown product type {product_type!r}")
    count, interval = _PLANS[product_type]
    if product_type == "instalments":
        count = months or INSTALMENT_MONTHS[-1]
        if count not in INSTALMENT_MONTHS:
            raise ValueError(f"instalments run over {INSTALMENT_MONTHS} months, not {months}")
    if amount <= 0:
        raise ValueError(f"an amount to pay is positive, got {amount}")
    return Schedule(product_type, _split(amount, count), interval)


def schedules(product_type: str, amount: int) -> tuple[Schedule, ...]:
    """Every schedule the product offers for ``amount``: one, or one per instalment term."""
    if product_type == "instalments":
        return tuple(schedule(product_type, amount, months) for months in INSTALMENT_MONTHS)
    return (schedule(product_type, amount),)


def parse_instalments(value: object) -> int | None:
    """A term in months as given (``None`` when absent); ValueError naming the terms otherwise."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value not in INSTALMENT_MONTHS:
        terms = ", ".join(str(months) for months in INSTALMENT_MONTHS)
        raise ValueError(f"Must be one of: {terms} (months), or null.")
    return value
