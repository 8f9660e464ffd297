"""``GET /orders``: the merchant's orders, newest first, filtered and paginated."""

from __future__ import annotations

from aiohttp import web

from ..domain.orders import ORDER_FILTER_FIELDS, Order
from ..domain.timestamps import format_timestamp
from ..state import state_of
from ..storage.orders import OrderStore
from .listing import render_list
from .routing import Route
from .serving import MERCHANT

__all__ = ["ROUTES", "present_order"]


def present_order(order: Order) -> dict:
    """An order as the API shows it."""
    return {
        "id": order.id,
        "name": order.name,
        "currency": order.currency,
        "total_amount": order.total_amount,
        "status": order.status,
        "created": format_timestamp(order.created),
        "confirmed": format_timestamp(order.confirmed) if order.confirmed else None,
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
