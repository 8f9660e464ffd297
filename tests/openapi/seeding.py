"""The orders the generated clients list: more than a page match the filters they send."""

from __future__ import annotations

from backend_stub.testkit.sandbox import Sandbox

# A range and a text lookup, as the query parameters the clients send.
AT_LEAST = 20000
NAMED = "WALNUT"


def seed_orders_to_filter(sandbox: Sandbox) -> set[str]:
    """Sixty confirmed orders of rising totals, two in three named "Walnut ..."; the ids of
    those with a total of at least :data:`AT_LEAST` and a name containing :data:`NAMED` in any
    case (27 of them: two pages)."""
    orders = [
        {
            "id": f"walnut-{index}" if index % 3 else f"pine-{index}",
            "name": f"Walnut desk {index}" if index % 3 else f"Pine chair {index}",
            "total_amount": 10_000 + 500 * index,
            "status": "confirmed",
        }
        for index in range(60)
    ]
    sandbox.seed_orders(orders)
    return {
        order["id"]
        for order in orders
        if order["total_amount"] >= AT_LEAST and NAMED.lower() in order["name"].lower()
    }
