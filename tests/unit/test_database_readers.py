"""backend_stub.storage.database: list queries on reader threads, in lanes, with a deadline.

Blocking work holds readers on a threading.Event, so the tests wait on events, never on the
clock; deadlines already past make the refusals immediate.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator

import pytest

from backend_stub.domain.errors import DeadlineExceeded
from backend_stub.storage.database import Database

LATER = 3600.0  # a deadline no test reaches


@pytest.fixture
def db() -> Iterator[Database]:
    database = Database(":memory:", readers=4)
    yield database
    database.close()


async def hold(db: Database, lane: str, count: int, release: threading.Event) -> list[asyncio.Future]:
    """``count`` reads of ``lane`` that hold their readers until ``release`` is set; returns once
    every one of them is running."""
    started = [threading.Event() for _ in range(count)]

    def holding(event: threading.Event):
        def work() -> str:
            event.set()
            release.wait()
            return "held"

        return work

    held = [
        asyncio.ensure_future(db.read(holding(event), lane=lane, deadline=time.monotonic() + LATER))
        for event in started
    ]
    for event in started:
        await asyncio.to_thread(event.wait)
    return held


async def test_reads_see_committed_writes_on_their_own_connection(db):
    with db.transaction() as conn:
        conn.execute(
            "INSERT INTO merchants (id, name, public_key, private_key) VALUES ('m', 'M', 'pk_m', 'sk_m')"
        )

    def read() -> tuple[str, bool]:
        row = db.query_one("SELECT name FROM merchants WHERE id = 'm'")
        return row["name"], db.connection is not db._writer

    assert await db.read(read, lane="m", deadline=time.monotonic() + LATER) == ("M", True)


async def test_a_lane_has_half_the_readers_and_other_lanes_go_on(db):
    release = threading.Event()
    held = await hold(db, "a", 2, release)
    # Lane "a" has its two readers: its third read waits, lane "b" is served at once.
    third = asyncio.ensure_future(db.read(lambda: "third", lane="a", deadline=time.monotonic() + LATER))
    assert await db.read(lambda: "b", lane="b", deadline=time.monotonic() + LATER) == "b"
    assert not third.done()
    release.set()
    assert await asyncio.gather(*held, third) == ["held", "held", "third"]


async def test_waiting_past_the_deadline_is_refused_and_gives_no_slot_away(db):
    release = threading.Event()
    held = await hold(db, "a", 2, release)
    with pytest.raises(DeadlineExceeded):
        await db.read(lambda: "late", lane="a", deadline=time.monotonic())
    release.set()
    await asyncio.gather(*held)
    # Both slots are back: two reads of the lane hold readers at once again.
    release.clear()
    held = await hold(db, "a", 2, release)
    release.set()
    assert await asyncio.gather(*held) == ["held", "held"]


async def test_a_query_past_its_deadline_is_stopped(db):
    endless = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n"
    with pytest.raises(DeadlineExceeded):
        await db.read(lambda: db.query_one(endless), lane="a", deadline=time.monotonic() + 0.2)


async def test_a_regex_past_its_deadline_is_stopped_between_rows(db):
    rows = [(f"m{n}", "x" * 1000, f"pk_{n}", f"sk_{n}") for n in range(200)]
    with db.transaction() as conn:
        conn.executemany(
            "INSERT INTO merchants (id, name, public_key, private_key) VALUES (?, ?, ?, ?)", rows
        )
    slow = "SELECT count(*) FROM merchants WHERE svc_regexp('(?:x?){500}x{500}y', name, 0)"
    with pytest.raises(DeadlineExceeded):
        await db.read(lambda: db.query_one(slow), lane="a", deadline=time.monotonic() + 0.2)


async def test_reads_cannot_write(db):
    with pytest.raises(Exception, match="readonly"):
        await db.read(lambda: db.query("DELETE FROM merchants"), lane="a", deadline=time.monotonic() + LATER)
