"""The bundled fixture's demo orders, and the fixture's optional orders section."""

from __future__ import annotations

import json

import pytest
from aiohttp.test_utils import TestClient, TestServer

from backend_stub.app import create_app
from backend_stub.config import Config
from backend_stub.storage.fixture import DEFAULT_FIXTURE
from tests.conftest import DEMO_PRIVATE, OTHER_PRIVATE, bearer


async def test_demo_shop_has_three_demo_orders(api):
    response = await api.get("/orders", headers=bearer(DEMO_PRIVATE))
    orders = (await response.json())["results"]
    assert [(order["id"], order["status"]) for order in orders] == [
        ("fixture-order-3", "denied"),
        ("fixture-order-2", "pending"),
        ("fixture-order-1", "confirmed"),
    ]
    assert orders[2]["confirmed"] == "2026-11-02T09:20:00.000000+00:00"


async def test_other_shop_starts_without_orders(api):
    response = await api.get("/orders", headers=bearer(OTHER_PRIVATE))
    assert (await response.json())["paging"]["count"] == 0


async def test_the_confirmed_demo_order_is_refundable(api):
    response = await api.post(
        "/orders/fixture-order-1/refund", json={"amount": 100}, headers=bearer(DEMO_PRIVATE)
    )
    assert response.status == 200
    assert (await response.json())["remaining_amount"] == 24900


async def test_reset_brings_the_demo_orders_back(api):
    await api.post("/orders/fixture-order-1/refund", json={"amount": 25000}, headers=bearer(DEMO_PRIVATE))
    assert (await api.post("/_sandbox/reset")).status == 200
    response = await api.get("/orders", params={"id": "fixture-order-1"}, headers=bearer(DEMO_PRIVATE))
    assert (await response.json())["results"][0]["status"] == "confirmed"


def test_an_invalid_fixture_order_fails_at_start(tmp_path):
    fixture = json.loads(DEFAULT_FIXTURE.read_text(encoding="utf-8"))
    fixture["orders"] = [{"merchant_id": "demo-shop", "total_amount": "lots"}]
    path = tmp_path / "fixture.json"
    path.write_text(json.dumps(fixture), encoding="utf-8")
    with pytest.raises(ValueError, match=r"orders\[0\]\.total_amount"):
        create_app(Config(fixture=path))


async def test_a_fixture_order_takes_defaults(tmp_path):
    fixture = json.loads(DEFAULT_FIXTURE.read_text(encoding="utf-8"))
    fixture["orders"] = [{"merchant_id": "other-shop", "id": "given"}]
    path = tmp_path / "fixture.json"
    path.write_text(json.dumps(fixture), encoding="utf-8")
    client = TestClient(TestServer(create_app(Config(fixture=path))))
    await client.start_server()
    try:
        response = await client.get("/orders", headers=bearer(OTHER_PRIVATE))
        (order,) = (await response.json())["results"]
    finally:
        await client.close()
    assert order["id"] == "given"
    assert (order["currency"], order["total_amount"], order["status"]) == ("EUR", 10000, "pending")
