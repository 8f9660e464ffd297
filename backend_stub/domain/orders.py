"""Orders: their states, their filterable fields, and how a new one is read from data.

Orders are made by checkouts, by the fixture and by the sandbox seeding control. A new order
read from data takes defaults for what it omits: a generated id (``ord_...``), the name
"Order <id>", EUR, a total of 10000 (100.00), the status ``confirmed`` when a ``confirmed``
timestamp is given and ``pending`` otherwise, and ``created`` = now. A ``confirmed`` order
without a ``confirmed`` timestamp gets ``created``. ``product_type`` (a sandbox field) is the
payment product the order was made with: its checkout's, or as seeded; null when not known.
``instalments`` is the term in months the shopper chose for an instalments order, null for the
other products. What happened to an order since it was made (its captures, its refunds, the
payments they left: :mod:`.payments`) is read from storage, never from a request.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from .errors import REQUIRED, Conflict, FieldErrors, Invalid
from .filters import FieldType
from .identifiers import new_identifier, parse_identifier
from .schedules import NO_INTEREST, parse_instalments
from .text import read_text
from .timestamps import TIMESTAMP_RULE, parse_timestamp
from .values import PRODUCT_TYPES, parse_currency, parse_json_amount

__all__ = [
    "ORDER_STATUSES",
    "ORDER_FIELDS",
    "ORDER_FILTER_FIELDS",
    "parse_order_items",
    "Order",
    "parse_order",
    "parse_orders",
    "PENDING_DECISIONS",
    "parse_pending_decision",
    "check_pending",
]

ORDER_STATUSES = ("pending", "confirmed", "denied", "canceled")
# What the financing service may still decide for a pending order (the sandbox control decides it).
PENDING_DECISIONS = ("confirmed", "denied")
ORDER_FIELDS = (
    "id",
    "name",
    "currency",
    "total_amount",
    "status",
    "created",
    "confirmed",
    "product_type",
    "instalments",
)
ORDER_FILTER_FIELDS: dict[str, FieldType] = {
    "id": FieldType.TEXT,
    "name": FieldType.TEXT,
    "created": FieldType.DATE,
    "confirmed": FieldType.DATE,
    "total_amount": FieldType.NUMBER,
    "status": FieldType.TEXT,
}
DEFAULT_CURRENCY = "EUR"
DEFAULT_TOTAL_AMOUNT = 10000
MAX_NAME_LENGTH = 1000
# A confirmation time belongs to orders that were confirmed: still confirmed, or canceled by refunds.
_MAY_HAVE_CONFIRMED = frozenset({"confirmed", "canceled"})


@dataclass(frozen=True, slots=True)
class Order:
    """An order as the API shows it; timestamps are aware UTC datetimes."""

    id: str
    name: str
    currency: str
    total_amount: int
    status: str
    created: datetime
    confirmed: datetime | None = None
    product_type: str | None = None
    instalments: int | None = None
    # Running totals of its captures and refunds: every refund, the refunds of the order itself
    # (not of a capture), and what refunds paid back to the customer.
    captured_amount: int = 0
    refunded_amount: int = 0
    order_refunded_amount: int = 0
    credited_amount: int = 0
    # The amounts of its payments as its refunds left them; None while they are the agreed ones.
    payments: tuple[int, ...] | None = None
    # The nominal rate (percent a year) its merchant charges for its product and term.
    tin: Decimal = NO_INTEREST


def _timestamp(value: object, field: str, errors: FieldErrors) -> datetime | None:
    moment = parse_timestamp(value)
    if moment is None:
        errors.add(field, TIMESTAMP_RULE)
    return moment


def _name(value: object, field: str, errors: FieldErrors) -> str | None:
    if isinstance(value, str) and not value.strip():
        errors.add(field, f"Must be a non-empty string of at most {MAX_NAME_LENGTH} characters.")
        return None
    return read_text(value, field, errors, maximum=MAX_NAME_LENGTH)


def _status(value: object, field: str, errors: FieldErrors) -> str | None:
    if not isinstance(value, str) or value not in ORDER_STATUSES:
        errors.add(field, "Must be one of: " + ", ".join(ORDER_STATUSES) + ".")
        return None
    return value


def _product_type(value: object, field: str, errors: FieldErrors) -> str | None:
    if value not in PRODUCT_TYPES:
        errors.add(field, "Must be one of: " + ", ".join(PRODUCT_TYPES) + ", or null.")
        return None
    return value


def _instalments(value: object, field: str, errors: FieldErrors) -> int | None:
    try:
        return parse_instalments(value)
    except ValueError as error:
        errors.add(field, str(error))
        return None


def _amount(value: object, field: str, errors: FieldErrors) -> int | None:
    return parse_json_amount(value, field, errors, minimum=1)


def parse_order(data: object, path: str, errors: FieldErrors, *, now: datetime) -> Order | None:
    """A new order from a JSON object; each problem is recorded under ``path + field``."""
    if not isinstance(data, Mapping):
        errors.add(path.rstrip(".") or "body", "Must be an order object.")
        return None
    for unknown in sorted(set(data) - set(ORDER_FIELDS)):
        errors.add(path + str(unknown), "Unknown field; an order has: " + ", ".join(ORDER_FIELDS) + ".")

    def given(name: str, parse: Callable[[object, str, FieldErrors], Any], default: Any) -> Any:
        # Absent and null both mean "use the default".
        value = data.get(name)
        return default if value is None else parse(value, path + name, errors)

    raw_id = data.get("id")
    order_id = new_identifier("ord") if raw_id is None else parse_identifier(raw_id, path + "id", errors)
    name = given("name", _name, f"Order {order_id}")
    currency = given("currency", parse_currency, DEFAULT_CURRENCY)
    total_amount = given("total_amount", _amount, DEFAULT_TOTAL_AMOUNT)
    created = given("created", _timestamp, now)
    confirmed = given("confirmed", _timestamp, None)
    status = given("status", _status, "confirmed" if confirmed is not None else "pending")
    product_type = given("product_type", _product_type, None)
    instalments = given("instalments", _instalments, None)
    if instalments is not None and product_type != "instalments":
        errors.add(path + "instalments", "Must be null unless the product_type is instalments.")
    if confirmed is not None and status is not None and status not in _MAY_HAVE_CONFIRMED:
        errors.add(path + "confirmed", "Must be null unless the status is confirmed or canceled.")
    if confirmed is not None and created is not None and confirmed < created:
        errors.add(path + "confirmed", "Must not be earlier than created.")
    if status == "confirmed" and confirmed is None:
        confirmed = created
    if order_id is None or name is None or currency is None or total_amount is None:
        return None
    if status is None or created is None:
        return None
    return Order(
        order_id, name, currency, total_amount, status, created, confirmed, product_type, instalments
    )


def parse_orders(data: object, *, now: datetime) -> tuple[list[Order], bool]:
    """New orders from one JSON object or an array of them, and whether it was one object.

    Field paths in errors are ``total_amount`` for one object and ``[2].total_amount`` in an
    array. Raises :class:`~.errors.Invalid` naming every bad field.
    """
    errors = FieldErrors()
    single = not isinstance(data, list)
    items: list[object] = data if isinstance(data, list) else [data]
    orders = parse_order_items(items, 0, single, set(), errors, now=now)
    errors.raise_if_any()
    return orders, single


def parse_order_items(
    items: list[object], first: int, single: bool, seen: set[str], errors: FieldErrors, *, now: datetime
) -> list[Order]:
    """The orders of ``items``, the array's items from index ``first`` on (``single``: the one
    object of a request), recording each problem in ``errors`` and each id in ``seen``, so that
    a long array can be read a slice at a time (:mod:`backend_stub.sandbox.seeding`)."""
    orders: list[Order] = []
    for index, item in enumerate(items, first):
        path = "" if single else f"[{index}]."
        order = parse_order(item, path, errors, now=now)
        if order is None:
            continue
        if order.id in seen:
            errors.add(path + "id", "Repeated in this request.")
        seen.add(order.id)
        orders.append(order)
    return orders


def parse_pending_decision(data: object) -> str:
    """The status a ``{"status": "confirmed"|"denied"}`` body gives a pending order;
    :class:`~.errors.Invalid` naming ``status`` (or ``body``) otherwise."""
    if not isinstance(data, Mapping):
        raise Invalid({"body": ['Must be a JSON object such as {"status": "confirmed"}.']})
    status = data.get("status")
    if isinstance(status, str) and status in PENDING_DECISIONS:
        return status
    raise Invalid(
        {"status": [REQUIRED if status is None else "Must be one of: " + ", ".join(PENDING_DECISIONS) + "."]}
    )


def check_pending(order: Order) -> None:
    """:class:`~.errors.Conflict` unless ``order`` is still pending: a decided order stays decided."""
    if order.status != "pending":
        raise Conflict(f"Only a pending order can be decided; this order is {order.status}.")
