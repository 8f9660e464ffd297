"""The back office shows the service's money: what the shopper owes and when, what was paid back,
and only the captures and refunds the service accepts; a pending order decided by a presenter
tool; the order list's term and money; a form sent twice acts once; a store that names no
software. Through the store's HTTP forms against the real service, without a browser."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from aiohttp.test_utils import TestClient

from backend_stub.testkit import Sandbox
from demo_store.app import SERVER_NAME
from demo_store.config import StoreConfig
from tests.demo.backoffice_pages import cents, figure, figures, fresh_token, notice, post_form
from tests.demo.store_server import store_client


async def _page(client: TestClient, order_id: str) -> str:
    response = await client.get(f"/backoffice/orders/{order_id}")
    assert response.status == 200
    return await response.text()


def _captures(service: Sandbox, order_id: str) -> list[int]:
    return [capture["amount"] for capture in service.call("GET", f"/orders/{order_id}/captures")["results"]]


def _refunds(service: Sandbox, order_id: str) -> list[int]:
    return [refund["amount"] for refund in service.call("GET", f"/orders/{order_id}/refund")["results"]]


async def test_a_capture_after_a_refund_offers_what_the_service_accepts(store_http, service):
    """€120.00: €20.00 refunded, €50.00 captured: €50.00 is left to capture, and "Capture the
    rest" captures €100.00 in all (it once said €70.00, and captured €120.00)."""
    service.seed_orders({"id": "DS-CAP-1", "total_amount": 12000, "status": "confirmed"})
    order = "/backoffice/orders/DS-CAP-1"
    await post_form(store_http, f"{order}/refund", {"amount": "20"})
    assert figure(await _page(store_http, "DS-CAP-1"), "capturable") == 10000
    await post_form(store_http, f"{order}/captures", {"amount": "50"})
    html = await _page(store_http, "DS-CAP-1")
    assert (figure(html, "capturable"), figure(html, "uncaptured")) == (5000, 5000)
    assert figures(html, "rest-capture") == ["Capture the rest (€50.00)"]
    refused = await (await post_form(store_http, f"{order}/captures", {"amount": "50.01"})).text()
    assert "€50.01 is more than the €50.00 the order has left to capture" in refused
    await post_form(store_http, f"{order}/captures", {"amount": "50.00", "rest": "yes"})
    assert _captures(service, "DS-CAP-1") == [5000, 5000]
    html = await _page(store_http, "DS-CAP-1")
    assert (figure(html, "captured"), figure(html, "capturable")) == (10000, 0)
    assert figures(html, "submit-capture") == []  # nothing left to capture: no form


async def test_the_capturable_amount_after_a_refund_with_cents(store_http, service):
    """€640.00: €100.50 refunded, €200.00 captured: €339.50 is left (it once said €440.00)."""
    service.seed_orders({"id": "DS-CAP-2", "total_amount": 64000, "status": "confirmed"})
    await post_form(
        store_http, "/backoffice/orders/DS-CAP-2/refund", {"amount": "100,50", "confirmed": "yes"}
    )
    await post_form(store_http, "/backoffice/orders/DS-CAP-2/captures", {"amount": "200"})
    html = await _page(store_http, "DS-CAP-2")
    assert figure(html, "capturable") == 33950
    assert [cents(text) for text in figures(html, "rest-capture")] == [33950]


async def test_an_order_that_was_not_paid_has_nothing_to_capture_or_refund(store_http, service):
    """A denied €900.00 order said "nothing is due", then "Not captured €900.00 · Left to refund
    €900.00"; a pending €2,000.00 one, €2,000.00 left to refund."""
    service.seed_orders(
        [
            {"id": "DS-NOPAY-1", "total_amount": 90000, "status": "denied", "product_type": "pay_in_4"},
            {"id": "DS-NOPAY-2", "total_amount": 200000, "status": "pending", "product_type": "instalments"},
        ]
    )
    for order_id in ("DS-NOPAY-1", "DS-NOPAY-2"):
        html = await _page(store_http, order_id)
        assert (figure(html, "total"), figure(html, "capturable"), figure(html, "remaining")) == (
            service.order(order_id)["total_amount"],
            0,
            0,
        )
        assert figures(html, "submit-refund") == figures(html, "submit-capture") == []
        assert figures(html, "owed-summary")[0].startswith("Nothing is owed")


