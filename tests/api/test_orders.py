"""GET /orders: the item shape, newest-first order, formats, versions, keys and ownership."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from tests.api.seeding import config_without_orders, seed
from tests.conftest import DEMO_PRIVATE, DEMO_PUBLIC, OTHER_PRIVATE, bearer

TIMESTAMP = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}\+00:00$")
XML = "application/vnd.service.v1+xml"


@pytest.fixture
def server_config(tmp_path):
    return config_without_orders(tmp_path)


async def test_order_shape(api):
    await seed(
        api,
        [
            {"id": "o-1", "name": "Shoes", "total_amount": 1250, "created": "2026-11-23T11:00:00.5+01:00"},
            {"id": "o-2", "status": "confirmed", "created": "2026-11-23T10:00:00Z"},
        ],
    )
    response = await api.get("/orders", headers=bearer(DEMO_PRIVATE))
    assert response.status == 200
    assert response.headers["Content-Type"] == "application/json; charset=utf-8"
    assert response.headers["X-Service-Media-Type"] == "service.v1"
    first, second = (await response.json())["results"]
    assert first == {
        "id": "o-1",
        "name": "Shoes",
        "currency": "EUR",
        "total_amount": 1250,
        "status": "pending",
        "created": "2026-11-23T10:00:00.500000+00:00",
        "confirmed": None,
        "product_type": None,  # seeded without one: not known
        "instalments": None,
        # Pending: nothing agreed yet, so nothing owed, collected, capturable or refundable.
        "schedule": [],
        "collected_amount": 0,
        "owed_amount": 0,
        "paid_back_amount": 0,
        "captured_amount": 0,
        "capturable_amount": 0,
        "refunded_amount": 0,
        "refundable_amount": 0,
    }
    assert second["status"] == "confirmed"
    assert TIMESTAMP.match(second["created"]) and second["confirmed"] == second["created"]


async def test_newest_first_then_by_id(api):
    await seed(
        api,
        [
            {"id": "b", "created": "2026-01-01T00:00:00Z"},
            {"id": "c", "created": "2026-03-01T00:00:00Z"},
            {"id": "a", "created": "2026-01-01T00:00:00Z"},
            {"id": "d", "created": "2025-12-31T23:00:00-02:00"},  # 2026-01-01T01:00 UTC
        ],
    )
    response = await api.get("/orders", headers=bearer(DEMO_PRIVATE))
    assert [order["id"] for order in (await response.json())["results"]] == ["c", "d", "a", "b"]


async def test_empty_list(api):
    response = await api.get("/orders", headers=bearer(DEMO_PRIVATE))
    assert response.status == 200
    assert await response.json() == {
        "cursor": {"after": None, "before": None},
        "paging": {"count": 0, "next": None, "previous": None},
        "results": [],
    }


async def test_xml_under_v1(api):
    await seed(
        api, {"id": "o-1", "name": "Tea & <cake>", "total_amount": 990, "created": "2026-11-23T10:00:00Z"}
    )
    response = await api.get("/v1/orders", headers=bearer(DEMO_PRIVATE, Accept=XML))
    assert response.status == 200
    assert response.headers["Content-Type"] == "application/xml; charset=utf-8"
    root = ET.fromstring(await response.text())
    assert root.findtext("paging/count") == "1"
    assert root.find("cursor/after").text is None
    item = root.find("results/list-item")
    assert item.findtext("id") == "o-1"
    assert item.findtext("name") == "Tea & <cake>"
    assert item.findtext("total_amount") == "990"
    assert item.findtext("created") == "2026-11-23T10:00:00.000000+00:00"
    assert item.find("confirmed").text is None


async def test_v1_json_is_the_same_list(api):
    await seed(api, [{"id": "o-1"}, {"id": "o-2"}])
    plain = await (await api.get("/orders", headers=bearer(DEMO_PRIVATE))).json()
    versioned = await (await api.get("/v1/orders", headers=bearer(DEMO_PRIVATE))).json()
    assert plain["results"] == versioned["results"]


async def test_a_merchant_sees_only_its_orders(api):
    await seed(api, {"id": "mine"})
    await seed(api, {"id": "theirs"}, key=OTHER_PRIVATE)
    mine = await (await api.get("/orders", headers=bearer(DEMO_PRIVATE))).json()
    theirs = await (await api.get("/orders", headers=bearer(OTHER_PRIVATE))).json()
    assert [order["id"] for order in mine["results"]] == ["mine"]
    assert [order["id"] for order in theirs["results"]] == ["theirs"]


async def test_two_merchants_may_use_the_same_order_id(api):
    await seed(api, {"id": "same", "total_amount": 1})
    await seed(api, {"id": "same", "total_amount": 2}, key=OTHER_PRIVATE)
    theirs = await (await api.get("/orders", headers=bearer(OTHER_PRIVATE))).json()
    assert theirs["results"][0]["total_amount"] == 2


async def test_public_key_is_403(api):
    response = await api.get("/orders", headers=bearer(DEMO_PUBLIC))
    assert response.status == 403
    assert (await response.json())["error"]["type"] == "ForbiddenException"


async def test_missing_key_is_401(api):
    response = await api.get("/orders")
    assert response.status == 401


async def test_other_methods_are_405(api):
    response = await api.delete("/orders", headers=bearer(DEMO_PRIVATE))
    assert response.status == 405
    assert "GET" in response.headers["Allow"]
