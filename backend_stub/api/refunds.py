"""``GET``/``POST /orders/:orderId/refund``: an order's refund status, and order-level refunds."""

from __future__ import annotations

from aiohttp import web

from ..domain.refunds import Refund, RefundStatus, parse_amount_request
from ..domain.timestamps import format_timestamp, now
from ..state import state_of
from ..storage.refunds import RefundStore
from .bodies import read_json
from .rendering import render
from .routing import Route
from .serving import MERCHANT

__all__ = ["ROUTES", "present_refund"]


def present_refund(refund: Refund) -> dict:
    """A refund record as the API shows it."""
    return {
        "id": refund.id,
        "capture_id": refund.capture_id,
        "amount": refund.amount,
        "pending_amount": refund.pending_amount,
        "accrual_date": refund.accrual_date.isoformat(),
        "credit_to_customer": refund.credit_to_customer,
        "completed": refund.completed,
        "completed_but_defaults": refund.completed_but_defaults,
        "created": format_timestamp(refund.created),
    }


def _present_status(status: RefundStatus) -> dict:
    return {
        "remaining_amount": status.remaining_amount,
        "results": [present_refund(refund) for refund in status.refunds],
    }


async def refund_status(request: web.Request) -> web.Response:
    """What stays refundable of the order, and its refunds."""
    store = RefundStore(state_of(request).db)
    status = store.status(request[MERCHANT].id, request.match_info["order_id"])
    return render(request, _present_status(status))


async def refund_order(request: web.Request) -> web.Response:
    """Refund part or all of a confirmed order."""
    amount = parse_amount_request(await read_json(request))
    store = RefundStore(state_of(request).db)
    status = store.refund(request[MERCHANT].id, request.match_info["order_id"], amount, now=now())
    return render(request, _present_status(status))


ROUTES = [
    Route("GET", "/orders/{order_id}/refund", refund_status),
    Route("POST", "/orders/{order_id}/refund", refund_order),
]
