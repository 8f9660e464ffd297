"""backend_stub.domain.products: each product declared once, and every other table read from it."""

from __future__ import annotations

from datetime import date

import pytest

from backend_stub.domain import checkouts, schedules, value_rules
from backend_stub.domain.products import DAYS, MONTHS, PRODUCTS, WEEKS, Interval, product


def test_the_bundled_list_of_types_is_the_registry_s():
    """The SDK bundles value_rules without the registry: the two must name the same products, in
    the same order (the first is what a request without a type means)."""
    assert tuple(PRODUCTS) == value_rules.PRODUCT_TYPES
    assert next(iter(PRODUCTS)) == value_rules.DEFAULT_PRODUCT_TYPE


def test_labels_and_terms_come_from_the_registry():
    assert checkouts.PRODUCT_LABELS == {
        "instalments": "Pay in instalments",
        "pay_later": "Pay in 15 days",
        "pay_in_4": "Pay in 4",
    }
    assert schedules.INSTALMENT_MONTHS == PRODUCTS["instalments"].terms == (3, 6, 12)
    for offered in PRODUCTS.values():
        assert [plan.count for plan in schedules.schedules(offered.type, 76000)] == list(offered.terms)


def test_intervals_are_data():
    assert (PRODUCTS["pay_in_4"].every, PRODUCTS["pay_in_4"].first_after) == (
        Interval(2, WEEKS),
        Interval(0, DAYS),
    )
    assert PRODUCTS["pay_later"].first_after == Interval(15, DAYS)
    assert PRODUCTS["instalments"].every == Interval(1, MONTHS)
    # What older English texts said, from the same data.
    assert [str(PRODUCTS[name].every) for name in PRODUCTS] == ["1 month", "15 days", "2 weeks"]


@pytest.mark.parametrize(
    ("interval", "start", "day"),
    [
        (Interval(15, DAYS), date(2026, 12, 20), date(2027, 1, 4)),
        (Interval(2, WEEKS), date(2026, 2, 20), date(2026, 3, 6)),
        (Interval(1, MONTHS), date(2027, 1, 31), date(2027, 2, 28)),
        (Interval(13, MONTHS), date(2027, 1, 31), date(2028, 2, 29)),
        (Interval(0, DAYS), date(2027, 1, 31), date(2027, 1, 31)),
    ],
)
def test_an_interval_after_a_day(interval, start, day):
    assert interval.after(start) == day


def test_a_monthly_plan_keeps_its_day():
    """Counted from the day agreed, not from the payment before: 31 January pays on 28 February,
    then on 31 March, not on the 28th ever after."""
    days = PRODUCTS["instalments"].due_dates(3, date(2027, 1, 31))
    assert days == (date(2027, 2, 28), date(2027, 3, 31), date(2027, 4, 30))


def test_what_is_no_product_or_interval():
    with pytest.raises(ValueError, match="the products are instalments, pay_later, pay_in_4"):
        product("cash")
    with pytest.raises(ValueError):
        Interval(1, "fortnights")
    with pytest.raises(ValueError):
        Interval(-1, DAYS)
