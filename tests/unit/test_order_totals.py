"""backend_stub.storage: the running totals of an order's refunds and captures, and of each
capture's refunds, are the count and sum of their rows, whatever wrote them; they go with their
order (a reset, a seeding undone)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from backend_stub.domain.errors import Invalid
from backend_stub.domain.orders import Order
from backend_stub.storage import fixture
from backend_stub.storage.captures import CaptureStore
from backend_stub.storage.database import Database
from backend_stub.storage.fixture import load_fixture, read_fixture
from backend_stub.storage.orders import OrderStore
from backend_stub.storage.refunds import RefundStore, refunded_sum, select_refunds

NOW = datetime(2026, 11, 23, 10, tzinfo=UTC)


def order_totals(db: Database, merchant_id: str, order_id: str) -> tuple[int, ...]:
    """The order's running totals: refund count and sum, capture count and sum."""
    row = db.query_one(
        "SELECT refund_count, refunded_amount, capture_count, captured_amount FROM orders"
        " WHERE merchant_id = ? AND id = ?",
        (merchant_id, order_id),
    )
    assert row is not None
    return tuple(row)


def order_sums(db: Database, merchant_id: str, order_id: str) -> tuple[int, ...]:
    """What the order's totals should be: the count and sum of its rows."""
    where = "WHERE merchant_id = ? AND order_id = ?"
    refunds = db.query_one(
        f"SELECT count(*), coalesce(sum(amount), 0) FROM refunds {where}", (merchant_id, order_id)
    )
    captures = db.query_one(
        f"SELECT count(*), coalesce(sum(amount), 0) FROM captures {where}", (merchant_id, order_id)
    )
    assert refunds is not None and captures is not None
    return (*refunds, *captures)


def capture_totals_and_sums(db: Database) -> list[tuple[object, ...]]:
    """Each capture's running totals beside the count and sum of its refund rows."""
    rows = db.query(
        "SELECT c.refund_count, c.refunded_amount, count(r.seq), coalesce(sum(r.amount), 0)"
        " FROM captures c LEFT JOIN refunds r"
        " ON r.merchant_id = c.merchant_id AND r.order_id = c.order_id AND r.capture_id = c.id"
        " GROUP BY c.seq"
    )
    return [tuple(row) for row in rows]


def shop(db: Database, *merchants: str) -> None:
    for merchant in merchants:
        with db.transaction() as conn:
            conn.execute(
                "INSERT INTO merchants VALUES (?, 'Shop', ?, ?)",
                (merchant, f"pk_{merchant}", f"sk_{merchant}"),
            )
        OrderStore(db).create(
            merchant, [Order(oid, "Lamp", "EUR", 10_000, "confirmed", NOW, NOW) for oid in ("a", "b")]
        )


def test_the_totals_are_the_counts_and_sums_of_the_rows():
    db = Database()
    shop(db, "m", "n")
    refunds, captures = RefundStore(db), CaptureStore(db)
    first = captures.create("m", "a", 3000, now=NOW)
    second = captures.create("m", "a", 2000, now=NOW)
    for amount in (100, 250, 1):
        refunds.refund("m", "a", amount, now=NOW)
        captures.refund("m", "a", first.id, amount, now=NOW)
    captures.refund("m", "a", second.id, 700, now=NOW)
    captures.create("m", "b", 10_000, now=NOW)
    refunds.refund("n", "a", 40, now=NOW)  # another merchant's order of the same id
    with pytest.raises(Invalid):  # refused: no row, and the totals stay as they were
        captures.refund("m", "a", second.id, 1301, now=NOW)
    with pytest.raises(Invalid):
        captures.create("m", "a", 5001, now=NOW)

    assert order_totals(db, "m", "a") == order_sums(db, "m", "a") == (7, 1402, 2, 5000)
    assert order_totals(db, "m", "b") == order_sums(db, "m", "b") == (0, 0, 1, 10_000)
    assert order_totals(db, "n", "a") == order_sums(db, "n", "a") == (1, 40, 0, 0)
    assert all(row[:2] == row[2:] for row in capture_totals_and_sums(db))
    # What the stores answer comes from them.
    assert refunded_sum(db.connection, "m", "a") == 1402
    order_list = select_refunds(db.connection, "m", "a")
    assert (order_list.count, order_list.total, len(order_list.newest)) == (7, 1402, 7)
    capture_list = select_refunds(db.connection, "m", "a", first.id)
    assert (capture_list.count, capture_list.total) == (3, 351)
    assert refunds.status("m", "a").remaining_amount == 10_000 - 1402
    assert captures.get("m", "a", second.id).refunded_amount == 700
    assert captures.count("m", "a") == 2
    assert [capture.refunded_amount for capture in captures.page("m", "a", 0, 20)] == [700, 351]
    db.close()


