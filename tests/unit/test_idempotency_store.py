"""backend_stub.storage.idempotency: what the key store holds, counts and forgets.

A real database; sizes are read back from it, so the store's counts are checked against the rows
they count, after every step.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from backend_stub.storage import idempotency as idempotency_store
from backend_stub.storage.database import Database
from backend_stub.storage.fixture import load_fixture, read_fixture
from backend_stub.storage.idempotency import Forgotten, IdempotencyStore, StoredAnswer, stored_size

SHOP = "demo-shop"


@pytest.fixture
def db() -> Iterator[Database]:
    database = Database()
    load_fixture(database, read_fixture())
    yield database
    database.close()


@pytest.fixture
def store(db: Database) -> IdempotencyStore:
    return IdempotencyStore(db, lifetime_s=100)


def keep(
    store: IdempotencyStore, key: str, answer: StoredAnswer, now: float, generation: int | None = None
) -> None:
    """Store ``answer`` under ``key`` for Demo Shop, as a request that wrote nothing else does."""
    began = store.generation if generation is None else generation
    with store.apply_with_key(SHOP, key, began) as keyed:
        keyed.keep(answer, now)


def answer_of(size: int) -> StoredAnswer:
    return StoredAnswer("f", 200, {}, b"x" * size)


def rows(db: Database) -> tuple[int, int]:
    """What the table holds for Demo Shop: its answers and the bytes they count."""
    found = db.query_one(
        "SELECT count(*), coalesce(sum(size), 0) FROM idempotent_answers WHERE merchant_id = ?", (SHOP,)
    )
    return found[0], found[1]


def keys(db: Database) -> list[str]:
    return [row[0] for row in db.query("SELECT key FROM idempotent_answers ORDER BY created")]


def test_the_counts_are_the_rows_whatever_is_replaced_or_forgotten(db, store, monkeypatch):
    monkeypatch.setattr(idempotency_store, "MAX_BYTES", 3000)
    sizes = [700, 100, 1200, 50, 900, 400, 1500, 10, 2000]
    for n, size in enumerate(sizes):
        keep(store, f"k{n}", answer_of(size), now=n)
        assert store.usage(SHOP) == rows(db)
        assert rows(db)[1] <= 3000
    # An expired key used again replaces its row, and only its row.
    keep(store, "k8", answer_of(30), now=500)
    assert store.usage(SHOP) == rows(db) and keys(db).count("k8") == 1


@pytest.mark.parametrize("bound", ["bytes", "keys"])
def test_a_full_store_forgets_its_oldest_only_as_many_as_make_room(db, store, monkeypatch, bound):
    one = stored_size("k0", answer_of(800))
    # Exactly four answers fit, by their bytes or by their number.
    if bound == "bytes":
        monkeypatch.setattr(idempotency_store, "MAX_BYTES", 4 * one)
    else:
        monkeypatch.setattr(idempotency_store, "MAX_KEYS", 4)
    for n in range(4):
        keep(store, f"k{n}", answer_of(800), now=n)
    assert rows(db) == (4, 4 * one)
    keep(store, "k4", answer_of(800), now=4)
    assert keys(db) == ["k1", "k2", "k3", "k4"]
    assert store.usage(SHOP) == rows(db)


def test_a_large_answer_forgets_as_many_of_the_oldest_as_its_bytes_need(db, store, monkeypatch):
    monkeypatch.setattr(idempotency_store, "MAX_BYTES", 4000)
    for n in range(4):
        keep(store, f"k{n}", answer_of(800), now=n)  # 905 bytes each, as counted
    keep(store, "big", answer_of(1700), now=5)  # 1,806 bytes: two of the others make room
    assert keys(db) == ["k2", "k3", "big"]
    assert store.usage(SHOP) == rows(db)


def test_an_answer_over_the_answer_limit_is_refused_and_costs_no_other_key(db, store, monkeypatch):
    monkeypatch.setattr(idempotency_store, "MAX_ANSWER_BYTES", 1000)
    keep(store, "small", answer_of(10), now=0)
    with pytest.raises(ValueError, match="MAX_ANSWER_BYTES"):
        keep(store, "huge", answer_of(2000), now=1)
    assert keys(db) == ["small"] and store.usage(SHOP) == rows(db)


def test_an_expired_key_used_again_replaces_its_own_row_in_its_own_room(db, store, monkeypatch):
    # The store is full with these two: the new answer takes the room of the one it replaces.
    monkeypatch.setattr(idempotency_store, "MAX_BYTES", 2 * stored_size("other", answer_of(10)))
    monkeypatch.setattr(idempotency_store, "MAX_KEYS", 2)
    keep(store, "other", answer_of(10), now=150)  # sweeps (nothing expired), the next in 60 s
    keep(store, "reuse", StoredAnswer("a", 200, {}, b"x" * 10), now=0)
    # The first expired at 100, and no sweep has removed it: the new one replaces it.
    keep(store, "reuse", StoredAnswer("b", 201, {}, b"y" * 10), now=200)
    found = store.find(SHOP, "reuse", now=200)
    assert found is not None and (found.fingerprint, found.status) == ("b", 201)
    assert sorted(keys(db)) == ["other", "reuse"]
    assert store.usage(SHOP) == rows(db)


def test_a_reset_forgets_the_counts_and_the_answers_under_way(db, store):
    for n in range(3):
        keep(store, f"k{n}", answer_of(100), now=n)
    began = store.generation
    with db.transaction() as conn:  # a reset empties the table, then tells the store
        conn.execute("DELETE FROM idempotent_answers")
    store.forget()
    assert store.usage(SHOP) == (0, 0)
    with pytest.raises(Forgotten):  # begun before the reset: not kept
        keep(store, "late", answer_of(100), now=3, generation=began)
    keep(store, "after", answer_of(100), now=4)
    assert store.usage(SHOP) == rows(db) == (1, stored_size("after", answer_of(100)))


def test_expired_answers_go_in_batches_and_never_replay(db, store):
    answer = StoredAnswer("f", 200, {}, b"{}")
    with db.transaction() as conn:  # older than the lifetime, and never swept
        conn.executemany(
            "INSERT INTO idempotent_answers (merchant_id, key, created, size, fingerprint, status,"
            " headers, data) VALUES ('demo-shop', ?, 0, 100, 'f', 200, '{}', NULL)",
            [(f"old-{n}",) for n in range(idempotency_store.SWEEP_BATCH + 10)],
        )
    assert store.find(SHOP, "old-1", now=1000) is None
    keep(store, "new-1", answer, now=1000)
    left = db.count("SELECT count(*) FROM idempotent_answers WHERE key LIKE 'old-%'")
    assert left == 10  # one batch per keep, never the whole table
    keep(store, "new-2", answer, now=1001)
    assert db.count("SELECT count(*) FROM idempotent_answers WHERE key LIKE 'old-%'") == 0
    assert store.usage(SHOP) == (2, 2 * (100 + 5 + 2 + 1 + 2))
