"""backend_stub.storage.database: after a reset, the free pages go back to the file system a few
hundred per step (each step a turn among long work), not one per step."""

from __future__ import annotations

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
