"""GET/POST /orders/:orderId/refund: the document's refund rules at the order level.

Rules: (1) confirmed orders only; (2) partial refunds add up to at most the total; (3) refunding
the whole total cancels the order; (4, 5) the record's documented sandbox values; refunds of
captures (6, 7) are in test_captures.py.
"""

from __future__ import annotations

import asyncio
import re
import xml.etree.ElementTree as ET
from datetime import UTC, datetime

import pytest

from tests.api.seeding import config_without_orders, confirmed_order, seed
from tests.conftest import DEMO_PRIVATE, DEMO_PUBLIC, OTHER_PRIVATE, bearer

XML = "application/vnd.service.v1+xml"
TIMESTAMP = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}\+00:00$")


@pytest.fixture
def server_config(tmp_path):
    # Enough room for the concurrency test's 200 simultaneous requests.
    return config_without_orders(tmp_path, concurrency_limit=1000)


async def _refund(api, order_id, amount, **headers):
    response = await api.post(
        f"/orders/{order_id}/refund", json={"amount": amount}, headers=bearer(DEMO_PRIVATE, **headers)
    )
    return response.status, await response.json()


async def _status_of(api, order_id):
    response = await api.get("/orders", params={"id": order_id}, headers=bearer(DEMO_PRIVATE))
    return (await response.json())["results"][0]["status"]


async def test_a_new_order_has_everything_refundable(api):
    order_id = await confirmed_order(api, 10000)
    response = await api.get(f"/orders/{order_id}/refund", headers=bearer(DEMO_PRIVATE))
    assert response.status == 200
    assert response.headers["X-Service-Media-Type"] == "service.v1"
    assert await response.json() == {"remaining_amount": 10000, "results": [], "refund_count": 0}


async def test_partial_refund_and_its_record(api):
    # Agreed just now over 3 months: nothing is collected yet.
    order_id = await confirmed_order(api, 10000, product_type="instalments", instalments=3)
    status, body = await _refund(api, order_id, 2500)
    assert status == 200
    assert body["remaining_amount"] == 7500
    (record,) = body["results"]
    assert set(record) == {
        "id",
        "capture_id",
        "amount",
        "pending_amount",
        "accrual_date",
        "credit_to_customer",
        "completed",
        "completed_but_defaults",
        "created",
    }
    assert record["amount"] == 2500
    # An order-level refund names no capture; its pending_amount is the order's.
    assert (record["capture_id"], record["pending_amount"]) == (None, 7500)
    assert TIMESTAMP.match(record["created"])
    assert (
        record["accrual_date"] == datetime.fromisoformat(record["created"]).astimezone(UTC).date().isoformat()
    )
    # Rules 4 and 5: the refund lowers what is still owed (7500 of it), so nothing is paid back;
    # sandbox customers never default. test_payments_over_time.py follows the payments.
    assert (record["credit_to_customer"], record["completed"], record["completed_but_defaults"]) == (
        0,
        False,
        False,
    )
    assert await _status_of(api, order_id) == "confirmed"  # a partial refund keeps the state


async def test_partial_refunds_add_up_and_are_listed_newest_first(api):
    order_id = await confirmed_order(api, 10000)
    for amount in (1000, 2000, 3000):
        await _refund(api, order_id, amount)
    response = await api.get(f"/orders/{order_id}/refund", headers=bearer(DEMO_PRIVATE))
    body = await response.json()
    assert body["remaining_amount"] == 4000
    assert [(r["amount"], r["pending_amount"]) for r in body["results"]] == [
        (3000, 4000),
        (2000, 7000),
        (1000, 9000),
    ]
    assert len({r["id"] for r in body["results"]}) == 3


async def test_over_refund_is_400_on_amount_and_changes_nothing(api):
    order_id = await confirmed_order(api, 10000)
    await _refund(api, order_id, 6000)
    status, body = await _refund(api, order_id, 4001)
    assert status == 400
    assert body["error"]["type"] == "ApiValidationException"
    assert list(body["error"]["fields"]) == ["amount"]
    response = await api.get(f"/orders/{order_id}/refund", headers=bearer(DEMO_PRIVATE))
    assert (await response.json())["remaining_amount"] == 4000
    assert await _status_of(api, order_id) == "confirmed"


