"""POST /checkout, GET /checkout/:id, deciding once, expiry, and the orders checkouts make."""

from __future__ import annotations

import re

import pytest

from tests.conftest import DEMO_PRIVATE, DEMO_PUBLIC, OTHER_PRIVATE, OTHER_PUBLIC, bearer

NO_INTEREST = "0% APR, nominal rate 0%, interest €0.00,"

URLS = {
    name: f"https://shop.example/{name}"
    for name in ("success_url", "pending_url", "ko_url", "dismiss_url", "error_url")
}


def checkout_body(order_id="order-1", total=25000, **changes):
    body = {
        "merchant": dict(URLS),
        "order": {
            "id": order_id,
            "currency": "EUR",
            "total_amount": total,
            "articles": [{"name": "Walnut desk", "quantity": 1, "unit_price": total}],
        },
        "product": {"type": "pay_in_4"},
    }
    body.update(changes)
    return body


async def create(api, body=None, key=DEMO_PRIVATE):
    return await api.post("/checkout", json=body or checkout_body(), headers=bearer(key))


async def test_create_and_read_back(api):
    response = await create(api)
    assert response.status == 201
    created = await response.json()
    assert created["id"].startswith("chk_") and created["status"] == "created"
    read = await api.get(f"/checkout/{created['id']}", headers=bearer(DEMO_PUBLIC))
    assert read.status == 200
    body = await read.json()
    assert body["merchant"] == URLS
    assert body["order"]["total_amount"] == 25000 and body["product"] == {"type": "pay_in_4"}
    assert (await api.get(f"/v1/checkout/{created['id']}", headers=bearer(DEMO_PRIVATE))).status == 200


async def test_creating_needs_the_private_key(api):
    assert (await create(api, key=DEMO_PUBLIC)).status == 403


async def test_another_merchant_sees_404(api):
    created = await (await create(api)).json()
    response = await api.get(f"/checkout/{created['id']}", headers=bearer(OTHER_PUBLIC))
    assert response.status == 404


async def test_order_id_is_unique_per_merchant(api):
    assert (await create(api)).status == 201
    again = await create(api)
    assert again.status == 409
    assert (await again.json())["error"]["type"] == "ConflictException"
    assert (await create(api, key=OTHER_PRIVATE)).status == 201  # another merchant may use it
    fixture_order = await create(api, checkout_body(order_id="fixture-order-1"))
    assert fixture_order.status == 409


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"merchant": {"success_url": "javascript:alert(1)"}}, "merchant.success_url"),
        ({"merchant": {"ko_url": "/relative"}}, "merchant.ko_url"),
        ({"merchant": {"error_url": "data:text/html,hi"}}, "merchant.error_url"),
        ({"order": None}, "order"),
        ({"order": {"currency": "EUR", "total_amount": 5000}}, "order.id"),
        ({"order": {"id": "x", "currency": "eur", "total_amount": 5000}}, "order.currency"),
        ({"order": {"id": "x", "currency": "EUR", "total_amount": 0}}, "order.total_amount"),
        ({"order": {"id": "x", "currency": "EUR", "total_amount": 12.5}}, "order.total_amount"),
        (
            {"order": {"id": "x", "currency": "EUR", "total_amount": 5000, "articles": [{}]}},
            "order.articles[0].name",
        ),
        (  # past the 200 articles of the guide's Limits
            {
                "order": {
                    "id": "x",
                    "currency": "EUR",
                    "total_amount": 5000,
                    "articles": [{"name": "a"}] * 201,
                }
            },
            "order.articles",
        ),
        ({"product": {"type": "pay_in_12"}}, "product.type"),
        ({"order": {"id": "x", "currency": "EUR", "total_amount": 999999}}, "order.total_amount"),
        ({"order": {"id": "x", "currency": "USD", "total_amount": 5000}}, "order.currency"),
    ],
)
async def test_bad_fields_are_400_naming_them(api, change, field):
    response = await create(api, checkout_body(**change))
    assert response.status == 400
    assert field in (await response.json())["error"]["fields"]


