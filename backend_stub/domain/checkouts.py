"""Checkouts (a sandbox extension for the SDK): what a merchant opens, and how it is decided.

A merchant creates a checkout for an order with its private key; the shopper decides it once in
the hosted page (approve, leave pending, deny), which makes the order in the matching state.
An undecided checkout expires 60 minutes after creation; then it can no longer be loaded.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from .errors import REQUIRED, Conflict, FieldErrors, Invalid
from .identifiers import parse_identifier
from .orders import Order
from .schedules import INSTALMENT_MONTHS, parse_instalments
from .text import read_text
from .urls import parse_http_url
from .values import (
    DEFAULT_PRODUCT_TYPE,
    in_major_units,
    parse_currency,
    parse_json_amount,
    parse_product_type,
)

__all__ = [
    "LIFETIME",
    "CREATED",
    "EXPIRED",
    "DECISIONS",
    "ORDER_STATUS_AFTER",
    "URL_FIELDS",
    "LineItem",
    "Checkout",
    "parse_new_checkout",
    "Decision",
    "parse_decision",
    "decide",
    "new_checkout_id",
]

LIFETIME = timedelta(minutes=60)
CREATED, EXPIRED = "created", "expired"
# The statuses a checkout can be decided with, and the state each gives the order.
DECISIONS = ("success", "pending", "ko")
ORDER_STATUS_AFTER = {"success": "confirmed", "pending": "pending", "ko": "denied"}
URL_FIELDS = ("success_url", "pending_url", "ko_url", "dismiss_url", "error_url")
MAX_ARTICLES = 200
MAX_TEXT = 500
# One name per product, the one its button says: "Instalments" in the window beside "Pay in
# instalments" on the store's button read as two products.
PRODUCT_LABELS = {"instalments": "Pay in instalments", "pay_later": "Pay in 15 days", "pay_in_4": "Pay in 4"}


@dataclass(frozen=True, slots=True)
class LineItem:
    """A line of the order shown in the hosted checkout (an "article" of ``POST /checkout``)."""

    name: str
    quantity: int
    unit_price: int | None

    def as_dict(self) -> dict[str, Any]:
        """The line as the API shows it, and as it is stored."""
        return {"name": self.name, "quantity": self.quantity, "unit_price": self.unit_price}


@dataclass(frozen=True, slots=True)
class Checkout:
    """A checkout and its order; ``status`` is ``created`` until decided."""

    id: str
    order_id: str
    order_name: str
    currency: str
    total_amount: int
    articles: tuple[LineItem, ...]
    product_type: str
    created: datetime
    urls: dict[str, str | None] = field(default_factory=dict)
    status: str = CREATED
    decided: datetime | None = None
    instalments: int | None = None  # the term the shopper chose (instalments only), once decided

    @property
    def expires(self) -> datetime:
        return self.created + LIFETIME

    def status_at(self, moment: datetime) -> str:
        """The status as the API shows it: an undecided checkout past its life is ``expired``."""
        if self.status == CREATED and moment >= self.expires:
            return EXPIRED
        return self.status

    @property
    def product_label(self) -> str:
        return PRODUCT_LABELS[self.product_type]


def new_checkout_id() -> str:
    """An unguessable id: it is also what lets the hosted page act on the checkout."""
    return "chk_" + secrets.token_urlsafe(18)


def _object(value: object, path: str, errors: FieldErrors, *, required: bool) -> dict[str, Any] | None:
    if value is None:
        if required:
            errors.add(path, REQUIRED)
        return None
    if not isinstance(value, dict):
        errors.add(path, "Must be an object.")
        return None
    return value


def _articles(value: object, path: str, errors: FieldErrors) -> tuple[LineItem, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or len(value) > MAX_ARTICLES:
        errors.add(path, f"Must be an array of at most {MAX_ARTICLES} articles.")
        return ()
    articles = []
    for index, item in enumerate(value):
        where = f"{path}[{index}]"
        data = _object(item, where, errors, required=True)
        if data is None:
            continue
        name = read_text(data.get("name"), f"{where}.name", errors, maximum=MAX_TEXT)
        quantity = data.get("quantity", 1)
        if isinstance(quantity, bool) or not isinstance(quantity, int) or not 1 <= quantity <= 10_000:
            errors.add(f"{where}.quantity", "Must be a whole number from 1 to 10000.")
            quantity = None
        price = data.get("unit_price")
        if price is not None:
            price = parse_json_amount(price, f"{where}.unit_price", errors)
        if name is not None and quantity is not None:
            articles.append(LineItem(name, quantity, price))
    return tuple(articles)


def parse_new_checkout(
    body: object, limit_for: Callable[[str, str], tuple[int, int] | None], moment: datetime
) -> Checkout:
    """The checkout a ``POST /checkout`` body asks for, created at ``moment``; :class:`Invalid`
    names every bad field.

    ``limit_for(product_type, currency)`` gives the merchant's (minimum, maximum): a checkout
    for an amount the product does not cover is refused, as its button would be hidden.
    """
    errors = FieldErrors()
    data = _object(body, "body", errors, required=True) or {}
    merchant = _object(data.get("merchant"), "merchant", errors, required=False) or {}
    urls = {
        name: parse_http_url(merchant.get(name), f"merchant.{name}", errors, required=False)
        for name in URL_FIELDS
    }
    given = _object(data.get("order"), "order", errors, required=True)
    order = given or {}
    # Without an order its fields are not named again; an empty order names each of them.
    order_id = parse_identifier(order.get("id"), "order.id", errors) if given is not None else None
    currency = parse_currency(order.get("currency"), "order.currency", errors) if given is not None else None
    total = (
        parse_json_amount(order.get("total_amount"), "order.total_amount", errors, minimum=1)
        if given is not None
        else None
    )
    name = read_text(order.get("name"), "order.name", errors, maximum=MAX_TEXT, required=False)
    articles = _articles(order.get("articles"), "order.articles", errors)
    product = _object(data.get("product"), "product", errors, required=False) or {}
    product_type = parse_product_type(product.get("type"), "product.type", errors)
    # Without an error so far, every required field was read: the product must cover the amount.
    if not errors and product_type is not None and currency is not None and total is not None:
        bounds = limit_for(product_type, currency)
        if bounds is None:
            errors.add("order.currency", f"{PRODUCT_LABELS[product_type]} is not offered in {currency}.")
        elif not bounds[0] <= total <= bounds[1]:
            errors.add(
                "order.total_amount",
                f"{PRODUCT_LABELS[product_type]} covers {in_major_units(bounds[0])} to"
                f" {in_major_units(bounds[1])} {currency}; {in_major_units(total)} {currency} is outside.",
            )
    errors.raise_if_any()
    assert order_id is not None and currency is not None and total is not None
    return Checkout(
        id=new_checkout_id(),
        order_id=order_id,
        order_name=name or f"Order {order_id}",
        currency=currency,
        total_amount=total,
        articles=articles,
        product_type=product_type or DEFAULT_PRODUCT_TYPE,
        urls=urls,
        created=moment,
    )


@dataclass(frozen=True, slots=True)
class Decision:
    """What the shopper (or the sandbox control) decided: the status, and for instalments the
    term in months (None: the hosted page's first choice, the longest)."""

    status: str
    instalments: int | None = None


def parse_decision(body: object) -> Decision:
    """``{"status": "success"|"pending"|"ko", "instalments"?: 3|6|12}``; :class:`Invalid` names
    the bad field."""
    data = body if isinstance(body, dict) else {}
    status = data.get("status")
    errors = FieldErrors()
    if not isinstance(status, str) or status not in DECISIONS:
        errors.add("status", REQUIRED if status is None else "Must be one of: " + ", ".join(DECISIONS) + ".")
    try:
        instalments = parse_instalments(data.get("instalments"))
    except ValueError as error:
        errors.add("instalments", str(error))
    errors.raise_if_any()
    assert isinstance(status, str)
    return Decision(status, instalments)


def expired_at(checkout: Checkout, moment: datetime) -> datetime:
    """The creation time that makes ``checkout`` expire at ``moment`` (the expire control);
    :class:`Conflict` once it is decided, which nothing undoes (CONTRACT 4.6)."""
    if checkout.status != CREATED:
        raise Conflict(f"This checkout was already decided ({checkout.status}): it cannot expire.")
    return moment - LIFETIME


def decide(checkout: Checkout, decision: Decision, moment: datetime) -> tuple[Checkout, Order]:
    """Decide a checkout once: the decided checkout and the order it makes. An instalments
    checkout records the term (the longest unless chosen); the other products take none."""
    if decision.instalments is not None and checkout.product_type != "instalments":
        raise Invalid(
            {"instalments": [f"Only an instalments checkout takes a term; this is {checkout.product_type}."]}
        )
    current = checkout.status_at(moment)
    if current == EXPIRED:
        raise Conflict("This checkout expired: create a new one.")
    if current != CREATED:
        raise Conflict(f"This checkout was already decided ({current}).")
    instalments = (
        (decision.instalments or INSTALMENT_MONTHS[-1]) if checkout.product_type == "instalments" else None
    )
    status = decision.status
    order_status = ORDER_STATUS_AFTER[status]
    order = Order(
        id=checkout.order_id,
        name=checkout.order_name,
        currency=checkout.currency,
        total_amount=checkout.total_amount,
        status=order_status,
        created=checkout.created or moment,
        confirmed=moment if order_status == "confirmed" else None,
        product_type=checkout.product_type,
        instalments=instalments,
    )
    return replace(checkout, status=status, decided=moment, instalments=instalments), order
