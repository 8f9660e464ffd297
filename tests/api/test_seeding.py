"""POST /_sandbox/orders: creating orders for test setup, one or many, with defaults and checks."""

from __future__ import annotations

import asyncio
import io
import json
import re
from collections.abc import AsyncIterator

import pytest

from backend_stub.domain.errors import MAX_LISTED_FIELDS
from backend_stub.sandbox.seeding import STEP
from tests.api.lists import all_results
from tests.api.seeding import config_without_orders
from tests.conftest import DEMO_PRIVATE, DEMO_PUBLIC, OTHER_PRIVATE, bearer

SEED = "/_sandbox/orders"


@pytest.fixture
def server_config(tmp_path):
    return config_without_orders(tmp_path)


async def test_one_object_gives_one_order_with_defaults(api):
    response = await api.post(SEED, json={}, headers=bearer(DEMO_PRIVATE))
    assert response.status == 201
    order = await response.json()
    assert re.match(r"^ord_[0-9a-f]{16}$", order["id"])
    assert order["name"] == f"Order {order['id']}"
    assert (order["currency"], order["total_amount"], order["status"], order["confirmed"]) == (
        "EUR",
        10000,
        "pending",
        None,
    )
    assert re.match(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}\+00:00$", order["created"])


async def test_every_field_given(api):
    sent = {
        "id": "o-1",
        "name": "Shoes",
        "currency": "USD",
        "total_amount": 1250,
        "status": "canceled",
        "created": "2026-11-23T10:00:00+02:00",
        "confirmed": "2026-11-23T09:00:00Z",
        "product_type": "instalments",
        "instalments": 6,
    }
    response = await api.post(SEED, json=sent, headers=bearer(DEMO_PRIVATE))
    assert response.status == 201
    answer = await response.json()
    assert {name: answer[name] for name in sent} == {
        **sent,
        "created": "2026-11-23T08:00:00.000000+00:00",
        "confirmed": "2026-11-23T09:00:00.000000+00:00",
    }
    # Agreed over 6 months from the day it was confirmed.
    assert [(payment["due_date"], payment["amount"]) for payment in answer["schedule"]] == [
        ("2026-12-23", 208),
        ("2027-01-23", 208),
        ("2027-02-23", 208),
        ("2027-03-23", 208),
        ("2027-04-23", 208),
        ("2027-05-23", 210),
    ]


@pytest.mark.parametrize(
    "order",
    [{"product_type": "pay_in_4", "instalments": 6}, {"product_type": "instalments", "instalments": 4}],
)
async def test_a_term_is_for_instalments_only(api, order):
    response = await api.post(SEED, json=order, headers=bearer(DEMO_PRIVATE))
    assert response.status == 400
    assert list((await response.json())["error"]["fields"]) == ["instalments"]


async def test_an_array_gives_an_array_and_the_orders_are_listed(api):
    response = await api.post(SEED, json=[{"id": "a"}, {"id": "b"}], headers=bearer(DEMO_PRIVATE))
    assert response.status == 201
    assert [order["id"] for order in await response.json()] == ["a", "b"]
    assert {order["id"] for order in await all_results(api, "/orders")} == {"a", "b"}


async def test_an_empty_array_creates_nothing(api):
    response = await api.post(SEED, json=[], headers=bearer(DEMO_PRIVATE))
    assert response.status == 201
    assert await response.json() == []


async def test_status_follows_confirmed_and_confirmed_follows_status(api):
    response = await api.post(
        SEED,
        json=[
            {"id": "c1", "confirmed": "2026-11-23T10:00:00Z", "created": "2026-11-23T09:00:00Z"},
            {"id": "c2", "status": "confirmed", "created": "2026-11-23T09:00:00Z"},
        ],
        headers=bearer(DEMO_PRIVATE),
    )
    first, second = await response.json()
    assert first["status"] == "confirmed"
    assert second["confirmed"] == second["created"]


async def test_the_orders_belong_to_the_key_s_merchant(api):
    await api.post(SEED, json={"id": "theirs"}, headers=bearer(OTHER_PRIVATE))
    assert await all_results(api, "/orders") == []
    assert [order["id"] for order in await all_results(api, "/orders", key=OTHER_PRIVATE)] == ["theirs"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"total_amount": 0}, "total_amount"),
        ({"total_amount": -1}, "total_amount"),
        ({"total_amount": 12.5}, "total_amount"),
        ({"total_amount": True}, "total_amount"),
        ({"currency": "eur"}, "currency"),
        ({"status": "shipped"}, "status"),
        ({"created": "yesterday"}, "created"),
        ({"created": 1700000000}, "created"),
        ({"confirmed": "2026-13-01T00:00:00Z"}, "confirmed"),
        ({"status": "pending", "confirmed": "2026-11-23T10:00:00Z"}, "confirmed"),
        ({"status": "denied", "confirmed": "2026-11-23T10:00:00Z"}, "confirmed"),
        ({"created": "2026-11-23T10:00:00Z", "confirmed": "2026-11-23T09:59:59Z"}, "confirmed"),
        ({"id": ""}, "id"),
        ({"id": 5}, "id"),
        ({"id": "a/b"}, "id"),
        ({"id": "x" * 256}, "id"),
        ({"name": ""}, "name"),
        ({"name": ["x"]}, "name"),
        ({"totl_amount": 5}, "totl_amount"),
        ({"product_type": "cash"}, "product_type"),
        ({"product_type": ""}, "product_type"),
        ([{}, {"total_amount": "x"}], "[1].total_amount"),
        ([{}, 5], "[1]"),
        ([{"id": "same"}, {"id": "same"}], "[1].id"),
        ("orders", "body"),
    ],
)
async def test_bad_order_is_400_naming_the_field(api, body, field):
    response = await api.post(SEED, json=body, headers=bearer(DEMO_PRIVATE))
    assert response.status == 400
    error = (await response.json())["error"]
    assert error["type"] == "ApiValidationException"
    assert field in error["fields"]
    assert await all_results(api, "/orders") == []  # nothing was created


