"""``GET /orders``: the merchant's orders, newest first, filtered and paginated."""

from __future__ import annotations

from datetime import date
from typing import Any

from aiohttp import web

from ..domain.orders import ORDER_FILTER_FIELDS, ORDER_STATUSES, Order
from ..domain.payments import capturable, collected_amount, owed_amount, payments, refundable
from ..domain.schedules import INSTALMENT_MONTHS
from ..domain.timestamps import format_timestamp
from ..domain.values import PRODUCT_TYPES
from ..state import state_of
from ..storage.orders import OrderStore
from .listing import render_list
from .openapi_filters import filter_parameters, filters_description
from .openapi_operations import Section, ok, operation, page_parameter
from .openapi_schema import AMOUNT, BALANCE, TIMESTAMP, array, nullable, obj, page_schema, ref
from .routing import Route
from .serving import MERCHANT

__all__ = ["ROUTES", "openapi_section", "present_order"]


def present_order(order: Order, today: date) -> dict[str, Any]:
    """An order as the API shows it on ``today`` (the sandbox clock's day)."""
    current = payments(order, today)
    return {
        "id": order.id,
        "name": order.name,
        "currency": order.currency,
        "total_amount": order.total_amount,
        "status": order.status,
        "created": format_timestamp(order.created),
        "confirmed": format_timestamp(order.confirmed) if order.confirmed else None,
        "product_type": order.product_type,
        "instalments": order.instalments,
        "schedule": [
            {"due_date": payment.due.isoformat(), "amount": payment.amount, "collected": payment.collected}
            for payment in current
        ],
        "collected_amount": collected_amount(current),
        "owed_amount": owed_amount(current),
        "paid_back_amount": order.credited_amount,
        "captured_amount": order.captured_amount,
        "capturable_amount": capturable(order),
        "refunded_amount": order.refunded_amount,
        "refundable_amount": refundable(order),
    }


async def list_orders(request: web.Request) -> web.Response:
    """One page of the merchant's orders matching the filters."""
    merchant_id, state = request[MERCHANT].id, state_of(request)
    store, today = OrderStore(state.db), state.clock.today()
    return await render_list(
        request,
        fields=ORDER_FILTER_FIELDS,
        count=lambda conditions: store.count(merchant_id, conditions),
        fetch=lambda conditions, offset, limit: store.page(merchant_id, conditions, offset, limit),
        present=lambda order: present_order(order, today),
    )


ROUTES = [Route("GET", "/orders", list_orders)]


def openapi_section() -> Section:
    """``GET /orders`` in the OpenAPI document."""
    order = obj(
        {
            "id": {"type": "string"},
            "name": {"type": "string"},
            "currency": {"type": "string", "pattern": "^[A-Z]{3}$"},
            "total_amount": AMOUNT,
            "status": {"type": "string", "enum": list(ORDER_STATUSES)},
            "created": TIMESTAMP,
            "confirmed": nullable(TIMESTAMP),
            "product_type": {
                **nullable({"type": "string", "enum": list(PRODUCT_TYPES)}),
                "description": "The payment product the order was made with (sandbox field): its"
                " checkout's, or as seeded; null when not known.",
            },
            "instalments": {
                **nullable({"type": "integer", "enum": list(INSTALMENT_MONTHS)}),
                "description": "The term in months the shopper chose for an instalments order (sandbox"
                " field); null for the other products.",
            },
            "schedule": {
                **array(ref("Payment")),
                "description": "What the shopper owes and when, as it stands now (sandbox field): the"
                " payments of the plan agreed at confirmation, first to last. A refund spreads the"
                " balance still owed over the payments not yet collected, on the same dates. One"
                " payment of the total, due the day it was confirmed, for an order whose product is"
                " not known; empty for an order never confirmed.",
            },
            "collected_amount": {
                **BALANCE,
                "description": "What the service has collected of the"
                " schedule: its payments due by today on the sandbox's clock (sandbox field).",
            },
            "owed_amount": {
                **BALANCE,
                "description": "What the shopper still owes: the schedule's"
                " payments not yet collected (sandbox field).",
            },
            "paid_back_amount": {
                **BALANCE,
                "description": "What refunds paid back to the shopper, the"
                " sum of their `credit_to_customer` (sandbox field). Always: collected − paid back +"
                " owed = total − refunded.",
            },
            "captured_amount": {**BALANCE, "description": "The sum of the order's captures (sandbox field)."},
            "capturable_amount": {
                **BALANCE,
                "description": "What a capture may take now (sandbox"
                " field): the total less what was captured and what was refunded before being"
                " captured; 0 unless confirmed.",
            },
            "refunded_amount": {
                **BALANCE,
                "description": "The sum of every refund, of the order and of its captures (sandbox field).",
            },
            "refundable_amount": {
                **BALANCE,
                "description": "What a refund of the order may take now"
                " (sandbox field): the total less every refund; 0 unless confirmed.",
            },
        },
        description="An order of the merchant, made by a checkout the shopper decided (or seeded in"
        " the sandbox). `confirmed` is null until the order is confirmed.",
    )
    payment = obj(
        {
            "due_date": {"type": "string", "format": "date", "description": "The day it falls due (UTC)."},
            "amount": BALANCE,
            "collected": {
                "type": "boolean",
                "description": "Collected: its due date has come on the sandbox's clock.",
            },
        },
        description="One payment of an order's schedule (sandbox field).",
    )
    list_orders = operation(
        "listOrders",
        "The merchant's orders, newest first",
        tag="orders",
        description=filters_description(ORDER_FILTER_FIELDS),
        parameters=[page_parameter(), *filter_parameters(ORDER_FILTER_FIELDS, "orders")],
        responses={200: ok("A page of orders.", ref("OrderPage"))},
        errors=(400, 404),
    )
    return Section(
        {"/orders": {"get": list_orders}},
        {"Order": order, "Payment": payment, "OrderPage": page_schema(ref("Order"))},
    )
