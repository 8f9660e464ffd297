"""The store's own small rules, without a browser: amounts typed by people, payment wording,
signed cookies, the filter form in the API's grammar, and the checkout request."""

from __future__ import annotations

import pytest

from demo_store.backoffice import OrderFilters
from demo_store.cart import Cart
from demo_store.checkout import checkout_request, new_order_id
from demo_store.money import format_money, parse_money
from demo_store.one_payment import earlier_attempt
from demo_store.outcomes import outcome_for
from demo_store.payment_plans import no_plan_text, plan_text
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


@pytest.mark.parametrize(
    ("product_type", "amount", "words"),
    [
        ("pay_in_4", 12000, "4 payments of €30.00, one every 2 weeks. 0% APR, total €120.00."),
        (
            "pay_in_4",
            10001,
            "4 payments of €25.00 (the last €25.01), one every 2 weeks. 0% APR, total €100.01.",
        ),
        ("pay_later", 1500, "Nothing to pay today: €15.00 in 15 days. 0% APR, no fees."),
        (
            "instalments",
            76000,  # was "from €63.34 a month": 12 × 63.34 = 760.08
            "From €63.33 a month over 12 months (the last €63.37), or over 3 or 6 months."
            " 0% APR, total €760.00.",
        ),
        (
            "instalments",
            12000,
            "From €10.00 a month over 12 months, or over 3 or 6 months. 0% APR, total €120.00.",
        ),
    ],
)
def test_plans_state_their_payments_apr_and_total(product_type, amount, words):
    assert plan_text(product_type, amount) == words


@pytest.mark.parametrize(
    ("amount", "advice", "words"),
    [
        (
            350000,
            True,
            "No payment plan covers €3,500.00: the highest, Pay in instalments, goes up to €3,000.00."
            " Remove €500.00 from your cart to use it.",
        ),
        (
            900,
            True,
            "No payment plan covers €9.00: the lowest, Pay in 15 days, starts at €10.00."
            " Add €1.00 to your cart to use it.",
        ),
        (
            350000,
            False,
            "No payment plan covers €3,500.00: the highest, Pay in instalments, goes up to €3,000.00.",
        ),
    ],
)
def test_a_price_no_plan_covers_says_why_and_what_would_do(amount, advice, words):
    assert no_plan_text(amount, advice=advice) == words


# (what the URL reports, what the service answers) -> the page shown
@pytest.mark.parametrize(
    ("reported", "service", "page"),
    [
        ("success", "success", "success"),
        ("success", None, "unknown"),  # an order this browser started no checkout for
        ("success", "created", "unconfirmed"),  # the URL claims more than the service knows
        ("success", "unreachable", "unconfirmed"),
        ("success", "ko", "ko"),  # the service wins over the URL
        ("pending", "pending", "pending"),
        ("ko", "ko", "ko"),
        ("dismiss", "created", "dismiss"),
        ("dismiss", "success", "success"),  # decided, then closed with the close control
        ("error", "expired", "error"),
        ("error", "created", "error"),
        ("pending", "created", "unconfirmed"),
        ("dismiss", None, "unknown"),
    ],
)
def test_the_result_page_believes_the_service(reported, service, page):
    outcome = outcome_for(reported, service)
    assert outcome.key == page
    assert outcome.placed == (page in ("success", "pending"))


def test_a_cookie_cannot_be_altered_or_moved():
    signer = CookieSigner(b"k" * 32)
    value = signer.dumps("cart", {"q": {"desk-lamp": 1}})
    assert signer.loads("cart", value) == {"q": {"desk-lamp": 1}}
    payload, mac = value.rsplit(".", 1)
    forged = CookieSigner(b"other" * 8).dumps("cart", {"q": {"desk-lamp": 9}})
    assert signer.loads("cart", forged) is None
    assert signer.loads("cart", payload[:-2] + "AA." + mac) is None
    assert signer.loads("notice", value) is None  # signed for another cookie


