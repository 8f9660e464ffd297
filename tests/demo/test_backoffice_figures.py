"""The back office past the refunds the service lists: each row still says what was left after
it, and the page says the older ones are not shown. (Every figure under random sequences of
purchases, captures and refunds: tests/demo/test_store_machine.py.)"""

from __future__ import annotations

import re
import urllib.request

from tests.demo.backoffice_pages import cents, figure


def test_past_the_refunds_the_service_lists_each_row_still_says_what_the_order_had_left(store, service):
    # The service lists an order's newest 100 refunds: the rows' balances run back from what
    # is left now, and the page says the older ones are not shown.
    order_id = "DS-MANY-1"
    service.seed_orders({"id": order_id, "total_amount": 10000, "status": "confirmed"})
    for _ in range(120):
        service.call("POST", f"/orders/{order_id}/refund", {"amount": 10})
    with urllib.request.urlopen(f"{store.url}/backoffice/orders/{order_id}", timeout=10) as response:
        html = response.read().decode()
    left = [cents(text) for text in re.findall(r'data-testid="refund-left">\s*([^<]+)<', html)]
    assert len(left) == 100
    assert left[0] == 10000 - 120 * 10 == figure(html, "remaining")
    assert left == [left[0] + 10 * index for index in range(100)]
    assert "The newest 100 of 120 refunds" in html
