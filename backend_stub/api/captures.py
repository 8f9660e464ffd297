"""Captures of an order (sandbox extension) and capture refunds.

``POST``/``GET /orders/:orderId/captures`` create and list captures;
``GET``/``POST /orders/:orderId/captures/:captureId/refunds`` show a capture with its refunds and
refund it.
"""

from __future__ import annotations

from aiohttp import web

from ..domain.captures import Capture
from ..domain.refunds import parse_amount_request
from ..domain.timestamps import format_timestamp, now
from ..state import state_of
from ..storage.captures import CaptureStore
from .bodies import read_json
from .listing import render_list
from .refunds import present_refund
from .rendering import render
from .routing import Route
from .serving import MERCHANT

__all__ = ["ROUTES", "present_capture"]


def present_capture(capture: Capture) -> dict:
    """A capture with its refunds, as the API shows it."""
    return {
        "id": capture.id,
        "amount": capture.amount,
        "created": format_timestamp(capture.created),
        "refunds": [present_refund(refund) for refund in capture.refunds],
        "refunded_amount": capture.refunded_amount,
        "remaining_amount": capture.remaining_amount,
    }


async def create_capture(request: web.Request) -> web.Response:
    """Capture part of a confirmed order (201)."""
    amount = parse_amount_request(await read_json(request))
    store = CaptureStore(state_of(request).db)
    capture = store.create(request[MERCHANT].id, request.match_info["order_id"], amount, now=now())
    return render(request, present_capture(capture), status=201)


async def list_captures(request: web.Request) -> web.Response:
    """The order's captures, newest first, paginated (no filters)."""
    merchant_id, order_id = request[MERCHANT].id, request.match_info["order_id"]
    store = CaptureStore(state_of(request).db)
    return await render_list(
        request,
        fields={},
        count=lambda _conditions: store.count(merchant_id, order_id),
        fetch=lambda _conditions, offset, limit: store.page(merchant_id, order_id, offset, limit),
        present=present_capture,
    )


async def capture_refunds(request: web.Request) -> web.Response:
    """The capture with its refunds."""
    store = CaptureStore(state_of(request).db)
    capture = store.get(
        request[MERCHANT].id, request.match_info["order_id"], request.match_info["capture_id"]
    )
    return render(request, present_capture(capture))


async def refund_capture(request: web.Request) -> web.Response:
    """Refund part or all of a capture."""
    amount = parse_amount_request(await read_json(request))
    store = CaptureStore(state_of(request).db)
    match = request.match_info
    capture = store.refund(request[MERCHANT].id, match["order_id"], match["capture_id"], amount, now=now())
    return render(request, present_capture(capture))


ROUTES = [
    Route("POST", "/orders/{order_id}/captures", create_capture),
    Route("GET", "/orders/{order_id}/captures", list_captures),
    Route("GET", "/orders/{order_id}/captures/{capture_id}/refunds", capture_refunds),
    Route("POST", "/orders/{order_id}/captures/{capture_id}/refunds", refund_capture),
]
