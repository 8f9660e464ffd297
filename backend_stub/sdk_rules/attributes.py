"""Which elements are buttons, and what their attributes say.

A payment button is an element with ``data-service-button`` (optionally a group name),
``data-amount`` (an integer of minor units), ``data-currency`` (ISO 4217, three upper-case
letters) and ``data-product-type`` (``pay_later``, ``pay_in_4`` or ``instalments``, the API's
names of the products; absent means instalments).
A payment-information container has ``data-service-payment-info`` (optionally a group name).
Which amounts, currencies and product types are valid is the server's rule
(``backend_stub.domain.value_rules``, bundled with the SDK): a button the SDK checks is one the
server can answer.
"""

from backend_stub.domain.value_rules import (
    DEFAULT_PRODUCT_TYPE,
    DIGITS,
    MAX_AMOUNT,
    amount_from_text,
    is_amount_value,
    is_currency_code,
    is_product_type,
)

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
# What a button's availability answer is for: when one of these changes on a button, the answer
# it was shown for no longer holds (the loader hides it at once, unless it knows the new one).
CHECKED = (AMOUNT, CURRENCY, PRODUCT_TYPE)

INSTALMENTS = DEFAULT_PRODUCT_TYPE


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
    """An integer of minor units written with digits only (1250, not 12.50 or -1), at most
    ``MAX_AMOUNT``."""
    return amount_from_text(text) is not None


def is_currency(text: object) -> "TypeGuard[str]":
    """An ISO 4217 code: three upper-case letters."""
    return is_currency_code(text)


def amount_problem(value: object, name: str) -> str | None:
    """Why ``value`` is not an amount, or None."""
    if value is None:
        return f"{name} is missing"
    digits = isinstance(value, str) and value != "" and value.strip(DIGITS) == ""
    if not digits and (isinstance(value, bool) or not isinstance(value, int)):
        return f"{name} must be an integer amount in minor units (12.50 is written 1250), got {value!r}"
    if not (is_amount(value) if digits else is_amount_value(value)):
        return f"{name} must be an amount from 0 to {MAX_AMOUNT} in minor units, got {value!r}"
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
    if value is None or is_product_type(value):
        return None
    return f"{name} must be pay_later, pay_in_4 or instalments (the default when left out), got {value!r}"


def parse_button(attrs: dict) -> tuple:
    """``(Button, None)`` for valid attributes, ``(None, problem)`` otherwise."""
    # `in` before indexing, not dict.get: see sdk/__init__.py.
    amount = attrs[AMOUNT] if AMOUNT in attrs else None
    currency = attrs[CURRENCY] if CURRENCY in attrs else None
    product_type = attrs[PRODUCT_TYPE] if PRODUCT_TYPE in attrs else None
    group = (attrs[BUTTON] if BUTTON in attrs else None) or ""
    valid_type = product_type is None or is_product_type(product_type)
    if is_amount(amount) and is_currency(currency) and valid_type:
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


def element_from_row(row: list) -> dict:
    """``[id, tag, value or false per watched attribute]`` (the row the loader sends, in the
    bridge's URL or by message) as the page model reads elements."""
    attrs = {}
    for index in range(len(WATCHED)):  # range, not enumerate: Brython runs it as a plain loop
        value = row[index + 2]
        if value is not False:
            attrs[WATCHED[index]] = value
    return {"id": row[0], "tag": row[1], "attrs": attrs}
