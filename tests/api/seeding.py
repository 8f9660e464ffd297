"""Test setup for the data API: orders seeded through the sandbox control, and a server whose
fixture has no orders (so a test knows every order in its lists)."""

from __future__ import annotations

import json
from pathlib import Path

from aiohttp.test_utils import TestClient

from backend_stub.config import Config
from backend_stub.storage.fixture import DEFAULT_FIXTURE
from tests.conftest import DEMO_PRIVATE, bearer


def config_without_orders(tmp_path: Path, **settings: object) -> Config:
    """Settings of a server loaded from the bundled fixture minus its orders."""
    fixture = json.loads(DEFAULT_FIXTURE.read_text(encoding="utf-8"))
    fixture.pop("orders", None)
    path = tmp_path / "fixture.json"
    path.write_text(json.dumps(fixture), encoding="utf-8")
    return Config(db=":memory:", fixture=path, **settings)


async def seed(api: TestClient, orders: list[dict] | dict, key: str = DEMO_PRIVATE) -> list[dict] | dict:
    """Create orders for the key's merchant; the created orders as the control shows them."""
    response = await api.post("/_sandbox/orders", json=orders, headers=bearer(key))
    assert response.status == 201, await response.text()
    return await response.json()


async def confirmed_order(api: TestClient, total: int = 10000, key: str = DEMO_PRIVATE, **fields) -> str:
    """The id of a new confirmed order of ``total``."""
    order = await seed(api, {"total_amount": total, "status": "confirmed", **fields}, key)
    return order["id"]
