"""The demo store under random sequences, through its own pages and forms as one browser sends
them (cookies, the store's Origin on every write), against the real service: a Hypothesis state
machine.

Purchases (any product, approved, left pending or denied), second and later purchases in the same
browser, the back button to the checkout and reloads of a thank-you page, refunds of orders and of
captures and captures (with the question a large refund asks first), a form sent twice, a pending
order decided with the presenter tool, and the sandbox's clock moving. After every step, every
figure the back office shows of every order (its sums, its payments, its captures) is the one the
service's API gives, the order list shows each order's state, and the cart's badge counts what
the shopper put in it since their last purchase.

``make test`` runs a few sequences; ``make explore`` many more (tests/exploration.py).
"""

from __future__ import annotations

import http.cookiejar
import json
import re
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from backend_stub.testkit import Sandbox
from demo_store.catalogue import PRODUCTS
from demo_store.form_tokens import TOKEN_FIELD
from demo_store.payment_plans import PAYMENT_PRODUCTS, find_payment_product
from tests.demo.backoffice_pages import expected_figures, figure, form_token, notice, order_page_figures
from tests.demo.store_server import StoreServer
from tests.exploration import budget

MOST_ORDERS = 5
SLUGS = sorted(product.slug for product in PRODUCTS)
PRICES = {product.slug: product.price for product in PRODUCTS}
PRODUCT_TYPES = ("pay_in_4", "pay_later", "instalments")
# What one article alone can be bought with (some cost more than any plan covers).
PAYABLE = [slug for slug in SLUGS if any(product.covers(PRICES[slug]) for product in PAYMENT_PRODUCTS)]


def euros(cents: int) -> str:
    """What a merchant types for an amount: ``12.50``."""
    return f"{cents // 100}.{cents % 100:02d}"


