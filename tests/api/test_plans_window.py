"""/checkout/plans/window: the information window shows GET /checkout/plans's plans, dated, with
the representative example, in the shopper's language; only a public key opens it."""

from __future__ import annotations

import html as html_text
import re
from datetime import UTC, datetime

import pytest

from backend_stub.domain.products import PRODUCTS
from backend_stub.language.formats import day, money
from tests.conftest import OTHER_PUBLIC, bearer

WINDOW = "/checkout/plans/window"


def _texts(page: str, test_id: str) -> str:
    found = re.search(rf'data-testid="{test_id}"[^>]*>(.*?)</(?:p|ol|ul)>', page, re.S)
    assert found, test_id
    return html_text.unescape(re.sub(r"[ \t\r\n]+", " ", re.sub(r"<[^>]+>", " ", found.group(1))).strip())


def _dated(page: str, test_id: str) -> list[tuple[str, str]]:
    found = re.search(rf'data-testid="{test_id}"[^>]*>(.*?)</ol>', page, re.S)
    assert found, test_id
    pairs = re.findall(r"<li><span>([^<]*)</span><span>([^<]*)</span></li>", found.group(1))
    return [(html_text.unescape(when), html_text.unescape(paid)) for when, paid in pairs]


async def _journal_paths(api) -> list[str]:
    return [entry["path"] for entry in (await (await api.get("/_sandbox/requests")).json())["requests"]]


async def test_the_window_shows_the_plans_dated_with_the_example(api):
    query = {
        "amount": "100000",
        "currency": "EUR",
        "product": "instalments",
        "locale": "es-ES",
        "key": OTHER_PUBLIC,
    }
    response = await api.get(WINDOW, params=query)
    assert response.status == 200
    assert "default-src 'none'" in response.headers["Content-Security-Policy"]
    page = await response.text()
    params = {"amount": "100000", "currency": "EUR", "product[type]": "instalments", "locale": "es"}
    plans = await (await api.get("/checkout/plans", params=params, headers=bearer(OTHER_PUBLIC))).json()
    [product] = plans["products"]
    assert '<html lang="es">' in page
    assert '<h1 id="title" tabindex="-1">Formas de pagar 1.000,00\xa0€</h1>' in page
    assert _texts(page, "plans-example-instalments") == product["texts"]["example"]
    assert _texts(page, "plans-long-instalments") == product["texts"]["long"]
    today = datetime.now(UTC).date()
    for plan in product["plans"]:
        assert _texts(page, f"plans-cost-instalments-{plan['count']}") == plan["texts"]["long"]
        days = PRODUCTS["instalments"].due_dates(plan["count"], today)
        expected = [
            (day(when, "es"), money(paid, "EUR", "es"))
            for when, paid in zip(days, plan["payments"], strict=True)
        ]
        assert _dated(page, f"plans-dates-instalments-{plan['count']}") == expected
    # The window asked the plans API, and the API asked the button check, as a browser would.
    assert (await _journal_paths(api))[:3] == [WINDOW, "/checkout/plans", "/checkout/button"]


async def test_every_product_when_none_is_named_and_why_one_is_not_offered(api):
    page = await (
        await api.get(WINDOW, params={"amount": "1500", "currency": "EUR", "key": "pk_test_demo"})
    ).text()
    assert _texts(page, "plans-unavailable-instalments") == "Available from €50.00."
    assert _texts(page, "plans-unavailable-pay_in_4") == "Available from €20.00."
    assert _texts(page, "plans-example-pay_later").startswith("Representative example: €15.00 in one payment")
    assert _dated(page, "plans-dates-pay_later-1")[0][1] == "€15.00"


@pytest.mark.parametrize(
    ("query", "status", "says"),
    [
        ({"key": "sk_test_demo"}, 403, "a private key must never reach a browser"),
        ({"key": "pk_test_nobody"}, 401, "a key the service does not know"),
        ({"key": ""}, 401, "a key the service does not know"),
        ({"amount": "12.50"}, 400, "amount: Must be an integer amount"),
        ({"product": "pay_in_12"}, 400, "product: Must be one of: instalments, pay_later, pay_in_4."),
        ({"currency": "eur"}, 400, "currency: Must be an ISO 4217 currency code"),
    ],
)
async def test_what_cannot_be_shown_says_why_never_with_the_key(api, query, status, says):
    params = {"amount": "27500", "currency": "EUR", "key": "pk_test_demo", **query}
    response = await api.get(WINDOW, params=params)
    page = await response.text()
    assert response.status == status
    assert says in html_text.unescape(page)
    assert "sk_test_demo" not in page and 'role="alert"' in page
    assert 'data-testid="plans-close"' in page  # closable all the same


async def test_a_locale_that_is_no_tag_is_english_and_maintenance_is_a_page(api):
    params = {"amount": "27500", "currency": "EUR", "key": "pk_test_demo", "locale": "<b>"}
    response = await api.get(WINDOW, params=params)
    assert response.status == 200 and '<html lang="en">' in await response.text()
    await api.post("/_sandbox/maintenance", json={"enabled": True})
    response = await api.get(WINDOW, params=params)
    assert response.status == 503
    assert "Please close this window and try again later." in await response.text()