@pytest.mark.parametrize(
    ("order", "field", "words"),
    [
        # A merchant's client sending the amount as a string has a bug: it is refused, not read.
        (
            {"id": "x", "currency": "EUR", "total_amount": "1250"},
            "order.total_amount",
            "Must be a JSON integer of minor units, not a string (12.50 is sent as 1250).",
        ),
        (
            {
                "id": "x",
                "currency": "EUR",
                "total_amount": 9000,
                "articles": [{"name": "Lamp", "unit_price": "9000"}],
            },
            "order.articles[0].unit_price",
            "Must be a JSON integer of minor units, not a string (12.50 is sent as 1250).",
        ),
        # Limits are said in money, as the merchant's prices are.
        (
            {"id": "x", "currency": "EUR", "total_amount": 350000},
            "order.total_amount",
            "Pay in instalments covers 50.00 to 3,000.00 EUR; 3,500.00 EUR is outside.",
        ),
    ],
)
async def test_amount_mistakes_are_400_in_words_a_merchant_reads(api, order, field, words):
    response = await create(api, checkout_body(order=order, product={"type": "instalments"}))
    assert response.status == 400
    assert (await response.json())["error"]["fields"] == {field: [words]}


async def test_non_json_body_is_415(api):
    response = await api.post("/checkout", data="order=1", headers=bearer(DEMO_PRIVATE))
    assert response.status == 415


@pytest.mark.parametrize(
    ("status", "order_status"), [("success", "confirmed"), ("pending", "pending"), ("ko", "denied")]
)
async def test_deciding_makes_the_order_in_its_state(api, status, order_status):
    created = await (await create(api)).json()
    decided = await api.post(f"/_sandbox/checkouts/{created['id']}/decide", json={"status": status})
    assert decided.status == 200
    orders = await (await api.get("/orders?id=order-1", headers=bearer(DEMO_PRIVATE))).json()
    [order] = orders["results"]
    assert order["status"] == order_status and order["total_amount"] == 25000
    assert (order["confirmed"] is not None) is (order_status == "confirmed")
    assert order["product_type"] == created["product"]["type"]  # the order says which product paid it
    assert order["instalments"] is None  # a term belongs to instalments only
    read = await (await api.get(f"/checkout/{created['id']}", headers=bearer(DEMO_PUBLIC))).json()
    assert read["status"] == status and read["instalments"] is None


@pytest.mark.parametrize(("decision", "months"), [({}, 12), ({"instalments": 6}, 6), ({"instalments": 3}, 3)])
async def test_an_instalments_decision_records_the_term(api, decision, months):
    """CONTRACT 4.6: the checkout and its order carry the term chosen (12, the page's first
    choice, when the decision names none)."""
    body = checkout_body(order_id=f"term-{months}", total=76000, product={"type": "instalments"})
    created = await (await create(api, body)).json()
    assert created["instalments"] is None  # not chosen yet
    decided = await api.post(
        f"/_sandbox/checkouts/{created['id']}/decide", json={"status": "success", **decision}
    )
    assert decided.status == 200 and (await decided.json())["instalments"] == months
    read = await (await api.get(f"/checkout/{created['id']}", headers=bearer(DEMO_PUBLIC))).json()
    assert read["instalments"] == months
    orders = await (await api.get(f"/orders?id=term-{months}", headers=bearer(DEMO_PRIVATE))).json()
    assert orders["results"][0]["instalments"] == months


@pytest.mark.parametrize(
    ("product", "instalments"),
    [("instalments", 4), ("instalments", "6"), ("instalments", True), ("pay_in_4", 6)],
)
async def test_a_term_that_does_not_fit_is_400_naming_it(api, product, instalments):
    body = checkout_body(total=76000, product={"type": product})
    created = await (await create(api, body)).json()
    for path in (f"/_sandbox/checkouts/{created['id']}/decide", f"/checkout/{created['id']}/frame/decision"):
        response = await api.post(path, json={"status": "success", "instalments": instalments})
        assert response.status == 400, path
        assert list((await response.json())["error"]["fields"]) == ["instalments"]
    still = await (await api.get(f"/checkout/{created['id']}", headers=bearer(DEMO_PUBLIC))).json()
    assert still["status"] == "created"  # refused, nothing decided