class Browser:
    """One browser: its cookies, and the store's Origin on what it posts, as the store's pages
    send it. Redirects are followed, as a browser follows them."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )

    def _open(self, path: str, data: bytes | None = None, content_type: str | None = None) -> tuple[str, str]:
        request = urllib.request.Request(self.url + path, data=data)
        if data is not None:
            request.add_header("Origin", self.url)
            request.add_header("Content-Type", content_type or "application/x-www-form-urlencoded")
        try:
            with self.opener.open(request, timeout=30) as answer:
                return urllib.parse.urlsplit(answer.geturl()).path, answer.read().decode()
        except urllib.error.HTTPError as error:  # a result page of a refused payment is a 4xx
            return urllib.parse.urlsplit(error.geturl()).path, error.read().decode()

    def get(self, path: str) -> tuple[str, str]:
        """Where the browser ends up, and that page."""
        return self._open(path)

    def post(self, path: str, form: dict[str, str]) -> tuple[str, str]:
        return self._open(path, urllib.parse.urlencode(form).encode())

    def post_json(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        return json.loads(self._open(path, json.dumps(body).encode(), "application/json")[1])


class StoreMachine(RuleBasedStateMachine):
    store: StoreServer
    service: Sandbox

    def __init__(self) -> None:
        super().__init__()
        self.service.reset()
        self.browser = Browser(self.store.url)
        self.cart: dict[str, int] = {}
        self.orders: list[str] = []  # the store's orders, oldest first
        self.last_result: str | None = None

    # -- helpers ---------------------------------------------------------------------------------
    def _order(self, order_id: str) -> dict[str, Any]:
        return self.service.order(order_id)

    def _orders_in(self, status: str) -> list[str]:
        return [order_id for order_id in self.orders if self._order(order_id)["status"] == status]

    def _send(self, action: str, page: str, form: dict[str, str]) -> str:
        """Send the form of ``page`` that posts to ``action`` with its token, answering the question
        a large refund or "the rest" asks first, as a merchant says yes; the page shown after."""
        token = form_token(page, action)
        assert token, f"no form for {action}"
        _, shown = self.browser.post(action, {**form, TOKEN_FIELD: token})
        if 'data-testid="confirm-question"' in shown:
            confirm = form_token(shown.split('data-testid="confirm-question"', 1)[1], action)
            amount = re.search(r'name="amount" value="([^"]+)"', shown.split("confirm-question", 1)[1])
            assert confirm and amount
            _, shown = self.browser.post(
                action, {"amount": amount[1], "confirmed": "yes", TOKEN_FIELD: confirm}
            )
        return shown

    def _open_one(self, data: st.DataObject, status: str) -> tuple[str, str, str] | None:
        """One of the store's orders in ``status``, drawn, and its back-office page: (order id,
        the page's path, its HTML); None when there is none."""
        found = self._orders_in(status)
        if not found:
            return None
        order_id = data.draw(st.sampled_from(found))
        page = f"/backoffice/orders/{order_id}"
        return order_id, page, self.browser.get(page)[1]

    def _amount(self, data: st.DataObject, bound: int) -> int:
        near = [st.just(bound), st.just(bound + 1)] if bound > 0 else []
        return data.draw(st.one_of(st.integers(1, max(1, bound)), st.integers(1, 400_000), *near))

    # -- the shopper -------------------------------------------------------------------------------
    @precondition(lambda self: len(self.orders) < MOST_ORDERS)
    @rule(slug=st.sampled_from(SLUGS), quantity=st.integers(1, 3))
    def put_in_the_cart(self, slug: str, quantity: int) -> None:
        where, _ = self.browser.post("/cart/items", {"product": slug, "quantity": str(quantity)})
        assert where == "/cart"
        self.cart[slug] = min(20, self.cart.get(slug, 0) + quantity)

    @initialize(slug=st.sampled_from(PAYABLE), decision=st.sampled_from(("success", "success", "pending")))
    def a_first_purchase(self, slug: str, decision: str) -> None:
        """Every sequence starts with one article bought with a plan that covers it: the merchant's
        rules have an order to work on from the first step."""
        self.put_in_the_cart(slug, 1)
        self.pay(next(p.type for p in PAYMENT_PRODUCTS if p.covers(PRICES[slug])), decision)

    @precondition(lambda self: bool(self.cart))
    @rule(product_type=st.sampled_from(PRODUCT_TYPES), decision=st.sampled_from(("success", "pending", "ko")))
    def pay(self, product_type: str, decision: str) -> None:
        where, _ = self.browser.get(f"/checkout?method={product_type}")
        assert where == "/checkout", where  # a new cart's checkout, never an earlier thank-you page
        started = self.browser.post_json("/checkout/session", {"product_type": product_type})
        total = sum(PRICES[slug] * quantity for slug, quantity in self.cart.items())
        product = find_payment_product(product_type)
        assert product is not None
        if not product.covers(total):
            assert "checkout_id" not in started, started  # the service refuses what it does not cover
            return
        assert "checkout_id" in started, started
        self.service.decide(started["checkout_id"], decision)
        self.last_result = f"/checkout/result/{decision}?order={started['order_id']}&via=url"
        self.browser.get(self.last_result)
        self.orders.append(started["order_id"])
        if decision in ("success", "pending"):
            self.cart.clear()

    @precondition(lambda self: self.last_result is not None)
    @rule()
    def reload_the_thank_you_page(self) -> None:
        assert self.last_result is not None
        self.browser.get(self.last_result)  # empties nothing: the badge is checked after each step

    @rule()
    def back_to_the_checkout(self) -> None:
        where, _ = self.browser.get("/checkout")
        assert where == ("/checkout" if self.cart else "/cart"), where

    # -- the merchant ------------------------------------------------------------------------------
    @precondition(lambda self: bool(self.orders))
    @rule(data=st.data())
    def refund_an_order(self, data: st.DataObject) -> None:
        opened = self._open_one(data, "confirmed")
        if opened is None:
            return
        order_id, page, html = opened
        left = figure(html, "remaining")
        assert left is not None
        amount = self._amount(data, left)
        before = self._order(order_id)["refunded_amount"]
        shown = self._send(f"{page}/refund", html, {"amount": euros(amount)})
        after = self._order(order_id)["refunded_amount"]
        assert after == before + (amount if amount <= left else 0), (amount, left, notice(shown))
        if amount > left:
            assert "is more than the" in shown

    @precondition(lambda self: bool(self.orders))
    @rule(data=st.data())
    def capture(self, data: st.DataObject) -> None:
        opened = self._open_one(data, "confirmed")
        if opened is None:
            return
        order_id, page, html = opened
        most = figure(html, "capturable")
        assert most is not None
        if not most:
            assert form_token(html, f"{page}/captures") is None  # nothing to capture: no form
            return
        amount = self._amount(data, most)
        before = self._order(order_id)["captured_amount"]
        self._send(f"{page}/captures", html, {"amount": euros(amount)})
        assert self._order(order_id)["captured_amount"] == before + (amount if amount <= most else 0)

    @precondition(lambda self: bool(self.orders))
    @rule(data=st.data())
    def refund_a_capture(self, data: st.DataObject) -> None:
        captured = [
            order_id for order_id in self._orders_in("confirmed") if self._order(order_id)["captured_amount"]
        ]
        if not captured:
            return
        order_id = data.draw(st.sampled_from(captured))
        page = f"/backoffice/orders/{order_id}"
        captures = self.service.call("GET", f"/orders/{order_id}/captures")["results"]
        capture = data.draw(st.sampled_from(captures))
        if not capture["refundable_amount"]:
            return
        _, html = self.browser.get(page)
        amount = self._amount(data, capture["refundable_amount"])
        before = self._order(order_id)["refunded_amount"]
        self._send(f"{page}/captures/{capture['id']}/refunds", html, {"amount": euros(amount)})
        taken = amount if amount <= capture["refundable_amount"] else 0
        assert self._order(order_id)["refunded_amount"] == before + taken

    @precondition(lambda self: bool(self.orders))
    @rule(data=st.data())
    def send_a_refund_twice(self, data: st.DataObject) -> None:
        opened = self._open_one(data, "confirmed")
        if opened is None:
            return
        order_id, page, html = opened
        token = form_token(html, f"{page}/refund")
        assert token
        count = self.service.call("GET", f"/orders/{order_id}/refund")["refund_count"]
        for _ in range(2):  # a double click: the same form, the same token
            self.browser.post(f"{page}/refund", {"amount": "0.01", TOKEN_FIELD: token})
        assert self.service.call("GET", f"/orders/{order_id}/refund")["refund_count"] == count + 1

    @precondition(lambda self: bool(self.orders))
    @rule(data=st.data(), confirm=st.booleans())
    def decide_a_pending_order(self, data: st.DataObject, confirm: bool) -> None:
        opened = self._open_one(data, "pending")
        if opened is None:
            return
        order_id, page, html = opened
        self._send(f"{page}/decide", html, {"decision": "confirmed" if confirm else "denied"})
        assert self._order(order_id)["status"] == ("confirmed" if confirm else "denied")

    @rule(days=st.integers(1, 45))
    def time_passes(self, days: int) -> None:
        self.service.advance(days=days)

    # -- what must hold after every step ------------------------------------------------------------
    @invariant()
    def the_badge_counts_the_cart(self) -> None:
        _, html = self.browser.get("/cart")
        assert html.split("data-cart-count>", 1)[1].split("<", 1)[0] == str(sum(self.cart.values()))

    @invariant()
    def every_figure_is_the_service_s(self) -> None:
        if not self.orders:
            return
        _, listing = self.browser.get("/backoffice")
        rows = {row.split('"', 1)[0]: row for row in listing.split('<tr data-order="')[1:]}
        assert sorted(rows) == sorted(self.orders)
        for order_id in self.orders:
            order = self._order(order_id)
            captures = self.service.call("GET", f"/orders/{order_id}/captures")["results"]
            _, html = self.browser.get(f"/backoffice/orders/{order_id}")
            assert order_page_figures(html) == expected_figures(order, captures), order_id
            assert f'<span class="status status-{order["status"]}">' in html
            assert f"status-{order['status']}" in rows[order_id]


def test_the_back_office_shows_the_service_s_figures_whatever_the_shopper_and_merchant_do(
    store_server: StoreServer, service: Sandbox
) -> None:
    StoreMachine.store, StoreMachine.service = store_server, service
    try:
        run_state_machine_as_test(
            StoreMachine, settings=budget(examples=8, steps=25, explore_examples=100, explore_steps=40)
        )
    finally:
        service.reset()  # the session's server is shared: its clock goes back, its orders go
