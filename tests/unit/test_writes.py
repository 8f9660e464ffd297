"""backend_stub.storage.writes: writes happen in transactions only, and a unit's are one commit."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator

import pytest

from backend_stub.storage.database import Database
from backend_stub.storage.writes import Abandoned


@pytest.fixture
def db() -> Iterator[Database]:
    database = Database()
    yield database
    database.close()


def merchants(db: Database) -> list[str]:
    return [row[0] for row in db.query("SELECT id FROM merchants ORDER BY id")]


def add(conn: sqlite3.Connection, merchant_id: str) -> None:
    conn.execute(
        "INSERT INTO merchants (id, name, public_key, private_key) VALUES (?, 'Shop', ?, ?)",
        (merchant_id, f"pk_{merchant_id}", f"sk_{merchant_id}"),
    )


def test_nothing_is_written_outside_a_transaction(db):
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        add(db.connection, "autocommitted")
    with db.transaction() as conn:
        add(conn, "m")
    assert merchants(db) == ["m"]


def test_a_unit_commits_its_transactions_with_its_last_write(db):
    with db.unit() as unit:
        with db.transaction() as conn:
            add(conn, "a")
        with pytest.raises(ValueError), db.transaction() as conn:
            add(conn, "refused")
            raise ValueError("a rule refused it")  # undoes its own part only
        assert unit.commit(lambda conn: add(conn, "last")) is None
    assert merchants(db) == ["a", "last"]


def test_a_unit_that_ends_without_its_commit_leaves_nothing(db):
    with db.unit(), db.transaction() as conn:
        add(conn, "a")
    assert merchants(db) == []

    def answer_without_room(conn: sqlite3.Connection) -> None:
        add(conn, "answer")
        raise sqlite3.OperationalError("database or disk is full")

    with pytest.raises(sqlite3.OperationalError), db.unit() as unit:
        with db.transaction() as conn:
            add(conn, "effect")
        unit.commit(answer_without_room)
    assert merchants(db) == []


async def test_another_task_using_the_writer_rolls_an_open_unit_back_and_its_commit_fails(db):
    opened, done = asyncio.Event(), asyncio.Event()

    async def careless_request() -> None:
        with db.unit() as unit:
            with db.transaction() as conn:
                add(conn, "half")
            opened.set()
            await done.wait()  # gives the loop away with its unit open
            unit.commit(lambda conn: add(conn, "answer"))

    task = asyncio.ensure_future(careless_request())
    await opened.wait()
    assert merchants(db) == []  # another request never sees the open unit's rows
    with db.transaction() as conn:
        add(conn, "other")
    done.set()
    with pytest.raises(Abandoned):
        await task
    assert merchants(db) == ["other"]


def test_a_failed_write_is_rolled_back_not_left_for_the_next_transaction(tmp_path):
    path = tmp_path / "full.sqlite3"
    full = Database(path)
    try:
        pages = full.query_one("PRAGMA page_count")[0]
        full._writer.execute(f"PRAGMA max_page_count = {pages}")
        with pytest.raises(sqlite3.OperationalError, match="full"), full.transaction() as conn:
            conn.executemany(
                "INSERT INTO merchants (id, name, public_key, private_key) VALUES (?, ?, ?, ?)",
                [(f"m{n}", "x" * 2000, f"pk{n}", f"sk{n}") for n in range(50)],
            )
        assert not full._writer.in_transaction
        full._writer.execute("PRAGMA max_page_count = 4294967294")
        with full.transaction() as conn:
            add(conn, "after")
        assert merchants(full) == ["after"]
    finally:
        full.close()
