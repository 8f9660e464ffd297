"""The amounts the store says each plan covers are the ones the service answers for: the store
explains with them (catalogue, checkout, the no-plan cart), the service decides. And the term a
shopper picks is the one the order is agreed on, wherever it is shown."""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from datetime import UTC, datetime
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Locator, Page, expect

from backend_stub.domain.schedules import schedule
from backend_stub.testkit import Sandbox
from backend_stub.testkit.checkout_overlay import CheckoutOverlay
from demo_store.date_formats import shopper_day
from demo_store.payment_plans import PAYMENT_PRODUCTS
from tests.demo.shopper import Console, fill_cart
from tests.layout import rows, text_lines


def _offered(service: Sandbox, product_type: str, amount: int) -> bool:
    query = {"amount": amount, "currency": "EUR", "product[type]": product_type}
    request = urllib.request.Request(
        f"{service.url}/checkout/button?{urlencode(query)}", headers={"Authorization": "Bearer pk_test_demo"}
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status == 201
    except urllib.error.HTTPError as error:
        assert error.code == 403, error.code
        return False


@pytest.mark.parametrize("product", PAYMENT_PRODUCTS, ids=lambda product: product.type)
def test_each_plan_s_range_is_the_service_s(service: Sandbox, product):
    assert _offered(service, product.type, product.minimum)
    assert _offered(service, product.type, product.maximum)
    assert not _offered(service, product.type, product.minimum - 1)
    assert not _offered(service, product.type, product.maximum + 1)


def test_the_shopper_s_term_is_the_order_s_everywhere(page: Page, store, service):
    """Six months chosen in the window: six dated payments there, on the thank-you page and in
    the back office, and ``instalments: 6`` through the API."""
    console = Console(page, service.url)
    fill_cart(page, store, {"walnut-desk": 1})  # €900.00: €150.00 a month over 6 months
    days = schedule("instalments", 90000, 6).dates(datetime.now(UTC).date())
    expected = [(shopper_day(day), "€150.00") for day in days]
    page.goto(f"{store.url}/checkout?method=instalments")
    page.get_by_test_id("pay").click()
    overlay = CheckoutOverlay(page)
    expect(overlay.control("checkout-term-12")).to_be_checked()  # the longest, at first
    overlay.choose_term(6)
    _expect_dates(overlay.control("checkout-dates-6"), expected)
    assert rows(overlay.control("checkout-dates-6").locator("li")) == [2, 2, 2]
    expect(overlay.control("checkout-dates-12")).to_be_hidden()
    overlay.complete("success")

    expect(page.get_by_test_id("result-plan")).to_contain_text(
        "6 monthly payments of €150.00. 0% APR, total €900.00."
    )
    _expect_dates(page.get_by_test_id("result-dates"), expected)
    # Laid out as the window lays them out: two a row, read across; one a row on a phone, each
    # date on one line.
    dates = page.get_by_test_id("result-dates")
    assert rows(dates.locator("li")) == [2, 2, 2]
    page.set_viewport_size({"width": 390, "height": 664})
    assert rows(dates.locator("li")) == [1] * 6
    assert text_lines(dates.locator("li span")) == [1] * 12
    order_id = page.locator("[data-order-id]").inner_text()

    [order] = service.call("GET", f"/orders?id={order_id}")["results"]
    assert (order["product_type"], order["instalments"]) == ("instalments", 6)

    page.goto(f"{store.url}/backoffice/orders/{order_id}")
    expect(page.get_by_test_id("order-plan")).to_contain_text("Paid with Pay in instalments over 6 months")
    # The back office writes its days as its other dates are written: 2026-11-27; its payments
    # are the service's schedule.
    _expect_dates(
        page.get_by_test_id("payments").locator("tbody"), [(day.isoformat(), "€150.00") for day in days], "tr"
    )
    assert console.unexpected == []


def _expect_dates(dates: Locator, expected: list[tuple[str, str]], item: str = "li") -> None:
    items = dates.locator(item)
    expect(items).to_have_count(len(expected))
    expect(items).to_have_text([re.compile(rf"{day}\s*{re.escape(paid)}") for day, paid in expected])
