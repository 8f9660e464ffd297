"""backend_stub.domain.schedules, the plan rule: every plan's payments add up to its total, the
last one absorbing the rounding; at 0% the total is the amount, with a TIN the annuity's."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from fractions import Fraction

import pytest

from backend_stub.domain.schedules import (
    INSTALMENT_MONTHS,
    annuity,
    parse_tin,
    schedule,
    schedules,
    spread,
    tae,
    to_cent,
)

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


# --- the plan rule with interest --------------------------------------------------------------


@pytest.mark.parametrize(
    ("amount", "tin", "months", "payments", "total"),
    [
        # A = 89.0829: 12 · A = 1,068.994, the total 1,068.99; the last takes what is left.
        (100000, "12.5", 12, (8908,) * 11 + (8911,), 106899),
        # A = 4.4541: 12 · A = 53.4497 rounds up to 53.45.
        (5000, "12.5", 12, (445,) * 11 + (450,), 5345),
        # A = 171.5368: 6 · A = 1,029.2205.
        (100000, "9.95", 6, (17153,) * 5 + (17157,), 102922),
        # 275.00 at 12.5% over 12 months: A = 24.4978.
        (27500, "12.5", 12, (2449,) * 11 + (2458,), 29397),
        # 0%: the amount divided, the last taking the rest; the total is the amount.
        (27500, "0", 12, (2291,) * 11 + (2299,), 27500),
        (76000, "0", 12, (6333,) * 11 + (6337,), 76000),
    ],
)
def test_worked_examples(amount, tin, months, payments, total):
    plan = schedule("instalments", amount, months, tin=Decimal(tin))
    assert plan.payments == payments
    assert plan.total == sum(payments) == total
    assert plan.interest == total - amount
    assert plan.tin == Decimal(tin)


def test_the_annuity_is_the_textbook_one():
    """A = amount · r / (1 − (1 + r)^−n), checked against the formula in floating point."""
    rate = 0.125 / 12
    assert float(annuity(100000, Decimal("12.5"), 12)) == pytest.approx(
        100000 * rate / (1 - (1 + rate) ** -12)
    )
    assert annuity(76000, Decimal("0"), 12) == Fraction(76000, 12)


def test_the_total_is_rounded_half_up():
    """Half a cent goes up, whatever the cent below is (Python's round() would go to the even one)."""
    assert [to_cent(Fraction(n, 2)) for n in (5, 7, 9)] == [3, 4, 5]
    assert [to_cent(Fraction(n, 1000)) for n in (53449, 53450, 53451)] == [53, 53, 53]
    assert to_cent(Fraction(5344971, 1000)) == 5345


@pytest.mark.parametrize(
    ("tin", "expected"), [("0", "0.00"), ("9.95", "10.42"), ("12.5", "13.24"), ("6", "6.17")]
)
def test_the_apr_follows_from_the_tin(tin, expected):
    assert tae(Decimal(tin)) == Decimal(expected)
    assert schedule("instalments", 76000, 12, tin=Decimal(tin)).tae == Decimal(expected)


def test_older_texts_keep_printing_0_percent():
    assert f"{schedule('pay_in_4', 12000).apr}% APR" == "0% APR"
    assert str(schedule("instalments", 12000, 6, tin=Decimal("9.95")).apr) == "10.42"


@pytest.mark.parametrize(
    ("total", "count", "payments"),
    [(76000, 12, (6333,) * 11 + (6337,)), (1, 3, (0, 0, 1)), (0, 2, (0, 0)), (500, 1, (500,))],
)
def test_spread(total, count, payments):
    assert spread(total, count) == payments


@pytest.mark.parametrize(("total", "count"), [(100, 0), (-1, 2)])
def test_what_cannot_be_spread(total, count):
    with pytest.raises(ValueError):
        spread(total, count)


def test_rates_apply_per_term():
    plans = schedules("instalments", 100000, {6: Decimal("9.95"), 12: Decimal("12.5")})
    assert [(plan.count, plan.tin, plan.interest) for plan in plans] == [
        (3, Decimal("0"), 0),
        (6, Decimal("9.95"), 2922),
        (12, Decimal("12.5"), 6899),
    ]


@pytest.mark.parametrize(("value", "rate"), [("9.95", "9.95"), (12.5, "12.5"), (0, "0"), ("99.99", "99.99")])
def test_a_tin_as_an_account_writes_it(value, rate):
    assert parse_tin(value) == Decimal(rate)


@pytest.mark.parametrize("value", ["-1", "100", "9.955", "NaN", "Infinity", "ten", True, None, [], "1e400"])
def test_what_is_no_tin(value):
    with pytest.raises(ValueError, match="TIN"):
        parse_tin(value)