async def test_the_shopper_s_payments_after_refunds_and_time(store_http, service):
    """A €20.00 refund of a €120.00 order in 3 months: the back office said "One payment of
    €120.00"; now it shows the payments the service lowered, then, a month on, one collected,
    and a refund beyond what is owed paid back."""
    service.seed_orders(
        {
            "id": "DS-PLAN-1",
            "total_amount": 12000,
            "status": "confirmed",
            "product_type": "instalments",
            "instalments": 3,
        }
    )
    answer = await post_form(store_http, "/backoffice/orders/DS-PLAN-1/refund", {"amount": "20"})
    assert notice(await answer.text()) == (
        "Refunded €20.00. It lowers what the shopper still owes: nothing is paid back."
        " €100.00 left to refund."
    )
    html = await _page(store_http, "DS-PLAN-1")
    order = service.order("DS-PLAN-1")
    assert [cents(text) for text in figures(html, "payment-amount")] == [
        p["amount"] for p in order["schedule"]
    ]
    assert figures(html, "payment-amount") == ["€33.33", "€33.33", "€33.34"]
    assert figures(html, "payment-state") == ["To come", "To come", "To come"]
    assert figures(html, "payment-due") == [p["due_date"] for p in order["schedule"]]
    assert figure(html, "owed") == 10000

    service.advance(days=32)  # the first payment falls due
    html = await _page(store_http, "DS-PLAN-1")
    assert figures(html, "payment-state") == ["Collected", "To come", "To come"]
    assert (figure(html, "collected"), figure(html, "owed")) == (3333, 6667)
    assert figures(html, "owed-summary")[0].startswith("The shopper owes €66.67: the next payment, €33.33")

    # €80.00 more: €66.67 was owed, so €13.33 goes back to the shopper.
    answer = await post_form(
        store_http, "/backoffice/orders/DS-PLAN-1/refund", {"amount": "80", "confirmed": "yes"}
    )
    assert "€13.33 of it is paid back to them" in (notice(await answer.text()) or "")
    html = await _page(store_http, "DS-PLAN-1")
    assert figures(html, "payment-amount") == ["€33.33", "€0.00", "€0.00"]
    assert (figure(html, "owed"), figure(html, "paid-back")) == (0, 1333)
    assert figures(html, "refund-paid-back") == ["€13.33", "€0.00"]
    assert service.order("DS-PLAN-1")["paid_back_amount"] == 1333


async def test_a_presenter_confirms_or_denies_a_pending_order(store_http, service):
    service.seed_orders(
        [
            {"id": "DS-WAIT-1", "total_amount": 9000, "product_type": "pay_in_4"},
            {"id": "DS-WAIT-2", "total_amount": 9000, "product_type": "pay_later"},
        ]
    )
    html = await _page(store_http, "DS-WAIT-1")
    assert "Presenter tool: the service's decision" in html and "a sandbox control" in html
    token = await fresh_token(store_http, "/backoffice/orders/DS-WAIT-1")
    decided = await post_form(
        store_http, "/backoffice/orders/DS-WAIT-1/decide", {"decision": "confirmed"}, token=token
    )
    assert notice(await decided.text()) == "The service confirmed the order (presenter tool)."
    order = service.order("DS-WAIT-1")
    assert order["status"] == "confirmed" and len(order["schedule"]) == 4
    html = await _page(store_http, "DS-WAIT-1")
    assert figures(html, "decide-confirmed") == [] and figure(html, "remaining") == 9000
    # The same form again (a second click): nothing changes, and the page says what it is.
    again = await post_form(
        store_http, "/backoffice/orders/DS-WAIT-1/decide", {"decision": "denied"}, token=token
    )
    assert notice(await again.text()) == "The service confirmed the order (presenter tool)."
    assert service.order("DS-WAIT-1")["status"] == "confirmed"

    denied = await post_form(store_http, "/backoffice/orders/DS-WAIT-2/decide", {"decision": "denied"})
    assert notice(await denied.text()) == "The service denied the order (presenter tool)."
    assert service.order("DS-WAIT-2")["status"] == "denied"


async def test_a_presenter_moves_the_sandbox_s_clock_a_month_forward(store_http, service):
    service.seed_orders(
        {
            "id": "DS-LATER-1",
            "total_amount": 9000,
            "status": "confirmed",
            "product_type": "instalments",
            "instalments": 3,
        }
    )
    html = await _page(store_http, "DS-LATER-1")
    assert "Presenter tool: a month later" in html
    assert figures(html, "payment-state") == ["To come", "To come", "To come"]
    moved = await post_form(store_http, "/backoffice/orders/DS-LATER-1/clock", {})
    today = service.clock()["today"]
    assert notice(await moved.text()) == (
        f"The sandbox's clock moved 30 days forward: it is {today} in the sandbox (presenter tool)."
        " The payments due by then are collected."
    )
    assert service.clock()["offset_days"] == 30
    states = figures(await _page(store_http, "DS-LATER-1"), "payment-state")
    # The first payment falls a month after the order (a 31-day month: not quite yet).
    first_due = service.order("DS-LATER-1")["schedule"][0]["due_date"]
    assert states[0] == ("Collected" if first_due <= today else "To come")
    assert states[1:] == ["To come", "To come"]


