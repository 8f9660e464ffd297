"""Loading a fixture file (merchants, keys, limits, rates, orders) into an empty database.

The optional ``orders`` section lists order objects, each with the ``merchant_id`` it belongs
to and the fields :func:`..domain.orders.parse_order` reads. The bundled fixture gives "Demo Shop"
three orders for demos: ``fixture-order-1`` (confirmed, 25000 EUR, refundable),
``fixture-order-2`` (pending, 8000) and ``fixture-order-3`` (denied, 120000). "Other Shop" has
none, so its lists start empty. "Demo Shop" sets no rates (0% everywhere); "Other Shop" charges
a nominal rate on its 6- and 12-month instalments, so plans with interest are shown and tested.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

from ..domain.schedules import parse_tin
from ..turns import StepSize, next_turn
from .database import Database
from .orders import load_fixture_orders

__all__ = ["DEFAULT_FIXTURE", "finish_interrupted_reset", "read_fixture", "load_fixture", "reset"]

DEFAULT_FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "default.json"
# Rows of a table a reset deletes in its first step, and at most in one step (StepSize).
_FIRST_DELETED, _MOST_DELETED = 16, 1000
# Emptied by the reset's last transaction only: until then requests keep writing rows that name
# their merchant (an answer stored under an idempotency key), which would fail the foreign key;
# and the mark of the reset under way (schema_resets.sql) goes with the rest, all at once.
_LAST_TABLES = frozenset({"merchants", "limits", "rates", "reset_under_way"})

# Sections of a fixture file beyond "merchants", each with the function that loads its rows:
# ``loader(connection, rows, whole_fixture)``. Resource modules register themselves here.
FIXTURE_LOADERS: dict[str, Any] = {"orders": load_fixture_orders}


def read_fixture(path: str | Path = DEFAULT_FIXTURE) -> dict[str, Any]:
    """The fixture's data, as written in the file."""
    return json.loads(Path(path).read_text(encoding="utf-8"))


def _load_merchants(conn: sqlite3.Connection, merchants: list[dict[str, Any]]) -> None:
    for merchant in merchants:
        conn.execute(
            "INSERT INTO merchants (id, name, public_key, private_key) VALUES (?, ?, ?, ?)",
            (merchant["id"], merchant["name"], merchant["public_key"], merchant["private_key"]),
        )
        for limit in merchant.get("limits", []):
            conn.execute(
                "INSERT INTO limits (merchant_id, product_type, currency, min_amount, max_amount)"
                " VALUES (?, ?, ?, ?, ?)",
                (
                    merchant["id"],
                    limit["product_type"],
                    limit["currency"],
                    limit["min_amount"],
                    limit["max_amount"],
                ),
            )
        for rate in merchant.get("rates", []):
            conn.execute(
                "INSERT INTO rates (merchant_id, product_type, payments, tin) VALUES (?, ?, ?, ?)",
                (merchant["id"], rate["product_type"], rate["payments"], str(parse_tin(rate["tin"]))),
            )


def _fill(conn: sqlite3.Connection, data: dict[str, Any]) -> None:
    _load_merchants(conn, data.get("merchants", []))
    for section, loader in FIXTURE_LOADERS.items():
        loader(conn, data.get(section, []), data)


def load_fixture(db: Database, data: dict[str, Any]) -> None:
    """Add the fixture's rows to the database, in one transaction."""
    with db.transaction() as conn:
        _fill(conn, data)


async def reset(db: Database, data: dict[str, Any]) -> None:
    """Empty every table and load the fixture again; then give the freed space back.

    The rows go a couple of milliseconds' worth at a time, each step a turn among long work
    (8,000 orders took a second to delete in one statement; 50 rows took 1 ms of orders, 5 to 8
    ms of answers stored under idempotency keys); then one transaction deletes what came in
    between and loads the fixture, so the reset ends on exactly the fixture. The merchants and
    their limits and rates (a few rows) stay until that transaction: requests go on naming them meanwhile.

    All or nothing, whatever stops it: the first transaction marks the reset under way, and a
    server that opens a file so marked finishes it (:func:`finish_interrupted_reset`). Between
    the steps an order's running totals may count refunds already deleted, which never comes
    to be seen after a kill.
    """
    with db.transaction() as conn:
        conn.execute("INSERT INTO reset_under_way (started) VALUES (?)", (time.time(),))
    for table in db.tables():
        if table in _LAST_TABLES:
            continue
        size = StepSize(_FIRST_DELETED, _MOST_DELETED)
        while True:
            await next_turn()
            asked, started = size.items, time.perf_counter()
            if _delete_some(db, table, asked) < asked:
                break
            size.took(time.perf_counter() - started)
    await next_turn()
    _empty_and_fill(db, data)
    await db.give_back_space()


def finish_interrupted_reset(db: Database, data: dict[str, Any]) -> bool:
    """Finish a reset that a killed server left under way (in one transaction, before the server
    answers anything); whether there was one."""
    if db.query_one("SELECT 1 FROM reset_under_way LIMIT 1") is None:
        return False
    _empty_and_fill(db, data)
    return True


def _empty_and_fill(db: Database, data: dict[str, Any]) -> None:
    with db.transaction() as conn:
        for table in db.tables():
            conn.execute(f'DELETE FROM "{table}"')  # names come from sqlite_master
        _fill(conn, data)


def _delete_some(db: Database, table: str, most: int) -> int:
    """Delete up to ``most`` rows of ``table``; how many went."""
    keys = _key_columns(db, table)
    with db.transaction() as conn:
        return conn.execute(
            f'DELETE FROM "{table}" WHERE ({keys}) IN (SELECT {keys} FROM "{table}" LIMIT ?)',
            (most,),
        ).rowcount


def _key_columns(db: Database, table: str) -> str:
    """What names a row of ``table``: its rowid, or a WITHOUT ROWID table's primary key."""
    sql = db.query_one("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", (table,))
    if sql is None or "WITHOUT ROWID" not in sql[0].upper():
        return "rowid"
    columns = db.query("SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk", (table,))
    return ", ".join(f'"{row[0]}"' for row in columns)
