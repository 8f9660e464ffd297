"""One statement per order: every amount the back office shows, from the service's own answers,
by one rule, so that the parts always add up to the whole.

The service reports the order's ``remaining_amount`` (what is still refundable) and, per capture,
its ``refunded_amount`` (its own refunds only) and ``refundable_amount`` (the smaller of what its
own refunds left and what the order has left). A refund of the order as a whole belongs to no
capture, so a page showing only those figures says "Refunded of it €0.00" of a capture on an order
refunded in full. The rule: of a part of the order (a capture, or what was never captured), what
the order can no longer refund has come back. For a capture that is its own refunds plus what its
own refunds left beyond the order's remainder; for the part never captured, what of it lies beyond
the remainder is released (it will never be charged). What the order's refunds took beyond that is
refunded "from the order as a whole", not yet from one part in particular.

So, whatever the sequence of captures and refunds:

- ``captured + not_captured + released == total``;
- ``refunded == released + sum(capture.came_back) + unassigned`` (``unassigned >= 0``), and
  ``refundable == total - refunded``;
- ``capture.came_back + capture.refundable == capture.amount`` while the order is confirmed;
- once the order is refunded in full (canceled), every capture came back whole, what was never
  captured is released, and nothing is left to capture, refund or assign.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["CaptureStatement", "OrderStatement", "order_statement"]


@dataclass(frozen=True, slots=True)
class CaptureStatement:
    """One capture: what it took, what came back of it (its own refunds and its share of the
    order's), and what a refund of it may take now (the service's figure)."""

    id: str
    amount: int
    refunded_by_itself: int  # the service's ``refunded_amount``
    came_back: int
    refundable: int  # the service's ``refundable_amount``

    @property
    def kept(self) -> int:
        """What of the capture has not come back."""
        return self.amount - self.came_back


@dataclass(frozen=True, slots=True)
class OrderStatement:
    """The order's figures, in minor units; ``captures`` as the service lists them (newest first)."""

    total: int
    captured: int
    refunded: int
    refundable: int  # the service's ``remaining_amount``: what a refund of the order may take now
    released: int  # refunded of what was never captured
    not_captured: int  # what may still be captured
    captures: tuple[CaptureStatement, ...]

    @property
    def unassigned(self) -> int:
        """Refunded from the order as a whole, not (yet) from one part of it in particular."""
        return self.refunded - self.released - sum(capture.came_back for capture in self.captures)


def order_statement(total: int, remaining: int, captures: Sequence[dict[str, Any]]) -> OrderStatement:
    """The statement of an order of ``total`` from the service's answers: ``remaining`` (its
    ``GET /orders/:id/refund``) and its captures (``GET /orders/:id/captures``, newest first)."""
    captured = sum(capture["amount"] for capture in captures)
    released = max(0, total - captured - remaining)
    lines = tuple(
        CaptureStatement(
            id=capture["id"],
            amount=capture["amount"],
            refunded_by_itself=capture["refunded_amount"],
            came_back=capture["refunded_amount"]
            + max(0, capture["amount"] - capture["refunded_amount"] - remaining),
            refundable=capture["refundable_amount"],
        )
        for capture in captures
    )
    return OrderStatement(
        total=total,
        captured=captured,
        refunded=total - remaining,
        refundable=remaining,
        released=released,
        not_captured=total - captured - released,
        captures=lines,
    )
