"""backend_stub.storage.fixture.reset: between its steps, other requests run, and they still find
the merchants whose keys they carry."""

from __future__ import annotations

from datetime import UTC, datetime

from backend_stub.domain.orders import Order
from backend_stub.storage import fixture
from backend_stub.storage.database import Database
from backend_stub.storage.fixture import load_fixture, read_fixture
from backend_stub.storage.orders import OrderStore

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
