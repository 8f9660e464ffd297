"""Captures of an order (sandbox extension) and capture refunds.

``POST``/``GET /orders/:orderId/captures`` create and list captures;
``GET``/``POST /orders/:orderId/captures/:captureId/refunds`` show a capture with its refunds and
refund it.
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from ..domain.captures import Capture
from ..domain.refunds import parse_amount_request
from ..domain.timestamps import format_timestamp
from ..state import state_of
from ..storage.captures import CaptureStore
from .bodies import read_json
from .listing import render_list
from .openapi_operations import ORDER_ID, Section, link, ok, operation, page_parameter, path_parameter
from .openapi_schema import AMOUNT, BALANCE, TIMESTAMP, obj, page_schema, ref
from .refunds import present_refunds, refund_list_schema
from .rendering import render
from .routing import Route
from .serving import MERCHANT

__all__ = ["ROUTES", "openapi_section", "present_capture"]


def present_capture(capture: Capture) -> dict[str, Any]:
    """A capture with its refunds, as the API shows it."""
    return {
        "id": capture.id,
        "amount": capture.amount,
        "created": format_timestamp(capture.created),
        **present_refunds(capture.refunds, "refunds"),
        "refunded_amount": capture.refunded_amount,
        "remaining_amount": capture.remaining_amount,
        "refundable_amount": capture.refundable_amount,
    }


async def create_capture(request: web.Request) -> web.Response:
    """Capture part of a confirmed order (201)."""
    amount = parse_amount_request(await read_json(request))
    state = state_of(request)
    store = CaptureStore(state.db)
    capture = store.create(
        request[MERCHANT].id, request.match_info["order_id"], amount, now=state.clock.now()
    )
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
    state = state_of(request)
    store = CaptureStore(state.db)
    match = request.match_info
    capture = store.refund(
        request[MERCHANT].id, match["order_id"], match["capture_id"], amount, now=state.clock.now()
    )
    return render(request, present_capture(capture))


ROUTES = [
    Route("POST", "/orders/{order_id}/captures", create_capture),
    Route("GET", "/orders/{order_id}/captures", list_captures),
    Route("GET", "/orders/{order_id}/captures/{capture_id}/refunds", capture_refunds),
    Route("POST", "/orders/{order_id}/captures/{capture_id}/refunds", refund_capture),
]


CAPTURE_ID = path_parameter("capture_id", "A capture of the order.", "cap_905bcfdd86ad7bba")


def openapi_section() -> Section:
    """Captures (sandbox extension) and capture refunds in the OpenAPI document."""
    capture = obj(
        {
            "id": {"type": "string"},
            "amount": AMOUNT,
            "created": TIMESTAMP,
            **refund_list_schema(
                "refunds", "This capture's refunds; each `pending_amount` is what was left of the capture."
            ),
            "refunded_amount": BALANCE,
            "remaining_amount": {**BALANCE, "description": "The amount minus what was refunded of it."},
            "refundable_amount": {
                **BALANCE,
                "description": "What a refund of this capture may take now (sandbox field): the"
                " remaining amount, bounded by what the order still has to refund; 0 once the order"
                " is canceled.",
            },
        },
        description="A capture of a confirmed order (sandbox extension), with its refunds and what"
        " stays refundable of it.",
    )
    this_capture = {"order_id": "$request.path.order_id", "capture_id": "$response.body#/id"}
    capture_links = {
        "CaptureRefunds": link("getCaptureRefunds", **this_capture),
        "RefundCapture": link("refundCapture", **this_capture),
    }
    answer = ok("The capture with its refunds.", ref("Capture"), links=capture_links)
    list_captures = operation(
        "listCaptures",
        "The order's captures, newest first (sandbox extension)",
        tag="captures",
        description="The list takes no filters: any query parameter but `page` is a 400.",
        parameters=[ORDER_ID, page_parameter()],
        responses={200: ok("A page of captures.", ref("CapturePage"))},
        errors=(400, 404),
    )
    create = operation(
        "createCapture",
        "Capture part of a confirmed order (sandbox extension)",
        tag="captures",
        description="At most the order's `capturable_amount`: its total less what was captured and"
        " what was refunded before being captured (400 on `amount` past it); an order that is not"
        " confirmed has nothing to capture (409).",
        parameters=[ORDER_ID],
        body=ref("AmountRequest"),
        responses={201: ok("The new capture.", ref("Capture"), links=capture_links)},
        errors=(404, 409),
    )
    show = operation(
        "getCaptureRefunds",
        "A capture with its refunds",
        tag="captures",
        description="The capture, its refunds newest first, and what a refund of it may take now"
        " (`refundable_amount`). Another merchant's order or an unknown capture is a 404.",
        parameters=[ORDER_ID, CAPTURE_ID],
        responses={200: answer},
        errors=(404,),
    )
    refund = operation(
        "refundCapture",
        "Refund part or all of a capture",
        tag="captures",
        description="Within both the capture's amount and the order's total (400 on `amount`);"
        " the refund that completes the order cancels it.",
        parameters=[ORDER_ID, CAPTURE_ID],
        body=ref("AmountRequest"),
        responses={200: answer},
        errors=(404, 409),
    )
    paths = {
        "/orders/{order_id}/captures": {"get": list_captures, "post": create},
        "/orders/{order_id}/captures/{capture_id}/refunds": {"get": show, "post": refund},
    }
    return Section(paths, {"Capture": capture, "CapturePage": page_schema(ref("Capture"))})