async def test_a_checkout_is_decided_once(api):
    created = await (await create(api)).json()
    assert (
        await api.post(f"/_sandbox/checkouts/{created['id']}/decide", json={"status": "ko"})
    ).status == 200
    again = await api.post(f"/_sandbox/checkouts/{created['id']}/decide", json={"status": "success"})
    assert again.status == 409
    from_page = await api.post(f"/checkout/{created['id']}/frame/decision", json={"status": "success"})
    assert from_page.status == 409


async def test_an_expired_checkout_cannot_be_decided(api):
    created = await (await create(api)).json()
    expired = await (await api.post(f"/_sandbox/checkouts/{created['id']}/expire")).json()
    assert expired["status"] == "expired"
    decided = await api.post(f"/_sandbox/checkouts/{created['id']}/decide", json={"status": "success"})
    assert decided.status == 409
    page = await api.get(f"/checkout/{created['id']}/frame")
    assert page.status == 410


async def test_decision_needs_a_known_status(api):
    created = await (await create(api)).json()
    response = await api.post(f"/_sandbox/checkouts/{created['id']}/decide", json={"status": "dismiss"})
    assert response.status == 400
    assert "status" in (await response.json())["error"]["fields"]


async def test_hosted_page_shows_the_order_and_the_controls(api):
    created = await (await create(api)).json()
    page = await api.get(f"/checkout/{created['id']}/frame?origin=http://localhost:8000")
    assert page.status == 200
    html = await page.text()
    for test_id in (
        "checkout-approve",
        "checkout-pending",
        "checkout-deny",
        "checkout-return",
        "checkout-close",
    ):
        assert f'data-testid="{test_id}"' in html
    assert "€250.00" in html and "Pay in 4" in html and "Walnut desk" in html and "Demo Shop" in html
    assert "frame-ancestors" not in page.headers["Content-Security-Policy"]


@pytest.mark.parametrize(
    ("product", "total", "schedule"),
    [
        (
            "pay_in_4",
            10001,
            ["4 payments of €25.00 every 2 weeks (the last €25.01), the first today."],
        ),
        ("pay_later", 4321, ["Pay €43.21 in 15 days."]),
        (
            "instalments",
            76000,
            [
                f"{count} payments of {payment} a month {NO_INTEREST} total to pay €760.00."
                for count, payment in ((3, "€253.33"), (6, "€126.66"), (12, "€63.33"))
            ],
        ),
    ],
)
async def test_hosted_page_states_the_schedule_apr_and_total(api, product, total, schedule):
    """Every plan with its instalment, interest and total, at 0% APR; every payment dated."""
    body = checkout_body(total=total, product={"type": product})
    created = await (await create(api, body)).json()
    html = await (await api.get(f"/checkout/{created['id']}/frame")).text()
    plans = re.findall(
        r'<(?:p class="plan" data-payments|span class="term-text")[^>]*>(.*?)</(?:p|span)>\s*<', html, re.S
    )
    assert [" ".join(re.sub(r"<[^>]+>", " ", plan).split()) for plan in plans] == schedule
    total_text = f"€{total // 100:,}.{total % 100:02d}"
    assert f"0% APR, no fees: you pay {total_text} in total" in html
    assert "Representative example" in html
    for count in {"pay_in_4": [4], "pay_later": [1]}.get(product, [3, 6, 12]):
        dates = re.search(rf'data-testid="checkout-dates-{count}">(.*?)</ol>', html, re.S)
        assert dates and dates.group(1).count("<li>") == count
    if product == "instalments":
        # 12 months chosen at first: its dates shown, the others' hidden until chosen.
        assert re.search(r'value="12" data-testid="checkout-term-12" checked', html)
        assert '<div class="term-dates" data-term-dates="12">' in html


async def test_hosted_page_refuses_decisions_from_other_origins(api):
    created = await (await create(api)).json()
    response = await api.post(
        f"/checkout/{created['id']}/frame/decision",
        json={"status": "success"},
        headers={"Origin": "https://evil.example"},
    )
    assert response.status == 403


async def test_unknown_hosted_page_is_404(api):
    assert (await api.get("/checkout/chk_nope/frame")).status == 404
