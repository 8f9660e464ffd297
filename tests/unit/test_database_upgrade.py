"""backend_stub.storage.database: a database made before a column existed (the orders'
``product_type``) opens, gains the column, and keeps its orders."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime

from backend_stub.domain.orders import Order
from backend_stub.storage.database import Database
from backend_stub.storage.orders import OrderStore, select_order

NOW = datetime(2026, 11, 23, 10, tzinfo=UTC)


def test_an_older_database_gains_the_product_type(tmp_path):
    path = tmp_path / "service.sqlite3"
    db = Database(path)
    db.connection.execute("INSERT INTO merchants VALUES ('m', 'Shop', 'pk_m', 'sk_m')")
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