async def test_a_store_in_production_has_no_presenter_tool(service):
    service.reset()
    service.seed_orders(
        [
            {"id": "DS-WAIT-3", "total_amount": 9000},
            {"id": "DS-LATER-2", "total_amount": 9000, "status": "confirmed", "product_type": "pay_in_4"},
        ]
    )
    client = await store_client(StoreConfig(service_url=service.url, sandbox=False))
    try:
        html = await _page(client, "DS-WAIT-3")
        assert "decide-tool" not in html
        answer = await client.post("/backoffice/orders/DS-WAIT-3/decide", data={"decision": "confirmed"})
        assert answer.status == 404
        assert service.order("DS-WAIT-3")["status"] == "pending"
        assert "clock-tool" not in await _page(client, "DS-LATER-2")
        assert (await client.post("/backoffice/orders/DS-LATER-2/clock", data={})).status == 404
        assert service.clock()["offset_days"] == 0
    finally:
        await client.close()


async def test_the_order_list_shows_the_term_and_what_was_captured_or_refunded(store_http, service):
    base = {"status": "confirmed", "total_amount": 90000}
    service.seed_orders(
        [
            {"id": "DS-LIST-1", **base, "product_type": "instalments", "instalments": 6},
            {"id": "DS-LIST-2", **base, "product_type": "pay_in_4"},
            {"id": "DS-LIST-3", **base},
        ]
    )
    service.call("POST", "/orders/DS-LIST-2/captures", {"amount": 30000})
    service.call("POST", "/orders/DS-LIST-2/refund", {"amount": 2000})
    html = await (await store_http.get("/backoffice")).text()
    rows = {row.split('"', 1)[0]: row for row in html.split('<tr data-order="')[1:]}
    assert figures(rows["DS-LIST-1"], "order-plan") == ["Pay in instalments over 6 months"]
    assert figures(rows["DS-LIST-2"], "order-plan") == ["Pay in 4"]
    assert figures(rows["DS-LIST-2"], "order-captured") == ["Captured €300.00"]
    assert figures(rows["DS-LIST-2"], "order-refunded") == ["Refunded €20.00"]
    assert figures(rows["DS-LIST-1"], "order-money") == ["—"]


async def test_a_refund_form_sent_twice_at_once_refunds_once(store_http, service):
    """A double click: the same form, with the same token, twice at once."""
    service.seed_orders({"id": "DS-TWICE-1", "total_amount": 50000, "status": "confirmed"})
    token = await fresh_token(store_http, "/backoffice/orders/DS-TWICE-1")
    sent = [
        post_form(store_http, "/backoffice/orders/DS-TWICE-1/refund", {"amount": "25"}, token=token)
        for _ in range(2)
    ]
    answers = await asyncio.gather(*sent)
    assert [answer.status for answer in answers] == [200, 200]  # each followed to the order page
    assert _refunds(service, "DS-TWICE-1") == [2500]
    texts = [await answer.text() for answer in answers]
    assert sorted((notice(text) or "").startswith("This form was sent before") for text in texts) == [
        False,
        True,
    ]
    # Sent once more later (the browser's back button, then the same button): still once.
    again = await post_form(store_http, "/backoffice/orders/DS-TWICE-1/refund", {"amount": "25"}, token=token)
    assert "This form was sent before: the service did it once" in await again.text()
    assert _refunds(service, "DS-TWICE-1") == [2500]


async def test_a_capture_and_a_capture_refund_sent_twice_act_once(store_http, service):
    service.seed_orders({"id": "DS-TWICE-2", "total_amount": 50000, "status": "confirmed"})
    order = "/backoffice/orders/DS-TWICE-2"
    token = await fresh_token(store_http, order)
    await asyncio.gather(
        *(post_form(store_http, f"{order}/captures", {"amount": "100"}, token=token) for _ in range(2))
    )
    assert _captures(service, "DS-TWICE-2") == [10000]
    (capture,) = service.call("GET", "/orders/DS-TWICE-2/captures")["results"]
    action = f"{order}/captures/{capture['id']}/refunds"
    token = await fresh_token(store_http, order)
    await asyncio.gather(*(post_form(store_http, action, {"amount": "10"}, token=token) for _ in range(2)))
    assert _refunds(service, "DS-TWICE-2") == [1000]


async def test_a_form_without_its_token_changes_nothing(store_http, service):
    service.seed_orders({"id": "DS-OLD-1", "total_amount": 50000, "status": "confirmed"})
    for action in ("refund", "captures"):
        answer = await store_http.post(f"/backoffice/orders/DS-OLD-1/{action}", data={"amount": "10"})
        assert "This form is out of date" in await answer.text()
    assert _refunds(service, "DS-OLD-1") == [] and _captures(service, "DS-OLD-1") == []


async def test_the_store_names_no_software(service):
    service.reset()
    config = StoreConfig(service_url=service.url)
    client = await store_client(replace(config))
    try:
        answers = [
            await client.get("/"),
            await client.get("/backoffice"),
            await client.get("/no-such-page"),
            await client.get("/static/store.css"),
            await client.post(
                "/cart/items", data={"product": "desk-lamp"}, headers={"Origin": "http://evil.example"}
            ),
        ]
        assert [answer.status for answer in answers] == [200, 200, 404, 200, 403]
        assert {answer.headers.get("Server") for answer in answers} == {SERVER_NAME}
    finally:
        await client.close()
