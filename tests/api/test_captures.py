"""Captures (sandbox extension) and capture refunds: the document's rules 1, 3, 6 and 7.

POST/GET /orders/:orderId/captures, GET/POST /orders/:orderId/captures/:captureId/refunds.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import time
import xml.etree.ElementTree as ET

import pytest

from backend_stub.domain.refunds import REFUNDS_SHOWN
from tests.api.seeding import config_without_orders, confirmed_order, seed
from tests.conftest import DEMO_PRIVATE, DEMO_PUBLIC, OTHER_PRIVATE, bearer

XML = "application/vnd.service.v1+xml"


@pytest.fixture
def server_config(tmp_path):
    return config_without_orders(tmp_path, concurrency_limit=1000)


async def _capture(api, order_id, amount, key=DEMO_PRIVATE):
    response = await api.post(f"/orders/{order_id}/captures", json={"amount": amount}, headers=bearer(key))
    return response.status, await response.json()


async def _refund(api, order_id, capture_id, amount):
    response = await api.post(
        f"/orders/{order_id}/captures/{capture_id}/refunds",
        json={"amount": amount},
        headers=bearer(DEMO_PRIVATE),
    )
    return response.status, await response.json()


async def _order_status(api, order_id):
    response = await api.get("/orders", params={"id": order_id}, headers=bearer(DEMO_PRIVATE))
    return (await response.json())["results"][0]["status"]


async def _order_refunds(api, order_id):
    response = await api.get(f"/orders/{order_id}/refund", headers=bearer(DEMO_PRIVATE))
    return await response.json()


# --- captures ---------------------------------------------------------------------------------


async def test_capture_a_confirmed_order(api):
    order_id = await confirmed_order(api, 10000)
    status, capture = await _capture(api, order_id, 4000)
    assert status == 201
    assert capture["id"].startswith("cap_")
    assert capture["amount"] == 4000
    assert capture["refunds"] == []
    assert (capture["refunded_amount"], capture["remaining_amount"]) == (0, 4000)
    assert capture["refundable_amount"] == 4000
    assert capture["created"].endswith("+00:00")


@pytest.mark.parametrize("state", ["pending", "denied", "canceled"])
async def test_an_order_that_is_not_confirmed_cannot_be_captured(api, state):
    order = await seed(api, {"status": state})
    status, body = await _capture(api, order["id"], 100)
    assert status == 409
    assert body["error"]["type"] == "ConflictException"


async def test_captures_may_add_up_to_the_total_but_not_beyond(api):
    order_id = await confirmed_order(api, 10000)
    assert (await _capture(api, order_id, 6000))[0] == 201
    status, body = await _capture(api, order_id, 4001)
    assert status == 400
    assert list(body["error"]["fields"]) == ["amount"]
    assert (await _capture(api, order_id, 4000))[0] == 201


async def _order_refund(api, order_id, amount):
    response = await api.post(
        f"/orders/{order_id}/refund", json={"amount": amount}, headers=bearer(DEMO_PRIVATE)
    )
    assert response.status == 200, await response.text()


async def _capturable(api, order_id):
    response = await api.get("/orders", params={"id": order_id}, headers=bearer(DEMO_PRIVATE))
    return (await response.json())["results"][0]["capturable_amount"]


async def test_what_was_refunded_before_being_captured_is_never_captured(api):
    # 120.00: 20.00 refunded, then 50.00 captured: 50.00 is left to capture, not 70.00.
    order_id = await confirmed_order(api, 12000)
    await _order_refund(api, order_id, 2000)
    assert await _capturable(api, order_id) == 10000
    assert (await _capture(api, order_id, 5000))[0] == 201
    assert await _capturable(api, order_id) == 5000
    status, body = await _capture(api, order_id, 5001)
    assert status == 400
    assert "(5000)" in body["error"]["fields"]["amount"][0]
    # "Capture the rest" captures 100.00 in all, never the 120.00 total.
    assert (await _capture(api, order_id, 5000))[0] == 201
    assert await _capturable(api, order_id) == 0
    assert (await _capture(api, order_id, 1))[0] == 400


async def test_capturable_after_a_refund_with_cents(api):
    # 640.00: 100.50 refunded, 200.00 captured: 339.50 is left to capture.
    order_id = await confirmed_order(api, 64000)
    await _order_refund(api, order_id, 10050)
    await _capture(api, order_id, 20000)
    assert await _capturable(api, order_id) == 33950
    assert (await _capture(api, order_id, 33951))[0] == 400
    assert (await _capture(api, order_id, 33950))[0] == 201


async def test_an_order_refund_after_a_capture_takes_the_uncaptured_part_first(api):
    order_id = await confirmed_order(api, 12000)
    await _capture(api, order_id, 5000)
    await _order_refund(api, order_id, 2000)
    assert await _capturable(api, order_id) == 5000
    # Beyond what was left uncaptured: nothing more can be captured, and never less than 0.
    await _order_refund(api, order_id, 6000)
    assert await _capturable(api, order_id) == 0
    assert (await _capture(api, order_id, 1))[0] == 400


async def test_a_capture_refund_leaves_what_can_be_captured(api):
    order_id = await confirmed_order(api, 10000)
    _, capture = await _capture(api, order_id, 4000)
    await _refund(api, order_id, capture["id"], 1000)
    # Money refunded after it was captured was captured: 6000 of the order still can be.
    assert await _capturable(api, order_id) == 6000
    assert (await _capture(api, order_id, 6000))[0] == 201


@pytest.mark.parametrize("body", [{}, {"amount": 0}, {"amount": -1}, {"amount": 1.5}, {"amount": "5"}])
async def test_capture_amount_is_a_positive_integer(api, body):
    order_id = await confirmed_order(api, 10000)
    response = await api.post(f"/orders/{order_id}/captures", json=body, headers=bearer(DEMO_PRIVATE))
    assert response.status == 400
    assert list((await response.json())["error"]["fields"]) == ["amount"]


async def test_capture_body_must_be_json(api):
    order_id = await confirmed_order(api, 10000)
    response = await api.post(
        f"/orders/{order_id}/captures",
        data="amount=1",
        headers=bearer(DEMO_PRIVATE, **{"Content-Type": "text/plain"}),
    )
    assert response.status == 415
    response = await api.post(
        f"/orders/{order_id}/captures",
        data="{",
        headers=bearer(DEMO_PRIVATE, **{"Content-Type": "application/json"}),
    )
    assert response.status == 400


async def test_list_captures_newest_first_with_their_refunds(api):
    order_id = await confirmed_order(api, 10000)
    _, first = await _capture(api, order_id, 1000)
    _, second = await _capture(api, order_id, 2000)
    await _refund(api, order_id, first["id"], 300)
    response = await api.get(f"/orders/{order_id}/captures", headers=bearer(DEMO_PRIVATE))
    assert response.status == 200
    body = await response.json()
    assert body["paging"]["count"] == 2
    assert body["cursor"] == {"after": None, "before": None}
    assert [c["id"] for c in body["results"]] == [second["id"], first["id"]]
    assert body["results"][1]["refunded_amount"] == 300
    assert body["results"][1]["remaining_amount"] == 700


async def test_captures_are_paginated(api):
    order_id = await confirmed_order(api, 10000)
    for _ in range(21):
        await _capture(api, order_id, 1)
    response = await api.get(
        f"/orders/{order_id}/captures", params={"page": "2"}, headers=bearer(DEMO_PRIVATE)
    )
    body = await response.json()
    assert len(body["results"]) == 1 and body["cursor"] == {"after": None, "before": 1}
    response = await api.get(
        f"/orders/{order_id}/captures", params={"page": "3"}, headers=bearer(DEMO_PRIVATE)
    )
    assert response.status == 404


async def test_captures_have_no_filters(api):
    order_id = await confirmed_order(api, 10000)
    response = await api.get(
        f"/orders/{order_id}/captures", params={"amount": "1"}, headers=bearer(DEMO_PRIVATE)
    )
    assert response.status == 400
    assert list((await response.json())["error"]["fields"]) == ["amount"]


async def test_an_order_without_captures_lists_none(api):
    order_id = await confirmed_order(api, 10000)
    response = await api.get(f"/orders/{order_id}/captures", headers=bearer(DEMO_PRIVATE))
    assert (await response.json())["paging"]["count"] == 0


# --- capture refunds --------------------------------------------------------------------------


async def test_a_capture_with_no_refunds(api):
    order_id = await confirmed_order(api, 10000)
    _, capture = await _capture(api, order_id, 4000)
    response = await api.get(
        f"/orders/{order_id}/captures/{capture['id']}/refunds", headers=bearer(DEMO_PRIVATE)
    )
    assert response.status == 200
    assert await response.json() == capture


async def test_partial_capture_refunds_add_up(api):
    # Agreed just now over 3 months: nothing is collected, so refunds lower what is owed.
    order_id = await confirmed_order(api, 10000, product_type="instalments", instalments=3)
    _, capture = await _capture(api, order_id, 4000)
    status, body = await _refund(api, order_id, capture["id"], 1000)
    assert status == 200
    assert (body["refunded_amount"], body["remaining_amount"]) == (1000, 3000)
    status, body = await _refund(api, order_id, capture["id"], 500)
    assert (body["refunded_amount"], body["remaining_amount"]) == (1500, 2500)
    # Newest first; pending_amount is what stays refundable of the capture.
    assert [(r["amount"], r["pending_amount"]) for r in body["refunds"]] == [(500, 2500), (1000, 3000)]
    record = body["refunds"][0]
    assert (record["credit_to_customer"], record["completed"], record["completed_but_defaults"]) == (
        0,
        False,
        False,
    )
    assert len(record["accrual_date"]) == 10


async def _captures(api, order_id):
    response = await api.get(f"/orders/{order_id}/captures", headers=bearer(DEMO_PRIVATE))
    return {capture["id"]: capture for capture in (await response.json())["results"]}


async def test_what_stays_refundable_reads_the_same_everywhere(api):
    """The back office's story: 760.00, captures of 200.00 and 560.00, 50.00 refunded of the
    first capture, 300.00 of the order, 400.00 of the second capture, then the rest of the order."""
    order_id = await confirmed_order(api, 76000)
    _, first = await _capture(api, order_id, 20000)
    _, second = await _capture(api, order_id, 56000)
    _, first = await _refund(api, order_id, first["id"], 5000)
    assert (first["remaining_amount"], first["refundable_amount"]) == (15000, 15000)
    record = first["refunds"][0]
    assert (record["capture_id"], record["pending_amount"]) == (first["id"], 15000)  # the capture's
    assert (await _order_refunds(api, order_id))["remaining_amount"] == 71000

    answer = await api.post(
        f"/orders/{order_id}/refund", json={"amount": 30000}, headers=bearer(DEMO_PRIVATE)
    )
    status = await answer.json()
    assert status["remaining_amount"] == 41000
    assert [(r["capture_id"], r["amount"], r["pending_amount"]) for r in status["results"]] == [
        (None, 30000, 41000),  # the order's
        (first["id"], 5000, 15000),  # the capture's
    ]
    captures = await _captures(api, order_id)
    # An order-level refund lowers no capture's remaining amount, but bounds what it may refund.
    assert [(c["remaining_amount"], c["refundable_amount"]) for c in captures.values()] == [
        (56000, 41000),
        (15000, 15000),
    ]
    code, body = await _refund(api, order_id, second["id"], 56000)
    assert code == 400
    assert body["error"]["fields"]["amount"] == ["Exceeds the order's refundable amount (41000)."]
    _, second = await _refund(api, order_id, second["id"], 40000)
    assert (second["remaining_amount"], second["refundable_amount"]) == (16000, 1000)
    assert (await _captures(api, order_id))[first["id"]]["refundable_amount"] == 1000

    await api.post(f"/orders/{order_id}/refund", json={"amount": 1000}, headers=bearer(DEMO_PRIVATE))
    assert await _order_status(api, order_id) == "canceled"
    captures = await _captures(api, order_id)
    assert [(c["remaining_amount"], c["refundable_amount"]) for c in captures.values()] == [
        (16000, 0),
        (15000, 0),
    ]
    one = await api.get(f"/orders/{order_id}/captures/{first['id']}/refunds", headers=bearer(DEMO_PRIVATE))
    assert (await one.json())["refundable_amount"] == 0


async def test_capture_refunds_count_in_the_order_s_refunds(api):
    order_id = await confirmed_order(api, 10000)
    _, capture = await _capture(api, order_id, 4000)
    await _refund(api, order_id, capture["id"], 1000)
    refunds = await _order_refunds(api, order_id)
    assert refunds["remaining_amount"] == 9000
    assert [r["amount"] for r in refunds["results"]] == [1000]


async def test_refunding_more_than_the_capture_is_400(api):
    order_id = await confirmed_order(api, 10000)
    _, capture = await _capture(api, order_id, 4000)
    await _refund(api, order_id, capture["id"], 3000)
    status, body = await _refund(api, order_id, capture["id"], 1001)
    assert status == 400
    assert list(body["error"]["fields"]) == ["amount"]
    assert (await _refund(api, order_id, capture["id"], 1000))[0] == 200  # exactly the rest is fine


async def test_refunding_more_than_the_order_has_left_is_400(api):
    order_id = await confirmed_order(api, 10000)
    _, capture = await _capture(api, order_id, 10000)
    await api.post(f"/orders/{order_id}/refund", json={"amount": 7000}, headers=bearer(DEMO_PRIVATE))
    status, body = await _refund(api, order_id, capture["id"], 3001)
    assert status == 400
    assert list(body["error"]["fields"]) == ["amount"]


async def test_several_captures_of_one_order_are_refunded_separately(api):
    order_id = await confirmed_order(api, 10000)
    _, first = await _capture(api, order_id, 3000)
    _, second = await _capture(api, order_id, 3000)
    _, body = await _refund(api, order_id, first["id"], 3000)
    assert body["remaining_amount"] == 0
    _, body = await _refund(api, order_id, second["id"], 1000)
    assert body["remaining_amount"] == 2000
    assert await _order_status(api, order_id) == "confirmed"


async def test_capture_refunds_reaching_the_order_total_cancel_it(api):
    order_id = await confirmed_order(api, 10000)
    _, first = await _capture(api, order_id, 6000)
    _, second = await _capture(api, order_id, 4000)
    await _refund(api, order_id, first["id"], 6000)
    _, body = await _refund(api, order_id, second["id"], 4000)
    assert body["refunds"][0]["completed"] is True
    assert await _order_status(api, order_id) == "canceled"
    assert (await _order_refunds(api, order_id))["remaining_amount"] == 0
    status, _ = await _refund(api, order_id, second["id"], 1)
    assert status == 409


async def test_order_and_capture_refunds_together_reaching_the_total_cancel(api):
    order_id = await confirmed_order(api, 10000)
    _, capture = await _capture(api, order_id, 5000)
    await api.post(f"/orders/{order_id}/refund", json={"amount": 5000}, headers=bearer(DEMO_PRIVATE))
    await _refund(api, order_id, capture["id"], 5000)
    assert await _order_status(api, order_id) == "canceled"


async def test_a_canceled_order_cannot_refund_its_captures(api):
    order_id = await confirmed_order(api, 10000)
    _, capture = await _capture(api, order_id, 5000)
    await api.post(f"/orders/{order_id}/refund", json={"amount": 10000}, headers=bearer(DEMO_PRIVATE))
    status, body = await _refund(api, order_id, capture["id"], 1)
    assert status == 409
    assert body["error"]["type"] == "ConflictException"


@pytest.mark.parametrize("body", [{}, {"amount": 0}, {"amount": 2.5}, []])
async def test_capture_refund_amount_is_checked(api, body):
    order_id = await confirmed_order(api, 10000)
    _, capture = await _capture(api, order_id, 5000)
    response = await api.post(
        f"/orders/{order_id}/captures/{capture['id']}/refunds", json=body, headers=bearer(DEMO_PRIVATE)
    )
    assert response.status == 400
    assert set((await response.json())["error"]["fields"]) <= {"amount", "body"}


async def test_capture_refund_body_must_be_json(api):
    order_id = await confirmed_order(api, 10000)
    _, capture = await _capture(api, order_id, 5000)
    path = f"/orders/{order_id}/captures/{capture['id']}/refunds"
    response = await api.post(path, data="1", headers=bearer(DEMO_PRIVATE, **{"Content-Type": "text/plain"}))
    assert response.status == 415
    response = await api.post(
        path, data="{x", headers=bearer(DEMO_PRIVATE, **{"Content-Type": "application/json"})
    )
    assert response.status == 400


async def test_a_capture_with_150_refunds_lists_the_newest_100_and_counts_them(api):
    # Each answer listed every refund of the capture: a capture of one-cent refunds made each
    # refund, and each answer an idempotency key keeps, cost more than the one before.
    order_id = await confirmed_order(api, 10000)
    _, capture = await _capture(api, order_id, 1000)
    path = f"/orders/{order_id}/captures/{capture['id']}/refunds"
    sizes, seconds = [], []
    for _ in range(150):
        started = time.perf_counter()
        response = await api.post(path, json={"amount": 1}, headers=bearer(DEMO_PRIVATE))
        answer = await response.read()
        seconds.append(time.perf_counter() - started)
        assert response.status == 200
        sizes.append(len(answer))
    body = json.loads(answer)
    assert (body["refund_count"], len(body["refunds"])) == (150, REFUNDS_SHOWN)
    # The sums cover every refund, not only those shown.
    assert (body["refunded_amount"], body["remaining_amount"], body["refundable_amount"]) == (150, 850, 850)
    # Newest first: the 150th refund left 850 of the capture, the 51st 949.
    assert [refund["pending_amount"] for refund in body["refunds"]] == list(range(850, 950))
    # Past the limit every answer is the same size, so the work per refund stays the same: the
    # loop's work is linear in the refunds. The time bound is generous (a shared, busy machine).
    assert max(sizes[REFUNDS_SHOWN:]) == min(sizes[REFUNDS_SHOWN:])
    first, last = statistics.median(seconds[:25]), statistics.median(seconds[-25:])
    assert last < 3 * first + 0.05, (first, last)

    response = await api.get(path, headers=bearer(DEMO_PRIVATE))
    assert await response.json() == body
    for method in ("GET", "POST"):
        response = await api.request(
            method, path, json={"amount": 1}, headers=bearer(DEMO_PRIVATE, Accept=XML)
        )
        root = ET.fromstring(await response.text())
        assert root.findtext("refund_count") == ("151" if method == "POST" else "150")
        assert len(root.find("refunds")) == REFUNDS_SHOWN
    _, other = await _capture(api, order_id, 500)
    listed = await _captures(api, order_id)
    assert (listed[capture["id"]]["refund_count"], len(listed[capture["id"]]["refunds"])) == (
        151,
        REFUNDS_SHOWN,
    )
    assert (listed[other["id"]]["refund_count"], listed[other["id"]]["refunds"]) == (0, [])
    # The order's own list follows the same rule, over the refunds of its captures too.
    refunds = await _order_refunds(api, order_id)
    assert (refunds["refund_count"], len(refunds["results"]), refunds["remaining_amount"]) == (151, 100, 9849)


# --- not found, keys, formats -----------------------------------------------------------------


@pytest.mark.parametrize("method", ["GET", "POST"])
async def test_unknown_capture_or_order_is_404(api, method):
    order_id = await confirmed_order(api, 10000)
    _, capture = await _capture(api, order_id, 100)
    other_order = await confirmed_order(api, 10000)
    for path in (
        f"/orders/{order_id}/captures/cap_nope/refunds",
        f"/orders/nope/captures/{capture['id']}/refunds",
        f"/orders/{other_order}/captures/{capture['id']}/refunds",  # a capture of another order
    ):
        response = await api.request(method, path, json={"amount": 1}, headers=bearer(DEMO_PRIVATE))
        assert response.status == 404, path
    response = await api.request(
        method, "/orders/nope/captures", json={"amount": 1}, headers=bearer(DEMO_PRIVATE)
    )
    assert response.status == 404


@pytest.mark.parametrize("method", ["GET", "POST"])
async def test_another_merchant_s_captures_are_404(api, method):
    order_id = await confirmed_order(api, 10000, key=OTHER_PRIVATE)
    _, capture = await _capture(api, order_id, 100, key=OTHER_PRIVATE)
    for path in (f"/orders/{order_id}/captures", f"/orders/{order_id}/captures/{capture['id']}/refunds"):
        response = await api.request(method, path, json={"amount": 1}, headers=bearer(DEMO_PRIVATE))
        assert response.status == 404, path


async def test_public_key_is_403(api):
    order_id = await confirmed_order(api, 10000)
    response = await api.get(f"/orders/{order_id}/captures", headers=bearer(DEMO_PUBLIC))
    assert response.status == 403


@pytest.mark.parametrize("prefix", ["", "/v1"])
async def test_every_capture_endpoint_in_xml(api, prefix):
    order_id = await confirmed_order(api, 10000)
    headers = bearer(DEMO_PRIVATE, Accept=XML)
    response = await api.post(f"{prefix}/orders/{order_id}/captures", json={"amount": 3000}, headers=headers)
    assert response.status == 201
    capture = ET.fromstring(await response.text())
    capture_id = capture.findtext("id")
    assert capture.findtext("amount") == "3000"
    assert capture.find("refunds") is not None and len(capture.find("refunds")) == 0

    path = f"{prefix}/orders/{order_id}/captures/{capture_id}/refunds"
    response = await api.post(path, json={"amount": 1000}, headers=headers)
    assert response.status == 200
    root = ET.fromstring(await response.text())
    assert root.findtext("refunded_amount") == "1000"
    assert root.findtext("remaining_amount") == "2000"
    assert root.findtext("refundable_amount") == "2000"
    assert root.findtext("refunds/list-item/completed_but_defaults") == "false"

    response = await api.get(path, headers=headers)
    assert ET.fromstring(await response.text()).findtext("refunds/list-item/amount") == "1000"

    response = await api.get(f"{prefix}/orders/{order_id}/captures", headers=headers)
    root = ET.fromstring(await response.text())
    assert root.findtext("paging/count") == "1"
    assert root.findtext("results/list-item/id") == capture_id


async def test_v1_json(api):
    order_id = await confirmed_order(api, 10000)
    response = await api.post(
        f"/v1/orders/{order_id}/captures", json={"amount": 3000}, headers=bearer(DEMO_PRIVATE)
    )
    capture = await response.json()
    response = await api.post(
        f"/v1/orders/{order_id}/captures/{capture['id']}/refunds",
        json={"amount": 5},
        headers=bearer(DEMO_PRIVATE),
    )
    assert (await response.json())["remaining_amount"] == 2995
    response = await api.get(f"/v1/orders/{order_id}/captures", headers=bearer(DEMO_PRIVATE))
    assert response.headers["X-Service-Media-Type"] == "service.v1"


# --- concurrency --------------------------------------------------------------------------------


async def test_200_concurrent_captures_never_exceed_the_total(api):
    order_id = await confirmed_order(api, 1000)
    answers = await asyncio.gather(*(_capture(api, order_id, 9) for _ in range(200)))
    assert [status for status, _ in answers].count(201) == 111


async def test_200_concurrent_capture_refunds_never_exceed_the_capture(api):
    order_id = await confirmed_order(api, 10000)
    _, capture = await _capture(api, order_id, 1000)
    answers = await asyncio.gather(*(_refund(api, order_id, capture["id"], 7) for _ in range(200)))
    assert [status for status, _ in answers].count(200) == 142
    response = await api.get(
        f"/orders/{order_id}/captures/{capture['id']}/refunds", headers=bearer(DEMO_PRIVATE)
    )
    assert (await response.json())["refunded_amount"] == 994


async def test_concurrent_order_and_capture_refunds_never_exceed_the_order(api):
    order_id = await confirmed_order(api, 1000)
    _, capture = await _capture(api, order_id, 1000)

    async def order_refund():
        response = await api.post(
            f"/orders/{order_id}/refund", json={"amount": 10}, headers=bearer(DEMO_PRIVATE)
        )
        return response.status

    order_refunds = (order_refund() for _ in range(100))
    capture_refunds = (_refund(api, order_id, capture["id"], 10) for _ in range(100))
    await asyncio.gather(*order_refunds, *capture_refunds)
    body = await _order_refunds(api, order_id)
    assert body["remaining_amount"] == 0
    assert sum(record["amount"] for record in body["results"]) == 1000
    assert await _order_status(api, order_id) == "canceled"
