"""``POST /_sandbox/orders``: create orders directly, for test setup and benchmarks.

The body is one order object or an array of them, each with any of id, name, currency,
total_amount, status, created, confirmed (defaults: :mod:`..domain.orders`). The orders belong to
the merchant whose private key the request carries (401/403 as on the API). The answer is 201
with the created order (for one object) or orders (for an array). An array is written with one
``executemany`` in one transaction, so 100,000 orders take seconds, not minutes.
"""

from __future__ import annotations

from aiohttp import web

from ..api.auth import Access, authenticate
from ..api.bodies import read_json
from ..api.orders import present_order
from ..api.rendering import render
from ..domain.orders import parse_orders
from ..domain.timestamps import now
from ..state import state_of
from ..storage.orders import OrderStore
from .controls import control

__all__ = ["ROUTES", "SEED_MAX_BODY"]

# 100,000 orders with every field set are about 15 MB of JSON: above the API's 1 MB body limit.
SEED_MAX_BODY = 64 * 1024**2


@control
async def seed_orders(request: web.Request) -> web.Response:
    """Create the posted orders for the key's merchant (201)."""
    state = state_of(request)
    merchant = authenticate(request.headers, Access.PRIVATE, state.merchants)
    orders, single = parse_orders(await read_json(request.clone(client_max_size=SEED_MAX_BODY)), now=now())
    OrderStore(state.db).create(merchant.id, orders)
    shown = [present_order(order) for order in orders]
    return render(request, shown[0] if single else shown, status=201)


ROUTES = [web.post("/_sandbox/orders", seed_orders)]
