"""Amounts, currencies and product types: which values are valid.

One rule for the server and the SDK alike, as for keys (``keys``): the server's parsers
(``values``) and the SDK's attribute checks (``sdk/attributes.py``) both ask this module, and
the SDK's build bundles it into the bridge, so a button the SDK shows is one the server can
check. It runs under Brython without a standard library, so it imports nothing; it tests ASCII
by stripping a known alphabet (sdk/__init__.py says why).
"""

# Nothing is imported at run time: typing's names reach only mypy, which takes any
# `TYPE_CHECKING` as true; annotations naming them are strings.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TypeGuard

# Amounts are integers of minor units; a ceiling keeps absurd numbers out of SQLite's range.
MAX_AMOUNT = 10**13
MAX_AMOUNT_DIGITS = 14  # len(str(MAX_AMOUNT)), written out: this runs on every check

INSTALMENTS = "instalments"
# The products' types, in the order of their declaration (domain/products.py, which this module
# cannot import: it would bring dataclasses and datetime into the SDK's bundle); a unit test
# holds the two equal.
PRODUCT_TYPES = (INSTALMENTS, "pay_later", "pay_in_4")
# What a request or a button without a product type means.
DEFAULT_PRODUCT_TYPE = INSTALMENTS

DIGITS = "0123456789"
UPPER_CASE = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def amount_from_text(text: object) -> int | None:
    """The amount ``text`` writes with ASCII digits only (1250, not 12.50, -1 or " 1250"), or
    None; above :data:`MAX_AMOUNT` is None too."""
    # Digits stripped, not str.isdigit: that takes "²" and "١" (Arabic-Indic one), which int() refuses.
    if not isinstance(text, str) or not 0 < len(text) <= MAX_AMOUNT_DIGITS or text.strip(DIGITS) != "":
        return None
    amount = int(text)
    return amount if amount <= MAX_AMOUNT else None


def is_amount_value(value: object) -> bool:
    """An integer from 0 to :data:`MAX_AMOUNT` (True and False are not amounts)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_AMOUNT


def is_currency_code(text: object) -> "TypeGuard[str]":
    """An ISO 4217 code: three upper-case ASCII letters."""
    return isinstance(text, str) and len(text) == 3 and text.strip(UPPER_CASE) == ""


def is_product_type(value: object) -> "TypeGuard[str]":
    """One of :data:`PRODUCT_TYPES` (absence is the caller's to read as the default)."""
    return value in PRODUCT_TYPES
