"""backend_stub.domain.payments: an order's payments over time, without HTTP or SQL."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from backend_stub.domain.orders import Order
from backend_stub.domain.payments import (
    Payment,
    agreed_payments,
    capturable,
    payments,
    refundable,
    repay,
)

AGREED = datetime(2026, 1, 31, 9, tzinfo=UTC)


def _order(**fields) -> Order:
    base = {"id": "o", "name": "Sofa", "currency": "EUR", "total_amount": 76000, "status": "confirmed"}
    return Order(**{**base, "created": AGREED, "confirmed": AGREED, **fields})


def test_instalments_fall_due_monthly_from_the_day_after_a_month():
    order = _order(product_type="instalments", instalments=3)
    assert agreed_payments(order) == (
        (date(2026, 2, 28), 25333),  # 31 January + a month: the last day of February
        (date(2026, 3, 31), 25333),
        (date(2026, 4, 30), 25334),
    )


def test_an_order_agreed_with_interest_owes_the_plan_s_payments_interest_included():
    # 1,000.00 over 12 months at the 12.5% another merchant charges: 11 x 89.08, then 89.11.
    order = _order(product_type="instalments", instalments=12, total_amount=100000, tin=Decimal("12.5"))
    agreed = agreed_payments(order)
    assert [amount for _, amount in agreed] == [8908] * 11 + [8911]
    # A refund of 100.00 a month in: 1,068.99 - 89.08 collected leaves 979.91 owed, 879.91 after.
    current = payments(order, agreed[0][0])
    repaid = repay(current, 10000)
    assert repaid.credit_to_customer == 0
    assert sum(repaid.amounts) == 106899 - 10000
    assert repaid.amounts[0] == 8908 and repaid.amounts[1:] == (7999,) * 10 + (8001,)


def test_a_payment_is_collected_on_its_due_day():
    order = _order(product_type="pay_later", total_amount=5000)
    due = date(2026, 2, 15)
    assert payments(order, due - timedelta(days=1)) == (Payment(due, 5000, False),)
    assert payments(order, due) == (Payment(due, 5000, True),)


def test_an_unknown_product_is_one_payment_on_the_day_of_confirmation():
    assert agreed_payments(_order()) == ((date(2026, 1, 31), 76000),)


def test_orders_never_confirmed_have_no_payments():
    assert agreed_payments(_order(status="pending", confirmed=None)) == ()
    assert agreed_payments(_order(status="denied", confirmed=None, product_type="pay_in_4")) == ()


def test_a_refund_spreads_the_balance_with_the_plan_s_rounding():
    current = (
        Payment(date(2026, 2, 1), 1000, True),
        Payment(date(2026, 3, 1), 1000, False),
        Payment(date(2026, 4, 1), 1000, False),
        Payment(date(2026, 5, 1), 1000, False),
    )
    # 3000 owed less 1: 2999 over three payments, every one but the last rounded down.
    assert repay(current, 1).amounts == (1000, 999, 999, 1001)
    assert repay(current, 1).credit_to_customer == 0
    # Beyond what is owed: the payments drop to 0, and the rest is paid back.
    assert repay(current, 3500).amounts == (1000, 0, 0, 0)
    assert repay(current, 3500).credit_to_customer == 500


def test_a_refund_when_everything_was_collected_is_all_paid_back():
    current = (Payment(date(2026, 2, 1), 4000, True),)
    assert repay(current, 1500).amounts == (4000,)
    assert repay(current, 1500).credit_to_customer == 1500


@given(
    st.lists(st.tuples(st.integers(0, 10**6), st.booleans()), min_size=1, max_size=12),
    st.integers(1, 10**7),
)
def test_a_refund_lowers_what_is_owed_or_pays_it_back_and_never_moves_a_collected_payment(plan, amount):
    current = tuple(
        Payment(date(2026, 1, 1) + timedelta(days=30 * n), value, collected)
        for n, (value, collected) in enumerate(plan)
    )
    owed = sum(p.amount for p in current if not p.collected)
    after = repay(current, amount)
    new_owed = sum(a for a, p in zip(after.amounts, current, strict=True) if not p.collected)
    assert (owed - new_owed) + after.credit_to_customer == amount
    assert new_owed == max(0, owed - amount)
    assert all(a == p.amount for a, p in zip(after.amounts, current, strict=True) if p.collected)
    assert all(a >= 0 for a in after.amounts)


def test_what_can_be_captured_and_refunded():
    order = _order(total_amount=12000, captured_amount=5000, order_refunded_amount=2000, refunded_amount=2500)
    assert (capturable(order), refundable(order)) == (5000, 9500)
    # Refunded beyond what was left uncaptured: nothing more to capture, never below 0.
    assert capturable(_order(total_amount=12000, captured_amount=10000, order_refunded_amount=3000)) == 0
    for status in ("pending", "denied", "canceled"):
        assert (capturable(_order(status=status)), refundable(_order(status=status))) == (0, 0)
