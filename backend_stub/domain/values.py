"""Parsing of the values the API accepts: amounts, currencies, product types.

Each parser takes the raw value and the field's name, and records a clear message in a
:class:`FieldErrors` instead of raising, so one answer can name every bad field. Which values
are valid is :mod:`.value_rules`' to say, the rule the SDK bundles too.
"""

from __future__ import annotations

from .errors import REQUIRED, FieldErrors
from .value_rules import (
    DEFAULT_PRODUCT_TYPE,
    MAX_AMOUNT,
    MAX_AMOUNT_DIGITS,
    PRODUCT_TYPES,
    amount_from_text,
    is_amount_value,
    is_currency_code,
    is_product_type,
)

__all__ = [
    "MAX_AMOUNT",
    "PRODUCT_TYPES",
    "DEFAULT_PRODUCT_TYPE",
    "parse_amount",
    "parse_json_amount",
    "in_major_units",
    "parse_currency",
    "parse_product_type",
]


def parse_amount(value: object, field: str, errors: FieldErrors, *, minimum: int = 0) -> int | None:
    """An amount in minor units (an integer, or a string of digits in a query)."""
    if value is None or value == "":
        errors.add(field, REQUIRED)
        return None
    # A string first: every availability check sends one. Too many digits is "at most", as a
    # number too large is: the rule reads the text without converting what it refuses.
    if isinstance(value, str):
        amount = amount_from_text(value)
        if amount is None and value.isascii() and value.isdigit():
            errors.add(field, _too_many_digits(value))
            return None
    elif isinstance(value, int) and not isinstance(value, bool):
        amount = value
    else:
        amount = None
    if amount is None:
        errors.add(field, "Must be an integer amount in minor units (12.50 is sent as 1250).")
        return None
    if amount < minimum:
        errors.add(field, f"Must be at least {minimum}.")
        return None
    if not is_amount_value(amount):
        errors.add(field, f"Must be at most {MAX_AMOUNT}.")
        return None
    return amount


def _too_many_digits(digits: str) -> str:
    """What is wrong with a string of digits the rule refuses: its value, or only its length
    (``000000000012000`` is 12000, written with too many leading zeros)."""
    significant = digits.lstrip("0") or "0"
    if len(significant) <= MAX_AMOUNT_DIGITS and int(significant) <= MAX_AMOUNT:
        return f"Must have at most {MAX_AMOUNT_DIGITS} digits: write {significant}, without leading zeros."
    return f"Must be at most {MAX_AMOUNT}."


def parse_json_amount(value: object, field: str, errors: FieldErrors, *, minimum: int = 0) -> int | None:
    """An amount in a JSON body: a JSON integer only. ``"1250"`` is refused rather than read,
    as the OpenAPI document says integer and a client sending strings has a bug to find."""
    if isinstance(value, str) and value:
        errors.add(field, "Must be a JSON integer of minor units, not a string (12.50 is sent as 1250).")
        return None
    return parse_amount(value, field, errors, minimum=minimum)


def in_major_units(amount: int) -> str:
    """``300000`` → ``3,000.00``: limits said the way a merchant reads prices, not in cents."""
    major, minor = divmod(abs(amount), 100)
    return f"{'-' if amount < 0 else ''}{major:,}.{minor:02d}"


def parse_currency(value: object, field: str, errors: FieldErrors) -> str | None:
    """An ISO 4217 code: three upper-case letters."""
    if value is None or value == "":
        errors.add(field, REQUIRED)
        return None
    if not is_currency_code(value):
        errors.add(field, "Must be an ISO 4217 currency code of three upper-case letters, such as EUR.")
        return None
    return value


def parse_product_type(value: object, field: str, errors: FieldErrors) -> str | None:
    """A product type; absent means instalments."""
    if value is None:
        return DEFAULT_PRODUCT_TYPE
    if not is_product_type(value):
        errors.add(field, "Must be one of: " + ", ".join(PRODUCT_TYPES) + ".")
        return None
    return value
