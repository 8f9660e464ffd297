"""The payment products the service offers, each declared once: its type, its name, and the shape
of its plans (how many payments, and how far apart).

Everything else reads this table: the value rules' list of product types (held equal to it by a
test, as the SDK bundles that list without importing this module), the plan rule's schedules and
due dates (:mod:`.schedules`), the hosted checkout's and the API's product names. A new product is
a row here, then its limits and rates in a merchant's account.
"""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import date, timedelta

__all__ = ["DAYS", "WEEKS", "MONTHS", "UNITS", "Interval", "Product", "PRODUCTS", "product"]


def N_(text: str) -> str:
    """Marks a text for the message catalogs (backend_stub/language/catalogs.py extracts these
    marks): a product's name is English here and translated where it is shown."""
    return text


DAYS, WEEKS, MONTHS = "days", "weeks", "months"
UNITS = (DAYS, WEEKS, MONTHS)


@dataclass(frozen=True, slots=True)
class Interval:
    """A length of time counted in one unit (``days``, ``weeks`` or ``months``)."""

    count: int
    unit: str

    def __post_init__(self) -> None:
        if self.unit not in UNITS or self.count < 0:
            raise ValueError(f"an interval is a count of {', '.join(UNITS)}, not {self.count} {self.unit}")

    def __str__(self) -> str:
        """``2 weeks``, ``1 month``: the English the sandbox's older texts were written with."""
        unit = self.unit[:-1] if self.count == 1 else self.unit
        return f"{self.count} {unit}"

    def times(self, factor: int) -> Interval:
        """This interval ``factor`` times over."""
        return Interval(self.count * factor, self.unit)

    def after(self, start: date) -> date:
        """The day this long after ``start``. A month later keeps the day of the month, or falls
        on the month's last day when it has no such day (31 January, then 28 February)."""
        if self.unit == DAYS:
            return start + timedelta(days=self.count)
        if self.unit == WEEKS:
            return start + timedelta(weeks=self.count)
        year, month = divmod(start.month - 1 + self.count, 12)
        year, month = start.year + year, month + 1
        return date(year, month, min(start.day, calendar.monthrange(year, month)[1]))


@dataclass(frozen=True, slots=True)
class Product:
    """A payment product. ``terms`` are the numbers of payments a shopper may choose from (the
    last, the longest, is the first choice); ``first_after`` is the time from the day a plan is
    agreed to its first payment (0 days: at checkout), ``every`` the time between payments."""

    type: str
    label: str
    terms: tuple[int, ...]
    first_after: Interval
    every: Interval

    @property
    def default_term(self) -> int:
        """The term a plan has when none is chosen: the longest."""
        return self.terms[-1]

    def due_dates(self, count: int, start: date) -> tuple[date, ...]:
        """The day each of ``count`` payments falls due, for a plan agreed on ``start``. Each is
        counted from ``start``, not from the payment before, so a plan agreed on the 31st keeps
        paying on the 31st of the months that have one."""
        if self.first_after.unit == self.every.unit:
            return tuple(
                Interval(self.first_after.count + self.every.count * index, self.every.unit).after(start)
                for index in range(count)
            )
        first = self.first_after.after(start)
        return tuple(self.every.times(index).after(first) for index in range(count))


# In the order the API lists them (instalments first: the product a request without a type means).
PRODUCTS: dict[str, Product] = {
    item.type: item
    for item in (
        Product(
            "instalments", N_("Pay in instalments"), (3, 6, 12), Interval(1, MONTHS), Interval(1, MONTHS)
        ),
        # One payment: its interval is the wait before it.
        Product("pay_later", N_("Pay in 15 days"), (1,), Interval(15, DAYS), Interval(15, DAYS)),
        Product("pay_in_4", N_("Pay in 4"), (4,), Interval(0, DAYS), Interval(2, WEEKS)),
    )
}


def product(product_type: str) -> Product:
    """The product of that type; ValueError naming the types for any other."""
    try:
        return PRODUCTS[product_type]
    except KeyError:
        raise ValueError(
            f"unknown product type {product_type!r}; the products are {', '.join(PRODUCTS)}"
        ) from None
