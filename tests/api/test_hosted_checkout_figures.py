"""The hosted checkout shows each term's figures as GET /checkout/plans gives them for the same
amount, product and merchant, to the cent: Other Shop's interest included, in the asked language."""

from __future__ import annotations

import html as html_text
import re

import pytest

from backend_stub.language.formats import money, percent
from tests.conftest import DEMO_PRIVATE, OTHER_PRIVATE, OTHER_PUBLIC, bearer


def _checkout(total: int, product_type: str) -> dict:
    return {
        "order": {"id": f"order-{product_type}-{total}", "currency": "EUR", "total_amount": total},
        "product": {"type": product_type},
    }


def _text(page: str, test_id: str) -> str:
    found = re.search(rf'data-testid="{test_id}"[^>]*>(.*?)</(?:p|span|ol)>', page, re.S)
    assert found, test_id
    # Only the markup's own white space is squeezed: CLDR's no-break spaces stay as they are.
    return html_text.unescape(re.sub(r"[ \t\r\n]+", " ", re.sub(r"<[^>]+>", " ", found.group(1))).strip())


def _paid(page: str, count: int) -> list[str]:
    """The amounts of the dated payments the page lists for the term of ``count`` payments."""
    found = re.search(rf'data-testid="checkout-dates-{count}">(.*?)</ol>', page, re.S)
    assert found, count
    return [
        html_text.unescape(amount)
        for amount in re.findall(r"<li><span>[^<]*</span><span>([^<]*)</span></li>", found.group(1))
    ]


async def _page_and_plans(api, key, total, product_type, locale=None):
    created = await api.post("/checkout", json=_checkout(total, product_type), headers=bearer(key))
    assert created.status == 201, await created.text()
    query = f"?locale={locale}" if locale else ""
    page = await (await api.get(f"/checkout/{(await created.json())['id']}/frame{query}")).text()
    params = {
        "amount": str(total),
        "currency": "EUR",
        "product[type]": product_type,
        **({"locale": locale} if locale else {}),
    }
    answer = await (
        await api.get(
            "/checkout/plans",
            params=params,
            headers=bearer(OTHER_PUBLIC if key == OTHER_PRIVATE else "pk_test_demo"),
        )
    ).json()
    return page, answer["products"][0]


@pytest.mark.parametrize("key", [OTHER_PRIVATE, DEMO_PRIVATE], ids=["other-shop", "demo-shop"])
@pytest.mark.parametrize(
    ("product_type", "total"), [("instalments", 100000), ("pay_in_4", 10001), ("pay_later", 4321)]
)
@pytest.mark.parametrize("locale", [None, "es-ES"])
async def test_each_term_shows_the_plans_figures_to_the_cent(api, key, product_type, total, locale):
    page, product = await _page_and_plans(api, key, total, product_type, locale)
    language = "es" if locale else "en"
    assert f'<html lang="{language}">' in page
    choice = len(product["plans"]) > 1
    for plan in product["plans"]:
        suffix = f"-{plan['count']}" if choice else ""
        assert _paid(page, plan["count"]) == [money(amount, "EUR", language) for amount in plan["payments"]]
        assert _text(page, f"checkout-legal{suffix}").startswith(plan["texts"]["example"])
        in_total = _text(page, f"checkout-cost{suffix}")
        assert (
            money(plan["total"], "EUR", language) in in_total
            and percent_of(plan["tae"], language) in in_total
        )
        if choice:
            figures = _text(page, f"checkout-figures-{plan['count']}")
            assert figures in plan["texts"]["long"]  # the cost sentence the plans API says
            assert money(plan["interest"], "EUR", language) in figures
        else:
            assert _text(page, "checkout-schedule").startswith(plan["texts"]["short"])


def percent_of(rate: str, language: str) -> str:
    from decimal import Decimal

    return percent(Decimal(rate), language)


async def test_other_shop_s_twelve_months_cost_interest_on_the_page(api):
    page, product = await _page_and_plans(api, OTHER_PRIVATE, 100000, "instalments")
    assert (
        _text(page, "checkout-figures-12")
        == "13.24% APR, nominal rate 12.5%, interest €68.99, total to pay €1,068.99."
    )
    assert (
        _text(page, "checkout-figures-3")
        == "0% APR, nominal rate 0%, interest €0.00, total to pay €1,000.00."
    )
    assert _text(page, "checkout-cost-12") == "13.24% APR, no fees: you pay €1,068.99 in total."
    assert (
        'data-testid="checkout-cost-6" data-term-cost="6" hidden' in page
    )  # the 12 months are chosen at first
    assert [plan["total"] for plan in product["plans"]] == [100000, 102922, 106899]


async def test_a_locale_that_is_no_language_tag_is_english_not_an_error(api):
    """The API refuses such a locale (400); the shopper's page never does."""
    created = await api.post("/checkout", json=_checkout(10001, "pay_in_4"), headers=bearer(DEMO_PRIVATE))
    response = await api.get(f"/checkout/{(await created.json())['id']}/frame", params={"locale": "<script>"})
    page = await response.text()
    assert response.status == 200
    assert '<html lang="en">' in page and "4 payments of €25.00 every 2 weeks" in page
