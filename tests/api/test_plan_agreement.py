"""One plan, wherever it is shown: for any amount within a product's limits, any product, any term
and either merchant, GET /checkout/plans's plan, the hosted checkout's figures and the texts'
figures agree to the cent; the payments add up to the total; the APR follows from the TIN.

The rule is checked here against its definition computed another way (Decimal at 50 digits, not
the server's fractions), so a slip in the server's arithmetic cannot agree with itself."""

from __future__ import annotations

import html as html_text
import itertools
import re
import urllib.request
from decimal import ROUND_FLOOR, ROUND_HALF_UP, Decimal, localcontext
from urllib.parse import urlencode

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from backend_stub.domain.products import PRODUCTS
from backend_stub.language.formats import money, percent
from backend_stub.storage.fixture import read_fixture
from backend_stub.testkit import Sandbox

KEYS = {"demo-shop": ("pk_test_demo", "sk_test_demo"), "other-shop": ("pk_test_other", "sk_test_other")}
FIXTURE = {merchant["id"]: merchant for merchant in read_fixture()["merchants"]}
_orders = itertools.count(1)


def _limits(merchant: str, product_type: str) -> tuple[int, int]:
    (limit,) = (
        limit
        for limit in FIXTURE[merchant]["limits"]
        if limit["product_type"] == product_type and limit["currency"] == "EUR"
    )
    return limit["min_amount"], limit["max_amount"]


@st.composite
def asks(draw: st.DrawFn) -> tuple[str, str, int, int, str]:
    """A merchant, a product, an amount within its limits, one of its terms, a language."""
    merchant = draw(st.sampled_from(sorted(FIXTURE)))
    product_type = draw(st.sampled_from(list(PRODUCTS)))
    low, high = _limits(merchant, product_type)
    amount = draw(st.one_of(st.integers(low, high), st.sampled_from((low, high))))
    term = draw(st.sampled_from(PRODUCTS[product_type].terms))
    return merchant, product_type, amount, term, draw(st.sampled_from(("en", "es")))


def _tin(merchant: str, product_type: str, term: int) -> Decimal:
    for rate in FIXTURE[merchant].get("rates", []):
        if (rate["product_type"], rate["payments"]) == (product_type, term):
            return Decimal(str(rate["tin"]))
    return Decimal(0)


def _by_definition(amount: int, tin: Decimal, count: int) -> tuple[int, int, Decimal]:
    """(every payment but the last, the total, the APR) as the rule defines them."""
    with localcontext() as context:
        context.prec = 50
        rate = tin / 1200
        payment = Decimal(amount) / count if rate == 0 else amount * rate / (1 - (1 + rate) ** -count)
        total = int((count * payment).quantize(Decimal(1), ROUND_HALF_UP))
        apr = (((1 + rate) ** 12 - 1) * 100).quantize(Decimal("0.01"), ROUND_HALF_UP)
        return int(payment.to_integral_value(ROUND_FLOOR)), total, apr


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as answer:
        return answer.read().decode()


def _figures(page: str, count: int, choice: bool) -> dict[str, object]:
    """What the hosted checkout shows of the term of ``count`` payments."""

    def text(test_id: str) -> str:
        found = re.search(rf'data-testid="{test_id}"[^>]*>(.*?)</(?:p|span|div)>', page, re.S)
        assert found, test_id
        return html_text.unescape(re.sub(r"[ \t\r\n]+", " ", re.sub(r"<[^>]+>", " ", found.group(1))).strip())

    dates = re.search(rf'data-testid="checkout-dates-{count}">(.*?)</ol>', page, re.S)
    assert dates, count
    paid = re.findall(r"<li><span>[^<]*</span><span>([^<]*)</span></li>", dates.group(1))
    suffix = f"-{count}" if choice else ""
    return {
        "paid": [html_text.unescape(amount) for amount in paid],
        "in_total": text(f"checkout-cost{suffix}"),
        "example": text(f"checkout-legal{suffix}"),
        "figures": text(f"checkout-figures-{count}") if choice else text("checkout-schedule"),
    }


@pytest.fixture(scope="module")
def fresh(service: Sandbox) -> Sandbox:
    """The server at its fixture (no fault or maintenance another test left), once for the module."""
    service.reset()
    return service


@settings(max_examples=60)
@given(ask=asks())
def test_the_plan_is_one_wherever_it_is_shown(fresh: Sandbox, ask):
    service = fresh
    merchant, product_type, amount, term, language = ask
    public, private = KEYS[merchant]
    query = {"amount": amount, "currency": "EUR", "product[type]": product_type, "locale": language}
    answer = service.call("GET", f"/checkout/plans?{urlencode(query)}", key=public)
    [product] = answer["products"]
    assert (product["available"], answer["locale"]) == (True, language)
    [plan] = [plan for plan in product["plans"] if plan["count"] == term]
    payments = plan["payments"]

    # The rule: the payments add up to the total; the APR follows from the TIN.
    tin = _tin(merchant, product_type, term)
    regular, total, apr = _by_definition(amount, tin, term)
    assert len(payments) == term and sum(payments) == plan["total"] == total
    assert payments[:-1] == [regular] * (term - 1) and 0 <= payments[-1] - regular <= term
    assert plan["interest"] == total - amount and plan["interest"] >= 0
    assert (Decimal(plan["tin"]), Decimal(plan["tae"])) == (tin, apr)

    # The texts say those figures.
    def written(value: int) -> str:
        return money(value, "EUR", language)

    texts = plan["texts"]
    assert written(regular if term > 1 else total) in texts["short"]
    for figure in (written(total), written(plan["interest"]), percent(apr, language), percent(tin, language)):
        assert figure in texts["long"] and figure in texts["example"]
    assert written(amount) in texts["example"]
    if term == PRODUCTS[product_type].default_term:  # the plan the product's own message quotes
        assert written(total) in product["texts"]["long"] and product["texts"]["example"] == texts["example"]

    # The hosted checkout shows the same, to the cent.
    order = {"id": f"agreement-{next(_orders)}", "currency": "EUR", "total_amount": amount}
    checkout = service.call(
        "POST", "/checkout", {"order": order, "product": {"type": product_type}}, key=private
    )
    page = _get(f"{service.url}/checkout/{checkout['id']}/frame?locale={language}")
    shown = _figures(page, term, len(PRODUCTS[product_type].terms) > 1)
    assert shown["paid"] == [written(payment) for payment in payments]
    assert shown["example"].startswith(texts["example"])
    assert written(total) in shown["in_total"] and percent(apr, language) in shown["in_total"]
    assert written(total) in shown["figures"] or written(regular if term > 1 else total) in shown["figures"]
