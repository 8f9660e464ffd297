"""An order's money over time: the payments it owes, what refunds change in them, and what can
still be captured and refunded of it (the document's refund rules 4 and 5).

An order agreed on a plan (its product, and for instalments the term the shopper chose) owes the
plan's payments (:func:`.schedules.schedule`, at the nominal rate its merchant charges for that
product and term, interest included) on their due dates, counted from the day it was
confirmed. An order whose product is not known (seeded or in a fixture without ``product_type``)
was paid in full when it was confirmed: one payment of its total, due that day. An order that was
never confirmed (pending, denied) owes nothing and has no payments.

The sandbox collects a payment on its due date: a payment is collected once the sandbox's clock
has reached that day (the first payment of ``pay_in_4``, due at checkout, is collected at once).

Rule 4: a refund lowers what the customer still owes. The payments not yet collected are worked
out again over the same dates for the new balance, with the plan rule's rounding (every payment
but the last is the balance divided by their number, rounded down to the cent; the last takes the
rest); a balance of 0 leaves them at 0. Collected payments never change, and no date ever moves.

Rule 5: the part of a refund beyond what is still owed is paid back to the customer: the refund's
``credit_to_customer``. So at any moment, for every order: collected − paid back + still owed =
what the plan costs (the total, plus its interest) − refunded. A refund lowers what is owed by its
amount; the interest of the plan as agreed stays what it was.

Captures: an order captures at most its total, less what was captured and what was refunded before
being captured. A refund of the order (not of a capture) takes the uncaptured part first, so what
stays capturable is the total minus the captures minus the order-level refunds, never below 0.
Only a confirmed order has anything to capture or refund.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from .orders import Order
from .schedules import schedule, spread

__all__ = [
    "Payment",
    "Repayment",
    "agreed_payments",
    "payments",
    "repay",
    "capturable",
    "refundable",
    "collected_amount",
    "owed_amount",
]

# States in which an order was agreed and has its payments: a canceled order was confirmed,
# then refunded whole, and keeps what was collected before.
_AGREED = frozenset({"confirmed", "canceled"})


@dataclass(frozen=True, slots=True)
class Payment:
    """One payment of an order as it stands: when it falls due, how much, and whether the
    sandbox has collected it."""

    due: date
    amount: int
    collected: bool


@dataclass(frozen=True, slots=True)
class Repayment:
    """What a refund does to an order's payments: their new amounts, first to last, and what is
    paid back to the customer."""

    amounts: tuple[int, ...]
    credit_to_customer: int


def agreed_payments(order: Order) -> tuple[tuple[date, int], ...]:
    """``(due day, amount)`` of each payment the order was agreed on, first to last; empty for an
    order that was never confirmed."""
    if order.status not in _AGREED or order.confirmed is None:
        return ()
    start = order.confirmed.date()
    if order.product_type is None:
        return ((start, order.total_amount),)
    plan = schedule(order.product_type, order.total_amount, order.instalments, tin=order.tin)
    return plan.dated_payments(start)


def payments(order: Order, today: date) -> tuple[Payment, ...]:
    """The order's payments as they stand on ``today`` (the sandbox clock's day): the agreed
    dates, with the amounts its refunds left (``order.payments``), collected once due."""
    agreed = agreed_payments(order)
    amounts = order.payments if order.payments is not None else tuple(amount for _, amount in agreed)
    if len(amounts) != len(agreed):
        raise ValueError(f"order {order.id!r} holds {len(amounts)} payments for a plan of {len(agreed)}")
    return tuple(Payment(due, amount, due <= today) for (due, _), amount in zip(agreed, amounts, strict=True))


def collected_amount(current: Sequence[Payment]) -> int:
    """What the sandbox has collected of these payments."""
    return sum(payment.amount for payment in current if payment.collected)


def owed_amount(current: Sequence[Payment]) -> int:
    """What the customer still owes of these payments."""
    return sum(payment.amount for payment in current if not payment.collected)


def repay(current: Sequence[Payment], amount: int) -> Repayment:
    """What a refund of ``amount`` does to ``current`` (the payments on the refund's day): the
    uncollected ones spread the balance left over the same dates, and what the balance could not
    absorb is paid back."""
    owed = owed_amount(current)
    balance = max(0, owed - amount)
    uncollected = sum(1 for payment in current if not payment.collected)
    respread = iter(spread(balance, uncollected) if uncollected else ())
    amounts = tuple(payment.amount if payment.collected else next(respread) for payment in current)
    return Repayment(amounts, amount - (owed - balance))


def capturable(order: Order) -> int:
    """What a capture of the order may take now: its total, less what was captured and what was
    refunded before being captured; 0 unless the order is confirmed."""
    if order.status != "confirmed":
        return 0
    return max(0, order.total_amount - order.captured_amount - order.order_refunded_amount)


def refundable(order: Order) -> int:
    """What a refund of the order may take now: its total less every refund; 0 unless the order
    is confirmed."""
    if order.status != "confirmed":
        return 0
    return order.total_amount - order.refunded_amount
