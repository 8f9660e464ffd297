"""backend_stub.storage.fixture.reset: between its steps, other requests run, and they still find
the merchants whose keys they carry; a reset stopped between its steps is finished at the next
start (tests/faults kills a real server during resets)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from backend_stub.domain.orders import Order
from backend_stub.storage import fixture
from backend_stub.storage.database import Database
from backend_stub.storage.fixture import load_fixture, read_fixture
from backend_stub.storage.orders import OrderStore
from backend_stub.storage.refunds import RefundStore

NOW = datetime(2026, 11, 23, 10, tzinfo=UTC)


async def test_the_merchants_stay_until_the_reset_s_last_transaction(tmp_path, monkeypatch):
    db = Database(tmp_path / "service.sqlite3")
    data = read_fixture()
    load_fixture(db, data)
    merchant = data["merchants"][0]["id"]
    OrderStore(db).create(merchant, [Order(f"o{n}", "Lamp", "EUR", 1000, "pending", NOW) for n in range(500)])
    merchants_between_steps: list[int] = []

    async def another_request_runs() -> None:
        merchants_between_steps.append(db.count("SELECT count(*) FROM merchants"))

    monkeypatch.setattr(fixture, "next_turn", another_request_runs)
    await fixture.reset(db, data)
    assert len(merchants_between_steps) > 5  # the orders went in several steps
    assert set(merchants_between_steps) == {len(data["merchants"])}
    assert db.count("SELECT count(*) FROM orders") == len(data["orders"])
    db.close()


async def test_a_reset_stopped_between_its_steps_is_finished_when_the_file_opens_again(tmp_path, monkeypatch):
    path = tmp_path / "service.sqlite3"
    db = Database(path)
    data = read_fixture()
    load_fixture(db, data)
    merchant = data["merchants"][0]["id"]
    OrderStore(db).create(
        merchant, [Order(f"o{n}", "Lamp", "EUR", 1000, "confirmed", NOW) for n in range(50)]
    )
    RefundStore(db).refund(merchant, "o1", 400, now=NOW)
    steps = 0

    async def killed_after_a_few_steps() -> None:
        nonlocal steps
        steps += 1
        if steps == 4:
            raise KeyboardInterrupt  # as the process dies here: what was committed stays
        await asyncio.sleep(0)

    monkeypatch.setattr(fixture, "next_turn", killed_after_a_few_steps)
    with pytest.raises(KeyboardInterrupt):
        await fixture.reset(db, data)
    assert db.count("SELECT count(*) FROM orders") > len(data["orders"])  # some rows still there
    db.close()

    reopened = Database(path)
    try:
        assert fixture.finish_interrupted_reset(reopened, data)
        assert reopened.count("SELECT count(*) FROM orders") == len(data["orders"])
        assert reopened.count("SELECT count(*) FROM refunds") == 0
        assert not fixture.finish_interrupted_reset(reopened, data)  # done once
    finally:
        reopened.close()
