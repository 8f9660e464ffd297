"""The store's own small rules, without a browser: amounts typed by people, payment wording,
signed cookies, the filter form in the API's grammar, and the checkout request."""

from __future__ import annotations

import pytest

from demo_store.backoffice import OrderFilters
from demo_store.cart import Cart
from demo_store.checkout import checkout_request, new_order_id
from demo_store.money import format_money, parse_money
from demo_store.payment_plans import plan_text
from demo_store.signed_cookies import CookieSigner


@pytest.mark.parametrize(
    ("typed", "minor"),
    [("12", 1200), ("12.5", 1250), ("12.50", 1250), ("12,50", 1250), ("1,250.00", 125000), (" 7 ", 700)],
)
def test_amounts_people_type(typed, minor):
    assert parse_money(typed) == minor


@pytest.mark.parametrize("typed", ["", "abc", "12.345", "-5", "1e3"])
def test_what_is_not_an_amount(typed):
    assert parse_money(typed) is None


def test_money_reads_like_a_price():
    assert format_money(12050) == "€120.50"
    assert format_money(125000) == "€1,250.00"


def test_pay_in_4_puts_the_odd_cents_on_the_first_payment():
    assert plan_text("pay_in_4", 12000) == "4 interest-free payments of €30.00, one every two weeks."
    assert plan_text("pay_in_4", 10001).startswith("€25.01 today, then 3 interest-free payments of €25.00")
    assert "from €10.00 a month" in plan_text("instalments", 12000)
    assert "€15.00 in 15 days" in plan_text("pay_later", 1500)


def test_a_cookie_cannot_be_altered_or_moved():
    signer = CookieSigner(b"k" * 32)
    value = signer.dumps("cart", {"q": {"desk-lamp": 1}})
    assert signer.loads("cart", value) == {"q": {"desk-lamp": 1}}
    payload, mac = value.rsplit(".", 1)
    forged = CookieSigner(b"other" * 8).dumps("cart", {"q": {"desk-lamp": 9}})
    assert signer.loads("cart", forged) is None
    assert signer.loads("cart", payload[:-2] + "AA." + mac) is None
    assert signer.loads("notice", value) is None  # signed for another cookie


def test_the_filter_form_in_the_api_grammar():
    filters = OrderFilters.from_query(
        {
            "status": "confirmed",
            "min": "10",
            "max": "99.90",
            "from": "2026-11-01",
            "to": "2026-11-23",
            "q": "desk lamp",
        }
    )
    assert filters.api_params() == {
        "status": "confirmed",
        "total_amount-gte": "1000",
        "total_amount-lte": "9990",
        "created-gte": "2026-11-01",
        "created-lt": "2026-11-24",  # the "to" day is included
        "name-search": "desk lamp",
    }
    assert OrderFilters.from_query({"q": "DS-261123-7KQ4MZ"}).api_params() == {
        "id-icontains": "DS-261123-7KQ4MZ"
    }
    bad = OrderFilters.from_query({"min": "lots", "to": "yesterday", "status": "lost"})
    assert bad.api_params() == {}
    assert len(bad.problems) == 3


def test_the_checkout_request_totals_on_the_server_and_names_every_result_url():
    cart = Cart({"desk-lamp": 2, "linen-napkins": 1, "not-a-product": 3})
    order_id = new_order_id()
    body = checkout_request(cart, "pay_in_4", order_id, "http://localhost:8000")
    assert body["order"]["total_amount"] == 2 * 12000 + 3500
    assert body["order"]["name"] == "2 × Brass desk lamp, 1 × Linen napkins, set of 4"
    assert body["product"] == {"type": "pay_in_4"}
    assert body["merchant"]["ko_url"] == f"http://localhost:8000/checkout/result/ko?order={order_id}&via=url"
    assert set(body["merchant"]) == {"success_url", "pending_url", "ko_url", "dismiss_url", "error_url"}
