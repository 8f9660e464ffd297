"""Whether a payment product is available to a merchant's customer for an amount."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping
from typing import NamedTuple

from .errors import FieldErrors
from .values import parse_amount, parse_currency, parse_product_type

__all__ = ["AvailabilityQuery", "PARAMETERS", "check_parameters", "parse_query", "is_available"]

# What a check takes; anything else is a mistake to name (a misspelt product[type] was once
# silently read as instalments).
PARAMETERS = ("amount", "currency", "product[type]")


# A tuple, not a frozen dataclass: it is built on every availability check, the hottest path.
class AvailabilityQuery(NamedTuple):
    """What a merchant's page asks: this amount, in this currency, for this product."""

    amount: int
    currency: str
    product_type: str


def _squeezed(name: str) -> str:
    return "".join(char for char in name.lower() if char.isalnum())


_KNOWN = frozenset(PARAMETERS)
_SQUEEZED = {_squeezed(name): name for name in PARAMETERS}


def _meant(name: str) -> str | None:
    """The parameter ``name`` is a misspelling of, if one is close (``product_type``,
    ``productType`` and ``product.type`` are ``product[type]``; ``ammount`` is ``amount``)."""
    squeezed = _squeezed(name)
    close = difflib.get_close_matches(squeezed, _SQUEEZED, n=1, cutoff=0.8)
    return _SQUEEZED[close[0]] if close else None


def check_parameters(names: Iterable[str]) -> None:
    """:class:`Invalid` naming each parameter the check does not take, or is given twice."""
    errors, seen = FieldErrors(), set[str]()
    for name in names:
        if name not in _KNOWN:
            meant = _meant(name)
            hint = f" did you mean {meant}?" if meant else " it takes " + ", ".join(PARAMETERS) + "."
            errors.add(name, "Not a parameter of this check:" + hint)
        elif name in seen:
            errors.add(name, "Given twice: send it once.")
        seen.add(name)
    errors.raise_if_any()


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