async def test_an_id_in_use_is_409_and_nothing_is_created(api):
    await api.post(SEED, json={"id": "taken"}, headers=bearer(DEMO_PRIVATE))
    response = await api.post(SEED, json=[{"id": "new"}, {"id": "taken"}], headers=bearer(DEMO_PRIVATE))
    assert response.status == 409
    assert (await response.json())["error"]["type"] == "ConflictException"
    assert [order["id"] for order in await all_results(api, "/orders")] == ["taken"]


async def test_a_part_that_fails_halfway_removes_the_parts_written_before(api):
    # Written 50 at a time: the third part holds the taken id, after two parts were written.
    await api.post(SEED, json={"id": "taken"}, headers=bearer(DEMO_PRIVATE))
    orders = [{"id": f"seed-{n}"} for n in range(150)]
    orders[120] = {"id": "taken"}
    response = await api.post(SEED, json=orders, headers=bearer(DEMO_PRIVATE))
    assert response.status == 409
    assert [order["id"] for order in await all_results(api, "/orders")] == ["taken"]


async def test_a_reset_while_a_seeding_runs_ends_it_and_keeps_none_of_it(api):
    # Its body still arriving when the reset comes: it began before the reset, so it must not
    # write into the fresh fixture (it did: 201 and all its orders after the reset).
    body = json.dumps([{"id": f"seed-{n}"} for n in range(STEP * 3)]).encode()
    started, reset_done = asyncio.Event(), asyncio.Event()

    async def slowly() -> AsyncIterator[bytes]:
        # Asked for only after the server's "100 Continue", which it sends as it calls the
        # handler: the seeding has begun, and waits for the rest of its body.
        yield body[: len(body) // 2]
        started.set()
        await reset_done.wait()
        yield body[len(body) // 2 :]

    headers = bearer(DEMO_PRIVATE, **{"Content-Type": "application/json"})
    seeding = asyncio.ensure_future(api.post(SEED, data=slowly(), headers=headers, expect100=True))
    await started.wait()
    assert (await api.post("/_sandbox/reset")).status == 200
    reset_done.set()
    response = await seeding
    assert response.status == 503
    assert (await response.json())["error"]["type"] == "ServiceUnavailableException"
    assert await all_results(api, "/orders") == []
    # The same orders seeded after the reset are written: nothing of the ended one is left.
    assert (await api.post(SEED, data=body, headers=headers)).status == 201


async def test_missing_key_is_401(api):
    response = await api.post(SEED, json={})
    assert response.status == 401


async def test_public_key_is_403(api):
    response = await api.post(SEED, json={}, headers=bearer(DEMO_PUBLIC))
    assert response.status == 403


async def test_a_web_page_of_another_origin_is_refused(api):
    response = await api.post(SEED, json={}, headers=bearer(DEMO_PRIVATE, Origin="https://evil.example"))
    assert response.status == 403


async def test_non_json_body_is_415(api):
    response = await api.post(
        SEED,
        data="id=1",
        headers=bearer(DEMO_PRIVATE, **{"Content-Type": "application/x-www-form-urlencoded"}),
    )
    assert response.status == 415
    assert (await response.json())["error"]["type"] == "UnsupportedMediaTypeException"


async def test_malformed_json_is_400(api):
    response = await api.post(
        SEED, data="[{", headers=bearer(DEMO_PRIVATE, **{"Content-Type": "application/json"})
    )
    assert response.status == 400


async def test_a_body_above_the_api_limit_is_accepted(api):
    # About 1.2 MB: above the 1 MB limit of API bodies, as a benchmark's seeding is.
    orders = [{"name": f"Bulk order {n:05d} " + "x" * 900, "total_amount": n + 1} for n in range(1000)]
    body = io.BytesIO(json.dumps(orders).encode())  # raw bytes this large make aiohttp warn
    response = await api.post(
        SEED, data=body, headers=bearer(DEMO_PRIVATE, **{"Content-Type": "application/json"})
    )
    assert response.status == 201
    listed = await (await api.get("/orders", headers=bearer(DEMO_PRIVATE))).json()
    assert listed["paging"]["count"] == 1000


async def test_a_body_of_many_bad_orders_gets_a_short_answer_that_counts_what_it_leaves_out(api):
    # 1,000 orders of 50 unknown fields each: 50,000 errors, in an 8 MiB body at most.
    orders = [{f"field_{n}": 1 for n in range(50)}] * 1000
    body = io.BytesIO(json.dumps(orders).encode())
    response = await api.post(
        SEED, data=body, headers=bearer(DEMO_PRIVATE, **{"Content-Type": "application/json"})
    )
    answer = await response.read()
    error = json.loads(answer)["error"]
    assert response.status == 400 and len(answer) < 50_000
    assert len(error["fields"]) == MAX_LISTED_FIELDS
    assert error["errors_not_listed"] == 50 * 1000 - MAX_LISTED_FIELDS
