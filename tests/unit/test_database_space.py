"""backend_stub.storage.database: after a reset, the free pages go back to the file system a few
hundred per step (each step a turn among long work), not one per step."""

from __future__ import annotations

from pathlib import Path

import pytest

from backend_stub.storage import database
from backend_stub.storage.database import Database

PAGE = 4096


async def test_free_pages_go_back_hundreds_per_step(tmp_path, monkeypatch: pytest.MonkeyPatch):
    db = Database(tmp_path / "service.sqlite3")
    with db.transaction() as conn:
        conn.execute("CREATE TABLE filler (data BLOB)")
        conn.executemany("INSERT INTO filler VALUES (?)", [(bytes(PAGE),) for _ in range(4000)])
    with db.transaction() as conn:
        conn.execute("DELETE FROM filler")
    free = db.count("PRAGMA freelist_count")
    steps = 0

    async def counted() -> None:
        nonlocal steps
        steps += 1

    monkeypatch.setattr(database, "next_turn", counted)
    await db.give_back_space()
    assert db.count("PRAGMA freelist_count") == 0
    assert free > 4000 and steps <= free // 256 + 1, (free, steps)
    db.close()


async def test_a_file_cut_in_the_log_only_is_cut_at_the_next_reset(tmp_path):
    # A vacuum under load: its steps cut the database in the log, and no checkpoint copied it
    # before the next reset, which finds few pages free.
    path = tmp_path / "service.sqlite3"
    db = Database(path)
    with db.transaction() as conn:
        conn.execute("CREATE TABLE filler (data BLOB)")
        conn.executemany("INSERT INTO filler VALUES (?)", [(bytes(PAGE),) for _ in range(4000)])
    db.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    with db.transaction() as conn:
        conn.execute("DELETE FROM filler")
    with db._writes.writable() as writer:  # outside a transaction the writer is read-only
        writer.executescript("PRAGMA incremental_vacuum;")
    assert db.count("PRAGMA freelist_count") == 0 and path.stat().st_size > 16 * 1024**2

    await db.give_back_space()
    assert path.stat().st_size <= db.count("PRAGMA page_count") * PAGE
    assert Path(f"{path}-wal").stat().st_size == 0
    db.close()
