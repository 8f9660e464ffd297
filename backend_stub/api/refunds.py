"""``GET``/``POST /orders/:orderId/refund``: an order's refund status, and order-level refunds."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from ..domain.refunds import REFUNDS_SHOWN, Refund, RefundList, RefundStatus, parse_amount_request
from ..domain.timestamps import format_timestamp
from ..state import state_of
from ..storage.refunds import RefundStore
from .bodies import read_json
from .openapi_operations import ORDER_ID, Section, link, ok, operation
from .openapi_schema import AMOUNT, BALANCE, TIMESTAMP, Schema, array, nullable, obj, ref
from .rendering import render
from .routing import Route
from .serving import MERCHANT

__all__ = ["ROUTES", "openapi_section", "present_refunds", "refund_list_schema"]


def present_refund(refund: Refund) -> dict[str, Any]:
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


def present_refunds(refunds: RefundList, field: str) -> dict[str, Any]:
    """A list of refunds as every answer shows it: the newest under ``field`` (the document's
    name for the list: ``results`` for an order, ``refunds`` for a capture) and ``refund_count``."""
    return {field: [present_refund(refund) for refund in refunds.newest], "refund_count": refunds.count}


def _present_status(status: RefundStatus) -> dict[str, Any]:
    return {"remaining_amount": status.remaining_amount, **present_refunds(status.refunds, "results")}


async def refund_status(request: web.Request) -> web.Response:
    """What stays refundable of the order, and its refunds."""
    store = RefundStore(state_of(request).db)
    status = store.status(request[MERCHANT].id, request.match_info["order_id"])
    return render(request, _present_status(status))


async def refund_order(request: web.Request) -> web.Response:
    """Refund part or all of a confirmed order."""
    amount = parse_amount_request(await read_json(request))
    state = state_of(request)
    store = RefundStore(state.db)
    status = store.refund(request[MERCHANT].id, request.match_info["order_id"], amount, now=state.clock.now())
    return render(request, _present_status(status))


ROUTES = [
    Route("GET", "/orders/{order_id}/refund", refund_status),
    Route("POST", "/orders/{order_id}/refund", refund_order),
]


def _refund_schema() -> Schema:
    """A refund record, as the order's and a capture's refunds list them."""
    return obj(
        {
            "id": {"type": "string"},
            "amount": AMOUNT,
            "capture_id": {
                **nullable({"type": "string"}),
                "description": "The capture this refund was made on; null for an order-level refund.",
            },
            "pending_amount": {
                **BALANCE,
                "description": "After this refund: what remains of the capture (`capture_id` set), or"
                " what stays refundable of the order (an order-level refund).",
            },
            "accrual_date": {"type": "string", "format": "date"},
            "credit_to_customer": {
                **BALANCE,
                "description": "What this refund paid back to the shopper: the part of it beyond what"
                " they still owed on its day. The rest lowered the payments not yet collected.",
            },
            "completed": {"type": "boolean", "description": "This refund completed (canceled) the order."},
            "completed_but_defaults": {"type": "boolean"},
            "created": TIMESTAMP,
        },
        description="One refund, of the order as a whole (`capture_id` null) or of one capture.",
    )


def refund_list_schema(field: str, description: str) -> dict[str, Schema]:
    """The properties :func:`present_refunds` writes: ``field``, the list, described by
    ``description`` and the limit, and ``refund_count``."""
    return {
        field: {
            **array(ref("Refund")),
            "maxItems": REFUNDS_SHOWN,
            "description": f"{description} Newest first: the newest {REFUNDS_SHOWN}"
            " (`refund_count` says how many there are); empty when none.",
        },
        "refund_count": {
            "type": "integer",
            "minimum": 0,
            "description": f"How many refunds there are (sandbox field); `{field}` lists the newest"
            f" {REFUNDS_SHOWN}.",
        },
    }


def openapi_section() -> Section:
    """``GET``/``POST /orders/{order_id}/refund`` in the OpenAPI document."""
    status = obj(
        {
            "remaining_amount": {**BALANCE, "description": "What stays refundable of the order."},
            **refund_list_schema(
                "results",
                "The order's refunds, made on the order or on one of its captures. A capture"
                " refund's `pending_amount` is what was left of its capture, not of the order:"
                " `remaining_amount` is the order's.",
            ),
        },
        description="What stays refundable of an order, and every refund made on it.",
    )
    answer = ok(
        "The order's refund status.",
        ref("RefundStatus"),
        links={"OrderRefunds": link("getOrderRefunds", order_id="$request.path.order_id")},
    )
    show = operation(
        "getOrderRefunds",
        "What stays refundable of an order, and its refunds",
        tag="refunds",
        description="`remaining_amount` is the order's total minus every refund (of the order and of"
        " its captures); 0 once the order is canceled. Another merchant's order is a 404.",
        parameters=[ORDER_ID],
        responses={200: answer},
        errors=(404,),
    )
    refund = operation(
        "refundOrder",
        "Refund part or all of a confirmed order",
        tag="refunds",
        description="Refunding the whole total cancels the order. Above what stays refundable: 400 on"
        " `amount`; an order that is not confirmed: 409. The refund lowers what the shopper still"
        " owes (the order's `schedule`); what it cannot lower is paid back (`credit_to_customer`).",
        parameters=[ORDER_ID],
        body=ref("AmountRequest"),
        responses={200: answer},
        errors=(404, 409),
    )
    schemas = {
        "RefundStatus": status,
        "Refund": _refund_schema(),
        "AmountRequest": {
            **obj({"amount": AMOUNT}),
            "additionalProperties": True,
            "description": "An amount to refund or capture, in minor units. Other fields are ignored.",
        },
    }
    return Section({"/orders/{order_id}/refund": {"get": show, "post": refund}}, schemas)
