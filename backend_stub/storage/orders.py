"""Orders in SQLite: creating them (checkouts, seeding, the fixture), reading and listing them.

Lists are newest first: ``created`` descending, then ``id`` ascending for orders created at the
same moment (an index serves this order).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from datetime import datetime
from decimal import Decimal
from typing import Any

from ..domain.errors import Conflict, FieldErrors, NotFound
from ..domain.filters import Condition
from ..domain.orders import Order, check_pending, parse_order
from ..domain.schedules import NO_INTEREST
from ..domain.text import fold
from ..domain.timestamps import format_timestamp
from ..domain.timestamps import now as current_time
from .database import Database
from .filtering import Column, where, word_index

__all__ = [
    "ORDER_COLUMNS",
    "OrderStore",
    "insert_orders",
    "select_order",
    "set_order_status",
    "load_fixture_orders",
]

ORDER_COLUMNS: dict[str, Column] = {
    "id": Column("id", "id_folded", "id_words"),
    "name": Column("name", "name_folded", "name_words"),
    # Statuses are single lower-case words: the column is its own folded form and word list.
    "status": Column("status", "status", "(' ' || status || ' ')"),
    "created": Column("created"),
    "confirmed": Column("confirmed"),
    "total_amount": Column("total_amount"),
}
_SELECT = (
    "SELECT id, name, currency, total_amount, status, created, confirmed, product_type, instalments,"
    " captured_amount, refunded_amount, order_refunded_amount, credited_amount, payments,"
    # The nominal rate the merchant charges for the order's product and term (none: 0%).
    " (SELECT tin FROM rates WHERE rates.merchant_id = orders.merchant_id"
    " AND rates.product_type = orders.product_type"
    " AND rates.payments = COALESCE(orders.instalments, rates.payments)) AS tin FROM orders"
)
_INSERT = (
    "INSERT INTO orders (merchant_id, id, name, currency, total_amount, status, created, confirmed,"
    " id_folded, id_words, name_folded, name_words, product_type, instalments)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
_ORDER_BY = "ORDER BY created DESC, id"
# Ids per query when checking seeded orders against checkouts (SQLite allows 32,766 parameters;
# a seed may hold 100,000 orders).
_IDS_PER_QUERY = 500


def _row(merchant_id: str, order: Order) -> tuple[Any, ...]:
    confirmed = format_timestamp(order.confirmed) if order.confirmed else None
    return (
        merchant_id,
        order.id,
        order.name,
        order.currency,
        order.total_amount,
        order.status,
        format_timestamp(order.created),
        confirmed,
        fold(order.id),
        word_index(order.id),
        fold(order.name),
        word_index(order.name),
        order.product_type,
        order.instalments,
    )


def _held_by_checkouts(conn: sqlite3.Connection, merchant_id: str, order_ids: list[str]) -> list[str]:
    """Which of ``order_ids`` an undecided checkout of the merchant holds."""
    held = []
    for start in range(0, len(order_ids), _IDS_PER_QUERY):
        chunk = order_ids[start : start + _IDS_PER_QUERY]
        rows = conn.execute(
            "SELECT order_id FROM checkouts WHERE merchant_id = ? AND status = 'created'"
            f" AND order_id IN ({', '.join('?' * len(chunk))})",
            (merchant_id, *chunk),
        )
        held += [row["order_id"] for row in rows]
    return held


def order_from_row(row: sqlite3.Row) -> Order:
    """The order a row of ``_SELECT`` holds."""
    confirmed = row["confirmed"]
    return Order(
        id=row["id"],
        name=row["name"],
        currency=row["currency"],
        total_amount=row["total_amount"],
        status=row["status"],
        created=datetime.fromisoformat(row["created"]),
        confirmed=datetime.fromisoformat(confirmed) if confirmed else None,
        product_type=row["product_type"],
        instalments=row["instalments"],
        captured_amount=row["captured_amount"],
        refunded_amount=row["refunded_amount"],
        order_refunded_amount=row["order_refunded_amount"],
        credited_amount=row["credited_amount"],
        payments=decode_payments(row["payments"]),
        tin=Decimal(row["tin"]) if row["tin"] is not None else NO_INTEREST,
    )


def decode_payments(text: str | None) -> tuple[int, ...] | None:
    """The payment amounts a row's ``payments`` column holds (None: the agreed plan's)."""
    return None if text is None else tuple(int(amount) for amount in text.split())


def encode_payments(amounts: Sequence[int]) -> str:
    """The ``payments`` column's text for these amounts."""
    return " ".join(str(amount) for amount in amounts)


