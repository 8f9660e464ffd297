"""backend_stub.domain.schedules: every plan's payments add up to the amount exactly, the last
one absorbing the rounding, at 0% APR."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from backend_stub.domain.schedules import INSTALMENT_MONTHS, schedule, schedules

# Amounts that split evenly and amounts that do not, from the limits' ends to odd cents.
AMOUNTS = (
    1000,
    1001,
    1999,
    2000,
    2003,
    5000,
    9999,
    10001,
    15500,
    76000,
    80000,
    87500,
    149999,
    150000,
    299999,
    300000,
)
PLANS = [("pay_in_4", None), ("pay_later", None)] + [("instalments", months) for months in INSTALMENT_MONTHS]


@pytest.mark.parametrize("amount", AMOUNTS)
@pytest.mark.parametrize(("product_type", "months"), PLANS)
def test_payments_add_up_to_the_amount_exactly(product_type, months, amount):
    plan = schedule(product_type, amount, months)
    assert sum(plan.payments) == plan.total == amount
    assert plan.apr == Decimal("0")
    # Equal payments, then the last takes the rounding: never less, and less than a cent per payment more.
    assert set(plan.payments[:-1]) <= {plan.regular}
    assert 0 <= plan.last - plan.regular < plan.count
    assert plan.count == {"pay_in_4": 4, "pay_later": 1}.get(product_type, months)


def test_the_figures_of_the_rehearsal():
    """760.00 over 12 months was shown as 12 × 63.34 = 760.08."""
    plan = schedule("instalments", 76000)
    assert (plan.count, plan.regular, plan.last, plan.total) == (12, 6333, 6337, 76000)
    assert schedule("pay_in_4", 10001).payments == (2500, 2500, 2500, 2501)
    assert schedule("pay_later", 4321).payments == (4321,)


def test_instalments_offer_each_term():
    assert [plan.count for plan in schedules("instalments", 76000)] == list(INSTALMENT_MONTHS)
    assert [plan.count for plan in schedules("pay_in_4", 76000)] == [4]


@pytest.mark.parametrize(
    ("product_type", "amount", "months"),
    [("cash", 100, None), ("pay_in_4", 0, None), ("instalments", 100, 5)],
)
def test_what_is_no_plan(product_type, amount, months):
    with pytest.raises(ValueError):
        schedule(product_type, amount, months)


@pytest.mark.parametrize(
    ("product_type", "months", "start", "dates"),
    [
        ("pay_in_4", None, date(2026, 11, 26), ["2026-11-26", "2026-12-10", "2026-12-24", "2027-01-07"]),
        ("pay_later", None, date(2026, 11, 26), ["2026-12-11"]),
        ("instalments", 3, date(2026, 11, 26), ["2026-12-26", "2027-01-26", "2027-02-26"]),
        # A day a month lacks falls on its last day, and the next month keeps the agreed day.
        ("instalments", 3, date(2027, 1, 31), ["2027-02-28", "2027-03-31", "2027-04-30"]),
        (
            "instalments",
            6,
            date(2028, 1, 30),
            ["2028-02-29", "2028-03-30", "2028-04-30", "2028-05-30", "2028-06-30", "2028-07-30"],
        ),
    ],
)
def test_every_payment_has_its_day(product_type, months, start, dates):
    plan = schedule(product_type, 76000, months)
    assert [day.isoformat() for day in plan.dates(start)] == dates
    assert [paid for _, paid in plan.dated_payments(start)] == list(plan.payments)
    assert plan.interest == plan.total - 76000 == 0
