"""backend_stub.storage: a refund, a capture and a read of an order's refunds or captures cost
the same whatever the order's history. Every one of them runs on the event loop, so a cost that
grew with an order's refunds (one-cent refunds: 300,000 on an order of 3,000.00) held every
other merchant's requests: the two sums of one refund took 170 ms at 300,000 refunds.

Measured in SQLite virtual-machine steps (a progress handler), never in time: the same work
costs the same steps on a busy machine. Before the running totals, these steps grew with the
history (one order refund: about 300 steps with a few refunds, 1.1 million at 100,000).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from backend_stub.domain.orders import Order
from backend_stub.domain.pagination import PAGE_SIZE
from backend_stub.domain.refunds import REFUNDS_SHOWN
from backend_stub.storage.captures import CaptureStore
from backend_stub.storage.database import Database
from backend_stub.storage.orders import OrderStore
from backend_stub.storage.refunds import RefundStore

NOW = datetime(2026, 11, 23, 10, tzinfo=UTC)
STAMP = "2026-11-23T10:00:00.000000+00:00"
# Rows added straight into the tables, as years of one-cent refunds and captures would leave:
# enough for a cost that grows with them to grow 50 times past the 2x allowed.
MORE_REFUNDS, MORE_CAPTURES = 20_000, 5_000
# Steps between two calls of the counting handler: fine enough for work of a few hundred steps.
GRAIN = 10


def steps(db: Database, work: Callable[[], object]) -> int:
    """The SQLite virtual-machine steps ``work`` takes on the writer's connection."""
    calls = 0

    def count() -> int:
        nonlocal calls
        calls += 1
        return 0  # go on

    db.connection.set_progress_handler(count, GRAIN)
    try:
        work()
    finally:
        db.connection.set_progress_handler(None, 0)
    return calls * GRAIN


def test_a_request_costs_the_same_whatever_the_order_s_history():
    db = Database()
    with db.transaction() as conn:
        conn.execute("INSERT INTO merchants VALUES ('m', 'Shop', 'pk_m', 'sk_m')")
    OrderStore(db).create("m", [Order("o", "Lamp", "EUR", 10**9, "confirmed", NOW, NOW)])
    refunds, captures = RefundStore(db), CaptureStore(db)
    capture = captures.create("m", "o", 10**8, now=NOW)
    for _ in range(PAGE_SIZE):
        captures.create("m", "o", 1, now=NOW)
    # Answers list at most REFUNDS_SHOWN refunds (and a page PAGE_SIZE captures): the short
    # history already fills them, so that only the history's length differs.
    for _ in range(REFUNDS_SHOWN + 10):
        refunds.refund("m", "o", 1, now=NOW)
        captures.refund("m", "o", capture.id, 1, now=NOW)
    requests: dict[str, Callable[[], object]] = {
        "refund of the order": lambda: refunds.refund("m", "o", 1, now=NOW),
        "refund of a capture": lambda: captures.refund("m", "o", capture.id, 1, now=NOW),
        "capture": lambda: captures.create("m", "o", 1, now=NOW),
        "the order's refunds": lambda: refunds.status("m", "o"),
        "a capture's refunds": lambda: captures.get("m", "o", capture.id),
        "how many captures": lambda: captures.count("m", "o"),
        "first page of captures": lambda: captures.page("m", "o", 0, PAGE_SIZE),
    }
    short = {name: steps(db, request) for name, request in requests.items()}

    with db.transaction() as conn:
        conn.executemany(
            "INSERT INTO refunds (merchant_id, order_id, capture_id, id, amount, pending_amount,"
            " accrual_date, credit_to_customer, completed, completed_but_defaults, created)"
            " VALUES ('m', 'o', ?, ?, 1, 0, '2026-11-23', 1, 0, 0, ?)",
            ((capture.id if n % 2 else None, f"ref_history_{n}", STAMP) for n in range(MORE_REFUNDS)),
        )
        conn.executemany(
            "INSERT INTO captures (merchant_id, order_id, id, amount, created) VALUES ('m', 'o', ?, 1, ?)",
            ((f"cap_history_{n}", STAMP) for n in range(MORE_CAPTURES)),
        )
    long = {name: steps(db, request) for name, request in requests.items()}

    grown = {name: (short[name], long[name]) for name in requests if long[name] > 2 * max(short[name], GRAIN)}
    assert not grown, f"steps with a short history and with {MORE_REFUNDS:,} more refunds: {grown}"
    assert refunds.status("m", "o").refunds.count == db.count("SELECT count(*) FROM refunds")
    assert captures.count("m", "o") == db.count("SELECT count(*) FROM captures")
    db.close()
