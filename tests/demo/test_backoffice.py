"""The back office beyond the sales story: the filters a merchant uses, pages of orders, and
refunds of one capture (partial, then the rest)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from demo_store.payment_plans import find_payment_product
from demo_store.sample_orders import sample_history


def test_filters_and_pages(page: Page, store, service):
    orders = sample_history(count=45).orders  # posted as they are: no refunds made
    service.seed_orders(orders)
    total = len(orders)  # the service's three sample orders are not the shop's: not listed

    page.goto(f"{store.url}/backoffice")
    expect(page.get_by_test_id("order-count")).to_contain_text(f"{total} orders · showing 1–20")
    expect(page.locator('tr[data-order^="fixture-order"]')).to_have_count(0)
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

    # A date range, both days included.
    days = sorted({o["created"][:10] for o in orders})[3:5]
    in_range = [o for o in orders if days[0] <= o["created"][:10] <= days[1]]
    page.goto(f"{store.url}/backoffice?from={days[0]}&to={days[1]}")
    expect(page.locator("tr[data-order]")).to_have_count(len(in_range))
    # Search by order number, whole or in part, in any case; the service's sample order is not
    # the shop's, even by its number.
    wanted = orders[12]
    for typed in (wanted["id"], wanted["id"][-5:].lower()):
        page.goto(f"{store.url}/backoffice?q={typed}")
        expect(page.locator("tr[data-order]")).to_have_count(1)
        expect(page.locator("tr[data-order]")).to_contain_text(wanted["id"])
    page.goto(f"{store.url}/backoffice?q=fixture-order-3")
    expect(page.get_by_test_id("order-count")).to_contain_text("No order matches these filters.")
    sample = orders[6]
    page.get_by_label("Search").fill(sample["id"][-4:].lower())  # "h007" of DS-261103-H007
    page.get_by_test_id("apply-filters").click()
    expect(page.locator("tr[data-order]")).to_have_count(1)
    # The list says which plan paid each order, and over how many months.
    plan = find_payment_product(sample["product_type"])
    term = f" over {sample['instalments']} months" if sample.get("instalments") else ""
    expect(page.locator(f'tr[data-order="{sample["id"]}"]').get_by_test_id("order-plan")).to_have_text(
        plan.name + term
    )
    # A word of an article name still searches the names.
    page.goto(f"{store.url}/backoffice?q=armchair")
    expected = [o for o in orders if "armchair" in o["name"].lower()]
    expect(page.locator("tr[data-order]")).to_have_count(min(len(expected), 20))


def expect_sums(page: Page, **sums: str) -> None:
    """The order card's figures (total, captured, capturable, refunded, remaining) read as given."""
    for test_id, text in sums.items():
        expect(page.get_by_test_id(test_id)).to_have_text(text)


def expect_capture(capture, amount: str, refunded: str, refundable: str) -> None:
    expect(capture.get_by_test_id("capture-amount")).to_have_text(amount)
    expect(capture.get_by_test_id("capture-refunded")).to_have_text(refunded)
    expect(capture.locator("dt")).to_have_text(["Captured", "Refunded", "Refundable now"])
    expect(capture.get_by_test_id("capture-refundable")).to_have_text(refundable)


def expect_refunds(page: Page, rows: list[tuple[str, str, str, str]]) -> None:
    """The refunds table, newest first: (of, amount, paid back, what was left after it)."""
    table = page.get_by_test_id("refunds").locator("tbody tr")
    expect(table).to_have_count(len(rows))
    for index, (of, amount, paid_back, left) in enumerate(rows):
        row = table.nth(index)
        expect(row.get_by_test_id("refund-of")).to_have_text(of)
        expect(row.get_by_test_id("refund-amount")).to_have_text(amount)
        expect(row.get_by_test_id("refund-paid-back")).to_have_text(paid_back)
        expect(row.get_by_test_id("refund-left")).to_have_text(left)


def expect_payments(page: Page, amounts: list[str], owed: str, paid_back: str) -> None:
    """What the shopper pays: each payment's amount, what they still owe, what was paid back."""
    expect(page.get_by_test_id("payment-amount")).to_have_text(amounts)
    expect_sums(page, owed=owed, **{"paid-back": paid_back})


