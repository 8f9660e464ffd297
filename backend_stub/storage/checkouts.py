"""Checkouts in SQLite; deciding one writes the checkout and its order in one transaction."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime

from ..domain.checkouts import Checkout, Decision, LineItem, decide, expired_at
from ..domain.errors import Conflict, NotFound
from ..domain.timestamps import format_timestamp
from .database import Database
from .orders import insert_orders

__all__ = ["CheckoutStore"]

_COLUMNS = (
    "id, merchant_id, order_id, order_name, currency, total_amount, articles, product_type, urls,"
    " status, created, decided, instalments"
)


def _checkout(row: sqlite3.Row) -> tuple[str, Checkout]:
    articles = tuple(LineItem(**item) for item in json.loads(row["articles"]))
    checkout = Checkout(
        id=row["id"],
        order_id=row["order_id"],
        order_name=row["order_name"],
        currency=row["currency"],
        total_amount=row["total_amount"],
        articles=articles,
        product_type=row["product_type"],
        urls=json.loads(row["urls"]),
        status=row["status"],
        created=datetime.fromisoformat(row["created"]),
        decided=datetime.fromisoformat(row["decided"]) if row["decided"] else None,
        instalments=row["instalments"],
    )
    return row["merchant_id"], checkout


def _read(conn: sqlite3.Connection, checkout_id: str) -> tuple[str, Checkout]:
    """A checkout and its merchant's id, inside the caller's transaction; :class:`NotFound`."""
    row = conn.execute(f"SELECT {_COLUMNS} FROM checkouts WHERE id = ?", (checkout_id,)).fetchone()
    if row is None:
        raise NotFound(f"There is no checkout {checkout_id!r}.")
    return _checkout(row)


class CheckoutStore:
    """Create, read and decide checkouts."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def create(self, merchant_id: str, checkout: Checkout) -> None:
        """Store a new checkout; :class:`Conflict` when the merchant already used its order id."""
        articles = [line.as_dict() for line in checkout.articles]
        with self.db.transaction() as conn:
            taken = conn.execute(
                "SELECT 1 FROM checkouts WHERE merchant_id = ? AND order_id = ?"
                " UNION ALL SELECT 1 FROM orders WHERE merchant_id = ? AND id = ?",
                (merchant_id, checkout.order_id, merchant_id, checkout.order_id),
            ).fetchone()
            if taken:
                raise Conflict(
                    f"Order id {checkout.order_id!r} is already used by another checkout or order."
                )
            conn.execute(
                f"INSERT INTO checkouts ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    checkout.id,
                    merchant_id,
                    checkout.order_id,
                    checkout.order_name,
                    checkout.currency,
                    checkout.total_amount,
                    json.dumps(articles),
                    checkout.product_type,
                    json.dumps(checkout.urls),
                    checkout.status,
                    format_timestamp(checkout.created),
                    None,
                    None,
                ),
            )

    def find(self, checkout_id: str, merchant_id: str | None = None) -> Checkout:
        """A checkout by id (of that merchant, when given); :class:`NotFound` otherwise."""
        row = self.db.query_one(f"SELECT {_COLUMNS} FROM checkouts WHERE id = ?", (checkout_id,))
        if row is None or (merchant_id is not None and row["merchant_id"] != merchant_id):
            raise NotFound(f"There is no checkout {checkout_id!r}.")
        return _checkout(row)[1]

    def merchant_of(self, checkout_id: str) -> tuple[str, str]:
        """The id and name of the merchant a checkout belongs to (the hosted page shows its name
        and its rates)."""
        row = self.db.query_one(
            "SELECT m.id, m.name FROM checkouts c JOIN merchants m ON m.id = c.merchant_id WHERE c.id = ?",
            (checkout_id,),
        )
        if row is None:
            raise NotFound(f"There is no checkout {checkout_id!r}.")
        return row["id"], row["name"]

    def decide(self, checkout_id: str, decision: Decision, moment: datetime) -> Checkout:
        """Decide once, atomically: the checkout's status and the new order in the same transaction."""
        with self.db.transaction() as conn:
            merchant_id, checkout = _read(conn, checkout_id)
            decided, order = decide(checkout, decision, moment)
            conn.execute(
                "UPDATE checkouts SET status = ?, decided = ?, instalments = ? WHERE id = ?",
                (decided.status, format_timestamp(moment), decided.instalments, checkout_id),
            )
            insert_orders(conn, merchant_id, [order])
        return decided

    def expire(self, checkout_id: str, moment: datetime) -> Checkout:
        """Make an undecided checkout expire now (sandbox control, for tests of the error path);
        :class:`Conflict`, changing nothing, for a decided one."""
        with self.db.transaction() as conn:
            created = format_timestamp(expired_at(_read(conn, checkout_id)[1], moment))
            conn.execute("UPDATE checkouts SET created = ? WHERE id = ?", (created, checkout_id))
        return self.find(checkout_id)