def test_rows_written_by_any_path_are_counted():
    db = Database()
    shop(db, "m")
    capture = CaptureStore(db).create("m", "a", 3000, now=NOW)
    with db.transaction() as conn:  # as a test or a benchmark fills an order directly
        conn.executemany(
            "INSERT INTO captures (merchant_id, order_id, id, amount, created) VALUES ('m', 'a', ?, 1, ?)",
            [(f"direct-{n}", "2026-11-23T10:00:00.000000+00:00") for n in range(50)],
        )
        conn.executemany(
            "INSERT INTO refunds (merchant_id, order_id, capture_id, id, amount, pending_amount,"
            " accrual_date, credit_to_customer, completed, completed_but_defaults, created)"
            " VALUES ('m', 'a', ?, ?, 2, 0, '2026-11-23', 2, 0, 0, '2026-11-23T10:00:00.000000+00:00')",
            [(capture.id if n % 2 else None, f"direct-{n}") for n in range(60)],
        )
    assert order_totals(db, "m", "a") == order_sums(db, "m", "a") == (60, 120, 51, 3050)
    assert all(row[:2] == row[2:] for row in capture_totals_and_sums(db))
    db.close()


def test_an_order_removed_and_made_again_starts_from_nothing():
    db = Database()
    shop(db, "m")
    capture = CaptureStore(db).create("m", "a", 3000, now=NOW)
    CaptureStore(db).refund("m", "a", capture.id, 500, now=NOW)
    OrderStore(db).delete("m", ["a"])  # a seeding undone
    OrderStore(db).create("m", [Order("a", "Lamp", "EUR", 10_000, "confirmed", NOW, NOW)])
    assert order_totals(db, "m", "a") == (0, 0, 0, 0)
    assert RefundStore(db).status("m", "a").refunds.count == 0
    assert db.count("SELECT count(*) FROM captures") == db.count("SELECT count(*) FROM refunds") == 0
    db.close()


async def test_a_reset_leaves_no_totals(tmp_path, monkeypatch):
    db = Database(tmp_path / "service.sqlite3")
    data = read_fixture()
    load_fixture(db, data)
    merchant = data["merchants"][0]["id"]
    refunds, captures = RefundStore(db), CaptureStore(db)
    capture = captures.create(merchant, "fixture-order-1", 4000, now=NOW)
    for _ in range(40):  # enough rows that the reset deletes them in several steps
        refunds.refund(merchant, "fixture-order-1", 10, now=NOW)
        captures.refund(merchant, "fixture-order-1", capture.id, 10, now=NOW)
    assert order_totals(db, merchant, "fixture-order-1") == (80, 800, 1, 4000)
    seen_between_steps: list[tuple[tuple[int, ...], tuple[int, ...]]] = []

    async def another_request_runs() -> None:
        if db.count("SELECT count(*) FROM orders WHERE id = 'fixture-order-1'"):
            order = merchant, "fixture-order-1"
            seen_between_steps.append((order_totals(db, *order), order_sums(db, *order)))

    monkeypatch.setattr(fixture, "next_turn", another_request_runs)
    await fixture.reset(db, data)
    # Between steps, the totals never fall below what is left of the rows (a refund is refused
    # then, never allowed past the order's total); after the reset the order starts again.
    assert any(totals != sums for totals, sums in seen_between_steps)  # rows went before the order
    assert all(
        all(total >= left for total, left in zip(totals, sums, strict=True))
        for totals, sums in seen_between_steps
    )
    assert order_totals(db, merchant, "fixture-order-1") == (0, 0, 0, 0)
    assert refunds.status(merchant, "fixture-order-1").remaining_amount == 25_000
    assert captures.count(merchant, "fixture-order-1") == 0
    again = captures.create(merchant, "fixture-order-1", 25_000, now=NOW)  # the whole total again
    assert order_totals(db, merchant, "fixture-order-1") == (0, 0, 1, 25_000)
    assert again.refundable_amount == 25_000
    db.close()
