"""Whether a payment product is available to a merchant's customer for an amount."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NamedTuple

from .errors import FieldErrors
from .values import parse_amount, parse_currency, parse_product_type

__all__ = ["AvailabilityQuery", "parse_query", "is_available"]


# A tuple, not a frozen dataclass: it is built on every availability check, the hottest path.
class AvailabilityQuery(NamedTuple):
    """What a merchant's page asks: this amount, in this currency, for this product."""

    amount: int
    currency: str
    product_type: str


def parse_query(query: Mapping[str, str]) -> AvailabilityQuery:
    """The check's parameters (``amount``, ``currency``, ``product[type]``); Invalid names each bad one."""
    errors = FieldErrors()
    amount = parse_amount(query.get("amount"), "amount", errors)
    currency = parse_currency(query.get("currency"), "currency", errors)
    product_type = parse_product_type(query.get("product[type]"), "product[type]", errors)
    errors.raise_if_any()
    # Each is an error when missing, raised above.
    assert amount is not None and currency is not None and product_type is not None
    return AvailabilityQuery(amount, currency, product_type)


def is_available(query: AvailabilityQuery, limit_for: Callable[[str, str], tuple[int, int] | None]) -> bool:
    """True when the merchant's limits for the product and currency contain the amount.

    ``limit_for(product_type, currency)`` gives the inclusive (minimum, maximum), or None when
    the merchant offers nothing there.
    """
    bounds = limit_for(query.product_type, query.currency)
    return bounds is not None and bounds[0] <= query.amount <= bounds[1]