async def test_refunding_the_whole_total_at_once_cancels(api):
    order_id = await confirmed_order(api, 10000)
    status, body = await _refund(api, order_id, 10000)
    assert status == 200
    assert body["remaining_amount"] == 0
    assert body["results"][0]["completed"] is True
    assert body["results"][0]["pending_amount"] == 0
    assert await _status_of(api, order_id) == "canceled"


async def test_the_refund_that_reaches_the_total_cancels(api):
    order_id = await confirmed_order(api, 10000)
    await _refund(api, order_id, 9999)
    assert await _status_of(api, order_id) == "confirmed"
    status, body = await _refund(api, order_id, 1)
    assert status == 200 and body["remaining_amount"] == 0
    assert [r["completed"] for r in body["results"]] == [True, False]
    assert await _status_of(api, order_id) == "canceled"


async def test_a_canceled_order_refuses_more_refunds_with_409(api):
    order_id = await confirmed_order(api, 500)
    await _refund(api, order_id, 500)
    status, body = await _refund(api, order_id, 1)
    assert status == 409
    assert body["error"]["type"] == "ConflictException"


async def test_a_canceled_order_still_shows_its_refunds(api):
    order_id = await confirmed_order(api, 500)
    await _refund(api, order_id, 500)
    response = await api.get(f"/orders/{order_id}/refund", headers=bearer(DEMO_PRIVATE))
    body = await response.json()
    assert body["remaining_amount"] == 0 and len(body["results"]) == 1


@pytest.mark.parametrize("state", ["pending", "denied", "canceled"])
async def test_an_order_that_is_not_confirmed_is_409_and_unchanged(api, state):
    order = await seed(api, {"status": state, "total_amount": 1000})
    status, body = await _refund(api, order["id"], 100)
    assert status == 409
    assert body["error"]["type"] == "ConflictException"
    assert await _status_of(api, order["id"]) == state
    response = await api.get(f"/orders/{order['id']}/refund", headers=bearer(DEMO_PRIVATE))
    assert (await response.json())["results"] == []


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"amount": None},
        {"amount": 0},
        {"amount": -5},
        {"amount": 12.5},
        {"amount": "100"},
        {"amount": True},
    ],
)
async def test_amount_must_be_a_positive_integer(api, body):
    order_id = await confirmed_order(api, 1000)
    response = await api.post(f"/orders/{order_id}/refund", json=body, headers=bearer(DEMO_PRIVATE))
    assert response.status == 400
    assert list((await response.json())["error"]["fields"]) == ["amount"]


async def test_missing_amount_says_required(api):
    order_id = await confirmed_order(api, 1000)
    response = await api.post(f"/orders/{order_id}/refund", json={}, headers=bearer(DEMO_PRIVATE))
    assert (await response.json())["error"]["fields"] == {"amount": ["This field is required."]}


@pytest.mark.parametrize("body", [[], [1], "100", 100])
async def test_body_must_be_an_object(api, body):
    order_id = await confirmed_order(api, 1000)
    response = await api.post(f"/orders/{order_id}/refund", json=body, headers=bearer(DEMO_PRIVATE))
    assert response.status == 400
    assert list((await response.json())["error"]["fields"]) == ["body"]


async def test_non_json_body_is_415(api):
    order_id = await confirmed_order(api, 1000)
    response = await api.post(
        f"/orders/{order_id}/refund",
        data="amount=100",
        headers=bearer(DEMO_PRIVATE, **{"Content-Type": "text/plain"}),
    )
    assert response.status == 415
    assert (await response.json())["error"]["type"] == "UnsupportedMediaTypeException"