# Every search's first filter: the shop's own orders.
SHOP_ORDERS = {"id-startswith": "DS-"}


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
        "id-startswith": "DS-",  # the shop's own orders, not the service's sample ones
        "status": "confirmed",
        "total_amount-gte": "1000",
        "total_amount-lte": "9990",
        "created-gte": "2026-11-01",
        "created-lt": "2026-11-24",  # the "to" day is included
        "name-search": "desk lamp",
    }
    # One word is looked for in order numbers and in names, the likelier first.
    assert OrderFilters.from_query({"q": "DS-261123-7KQ4MZ"}).searches() == [
        {**SHOP_ORDERS, "id-icontains": "DS-261123-7KQ4MZ"},
        {**SHOP_ORDERS, "name-search": "DS-261123-7KQ4MZ"},
    ]
    assert OrderFilters.from_query({"q": "7KQ4"}).searches() == [
        {**SHOP_ORDERS, "id-icontains": "7KQ4"},
        {**SHOP_ORDERS, "name-search": "7KQ4"},
    ]
    assert OrderFilters.from_query({"q": "lamp"}).searches() == [
        {**SHOP_ORDERS, "name-search": "lamp"},
        {**SHOP_ORDERS, "id-icontains": "lamp"},
    ]
    assert OrderFilters.from_query({"q": "desk lamp"}).searches() == [
        {**SHOP_ORDERS, "name-search": "desk lamp"}
    ]
    bad = OrderFilters.from_query({"min": "lots", "to": "yesterday", "status": "lost"})
    assert bad.api_params() == SHOP_ORDERS
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


LAMP = [{"name": "Brass desk lamp", "quantity": 1, "unit_price": 12000}]


def _checkout(status: str, product: str = "pay_in_4", articles: list | None = None) -> dict:
    lines = articles or LAMP
    order = {"articles": lines, "total_amount": sum(line["quantity"] * line["unit_price"] for line in lines)}
    return {"id": f"chk_{status}", "status": status, "product": {"type": product}, "order": order}


@pytest.mark.parametrize(
    ("attempts", "expected"),
    [
        ([], None),
        ([("A", _checkout("created"))], ("reuse", "A")),
        # A paid attempt wins over a live one, wherever it is.
        ([("B", _checkout("created")), ("A", _checkout("success"))], ("paid", "A")),
        ([("A", _checkout("pending"))], ("paid", "A")),
        # Declined, expired: pay again with a new checkout.
        ([("A", _checkout("ko")), ("B", _checkout("expired"))], None),
        # Another method, or the cart changed since: a new checkout.
        ([("A", _checkout("created", product="instalments"))], None),
        ([("A", _checkout("created", articles=[{**LAMP[0], "quantity": 2}]))], None),
        # The newest live one is opened again.
        ([("B", _checkout("created")), ("A", _checkout("created"))], ("reuse", "B")),
        # A payment is bound to what it paid for: other articles are another purchase.
        ([("A", _checkout("success", articles=[{**LAMP[0], "quantity": 2}]))], None),
        ([("A", _checkout("success", articles=[{**LAMP[0], "unit_price": 9900}]))], None),
    ],
)
def test_one_cart_one_payment(attempts, expected):
    found = earlier_attempt(attempts, "pay_in_4", LAMP)
    assert (found and (found.action, found.order_id)) == expected


def test_an_emptied_cart_s_paid_order_is_paid_whatever_it_held():
    # A tab left open on the old cart presses Pay: the order that emptied the cart answers.
    found = earlier_attempt([("A", _checkout("success"))], "instalments", None)
    assert (found and (found.action, found.order_id)) == ("paid", "A")


def test_a_cart_emptied_by_its_payment_is_a_new_purchase():
    cart = Cart({"desk-lamp": 1})
    cart.started("DS-1", "chk_1")
    before = cart.id
    assert cart.placed("DS-1") and cart.lines == []
    assert cart.id != before  # the store's server has started no payment under the new name
    assert cart.last_placed == ("DS-1", "chk_1")
    assert not cart.placed("DS-1")  # a reload of that order's page empties nothing more
