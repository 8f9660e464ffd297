"""Captures of a confirmed order (a sandbox extension) and their refunds.

A capture takes part of a confirmed order's total: at most what stays capturable of it, its
total less what was captured and what was refunded before being captured
(:func:`.payments.capturable`), so the captures of one order never add up to more than its
total. A capture's ``remaining_amount`` is its amount minus what was refunded of it (the
document's example wins over its "always 0"). Its ``refundable_amount`` (a sandbox field) is
what a refund of it may take now: the remaining amount, bounded by what the order still has to
refund, 0 once the order is canceled (:func:`..refunds.refundable_now`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from .errors import Conflict, Invalid
from .identifiers import new_identifier
from .orders import Order
from .payments import capturable
from .refunds import Balance, RefundList, refundable_now

__all__ = ["Capture", "plan_capture"]


@dataclass(frozen=True, slots=True)
class Capture:
    """A capture with its refunds (the newest of them, with their count and sum), seen from its
    order: ``order_status`` and ``order`` (total and refunded sum) bound what can be refunded of
    it now."""

    id: str
    amount: int
    created: datetime
    order_status: str
    order: Balance
    refunds: RefundList = RefundList()

    @property
    def refunded_amount(self) -> int:
        return self.refunds.total

    @property
    def remaining_amount(self) -> int:
        return self.amount - self.refunded_amount

    @property
    def refundable_amount(self) -> int:
        return refundable_now(self.order_status, self.order, Balance(self.amount, self.refunded_amount))


def plan_capture(*, order: Order, amount: int, now: datetime) -> Capture:
    """A new capture of ``amount`` on ``order`` (with its running totals)."""
    if order.status != "confirmed":
        raise Conflict(f"Only confirmed orders can be captured; this order is {order.status}.")
    most = capturable(order)
    if amount > most:
        raise Invalid(
            {
                "amount": [
                    f"Exceeds what can be captured of the order ({most}): its total less what was"
                    " captured and what was refunded before being captured."
                ]
            }
        )
    return Capture(
        id=new_identifier("cap"),
        amount=amount,
        created=now,
        order_status=order.status,
        order=Balance(order.total_amount, order.refunded_amount),
    )