def insert_orders(conn: sqlite3.Connection, merchant_id: str, orders: Iterable[Order]) -> None:
    """Add orders inside the caller's transaction; :class:`Conflict` when an id is taken."""
    try:
        conn.executemany(_INSERT, (_row(merchant_id, order) for order in orders))
    except sqlite3.IntegrityError:
        raise Conflict("An order with this id already exists for this merchant.") from None


def select_order(conn: sqlite3.Connection, merchant_id: str, order_id: str) -> Order:
    """The merchant's order; :class:`NotFound` when missing or another merchant's."""
    row = conn.execute(f"{_SELECT} WHERE merchant_id = ? AND id = ?", (merchant_id, order_id)).fetchone()
    if row is None:
        raise NotFound(f"There is no order {order_id!r}.")
    return order_from_row(row)


def set_order_status(
    conn: sqlite3.Connection, merchant_id: str, order_id: str, status: str, *, when: datetime
) -> None:
    """Move an order to ``status`` inside the caller's transaction; becoming ``confirmed`` sets
    ``confirmed`` to ``when`` (an order keeps its first confirmation time)."""
    confirmed = format_timestamp(when) if status == "confirmed" else None
    conn.execute(
        "UPDATE orders SET status = ?, confirmed = COALESCE(confirmed, ?) WHERE merchant_id = ? AND id = ?",
        (status, confirmed, merchant_id, order_id),
    )


class OrderStore:
    """Reads and writes one merchant's orders at a time."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def create(self, merchant_id: str, orders: Sequence[Order]) -> None:
        """Add orders in one transaction (all or none); :class:`Conflict` when an id is taken,
        by an order or by an undecided checkout, whose decision will create that order."""
        with self.db.transaction() as conn:
            held = _held_by_checkouts(conn, merchant_id, [order.id for order in orders])
            if held:
                raise Conflict(
                    f"Order id {held[0]!r} is held by a checkout not yet decided: its decision"
                    " creates that order."
                )
            insert_orders(conn, merchant_id, orders)

    def delete(self, merchant_id: str, order_ids: Sequence[str]) -> None:
        """Remove these orders of the merchant (a seeding undone), with what hangs on them."""
        with self.db.transaction() as conn:
            conn.executemany(
                "DELETE FROM orders WHERE merchant_id = ? AND id = ?",
                [(merchant_id, oid) for oid in order_ids],
            )

    def decide(self, merchant_id: str, order_id: str, status: str, *, when: datetime) -> Order:
        """Confirm or deny a pending order at ``when`` (a confirmed one starts its plan then);
        :class:`NotFound` for another merchant's, :class:`Conflict` for one decided already."""
        with self.db.transaction() as conn:
            check_pending(select_order(conn, merchant_id, order_id))
            set_order_status(conn, merchant_id, order_id, status, when=when)
            return select_order(conn, merchant_id, order_id)

    def count(self, merchant_id: str, conditions: Sequence[Condition]) -> int:
        """How many of the merchant's orders match every condition."""
        sql, params = where(conditions, ORDER_COLUMNS)
        return self.db.count(
            f"SELECT count(*) FROM orders WHERE merchant_id = ? AND {sql}", [merchant_id, *params]
        )

    def page(self, merchant_id: str, conditions: Sequence[Condition], offset: int, limit: int) -> list[Order]:
        """A slice of the merchant's matching orders, newest first."""
        sql, params = where(conditions, ORDER_COLUMNS)
        rows = self.db.query(
            f"{_SELECT} WHERE merchant_id = ? AND {sql} {_ORDER_BY} LIMIT ? OFFSET ?",
            [merchant_id, *params, limit, offset],
        )
        return [order_from_row(row) for row in rows]


def load_fixture_orders(
    conn: sqlite3.Connection, rows: list[dict[str, Any]], _fixture: dict[str, Any]
) -> None:
    """Fixture loader for the optional ``orders`` section: order objects, each with ``merchant_id``."""
    errors = FieldErrors()
    now = current_time()
    for index, row in enumerate(rows):
        data = {key: value for key, value in row.items() if key != "merchant_id"}
        order = parse_order(data, f"orders[{index}].", errors, now=now)
        if order is not None:
            insert_orders(conn, row["merchant_id"], [order])
    if errors:
        raise ValueError(f"The fixture's orders are not valid: {errors.fields}")
