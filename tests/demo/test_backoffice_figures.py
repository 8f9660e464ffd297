"""The back office's figures, for random sequences of captures, order refunds, capture refunds and
the cancel a full refund causes: each is the one the API reports, never one the store worked out.
Pages are read over HTTP, without a browser: the figures are in the HTML, and a hundred page
loads take a second or two."""

from __future__ import annotations

import itertools
import re
import urllib.request

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backend_stub.testkit import SandboxError

_ORDER_NUMBERS = itertools.count(1)
FRACTIONS = (0.1, 0.25, 0.5, 1.0)  # of what the step may take at most; 1.0 is "the rest"
STEP = st.tuples(
    st.sampled_from(("capture", "refund", "capture_refund")), st.integers(0, 3), st.sampled_from(FRACTIONS)
)


def _cents(text: str) -> int:
    return int(re.sub(r"[^0-9]", "", text))


def _figure(html: str, test_id: str) -> int | None:
    found = re.search(rf'data-testid="{test_id}">\s*([^<]+)<', html)
    return _cents(found.group(1)) if found else None


def _page_figures(store, order_id: str) -> tuple[dict[str, int | None], dict[str, dict[str, int | None]]]:
    with urllib.request.urlopen(f"{store.url}/backoffice/orders/{order_id}", timeout=10) as response:
        html = response.read().decode()
    names = ("total", "captured", "capturable", "refunded", "remaining", "collected", "owed", "paid-back")
    order = {name: _figure(html, name) for name in names}
    captures = {}
    for block in html.split('<li class="capture" data-capture="')[1:]:
        capture_id, body = block.split('"', 1)
        body = body.split("</section>")[0]
        captures[capture_id] = {
            name: _figure(body, f"capture-{name}") for name in ("amount", "refunded", "refundable")
        }
    return order, captures


def _run(service, order_id: str, total: int, steps) -> None:
    base = f"/orders/{order_id}"
    for kind, which, fraction in steps:
        captures = service.call("GET", f"{base}/captures")["results"]
        remaining = service.call("GET", f"{base}/refund")["remaining_amount"]
        if kind == "capture":
            path, most = f"{base}/captures", service.order(order_id)["capturable_amount"]
        elif kind == "refund":
            path, most = f"{base}/refund", remaining
        elif captures:
            capture = captures[which % len(captures)]
            path, most = f"{base}/captures/{capture['id']}/refunds", capture["refundable_amount"]
        else:
            continue
        try:  # a step past a limit is refused by the service, as the back office's would be
            service.call("POST", path, {"amount": max(1, round(most * fraction))})
        except SandboxError as error:
            assert error.status in (400, 409), error


@settings(
    max_examples=15,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(total=st.sampled_from((64000, 76000, 12345)), steps=st.lists(STEP, max_size=7))
def test_every_figure_is_the_api_s_and_the_parts_add_up(store, service, total, steps):
    order_id = f"DS-PROP-{next(_ORDER_NUMBERS)}"
    service.seed_orders(
        {"id": order_id, "total_amount": total, "status": "confirmed", "product_type": "pay_in_4"}
    )
    _run(service, order_id, total, steps)

    api_captures = {
        capture["id"]: capture for capture in service.call("GET", f"/orders/{order_id}/captures")["results"]
    }
    order = service.order(order_id)
    figures, captures = _page_figures(store, order_id)

    # Each figure is the API's.
    assert figures == {
        "total": total,
        "captured": order["captured_amount"],
        "capturable": order["capturable_amount"],
        "refunded": order["refunded_amount"],
        "remaining": order["refundable_amount"],
        "collected": order["collected_amount"],
        "owed": order["owed_amount"],
        "paid-back": order["paid_back_amount"],
    }
    assert set(captures) == set(api_captures)
    for capture_id, shown in captures.items():
        api = api_captures[capture_id]
        assert shown == {
            "amount": api["amount"],
            "refunded": api["refunded_amount"],
            "refundable": api["refundable_amount"],
        }


def test_past_the_refunds_the_service_lists_each_row_still_says_what_the_order_had_left(store, service):
    # The service lists an order's newest 100 refunds: the rows' balances run back from what
    # is left now, and the page says the older ones are not shown.
    order_id = f"DS-MANY-{next(_ORDER_NUMBERS)}"
    service.seed_orders({"id": order_id, "total_amount": 10000, "status": "confirmed"})
    for _ in range(120):
        service.call("POST", f"/orders/{order_id}/refund", {"amount": 10})
    with urllib.request.urlopen(f"{store.url}/backoffice/orders/{order_id}", timeout=10) as response:
        html = response.read().decode()
    left = [_cents(text) for text in re.findall(r'data-testid="refund-left">\s*([^<]+)<', html)]
    assert len(left) == 100
    assert left[0] == 10000 - 120 * 10 == _figure(html, "remaining")
    assert left == [left[0] + 10 * index for index in range(100)]
    assert "The newest 100 of 120 refunds" in html
