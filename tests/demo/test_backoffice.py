"""The back office beyond the sales story: the filters a merchant uses, pages of orders, and
refunds of one capture (partial, then the rest)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from demo_store.sample_orders import sample_history

PRIVATE = {"Authorization": "Bearer sk_test_demo"}


def test_filters_and_pages(page: Page, store, service):
    orders = sample_history(count=45).orders  # posted as they are: no refunds made
    service.control("POST", "/_sandbox/orders", orders, headers=PRIVATE)
    total = len(orders) + 3  # and the fixture's three

    page.goto(f"{store.url}/backoffice")
    expect(page.get_by_test_id("order-count")).to_contain_text(f"{total} orders · showing 1–20")
    expect(page.locator("tr[data-order]")).to_have_count(20)
    page.get_by_role("link", name="Older →").click()
    expect(page.get_by_text("Page 2 of 3")).to_be_visible()
    expect(page.get_by_test_id("order-count")).to_contain_text("showing 21–40")

    # An amount range and a status, as a merchant looking for big confirmed orders.
    expected = [o for o in orders if o["status"] == "confirmed" and 50000 <= o["total_amount"] <= 150000]
    page.get_by_label("Status").select_option("confirmed")
    page.get_by_label("Minimum (€)").fill("500")
    page.get_by_label("Maximum (€)").fill("1500")
    page.get_by_test_id("apply-filters").click()
    expect(page.locator("tr[data-order]")).to_have_count(len(expected))
    assert expected, "the sample history should hold such orders"
    expect(page.get_by_test_id("order-count")).to_contain_text("total_amount-gte=50000")

    # A date range, both days included: the fixture's orders of 2 and 3 November, and any
    # sample order of those days.
    in_range = [o for o in orders if "2026-11-02" <= o["created"][:10] <= "2026-11-03"]
    page.goto(f"{store.url}/backoffice?from=2026-11-02&to=2026-11-03")
    expect(page.locator("tr[data-order]")).to_have_count(2 + len(in_range))
    # Search by order number.
    page.goto(f"{store.url}/backoffice?q=fixture-order-3")
    expect(page.locator("tr[data-order]")).to_have_count(1)
    expect(page.locator("tr[data-order]")).to_contain_text("Denied")


def test_capture_refunds(page: Page, store):
    page.goto(f"{store.url}/backoffice/orders/fixture-order-1")  # confirmed, €250
    page.get_by_test_id("amount-capture").fill("100")
    page.get_by_test_id("submit-capture").click()
    expect(page.get_by_test_id("captured")).to_have_text("€100.00")
    capture = page.locator("[data-capture]")
    capture_id = capture.get_attribute("data-capture")

    page.get_by_test_id(f"amount-capture-{capture_id}").fill("30")
    page.get_by_test_id(f"submit-capture-{capture_id}").click()
    expect(page.locator("[data-notice]")).to_contain_text("Refunded €30.00 of capture")
    expect(capture.get_by_test_id("capture-remaining")).to_have_text("€70.00")
    expect(page.get_by_test_id("remaining")).to_have_text("€220.00")  # the order's refundable sum too

    page.get_by_test_id(f"amount-capture-{capture_id}").fill("80")
    page.get_by_test_id(f"submit-capture-{capture_id}").click()
    expect(page.locator(f'[data-error="capture-{capture_id}"]')).to_contain_text(
        "Exceeds the capture's refundable amount (7000)."
    )

    page.get_by_test_id(f"rest-capture-{capture_id}").click()
    expect(capture.get_by_test_id("capture-remaining")).to_have_text("€0.00")
    expect(page.get_by_test_id("remaining")).to_have_text("€150.00")
    expect(page.get_by_test_id("order-status")).to_have_text("Confirmed")
