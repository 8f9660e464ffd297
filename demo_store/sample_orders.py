"""A believable order history for a fresh sandbox, so the back office has something to filter
and page through on the first ``make demo`` (the fixture alone has three orders).

Refunds are not written into the sandbox directly: a canceled order is made confirmed and then
refunded in full through the API, so its page shows the refund that canceled it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from .catalogue import PRODUCTS, Product
from .checkout import ORDER_PREFIX
from .payment_plans import PAYMENT_PRODUCTS

__all__ = ["SampleHistory", "sample_history"]

# Mostly confirmed, as in a real shop; a few of every other state so each filter finds some.
STATUS_WEIGHTS = {"confirmed": 14, "pending": 3, "denied": 2, "canceled": 2}
TERMS = (3, 6, 12)  # the instalment terms the service offers, in months
PARTIAL_REFUNDS = 0.15  # share of confirmed orders with a partial refund (a returned article)


@dataclass(frozen=True, slots=True)
class SampleHistory:
    """Orders for ``POST /_sandbox/orders``, then refunds for ``POST /orders/:id/refund``."""

    orders: list[dict[str, Any]]
    refunds: list[tuple[str, int]]  # (order id, amount)


def _basket(chance: random.Random) -> tuple[list[Product], list[int]]:
    """Articles and quantities whose total some payment plan of the fixture covers."""
    while True:
        lines = chance.sample(PRODUCTS, k=chance.choice((1, 1, 1, 2, 2, 3)))
        quantities = [chance.choice((1, 1, 1, 2)) if line.price < 20000 else 1 for line in lines]
        total = sum(qty * line.price for qty, line in zip(quantities, lines, strict=True))
        # Every order went through one of the service's plans: its total fits at least one.
        if any(plan.covers(total) for plan in PAYMENT_PRODUCTS):
            return lines, quantities


def sample_history(now: datetime | None = None, count: int = 36, seed: int = 2026) -> SampleHistory:
    """``count`` orders over the last 60 days and their refunds; the same for the same seed, so
    screenshots and demos look alike every time."""
    now = now or datetime.now(UTC)
    chance = random.Random(seed)
    statuses, weights = zip(*STATUS_WEIGHTS.items(), strict=True)
    orders, refunds = [], []
    for number in range(1, count + 1):
        lines, quantities = _basket(chance)
        created = now - timedelta(days=chance.uniform(0.5, 60), minutes=chance.randrange(0, 600))
        status = chance.choices(statuses, weights)[0]
        order_id = f"{ORDER_PREFIX}{created:%y%m%d}-H{number:03d}"
        total = sum(qty * line.price for qty, line in zip(quantities, lines, strict=True))
        order = {
            "id": order_id,
            "name": ", ".join(f"{qty} × {line.name}" for qty, line in zip(quantities, lines, strict=True)),
            "currency": "EUR",
            "total_amount": total,
            "status": "confirmed" if status == "canceled" else status,
            "created": created.isoformat(timespec="microseconds"),
            "product_type": chance.choice([plan.type for plan in PAYMENT_PRODUCTS if plan.covers(total)]),
        }
        if order["product_type"] == "instalments":
            # The term the shopper chose, in turn (not drawn: the history stays the same as before).
            order["instalments"] = TERMS[number % len(TERMS)]
        if order["status"] == "confirmed":
            confirmed = created + timedelta(minutes=chance.randrange(1, 30))
            order["confirmed"] = confirmed.isoformat(timespec="microseconds")
            if status == "canceled":
                refunds.append((order_id, total))
            elif chance.random() < PARTIAL_REFUNDS:
                refunds.append((order_id, lines[0].price))  # one article came back
        orders.append(order)
    orders.sort(key=lambda order: order["created"])
    return SampleHistory(orders, refunds)
