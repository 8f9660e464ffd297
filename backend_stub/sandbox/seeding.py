"""``POST /_sandbox/orders``: create orders directly, for test setup and benchmarks.

The body is one order object or an array of them, each with any of id, name, currency,
total_amount, status, created, confirmed (defaults: :mod:`..domain.orders`). The orders belong to
the merchant whose private key the request carries (401/403 as on the API). The answer is 201
with the created order (for one object) or orders (for an array). An array is all or none: when
a part of it cannot be written (an id taken meanwhile), the parts written before are removed.
A reset while a seeding runs (its body still arriving, or its parts being written) ends it with
503: the reset removes what was written, and nothing of it is written after the reset.

One request creates at most :data:`MAX_SEEDED` orders (400 naming ``body`` past it), in a body
of at most :data:`SEED_MAX_BODY`: parsing, writing and answering a request happen on the event
loop, and 100,000 orders in one request (57 MB) held every merchant's requests for 24 s and
answered 75.8 MB. More orders take more requests. Within one, the orders are read, written
(each part in a transaction of its own) and shown :data:`STEP` at a time, other requests
running in between.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aiohttp import web

from ..api.auth import Access, authenticate
from ..api.bodies import read_json
from ..api.errors import ServiceUnavailable
from ..api.orders import present_order
from ..api.rendering import render
from ..domain.errors import FieldErrors, Invalid
from ..domain.orders import Order, parse_order_items
from ..state import state_of
from ..storage.orders import OrderStore
from ..turns import next_turn
from .controls import control
from .switchboard import SWITCHBOARD

__all__ = ["MAX_SEEDED", "ROUTES", "SEED_MAX_BODY", "STEP"]

MAX_SEEDED = 1000
# Orders read, written or shown before other requests run (a few milliseconds of work).
STEP = 50
# 1,000 orders with every field at its longest (names of 1,000 characters, each written as a
# six-character JSON escape): above the API's 1 MiB body limit.
SEED_MAX_BODY = 8 * 1024**2


@control
async def seed_orders(request: web.Request) -> web.Response:
    """Create the posted orders for the key's merchant (201)."""
    state, board = state_of(request), request.app[SWITCHBOARD]
    resets = board.resets  # a reset from now on began after this request
    merchant = authenticate(request.headers, Access.PRIVATE, state.merchants)
    data = await read_json(request.clone(client_max_size=SEED_MAX_BODY))
    if isinstance(data, list) and len(data) > MAX_SEEDED:
        raise Invalid(
            {"body": [f"At most {MAX_SEEDED} orders per request: send the others in more requests."]}
        )
    single = not isinstance(data, list)
    items: list[object] = [data] if single else data  # type: ignore[assignment]
    errors, seen, orders, stamp = FieldErrors(), set[str](), list[Order](), state.clock.now()
    for first in range(0, len(items), STEP):
        orders += parse_order_items(items[first : first + STEP], first, single, seen, errors, now=stamp)
        await next_turn()
    errors.raise_if_any()
    await _create(OrderStore(state.db), merchant.id, orders, lambda: board.resets != resets)
    shown: list[dict[str, Any]] = []
    for first in range(0, len(orders), STEP):
        shown += [present_order(order, stamp.date()) for order in orders[first : first + STEP]]
        await next_turn()
    return render(request, shown[0] if single else shown, status=201)


async def _create(
    store: OrderStore, merchant_id: str, orders: list[Order], reset_since: Callable[[], bool]
) -> None:
    """Write ``orders`` :data:`STEP` at a time; all or none. A reset since the request began
    ends it (503) before its next part."""
    written = 0
    try:
        for first in range(0, len(orders), STEP):
            if reset_since():
                raise ServiceUnavailable(
                    "The sandbox was reset while these orders were being seeded; none were kept.",
                    headers={"Retry-After": "0"},
                )
            store.create(merchant_id, orders[first : first + STEP])
            written = first + STEP
            await next_turn()
    except BaseException:
        # After a reset the parts are gone already, and their ids may be another request's now.
        if not reset_since():
            store.delete(merchant_id, [order.id for order in orders[:written]])
        raise


ROUTES = [web.post("/_sandbox/orders", seed_orders)]
