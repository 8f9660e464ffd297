"""Refunds of confirmed orders, as a whole or per capture (the document's rules 1-7).

1. Only a ``confirmed`` order accepts refunds; any other state is a :class:`Conflict` (409).
2, 7. Partial refunds add up; one that would take the order's refunded sum above its total, or a
   capture's refunded sum above its amount, is :class:`Invalid` on ``amount`` (400).
3. The refund that brings the order's refunded sum to its total cancels the order, whether it is
   made on the order or on a capture.
4, 5. A refund lowers what the customer still owes, and pays back what it could not lower
   (``credit_to_customer``): :mod:`.payments` works out both from the order's payments on the
   refund's day; a record planned here pays back nothing until then.
6. A refund may name a capture; the order's refunded sum counts refunds of both kinds.

The other fields of a refund record, where the document is silent: ``capture_id`` names the
capture a capture refund was made on (null for an order-level refund), and says how to read
``pending_amount``: what remains of that capture after the refund (the document's "remaining
capture amount"), or for an order-level refund what stays refundable of the order after it.
``accrual_date`` is the UTC date of ``created``; ``completed`` is true when the refund completes
the order (nothing stays refundable, the order is canceled); ``completed_but_defaults`` is always
false (sandbox customers never default).

What can be refunded *now* is bounded twice for a capture: by what remains of it and by what the
order still has to refund (order-level refunds count against every capture), and it is 0 once
the order is no longer confirmed: :func:`refundable_now`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime

from .errors import Conflict, FieldErrors, Invalid
from .identifiers import new_identifier
from .values import parse_json_amount

__all__ = [
    "REFUNDS_SHOWN",
    "Refund",
    "RefundList",
    "Balance",
    "RefundStatus",
    "parse_amount_request",
    "plan_refund",
    "refundable_now",
]


@dataclass(frozen=True, slots=True)
class Refund:
    """A refund record, as the document lists its fields."""

    id: str
    capture_id: str | None  # None for an order-level refund
    amount: int
    pending_amount: int
    accrual_date: date
    credit_to_customer: int
    completed: bool
    completed_but_defaults: bool
    created: datetime


@dataclass(frozen=True, slots=True)
class Balance:
    """A refund limit (an order's total, a capture's amount) and what was refunded of it."""

    limit: int
    refunded: int

    @property
    def remaining(self) -> int:
        return self.limit - self.refunded


# The refund records an answer lists at most, for an order and for each capture: each answer,
# and each answer an idempotency key keeps, costs the same however many refunds there are
# (1,200 one-cent refunds once made every answer of the order 0.28 MB).
REFUNDS_SHOWN = 100


@dataclass(frozen=True, slots=True)
class RefundList:
    """The refunds of an order (of the order and of its captures) or of one capture, as every
    answer lists them: the newest :data:`REFUNDS_SHOWN`, newest first, with how many there are
    and what they add up to (``count`` and ``total`` cover all of them, not only those shown)."""

    newest: tuple[Refund, ...] = ()
    count: int = 0
    total: int = 0


@dataclass(frozen=True, slots=True)
class RefundStatus:
    """An order's refund status: what stays refundable (total minus every refund, whatever the
    order's state) and its refunds, of the order and of its captures."""

    remaining_amount: int
    refunds: RefundList


def parse_amount_request(data: object) -> int:
    """The ``amount`` of a ``{"amount": ...}`` body: a positive integer of minor units."""
    errors = FieldErrors()
    if not isinstance(data, Mapping):
        raise Invalid({"body": ['Must be a JSON object such as {"amount": 1250}.']})
    amount = parse_json_amount(data.get("amount"), "amount", errors, minimum=1)
    errors.raise_if_any()
    assert amount is not None  # a missing amount is an error, raised above
    return amount


def refundable_now(status: str, order: Balance, capture: Balance | None = None) -> int:
    """What a refund may take right now: nothing unless the order is confirmed; else what the
    order still has to refund, and for a capture also no more than what remains of it."""
    if status != "confirmed":
        return 0
    return order.remaining if capture is None else min(order.remaining, capture.remaining)


def plan_refund(
    *,
    status: str,
    order: Balance,
    amount: int,
    now: datetime,
    capture: Balance | None = None,
    capture_id: str | None = None,
) -> Refund:
    """The refund record for ``amount``, or the error the rules give.

    ``order`` is the order's total and refunded sum; ``capture`` the capture's, for a refund of
    the capture ``capture_id``. The caller cancels the order when the record is ``completed``.
    """
    if status != "confirmed":
        raise Conflict(f"Only confirmed orders accept refunds; this order is {status}.")
    if capture is not None and amount > capture.remaining:
        raise Invalid({"amount": [f"Exceeds the capture's refundable amount ({capture.remaining})."]})
    if amount > order.remaining:
        raise Invalid({"amount": [f"Exceeds the order's refundable amount ({order.remaining})."]})
    order_left = order.remaining - amount
    pending = capture.remaining - amount if capture is not None else order_left
    return Refund(
        id=new_identifier("ref"),
        capture_id=capture_id,
        amount=amount,
        pending_amount=pending,
        accrual_date=now.date(),
        credit_to_customer=0,
        completed=order_left == 0,
        completed_but_defaults=False,
        created=now,
    )
