"""An order's payments over time: the document's refund rules 4 and 5, and the sandbox's clock.

Rule 4: each partial refund changes the amount of the payments still to come (over the same
dates). Rule 5: a refund may pay money back to the buyer (``credit_to_customer``), the part of it
beyond what they still owe. The sandbox collects a payment on its due date on its clock, which
``POST /_sandbox/clock`` moves forward and a reset puts back.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime, timedelta

import pytest
from aiohttp.test_utils import TestClient, TestServer

from backend_stub.app import create_app
from tests.api.seeding import config_without_orders, seed
from tests.conftest import DEMO_PRIVATE, OTHER_PRIVATE, bearer


@pytest.fixture
def server_config(tmp_path):
    return config_without_orders(tmp_path)


async def _order(api, order_id: str) -> dict:
    response = await api.get("/orders", params={"id": order_id}, headers=bearer(DEMO_PRIVATE))
    (order,) = (await response.json())["results"]
    return order


async def _refund(api, order_id: str, amount: int) -> dict:
    response = await api.post(
        f"/orders/{order_id}/refund", json={"amount": amount}, headers=bearer(DEMO_PRIVATE)
    )
    assert response.status == 200, await response.text()
    return (await response.json())["results"][0]


async def _clock(api) -> dict:
    response = await api.get("/_sandbox/clock")
    assert response.status == 200
    return await response.json()


async def _advance(api, days: object) -> tuple[int, dict]:
    response = await api.post("/_sandbox/clock", json={"advance_days": days})
    return response.status, await response.json()


async def _today(api) -> date:
    return date.fromisoformat((await _clock(api))["today"])


async def _agreed_days_ago(api, days: int, total: int, product_type: str | None, **fields) -> str:
    """An order confirmed at noon ``days`` days ago on the sandbox's clock (a margin of hours
    around every due date, so that midnight passing during a test changes no answer)."""
    noon = datetime.combine(await _today(api) - timedelta(days=days), datetime.min.time()).replace(hour=12)
    stamp = noon.isoformat() + "+00:00"
    order = {"total_amount": total, "status": "confirmed", "created": stamp, "confirmed": stamp}
    if product_type is not None:
        order["product_type"] = product_type
    return (await seed(api, {**order, **fields}))["id"]


def _plan(order: dict) -> list[tuple[str, int, bool]]:
    return [(p["due_date"], p["amount"], p["collected"]) for p in order["schedule"]]


async def _approved(api, order_id: str, total: int, product_type: str, **decision) -> dict:
    """The order a checkout makes once approved (``decision``: an instalments term)."""
    body = {
        "order": {"id": order_id, "currency": "EUR", "total_amount": total},
        "product": {"type": product_type},
    }
    response = await api.post("/checkout", json=body, headers=bearer(DEMO_PRIVATE))
    checkout_id = (await response.json())["id"]
    decided = await api.post(
        f"/_sandbox/checkouts/{checkout_id}/decide", json={"status": "success", **decision}
    )
    assert decided.status == 200, await decided.text()
    return await _order(api, order_id)


def _balanced(order: dict) -> bool:
    """Collected − paid back + still owed = total − refunded."""
    left = order["collected_amount"] - order["paid_back_amount"] + order["owed_amount"]
    return left == order["total_amount"] - order["refunded_amount"]


# --- the schedule of an agreed order ----------------------------------------------------------


async def test_a_checkout_approved_now_owes_its_plan_from_today(api):
    order = await _approved(api, "sofa", 12000, "pay_in_4")
    start = date.fromisoformat(order["confirmed"][:10])
    # The first of 4 payments at checkout (collected at once), then one every 2 weeks.
    assert _plan(order) == [
        (start.isoformat(), 3000, True),
        ((start + timedelta(weeks=2)).isoformat(), 3000, False),
        ((start + timedelta(weeks=4)).isoformat(), 3000, False),
        ((start + timedelta(weeks=6)).isoformat(), 3000, False),
    ]
    assert (order["collected_amount"], order["owed_amount"], order["paid_back_amount"]) == (3000, 9000, 0)


async def test_the_term_the_shopper_chose_is_the_plan(api):
    order = await _approved(api, "desk", 10000, "instalments", instalments=3)
    # Monthly, the first a month after checkout; the last takes the rounding.
    assert [(amount, collected) for _, amount, collected in _plan(order)] == [
        (3333, False),
        (3333, False),
        (3334, False),
    ]
    assert (order["collected_amount"], order["owed_amount"]) == (0, 10000)


async def test_an_order_without_a_known_product_was_paid_in_full_when_confirmed(api):
    order_id = await _agreed_days_ago(api, 3, 25000, None)
    order = await _order(api, order_id)
    assert _plan(order) == [(order["confirmed"][:10], 25000, True)]
    # Nothing is owed, so a refund is all paid back.
    assert (await _refund(api, order_id, 5000))["credit_to_customer"] == 5000
    order = await _order(api, order_id)
    assert (order["owed_amount"], order["paid_back_amount"]) == (0, 5000)
    assert _balanced(order)


@pytest.mark.parametrize("status", ["pending", "denied"])
async def test_an_order_never_confirmed_owes_nothing_and_has_nothing_to_capture_or_refund(api, status):
    order = await seed(api, {"total_amount": 90000, "status": status, "product_type": "instalments"})
    assert order["schedule"] == []
    figures = ("collected_amount", "owed_amount", "capturable_amount", "refundable_amount")
    assert [order[name] for name in figures] == [0, 0, 0, 0]


# --- rule 4: a refund lowers what is still owed, over the same dates --------------------------


async def test_a_partial_refund_spreads_the_balance_over_the_payments_still_owed(api):
    order_id = await _agreed_days_ago(api, 20, 12000, "pay_in_4")  # due -20, -6, +8, +22 days
    before = await _order(api, order_id)
    assert [collected for _, _, collected in _plan(before)] == [True, True, False, False]
    refund = await _refund(api, order_id, 1001)
    assert refund["credit_to_customer"] == 0
    after = await _order(api, order_id)
    # 6000 owed less 10.01: 4999 over two payments, the last taking the rounding.
    assert [amount for _, amount, _ in _plan(after)] == [3000, 3000, 2499, 2500]
    assert [day for day, _, _ in _plan(after)] == [day for day, _, _ in _plan(before)]
    assert (after["collected_amount"], after["owed_amount"], after["paid_back_amount"]) == (6000, 4999, 0)
    assert _balanced(after)


async def test_a_capture_refund_lowers_what_is_owed_too(api):
    order_id = await _agreed_days_ago(api, 0, 9000, "instalments", instalments=3)
    response = await api.post(
        f"/orders/{order_id}/captures", json={"amount": 9000}, headers=bearer(DEMO_PRIVATE)
    )
    capture_id = (await response.json())["id"]
    response = await api.post(
        f"/orders/{order_id}/captures/{capture_id}/refunds",
        json={"amount": 3000},
        headers=bearer(DEMO_PRIVATE),
    )
    assert (await response.json())["refunds"][0]["credit_to_customer"] == 0
    assert [amount for _, amount, _ in _plan(await _order(api, order_id))] == [2000, 2000, 2000]


# --- rule 5: what a refund cannot lower is paid back ------------------------------------------


async def test_a_refund_beyond_what_is_owed_pays_the_rest_back(api):
    order_id = await _agreed_days_ago(api, 20, 12000, "pay_in_4")  # 6000 collected, 6000 owed
    refund = await _refund(api, order_id, 8000)
    assert (refund["credit_to_customer"], refund["completed"]) == (2000, False)
    order = await _order(api, order_id)
    assert [amount for _, amount, _ in _plan(order)] == [3000, 3000, 0, 0]
    assert (order["owed_amount"], order["paid_back_amount"], order["refunded_amount"]) == (0, 2000, 8000)
    assert _balanced(order)
    # The rest of the order: all of it paid back; the order is canceled and keeps its payments.
    last = await _refund(api, order_id, 4000)
    assert (last["credit_to_customer"], last["completed"]) == (4000, True)
    order = await _order(api, order_id)
    assert order["status"] == "canceled"
    assert [amount for _, amount, _ in _plan(order)] == [3000, 3000, 0, 0]
    assert (order["paid_back_amount"], order["refundable_amount"], order["capturable_amount"]) == (6000, 0, 0)
    assert _balanced(order)


async def test_payments_collected_after_a_refund_are_the_lowered_ones(api):
    order_id = await _agreed_days_ago(api, 0, 12000, "pay_in_4")
    await _refund(api, order_id, 3000)  # 9000 owed over three payments -> 2000 each
    status, clock = await _advance(api, 15)
    assert (status, clock["offset_days"]) == (200, 15)
    order = await _order(api, order_id)
    assert [(amount, collected) for _, amount, collected in _plan(order)] == [
        (3000, True),
        (2000, True),
        (2000, False),
        (2000, False),
    ]
    # Made on the sandbox's day: the refund's records say so, and 4000 is owed then.
    refund = await _refund(api, order_id, 6000)
    assert refund["accrual_date"] == clock["today"]
    assert refund["credit_to_customer"] == 2000
    assert _balanced(await _order(api, order_id))


# --- the sandbox's clock ----------------------------------------------------------------------


async def test_the_clock_moves_forward_and_a_reset_puts_it_back(api):
    real = await _clock(api)
    assert real["offset_days"] == 0
    status, moved = await _advance(api, 30)
    assert status == 200
    assert moved["offset_days"] == 30
    assert date.fromisoformat(moved["today"]) - date.fromisoformat(real["today"]) in (
        timedelta(days=30),
        timedelta(days=31),  # midnight passed in between
    )
    await _advance(api, 2)
    assert (await _clock(api))["offset_days"] == 32
    assert (await api.post("/_sandbox/reset")).status == 200
    assert (await _clock(api))["offset_days"] == 0


@pytest.mark.parametrize("days", [0, -1, 1.5, "3", True, None, 36_501])
async def test_a_clock_move_that_is_not_whole_days_forward_is_a_400_naming_it(api, days):
    status, body = await _advance(api, days)
    assert status == 400
    assert list(body["error"]["fields"]) == ["advance_days"]
    assert (await _clock(api))["offset_days"] == 0


async def test_the_clock_runs_at_most_a_hundred_years_ahead(api):
    assert (await _advance(api, 36_000))[0] == 200
    status, body = await _advance(api, 501)
    assert status == 400
    assert "500" in body["error"]["fields"]["advance_days"][0]
    assert (await _advance(api, 500))[0] == 200


async def test_a_clock_move_needs_an_object(api):
    response = await api.post("/_sandbox/clock", json=[30])
    assert response.status == 400
    assert list((await response.json())["error"]["fields"]) == ["body"]


async def test_the_clock_survives_a_restart(tmp_path):
    config = config_without_orders(tmp_path)
    config = replace(config, db=str(tmp_path / "service.sqlite3"))
    for expected in (0, 12):
        client = TestClient(TestServer(create_app(config)))
        await client.start_server()
        try:
            assert (await _clock(client))["offset_days"] == expected
            if expected == 0:
                await _advance(client, 12)
        finally:
            await client.close()


async def test_a_checkout_after_the_clock_moved_starts_its_plan_on_the_clock_s_day(api):
    _, clock = await _advance(api, 40)
    order = await _approved(api, "later", 12000, "pay_in_4")
    assert order["confirmed"][:10] == clock["today"]
    assert [collected for _, _, collected in _plan(order)] == [True, False, False, False]


# --- a pending order decided later ------------------------------------------------------------


async def test_a_pending_order_confirmed_later_starts_its_plan_then(api):
    order = await seed(
        api, {"id": "wait", "total_amount": 9000, "product_type": "instalments", "instalments": 3}
    )
    assert order["status"] == "pending"
    _, clock = await _advance(api, 10)
    response = await api.post(
        "/_sandbox/orders/wait/decide", json={"status": "confirmed"}, headers=bearer(DEMO_PRIVATE)
    )
    assert response.status == 200
    decided = await response.json()
    assert decided == await _order(api, "wait")
    assert (decided["status"], decided["confirmed"][:10]) == ("confirmed", clock["today"])
    assert [(amount, collected) for _, amount, collected in _plan(decided)] == [(3000, False)] * 3
    assert (decided["capturable_amount"], decided["refundable_amount"]) == (9000, 9000)


async def test_a_pending_order_denied_later_owes_nothing(api):
    await seed(api, {"id": "wait", "total_amount": 9000})
    response = await api.post(
        "/_sandbox/orders/wait/decide", json={"status": "denied"}, headers=bearer(DEMO_PRIVATE)
    )
    assert response.status == 200
    order = await _order(api, "wait")
    assert (order["status"], order["confirmed"], order["schedule"]) == ("denied", None, [])


@pytest.mark.parametrize("status", ["confirmed", "denied", "canceled"])
async def test_only_a_pending_order_can_be_decided(api, status):
    await seed(api, {"id": "done", "status": status})
    response = await api.post(
        "/_sandbox/orders/done/decide", json={"status": "denied"}, headers=bearer(DEMO_PRIVATE)
    )
    assert response.status == 409
    assert (await _order(api, "done"))["status"] == status


@pytest.mark.parametrize("body", [{"status": "success"}, {"status": "pending"}, {}, {"status": None}])
async def test_a_pending_order_s_decision_names_its_status(api, body):
    await seed(api, {"id": "wait"})
    response = await api.post("/_sandbox/orders/wait/decide", json=body, headers=bearer(DEMO_PRIVATE))
    assert response.status == 400
    assert list((await response.json())["error"]["fields"]) == ["status"]


async def test_another_merchant_s_pending_order_is_not_found(api):
    await seed(api, {"id": "wait"})
    response = await api.post(
        "/_sandbox/orders/wait/decide", json={"status": "confirmed"}, headers=bearer(OTHER_PRIVATE)
    )
    assert response.status == 404
    missing = await api.post("/_sandbox/orders/wait/decide", json={"status": "confirmed"})
    assert missing.status == 401
    assert (await _order(api, "wait"))["status"] == "pending"
