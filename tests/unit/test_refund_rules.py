"""backend_stub.domain.refunds and captures: the rules, without HTTP or SQL."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime

import pytest

from backend_stub.domain.captures import Capture, plan_capture
from backend_stub.domain.errors import Conflict, Invalid
from backend_stub.domain.orders import Order
from backend_stub.domain.refunds import Balance, RefundList, parse_amount_request, plan_refund, refundable_now

NOW = datetime(2026, 11, 23, 23, 30, tzinfo=UTC)


@pytest.mark.parametrize("status", ["pending", "denied", "canceled"])
def test_only_confirmed_orders_accept_refunds(status):
    with pytest.raises(Conflict):
        plan_refund(status=status, order=Balance(100, 0), amount=1, now=NOW)


def test_a_partial_refund():
    refund = plan_refund(status="confirmed", order=Balance(100, 30), amount=20, now=NOW)
    assert (refund.amount, refund.pending_amount, refund.completed) == (20, 50, False)
    assert (refund.credit_to_customer, refund.completed_but_defaults) == (0, False)
    assert refund.accrual_date == date(2026, 11, 23) and refund.created == NOW


def test_the_refund_reaching_the_total_completes_the_order():
    refund = plan_refund(status="confirmed", order=Balance(100, 30), amount=70, now=NOW)
    assert refund.completed and refund.pending_amount == 0


def test_refunds_never_exceed_the_order():
    with pytest.raises(Invalid) as caught:
        plan_refund(status="confirmed", order=Balance(100, 30), amount=71, now=NOW)
    assert list(caught.value.fields) == ["amount"]


def test_capture_refunds_never_exceed_the_capture_nor_the_order():
    with pytest.raises(Invalid):
        plan_refund(status="confirmed", order=Balance(100, 0), capture=Balance(40, 30), amount=11, now=NOW)
    with pytest.raises(Invalid):
        plan_refund(status="confirmed", order=Balance(100, 95), capture=Balance(40, 0), amount=6, now=NOW)


def test_a_capture_refund_s_pending_amount_is_the_capture_s():
    refund = plan_refund(
        status="confirmed", order=Balance(100, 0), capture=Balance(40, 10), amount=5, now=NOW
    )
    assert refund.pending_amount == 25 and not refund.completed


def test_a_refund_names_its_capture():
    on_capture = plan_refund(
        status="confirmed",
        order=Balance(100, 0),
        capture=Balance(40, 0),
        capture_id="cap_1",
        amount=5,
        now=NOW,
    )
    on_order = plan_refund(status="confirmed", order=Balance(100, 0), amount=5, now=NOW)
    assert (on_capture.capture_id, on_order.capture_id) == ("cap_1", None)


def test_captures_stay_within_the_total():
    order = Order("o", "Lamp", "EUR", 100, "confirmed", NOW, NOW, captured_amount=60)
    assert plan_capture(order=order, amount=40, now=NOW).amount == 40
    with pytest.raises(Invalid):
        plan_capture(order=order, amount=41, now=NOW)
    with pytest.raises(Conflict):
        plan_capture(order=replace(order, status="pending", captured_amount=0), amount=1, now=NOW)


def test_what_was_refunded_before_being_captured_is_never_captured():
    # 120.00, 20.00 refunded, then 50.00 captured: 50.00 stays capturable, not 70.00.
    order = Order("o", "Lamp", "EUR", 12000, "confirmed", NOW, NOW, order_refunded_amount=2000)
    order = replace(order, captured_amount=plan_capture(order=order, amount=5000, now=NOW).amount)
    with pytest.raises(Invalid) as refused:
        plan_capture(order=order, amount=5001, now=NOW)
    assert "(5000)" in refused.value.fields["amount"][0]
    assert plan_capture(order=order, amount=5000, now=NOW).amount == 5000


def test_capture_amounts():
    refunds = tuple(
        plan_refund(status="confirmed", order=Balance(100, 0), capture=Balance(50, 0), amount=a, now=NOW)
        for a in (5, 10)
    )
    capture = Capture("cap_1", 50, NOW, "confirmed", Balance(100, 15), RefundList(refunds, 2, 15))
    assert (capture.refunded_amount, capture.remaining_amount, capture.refundable_amount) == (15, 35, 35)


# (order status, order total and refunded, capture amount and refunded) -> refundable now
@pytest.mark.parametrize(
    ("status", "order", "capture", "now"),
    [
        ("confirmed", Balance(76000, 0), Balance(20000, 0), 20000),  # the capture bounds it
        ("confirmed", Balance(76000, 5000), Balance(20000, 5000), 15000),  # its own refund counts
        ("confirmed", Balance(76000, 66000), Balance(20000, 5000), 10000),  # the order bounds it
        ("confirmed", Balance(76000, 76000), Balance(20000, 0), 0),  # nothing left on the order
        ("canceled", Balance(76000, 76000), Balance(56000, 0), 0),  # a canceled order refunds nothing
        ("pending", Balance(76000, 0), Balance(20000, 0), 0),
    ],
)
def test_what_a_capture_can_refund_now(status, order, capture, now):
    assert refundable_now(status, order, capture) == now
    assert refundable_now(status, order) == (order.remaining if status == "confirmed" else 0)


@pytest.mark.parametrize("body", [{"amount": 0}, {"amount": "5"}, {"amount": 1.5}, {}, [], None])
def test_amount_requests(body):
    with pytest.raises(Invalid):
        parse_amount_request(body)
    assert parse_amount_request({"amount": 5}) == 5
