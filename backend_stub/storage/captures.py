"""Captures of orders and their refunds, in SQLite.

Creating a capture and refunding one each run in one ``BEGIN IMMEDIATE`` transaction: read the
order and the sums, apply the rules (:mod:`..domain.captures`, :mod:`..domain.refunds`), write.
The sums and counts are running totals on the order's and the capture's rows (schema.sql's
triggers keep them), so each request costs the same whatever the order's history. Lists are
newest first.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime
from typing import Any

from ..domain.captures import Capture, plan_capture
from ..domain.errors import NotFound
from ..domain.refunds import Balance, plan_refund
from ..domain.timestamps import format_timestamp
from .database import Database
from .orders import select_order, set_order_status
from .payments import settle_refund
from .refunds import insert_refund, refunded_sum, select_refunds

__all__ = ["CaptureStore"]


def _with_refunds(
    conn: sqlite3.Connection, merchant_id: str, order_id: str, rows: list[Any]
) -> list[Capture]:
    """The captures of ``rows`` with their refunds, seen from their order (its state and what it
    still has to refund bound what each capture can refund now). One bounded read per capture:
    a page holds at most ``PAGE_SIZE`` of them."""
    order = select_order(conn, merchant_id, order_id)
    balance = Balance(order.total_amount, refunded_sum(conn, merchant_id, order_id))
    return [
        Capture(
            row["id"],
            row["amount"],
            datetime.fromisoformat(row["created"]),
            order.status,
            balance,
            select_refunds(conn, merchant_id, order_id, row["id"]),
        )
        for row in rows
    ]


def _select_capture(conn: sqlite3.Connection, merchant_id: str, order_id: str, capture_id: str) -> Capture:
    rows = conn.execute(
        "SELECT id, amount, created FROM captures WHERE merchant_id = ? AND order_id = ? AND id = ?",
        (merchant_id, order_id, capture_id),
    ).fetchall()
    if not rows:
        raise NotFound(f"Order {order_id!r} has no capture {capture_id!r}.")
    return _with_refunds(conn, merchant_id, order_id, rows)[0]


class CaptureStore:
    """Captures of one merchant's orders, with their refunds."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def create(self, merchant_id: str, order_id: str, amount: int, *, now: datetime) -> Capture:
        """Capture ``amount`` of a confirmed order; the captures never exceed its total."""
        with self.db.transaction() as conn:
            order = select_order(conn, merchant_id, order_id)  # with its running totals
            capture = plan_capture(order=order, amount=amount, now=now)
            # The order's capture count and captured sum follow in this statement (a trigger).
            conn.execute(
                "INSERT INTO captures (merchant_id, order_id, id, amount, created) VALUES (?, ?, ?, ?, ?)",
                (merchant_id, order_id, capture.id, capture.amount, format_timestamp(capture.created)),
            )
        return capture

    def get(self, merchant_id: str, order_id: str, capture_id: str) -> Capture:
        """The capture with its refunds; :class:`NotFound` for a missing order or capture."""
        select_order(self.db.connection, merchant_id, order_id)
        return _select_capture(self.db.connection, merchant_id, order_id, capture_id)

    def count(self, merchant_id: str, order_id: str) -> int:
        """How many captures the order has; :class:`NotFound` when the order is missing."""
        select_order(self.db.connection, merchant_id, order_id)
        return self.db.count(
            "SELECT capture_count FROM orders WHERE merchant_id = ? AND id = ?", (merchant_id, order_id)
        )

    def page(self, merchant_id: str, order_id: str, offset: int, limit: int) -> list[Capture]:
        """A slice of the order's captures, newest first (read through an index in that order:
        the rows skipped to reach a deep page are still walked, one index entry each)."""
        rows = self.db.query(
            "SELECT id, amount, created FROM captures WHERE merchant_id = ? AND order_id = ?"
            " ORDER BY seq DESC LIMIT ? OFFSET ?",
            (merchant_id, order_id, limit, offset),
        )
        return _with_refunds(self.db.connection, merchant_id, order_id, rows)

    def refund(
        self, merchant_id: str, order_id: str, capture_id: str, amount: int, *, now: datetime
    ) -> Capture:
        """Refund ``amount`` of a capture, within both the capture's and the order's limits; the
        refund that completes the order cancels it. Returns the capture with its refunds."""
        with self.db.transaction() as conn:
            order = select_order(conn, merchant_id, order_id)
            capture = _select_capture(conn, merchant_id, order_id, capture_id)
            refund = plan_refund(
                status=order.status,
                order=Balance(order.total_amount, refunded_sum(conn, merchant_id, order_id)),
                capture=Balance(capture.amount, capture.refunded_amount),
                capture_id=capture_id,
                amount=amount,
                now=now,
            )
            refund = settle_refund(conn, merchant_id, order, refund)
            insert_refund(conn, merchant_id, order_id, refund)
            if refund.completed:
                set_order_status(conn, merchant_id, order_id, "canceled", when=now)
            return _select_capture(conn, merchant_id, order_id, capture_id)
