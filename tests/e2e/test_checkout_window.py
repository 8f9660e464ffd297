"""Where the hosted payment window opens: at its top, on a laptop and on phones, with focus on
the choice the shopper starts with (the term, for instalments) and nothing scrolled out of view.

Every merchant's shoppers get this window. An instalments sheet is taller than a 1366 × 800
screen: focusing "Approve payment" once scrolled it to its bottom, the amount, the close control
and the 3/6/12-month choice off screen (issue 33)."""

from __future__ import annotations

import re
import urllib.request

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.checkout_page import checkout_page, create_checkout, overlay_frame
from tests.layout import rows, text_lines

HOSTED_CHECKOUT = re.compile(r"/checkout/[^/]+/frame")
VIEWPORTS = {  # CSS pixels of the page's viewport
    "laptop 1366x800": {"width": 1366, "height": 800},
    "Pixel 7": {"width": 412, "height": 839},
    "iPhone 13": {"width": 390, "height": 664},
}


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_the_instalments_window_opens_at_its_top(page: Page, merchant, service, viewport):
    page.set_viewport_size(viewport)
    page.goto(checkout_page(merchant, create_checkout(service, total=76000, product_type="instalments")))
    page.click("#pay")
    frame = overlay_frame(page)
    term = frame.get_by_test_id("checkout-term-12")
    expect(term).to_be_focused()
    hosted = page.frame(url=HOSTED_CHECKOUT)
    assert hosted is not None
    assert hosted.evaluate("() => window.scrollY") == 0
    for shown in (frame.get_by_role("heading", level=1), frame.get_by_test_id("checkout-close"), term):
        expect(shown).to_be_in_viewport(ratio=1)
    # The sheet is taller than the screen: what was focused before (Approve) is below it.
    expect(frame.get_by_test_id("checkout-approve")).not_to_be_in_viewport()
    # The representative example follows the term chosen (it said 12 payments after 3 months).
    frame.get_by_test_id("checkout-term-3").check()
    expect(frame.get_by_test_id("checkout-legal-3")).to_contain_text("€760.00 in 3 payments of")
    expect(frame.get_by_test_id("checkout-legal-12")).to_be_hidden()
    expect(frame.get_by_test_id("checkout-cost-3")).to_be_visible()  # what is paid in all, too
    expect(frame.get_by_test_id("checkout-cost-12")).to_be_hidden()


def test_one_payment_is_said_as_one(service):
    checkout_id = create_checkout(service, total=12000, product_type="pay_later")
    with urllib.request.urlopen(f"{service.url}/checkout/{checkout_id}/frame") as answer:
        html = answer.read().decode()
    assert (
        "Representative example: €120.00 in one payment of €120.00 in 15 days, fixed nominal rate 0%" in html
    )
    assert "1 payment" not in html


def test_a_reload_of_the_window_keeps_the_term_chosen(page: Page, merchant, service):
    page.goto(checkout_page(merchant, create_checkout(service, total=76000, product_type="instalments")))
    page.click("#pay")
    frame = overlay_frame(page)
    frame.get_by_test_id("checkout-term-6").check()
    hosted = page.frame(url=HOSTED_CHECKOUT)
    assert hosted is not None
    hosted.evaluate("() => window.location.reload()")
    expect(frame.get_by_test_id("checkout-term-6")).to_be_checked()
    expect(frame.get_by_test_id("checkout-term-6")).to_be_focused()
    expect(frame.get_by_test_id("checkout-dates-6")).to_be_visible()
    expect(frame.get_by_test_id("checkout-legal-6")).to_be_visible()


@pytest.mark.parametrize(
    ("viewport", "per_row"),
    [(VIEWPORTS["iPhone 13"], 1), (VIEWPORTS["laptop 1366x800"], 2)],
    ids=["iPhone 13", "laptop 1366x800"],
)
def test_payment_dates_read_in_rows_each_on_one_line(page: Page, merchant, service, viewport, per_row):
    """The 12-month schedule had "27 May 2027" broken over two lines on an iPhone 13, and Pay in
    4's 4th date alone on its row; the dates read down columns here, across rows on the store's
    thank-you page (tests/demo/test_plan_terms.py holds that page to the same rows)."""
    page.set_viewport_size(viewport)
    for product_type, term, count in (("instalments", 12, 12), ("pay_in_4", 4, 4)):
        page.goto(checkout_page(merchant, create_checkout(service, total=76000, product_type=product_type)))
        page.click("#pay")
        dates = overlay_frame(page).get_by_test_id(f"checkout-dates-{term}")
        expect(dates.locator("li")).to_have_count(count)
        assert text_lines(dates.locator("li span")) == [1] * count * 2, product_type
        assert rows(dates.locator("li")) == [per_row] * (count // per_row), product_type


def test_other_shop_s_terms_show_their_interest_in_spanish(page: Page, service):
    """A term with interest shows it, and what is paid in all follows the term chosen."""
    checkout_id = service.create_checkout(100000, product_type="instalments", key="sk_test_other")
    page.goto(f"{service.url}/checkout/{checkout_id}/frame?locale=es-ES")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.get_by_test_id("checkout-figures-12")).to_have_text(
        "TAE 13,24\xa0%, TIN 12,5\xa0%, intereses 68,99\xa0€, importe total adeudado 1.068,99\xa0€."
    )
    expect(page.get_by_test_id("checkout-cost-12")).to_be_visible()
    page.get_by_test_id("checkout-term-6").check()
    expect(page.get_by_test_id("checkout-cost-6")).to_have_text(
        "TAE 10,42\xa0%, sin comisiones: pagas 1.029,22\xa0€ en total."
    )
    expect(page.get_by_test_id("checkout-cost-12")).to_be_hidden()
    expect(page.get_by_test_id("checkout-legal-6")).to_contain_text(
        "en 6 pagos de 171,53\xa0€ al mes (el último, 171,57\xa0€)"
    )
    expect(page.get_by_test_id("checkout-dates-6").locator("li span:last-child")).to_have_text(
        ["171,53\xa0€"] * 5 + ["171,57\xa0€"]
    )
