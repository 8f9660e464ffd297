"""``GET /orders``: the merchant's orders, newest first, filtered and paginated."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from ..domain.orders import ORDER_FILTER_FIELDS, ORDER_STATUSES, Order
from ..domain.schedules import INSTALMENT_MONTHS
from ..domain.timestamps import format_timestamp
from ..domain.values import PRODUCT_TYPES
from ..state import state_of
from ..storage.orders import OrderStore
from .listing import render_list
from .openapi_filters import filter_parameters, filters_description
from .openapi_operations import Section, ok, operation, page_parameter
from .openapi_schema import AMOUNT, TIMESTAMP, nullable, obj, page_schema, ref
from .routing import Route
from .serving import MERCHANT

__all__ = ["ROUTES", "openapi_section", "present_order"]


def present_order(order: Order) -> dict[str, Any]:
    """An order as the API shows it."""
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
    }


async def list_orders(request: web.Request) -> web.Response:
    """One page of the merchant's orders matching the filters."""
    merchant_id = request[MERCHANT].id
    store = OrderStore(state_of(request).db)
    return await render_list(
        request,
        fields=ORDER_FILTER_FIELDS,
        count=lambda conditions: store.count(merchant_id, conditions),
        fetch=lambda conditions, offset, limit: store.page(merchant_id, conditions, offset, limit),
        present=present_order,
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
        },
        description="An order of the merchant, made by a checkout the shopper decided (or seeded in"
        " the sandbox). `confirmed` is null until the order is confirmed.",
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
        {"/orders": {"get": list_orders}}, {"Order": order, "OrderPage": page_schema(ref("Order"))}
    )
