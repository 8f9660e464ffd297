"""Deciding and expiring checkouts without a browser, for tests."""

from __future__ import annotations

from aiohttp import web

from ..api.bodies import read_json
from ..api.checkouts import checkout_json
from ..domain.checkouts import parse_decision
from ..state import state_of
from ..storage.checkouts import CheckoutStore
from .controls import control

__all__ = ["ROUTES"]


@control
async def decide_checkout(request: web.Request) -> web.Response:
    """``{"status": "success"|"pending"|"ko", "instalments"?: 3|6|12}``: the same effects as the
    hosted page's buttons (an instalments checkout gets 12 months unless a term is given)."""
    decision = parse_decision(await read_json(request))
    state = state_of(request)
    moment = state.clock.now()
    checkout = CheckoutStore(state.db).decide(request.match_info["checkout_id"], decision, moment)
    return web.json_response(checkout_json(checkout, moment))


@control
async def expire_checkout(request: web.Request) -> web.Response:
    """Make the checkout's 60 minutes run out now."""
    state = state_of(request)
    moment = state.clock.now()
    checkout = CheckoutStore(state.db).expire(request.match_info["checkout_id"], moment)
    return web.json_response(checkout_json(checkout, moment))


ROUTES = [
    web.post("/_sandbox/checkouts/{checkout_id}/decide", decide_checkout),
    web.post("/_sandbox/checkouts/{checkout_id}/expire", expire_checkout),
]
