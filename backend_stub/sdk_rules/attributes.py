"""Which elements are buttons, and what their attributes say.

A payment button is an element with ``data-service-button`` (optionally a group name),
``data-amount`` (an integer of minor units), ``data-currency`` (ISO 4217, three upper-case
letters) and ``data-product-type`` (``pay_later`` or ``pay_in_4``; absent means instalments).
A payment-information container has ``data-service-payment-info`` (optionally a group name).
"""

# The SDK imports nothing outside its package under Brython (sdk/__init__.py): typing's names
# reach only mypy, which takes any `TYPE_CHECKING` as true; annotations naming them are strings.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TypeGuard

BUTTON = "data-service-button"
PAYMENT_INFO = "data-service-payment-info"
AMOUNT = "data-amount"
CURRENCY = "data-currency"
PRODUCT_TYPE = "data-product-type"

# What the loader reports: elements matching SELECTOR, with these attributes.
SELECTOR = "[" + BUTTON + "],[" + PAYMENT_INFO + "]"
WATCHED = (BUTTON, PAYMENT_INFO, AMOUNT, CURRENCY, PRODUCT_TYPE)

INSTALMENTS = "instalments"
PRODUCT_TYPES = ("pay_later", "pay_in_4")
VALID_TYPES = (INSTALMENTS, *PRODUCT_TYPES)
MAX_AMOUNT_DIGITS = 14


class Button:
    """A valid payment button: its group and the (amount, currency, product type) to check."""

    def __init__(self, group: str, amount: int, currency: str, product_type: str) -> None:
        self.group = group
        self.amount = amount
        self.currency = currency
        self.product_type = product_type
        self.triple = (amount, currency, product_type)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Button) and (self.group, self.triple) == (other.group, other.triple)

    def __repr__(self) -> str:
        return f"Button({self.group!r}, {self.amount!r}, {self.currency!r}, {self.product_type!r})"


def is_amount(text: object) -> "TypeGuard[str]":
    """An integer of minor units written with digits only (1250, not 12.50 or -1)."""
    return (
        # String methods, not a loop over characters: under Brython each Python step is costly.
        isinstance(text, str) and 0 < len(text) <= MAX_AMOUNT_DIGITS and text.isascii() and text.isdigit()
    )


UPPER_CASE = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def is_currency(text: object) -> "TypeGuard[str]":
    """An ISO 4217 code: three upper-case letters."""
    # strip, not isalpha() and isupper(): sdk/__init__.py says why.
    return isinstance(text, str) and len(text) == 3 and text.strip(UPPER_CASE) == ""


def amount_problem(value: object, name: str) -> str | None:
    """Why ``value`` is not an amount, or None."""
    if value is None:
        return f"{name} is missing"
    if isinstance(value, bool) or not (isinstance(value, int) or is_amount(value)):
        return f"{name} must be an integer amount in minor units (12.50 is written 1250), got {value!r}"
    if isinstance(value, int) and (value < 0 or len(str(value)) > MAX_AMOUNT_DIGITS):
        return f"{name} must be a non-negative amount in minor units, got {value!r}"
    return None


def currency_problem(value: object, name: str) -> str | None:
    """Why ``value`` is not a currency code, or None."""
    if value is None:
        return f"{name} is missing"
    if not is_currency(value):
        return f"{name} must be an ISO 4217 code of three upper-case letters such as EUR, got {value!r}"
    return None


def product_type_problem(value: object, name: str) -> str | None:
    """Why ``value`` is not a product type, or None (absent is fine: instalments)."""
    if value is None or value == INSTALMENTS or value in PRODUCT_TYPES:
        return None
    return f"{name} must be pay_later or pay_in_4 (leave it out for instalments), got {value!r}"


def parse_button(attrs: dict) -> tuple:
    """``(Button, None)`` for valid attributes, ``(None, problem)`` otherwise."""
    # `in` before indexing, not dict.get: see sdk/__init__.py.
    amount = attrs[AMOUNT] if AMOUNT in attrs else None
    currency = attrs[CURRENCY] if CURRENCY in attrs else None
    product_type = attrs[PRODUCT_TYPE] if PRODUCT_TYPE in attrs else None
    group = (attrs[BUTTON] if BUTTON in attrs else None) or ""
    if is_amount(amount) and is_currency(currency) and (product_type is None or product_type in VALID_TYPES):
        return Button(group, int(amount), currency, product_type or INSTALMENTS), None
    problems = [
        problem
        for problem in (
            amount_problem(amount, AMOUNT),
            currency_problem(currency, CURRENCY),
            product_type_problem(product_type, PRODUCT_TYPE),
        )
        if problem is not None
    ]
    if problems:
        return None, "; ".join(problems)
    assert amount is not None and currency is not None  # each is a problem above when missing
    return Button(group, int(amount), currency, product_type or INSTALMENTS), None


def describe(tag: str, attrs: dict) -> str:
    """The element as a merchant would recognise it in their markup."""
    parts = [tag.lower()]
    for name in WATCHED:
        if name in attrs:
            value = attrs[name]
            parts.append(name if value == "" else f'{name}="{value}"')
    return "<" + " ".join(parts) + ">"
