"""backend_stub.storage.database: a database made before a column existed (the orders'
``product_type``; the running totals of refunds and captures) opens, gains the column, and keeps
its orders; totals are computed once from the rows it holds."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime

from backend_stub.domain.orders import Order
from backend_stub.storage.captures import CaptureStore
from backend_stub.storage.database import Database
from backend_stub.storage.orders import OrderStore, select_order
from backend_stub.storage.refunds import RefundStore

NOW = datetime(2026, 11, 23, 10, tzinfo=UTC)


def test_an_older_database_gains_the_product_type(tmp_path):
    path = tmp_path / "service.sqlite3"
    db = Database(path)
    with db.transaction() as conn:
        conn.execute("INSERT INTO merchants VALUES ('m', 'Shop', 'pk_m', 'sk_m')")
    OrderStore(db).create("m", [Order("kept", "Lamp", "EUR", 1000, "pending", NOW)])
    db.close()
    old = sqlite3.connect(path)
    old.execute("ALTER TABLE orders DROP COLUMN product_type")  # as the older release made it
    old.close()

    reopened = Database(path)
    OrderStore(reopened).create("m", [Order("new", "Desk", "EUR", 2000, "confirmed", NOW, NOW, "pay_in_4")])
    assert select_order(reopened.connection, "m", "kept").product_type is None
    assert select_order(reopened.connection, "m", "new").product_type == "pay_in_4"
    reopened.close()


def test_an_older_database_gets_its_totals_from_its_rows(tmp_path):
    path = tmp_path / "service.sqlite3"
    db = Database(path)
    with db.transaction() as conn:
        conn.execute("INSERT INTO merchants VALUES ('m', 'Shop', 'pk_m', 'sk_m')")
    orders = [Order(oid, "Lamp", "EUR", 10_000, "confirmed", NOW, NOW) for oid in ("a", "b", "quiet")]
    OrderStore(db).create("m", orders)
    refunds, captures = RefundStore(db), CaptureStore(db)
    first = captures.create("m", "a", 3000, now=NOW)
    second = captures.create("m", "a", 1000, now=NOW)
    captures.create("m", "b", 500, now=NOW)
    refunds.refund("m", "a", 200, now=NOW)
    captures.refund("m", "a", first.id, 300, now=NOW)
    captures.refund("m", "a", first.id, 5, now=NOW)
    refunds.refund("m", "b", 7, now=NOW)
    db.close()
    old = sqlite3.connect(path)  # as the older release made it: no totals, no triggers
    for trigger in ("refunds_counted", "capture_refunds_counted", "captures_counted", "refunds_paid_back"):
        old.execute(f"DROP TRIGGER {trigger}")
    old.execute("DROP INDEX captures_newest")
    for table, columns in {
        "orders": (
            "refund_count",
            "refunded_amount",
            "capture_count",
            "captured_amount",
            "order_refunded_amount",
            "credited_amount",
            "payments",
        ),
        "captures": ("refund_count", "refunded_amount"),
    }.items():
        for column in columns:
            old.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
    old.commit()
    old.close()

    reopened = Database(path)
    refunds, captures = RefundStore(reopened), CaptureStore(reopened)
    totals = (
        "SELECT refund_count, refunded_amount, capture_count, captured_amount, order_refunded_amount,"
        " credited_amount FROM orders WHERE id = ?"
    )
    # Orders without a product were paid in full when confirmed: every refund was paid back.
    assert tuple(reopened.query_one(totals, ("a",)) or ()) == (3, 505, 2, 4000, 200, 505)
    assert tuple(reopened.query_one(totals, ("b",)) or ()) == (1, 7, 1, 500, 7, 7)
    assert tuple(reopened.query_one(totals, ("quiet",)) or ()) == (0, 0, 0, 0, 0, 0)
    assert captures.get("m", "a", first.id).refunded_amount == 305
    assert captures.get("m", "a", second.id).refunds.count == 0
    # From then on the triggers keep them.
    captures.refund("m", "a", second.id, 100, now=NOW)
    # What stays capturable: the total less the captures and the 200 refunded before capture.
    captures.create("m", "a", 5800, now=NOW)
    assert tuple(reopened.query_one(totals, ("a",)) or ()) == (4, 605, 3, 9800, 200, 605)
    assert refunds.status("m", "a").refunds.count == 4
    assert reopened.query_one("SELECT name FROM sqlite_master WHERE name = 'captures_newest'") is not None
    reopened.close()