async def test_malformed_json_is_400(api):
    order_id = await confirmed_order(api, 1000)
    response = await api.post(
        f"/orders/{order_id}/refund",
        data='{"amount": ',
        headers=bearer(DEMO_PRIVATE, **{"Content-Type": "application/json"}),
    )
    assert response.status == 400
    assert (await response.json())["error"]["type"] == "ApiValidationException"


@pytest.mark.parametrize("method", ["GET", "POST"])
async def test_unknown_order_is_404(api, method):
    response = await api.request(
        method, "/orders/nope/refund", json={"amount": 1}, headers=bearer(DEMO_PRIVATE)
    )
    assert response.status == 404
    assert (await response.json())["error"]["type"] == "ObjectNotFoundException"


@pytest.mark.parametrize("method", ["GET", "POST"])
async def test_another_merchant_s_order_is_404(api, method):
    order_id = await confirmed_order(api, 1000, key=OTHER_PRIVATE)
    response = await api.request(
        method, f"/orders/{order_id}/refund", json={"amount": 1}, headers=bearer(DEMO_PRIVATE)
    )
    assert response.status == 404
    response = await api.get(f"/orders/{order_id}/refund", headers=bearer(OTHER_PRIVATE))
    assert (await response.json())["remaining_amount"] == 1000  # untouched


@pytest.mark.parametrize("method", ["GET", "POST"])
async def test_public_key_is_403(api, method):
    order_id = await confirmed_order(api, 1000)
    response = await api.request(
        method, f"/orders/{order_id}/refund", json={"amount": 1}, headers=bearer(DEMO_PUBLIC)
    )
    assert response.status == 403


@pytest.mark.parametrize("prefix", ["", "/v1"])
async def test_xml_get_and_post(api, prefix):
    order_id = await confirmed_order(api, 1000)
    response = await api.post(
        f"{prefix}/orders/{order_id}/refund", json={"amount": 250}, headers=bearer(DEMO_PRIVATE, Accept=XML)
    )
    assert response.status == 200
    assert response.headers["Content-Type"] == "application/xml; charset=utf-8"
    root = ET.fromstring(await response.text())
    assert root.findtext("remaining_amount") == "750"
    record = root.find("results/list-item")
    assert record.findtext("amount") == "250"
    assert record.findtext("completed") == "false"
    response = await api.get(f"{prefix}/orders/{order_id}/refund", headers=bearer(DEMO_PRIVATE, Accept=XML))
    assert ET.fromstring(await response.text()).findtext("remaining_amount") == "750"


async def test_v1_json(api):
    order_id = await confirmed_order(api, 1000)
    response = await api.post(
        f"/v1/orders/{order_id}/refund", json={"amount": 1}, headers=bearer(DEMO_PRIVATE)
    )
    assert response.status == 200
    assert response.headers["X-Service-Media-Type"] == "service.v1"
    response = await api.get(f"/v1/orders/{order_id}/refund", headers=bearer(DEMO_PRIVATE))
    assert (await response.json())["remaining_amount"] == 999


async def test_200_concurrent_refunds_never_exceed_the_total(api):
    order_id = await confirmed_order(api, 1000)
    answers = await asyncio.gather(*(_refund(api, order_id, 7) for _ in range(200)))
    statuses = [status for status, _ in answers]
    # 142 refunds of 7 fit in 1000; every later one exceeds what is left (6).
    assert statuses.count(200) == 142
    assert statuses.count(400) == 58
    response = await api.get(f"/orders/{order_id}/refund", headers=bearer(DEMO_PRIVATE))
    body = await response.json()
    assert body["remaining_amount"] == 6 and body["refund_count"] == 142 and len(body["results"]) == 100


async def test_200_concurrent_refunds_of_the_whole_rest_cancel_once(api):
    order_id = await confirmed_order(api, 1000)
    answers = await asyncio.gather(*(_refund(api, order_id, 1000) for _ in range(200)))
    statuses = sorted(status for status, _ in answers)
    assert statuses == [200] + [409] * 199
    assert await _status_of(api, order_id) == "canceled"
