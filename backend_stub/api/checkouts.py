"""``POST /checkout`` and ``GET /checkout/:id`` (sandbox extension for the SDK)."""

from __future__ import annotations

from aiohttp import web

from ..domain.checkouts import Checkout, parse_new_checkout
from ..domain.timestamps import format_timestamp, now
from ..state import state_of
from ..storage.checkouts import CheckoutStore
from .auth import Access
from .bodies import read_json
from .rendering import render
from .routing import Route
from .serving import MERCHANT

__all__ = ["ROUTES", "checkout_json"]


def checkout_json(checkout: Checkout) -> dict:
    """The API's view of a checkout."""
    return {
        "id": checkout.id,
        "status": checkout.status_at(now()),
        "order": {
            "id": checkout.order_id,
            "name": checkout.order_name,
            "currency": checkout.currency,
            "total_amount": checkout.total_amount,
            "articles": [line.as_dict() for line in checkout.articles],
        },
        "product": {"type": checkout.product_type},
        "merchant": dict(checkout.urls),
        "created": format_timestamp(checkout.created),
        "expires": format_timestamp(checkout.expires),
        "decided": format_timestamp(checkout.decided) if checkout.decided else None,
    }


async def create_checkout(request: web.Request) -> web.Response:
    """A new checkout for an order; 409 when the order id was used before."""
    body = await read_json(request)
    merchant = request[MERCHANT]
    checkout = parse_new_checkout(body, merchant.limit_for, now())
    CheckoutStore(state_of(request).db).create(merchant.id, checkout)
    return render(request, checkout_json(checkout), status=201)


async def get_checkout(request: web.Request) -> web.Response:
    """A checkout of the merchant, with its URLs and status."""
    checkout = CheckoutStore(state_of(request).db).find(
        request.match_info["checkout_id"], request[MERCHANT].id
    )
    return render(request, checkout_json(checkout))


ROUTES = [
    Route("POST", "/checkout", create_checkout),
    Route("GET", "/checkout/{checkout_id}", get_checkout, Access.PUBLIC),
]
