"""backend_stub.domain.refunds and captures: the rules, without HTTP or SQL."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from backend_stub.domain.captures import Capture, plan_capture
from backend_stub.domain.errors import Conflict, Invalid
from backend_stub.domain.refunds import Balance, parse_amount_request, plan_refund

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


def test_captures_stay_within_the_total():
    assert plan_capture(status="confirmed", total=100, captured=60, amount=40, now=NOW).amount == 40
    with pytest.raises(Invalid):
        plan_capture(status="confirmed", total=100, captured=60, amount=41, now=NOW)
    with pytest.raises(Conflict):
        plan_capture(status="pending", total=100, captured=0, amount=1, now=NOW)


def test_capture_amounts():
    refunds = tuple(
        plan_refund(status="confirmed", order=Balance(100, 0), capture=Balance(50, 0), amount=a, now=NOW)
        for a in (5, 10)
    )
    capture = Capture("cap_1", 50, NOW, refunds)
    assert (capture.refunded_amount, capture.remaining_amount) == (15, 35)


@pytest.mark.parametrize("body", [{"amount": 0}, {"amount": "5"}, {"amount": 1.5}, {}, [], None])
def test_amount_requests(body):
    with pytest.raises(Invalid):
        parse_amount_request(body)
    assert parse_amount_request({"amount": 5}) == 5