def test_captures_and_refunds_tell_one_story(page: Page, store, service):
    """Captures, a partial capture refund, an order refund and the full refund of an order paid
    in 4: after each step every amount on the page is the service's, and what the shopper owes
    follows the refunds."""
    order = {"id": "DS-STORY-1", "name": "1 × Reading armchair, 1 × Merino wool throw, 4 × Linen napkins"}
    order |= {"total_amount": 76000, "status": "confirmed", "product_type": "pay_in_4"}
    service.seed_orders(order)
    page.goto(f"{store.url}/backoffice/orders/DS-STORY-1")
    expect_sums(
        page, total="€760.00", captured="€0.00", capturable="€760.00", refunded="€0.00", remaining="€760.00"
    )
    # The first of 4 payments was collected at checkout.
    expect_payments(page, ["€190.00"] * 4, owed="€570.00", paid_back="€0.00")

    # Two captures, as the order ships in two parcels.
    page.get_by_test_id("amount-capture").fill("200")
    page.get_by_test_id("submit-capture").click()
    expect(page.get_by_test_id("uncaptured")).to_have_text("€560.00")
    page.get_by_test_id("rest-capture").click()
    expect_sums(page, captured="€760.00", capturable="€0.00", refunded="€0.00", remaining="€760.00")
    second, first = page.locator("[data-capture]").nth(0), page.locator("[data-capture]").nth(1)
    first_id = first.get_attribute("data-capture")
    second_id = second.get_attribute("data-capture")
    expect_capture(first, "€200.00", "€0.00", "€200.00")
    expect_capture(second, "€560.00", "€0.00", "€560.00")

    # 50.00 of the first capture comes back: it lowers the three payments still to come.
    page.get_by_test_id(f"amount-capture-{first_id}").fill("50")
    page.get_by_test_id(f"submit-capture-{first_id}").click()
    expect(page.locator("[data-notice]")).to_have_text(
        f"Refunded €50.00 of capture {first_id}. It lowers what the shopper still owes: nothing is paid"
        " back. €150.00 of it can still be refunded."
    )
    expect_sums(page, captured="€760.00", refunded="€50.00", remaining="€710.00")
    expect_refunds(page, [(f"capture {first_id}", "€50.00", "€0.00", "€150.00 of the capture")])
    expect_capture(first, "€200.00", "€50.00", "€150.00")
    expect_payments(page, ["€190.00", "€173.33", "€173.33", "€173.34"], owed="€520.00", paid_back="€0.00")

    # 300.00 of the order: asked first, in money, and nothing happens until the merchant says yes.
    page.get_by_test_id("amount-refund").fill("300")
    page.get_by_test_id("submit-refund").click()
    expect(page.get_by_test_id("confirm-question")).to_have_text(
        "Refund €300.00 of order DS-STORY-1? The money goes back to the shopper; it cannot be undone."
    )
    expect(page.get_by_test_id("confirm-refund")).to_be_focused()
    expect_sums(page, refunded="€50.00", remaining="€710.00")
    page.get_by_test_id("confirm-refund").click()
    expect(page.locator("[data-notice]")).to_have_text(
        "Refunded €300.00. It lowers what the shopper still owes: nothing is paid back."
        " €410.00 left to refund."
    )
    expect_sums(page, captured="€760.00", refunded="€350.00", remaining="€410.00")
    expect_refunds(
        page,
        [
            ("the order", "€300.00", "€0.00", "€410.00 of the order"),
            (f"capture {first_id}", "€50.00", "€0.00", "€150.00 of the capture"),
        ],
    )
    expect_payments(page, ["€190.00", "€73.33", "€73.33", "€73.34"], owed="€220.00", paid_back="€0.00")
    # The second capture can refund only what the order has left, as the service says.
    expect_capture(second, "€560.00", "€0.00", "€410.00")
    expect(second.get_by_test_id("capture-limit")).to_have_text(
        "€560.00 of it is not refunded, but the order has €410.00 left to refund."
    )
    expect(page.get_by_test_id(f"rest-capture-{second_id}")).to_have_text("Refund all it can (€410.00)")

    # Asking more of the second capture than that: refused, in money, not in the API's cents.
    page.get_by_test_id(f"amount-capture-{second_id}").fill("500")
    page.get_by_test_id(f"submit-capture-{second_id}").click()
    error = page.locator(f'[data-error="capture-{second_id}"]')
    expect(error.locator("p").first).to_have_text(
        "The service refused the refund: €500.00 is more than the €410.00 this capture can still refund."
    )
    expect(error.get_by_text("41000")).to_be_hidden()  # the API's own words wait in a closed box
    expect_sums(page, refunded="€350.00", remaining="€410.00")

    # The rest of the order, asked first: more than the €220.00 still owed, so €190.00 of it is
    # paid back; the order is canceled and nothing is refundable anywhere any more.
    page.get_by_test_id("rest-refund").click()
    expect(page.get_by_test_id("confirm-question")).to_contain_text("Refund €410.00 of order DS-STORY-1?")
    page.get_by_test_id("confirm-refund").click()
    expect(page.locator("[data-notice]")).to_have_text(
        "Refunded €410.00. It lowered what the shopper still owes, and €190.00 of it is paid back to"
        " them: more than they still owed. The order is fully refunded and now canceled."
    )
    expect(page.get_by_test_id("order-status")).to_have_text("Canceled")
    expect_sums(page, captured="€760.00", capturable="€0.00", refunded="€760.00", remaining="€0.00")
    expect_refunds(
        page,
        [
            ("the order", "€410.00", "€190.00", "€0.00 of the order"),
            ("the order", "€300.00", "€0.00", "€410.00 of the order"),
            (f"capture {first_id}", "€50.00", "€0.00", "€150.00 of the capture"),
        ],
    )
    expect_payments(page, ["€190.00", "€0.00", "€0.00", "€0.00"], owed="€0.00", paid_back="€190.00")
    expect_capture(first, "€200.00", "€50.00", "€0.00")
    expect_capture(second, "€560.00", "€0.00", "€0.00")
    expect(first.get_by_test_id("capture-limit")).to_have_text(
        "€150.00 of it is not refunded, but the order is canceled."
    )
    expect(page.locator("form[action$='/refunds'], form[action$='/refund']")).to_have_count(0)
