"""``POST /_sandbox/orders/:orderId/decide``: the financing service's later decision on a pending
order (a checkout the shopper left pending), for tests and presenters.

``{"status": "confirmed"}`` confirms it now, on the sandbox's clock (its plan starts that day);
``{"status": "denied"}`` denies it. Like seeding, the control names the merchant by the private key
it carries: another merchant's order is a 404, and an order that is not pending a 409.
"""

from __future__ import annotations

from aiohttp import web

from ..api.auth import Access, authenticate
from ..api.bodies import read_json
from ..api.orders import present_order
from ..domain.orders import parse_pending_decision
from ..state import state_of
from ..storage.orders import OrderStore
from .controls import control

__all__ = ["ROUTES"]


@control
async def decide_order(request: web.Request) -> web.Response:
    """Confirm or deny a pending order; the order as ``GET /orders`` shows it."""
    state = state_of(request)
    merchant = authenticate(request.headers, Access.PRIVATE, state.merchants)
    status = parse_pending_decision(await read_json(request))
    moment = state.clock.now()
    order = OrderStore(state.db).decide(merchant.id, request.match_info["order_id"], status, when=moment)
    return web.json_response(present_order(order, moment.date()))


ROUTES = [web.post("/_sandbox/orders/{order_id}/decide", decide_order)]
