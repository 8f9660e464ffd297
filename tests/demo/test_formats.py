"""One way to write a date, and one way to write money, for each audience (issue 33, item 10).

Shoppers read ``27 Nov 2026`` (the payment window and the thank-you page:
tests/demo/test_plan_terms.py); the back office reads ``2026-11-27`` everywhere, its date filters
included (a browser's date field showed mm/dd/yyyy). Money is ``€2,400.00`` wherever the store
speaks, the service's refusals included (they said ``2,400.00 EUR``)."""

from __future__ import annotations

import re

from aiohttp.test_utils import TestClient

from backend_stub.testkit import Sandbox

# "27 Nov 2026", "11/27/2026", "27/11/2026": any way of writing a day but the back office's.
OTHER_DAYS = re.compile(r"\b\d{1,2} [A-Z][a-z]{2} \d{4}\b|\b\d{1,2}/\d{1,2}/\d{4}\b")
OFFICE_DAY = re.compile(r"\b20\d\d-\d\d-\d\d\b")


async def test_the_back_office_writes_every_day_one_way(store_http: TestClient, service: Sandbox):
    order = {
        "id": "DS-261102-DATES1",
        "name": "1 × Walnut writing desk",
        "total_amount": 90000,
        "status": "confirmed",
        "product_type": "pay_in_4",
        "created": "2026-11-02T09:15:00.000000+00:00",
        "confirmed": "2026-11-02T09:20:00.000000+00:00",
    }
    service.seed_orders(order)
    capture = service.call("POST", f"/orders/{order['id']}/captures", {"amount": 40000})
    service.call("POST", f"/orders/{order['id']}/captures/{capture['id']}/refunds", {"amount": 1000})
    service.call("POST", f"/orders/{order['id']}/refund", {"amount": 2000})

    listing = await (await store_http.get("/backoffice?from=2026-11-01&to=2026-11-30")).text()
    assert "2026-11-02 09:15" in listing
    assert 'type="date"' not in listing  # the browser's locale would write it mm/dd/yyyy
    assert 'value="2026-11-01"' in listing

    page = await (await store_http.get(f"/backoffice/orders/{order['id']}")).text()
    # The payment plan, the order's times, the refunds of the order and of the capture.
    assert "2026-11-02 09:15 UTC · confirmed 2026-11-02 09:20 UTC" in page
    for day in ("2026-11-02", "2026-11-16", "2026-11-30", "2026-12-14"):  # the payments' due dates
        assert f'data-testid="payment-due">{day}<' in page, day
    assert len(OFFICE_DAY.findall(page)) >= 8
    assert OTHER_DAYS.findall(page) == []


async def test_a_refusal_s_money_is_written_as_the_store_writes_it(store_http: TestClient, service: Sandbox):
    """Pay in 15 days asked for €2,400.00 (a cart the store's own terms would not offer it
    for): the service's refusal quoted "2,400.00 EUR"; the shopper reads the store's €2,400.00."""
    await store_http.post("/cart/items", data={"product": "desk-lamp"})
    await store_http.post("/cart/items/desk-lamp", data={"quantity": "20"})
    answer = await store_http.post("/checkout/session", json={"product_type": "pay_later"})
    refusal = (await answer.json())["error"]
    assert refusal == (
        "The service refused the payment: Pay in 15 days covers €10.00 to €800.00; €2,400.00 is outside."
    )
    assert "EUR" not in refusal
