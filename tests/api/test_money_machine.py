"""The service's money under random sequences: a Hypothesis state machine against the real server.

Orders on random products and terms (some pending, decided later; some agreed days ago), then any
sequence of order refunds, captures, capture refunds, clock moves and resets. A model written
from the rules (not from the server's code) predicts each answer, and after every step the
server's figures must be the model's, and hold on their own:

- collected − paid back + still owed = total − refunded, for every order;
- nothing captured or refunded beyond its bound (a request past one is refused, and changes
  nothing);
- the schedule's dates are the ones agreed, whatever the refunds;
- the running totals equal the rows (refunds, credits, captures, each capture's refunds).

``make test`` runs a few sequences; ``make explore`` many more (tests/exploration.py).
"""

from __future__ import annotations

import urllib.parse
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from itertools import pairwise
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from backend_stub.testkit import Sandbox, SandboxError
from tests.exploration import budget

MOST_ORDERS = 6
PLANS = st.sampled_from(
    [
        (None, None),
        ("pay_in_4", None),
        ("pay_later", None),
        ("instalments", 3),
        ("instalments", 6),
        ("instalments", 12),
    ]
)


def spread(total: int, count: int) -> list[int]:
    """The plan's rounding: every payment but the last rounded down, the last takes the rest."""
    share = total // count
    return [share] * (count - 1) + [total - share * (count - 1)]


@dataclass
class Capture:
    amount: int
    refunded: int = 0


@dataclass
class Order:
    """What the rules say an order holds."""

    total: int
    status: str
    dates: tuple[date, ...] = ()
    amounts: list[int] = field(default_factory=list)
    captured: int = 0
    refunded: int = 0
    order_refunded: int = 0
    paid_back: int = 0
    captures: dict[str, Capture] = field(default_factory=dict)
    plan_count: int = 1
    cost: int = 0  # what the agreed plan costs: the total, and its interest (none at this merchant)

    def agree(self, answer: dict[str, Any], product_type: str | None) -> None:
        """Take the dates the service agreed (checked against the plan's rule) and the amounts."""
        start = date.fromisoformat(answer["confirmed"][:10])
        self.dates = tuple(date.fromisoformat(payment["due_date"]) for payment in answer["schedule"])
        assert len(self.dates) == self.plan_count
        gaps = {(later - earlier).days for earlier, later in pairwise(self.dates)}
        if product_type in (None, "pay_in_4"):
            assert self.dates[0] == start and gaps <= {14}
        elif product_type == "pay_later":
            assert self.dates == (start + timedelta(days=15),)
        else:  # monthly, the first a month after
            first = self.dates[0]
            assert (first.year * 12 + first.month) - (start.year * 12 + start.month) == 1
            assert gaps <= {28, 29, 30, 31}
        self.amounts = spread(self.total, self.plan_count)
        self.cost = sum(self.amounts)

    @property
    def refundable(self) -> int:
        return self.total - self.refunded if self.status == "confirmed" else 0

    @property
    def capturable(self) -> int:
        if self.status != "confirmed":
            return 0
        return max(0, self.total - self.captured - self.order_refunded)

    def refund(self, amount: int, day: date, capture_id: str | None) -> int:
        """Apply a refund made on ``day``; what it pays back."""
        waiting = [n for n, due in enumerate(self.dates) if due > day]
        owed = sum(self.amounts[n] for n in waiting)
        balance = max(0, owed - amount)
        for n, share in zip(waiting, spread(balance, len(waiting)) if waiting else [], strict=True):
            self.amounts[n] = share
        credit = amount - (owed - balance)
        self.refunded += amount
        self.paid_back += credit
        if capture_id is None:
            self.order_refunded += amount
        else:
            self.captures[capture_id].refunded += amount
        if self.refunded == self.total:
            self.status = "canceled"
        return credit


def _noon(day: date) -> str:
    return datetime.combine(day, time(12)).isoformat() + "+00:00"


class MoneyMachine(RuleBasedStateMachine):
    service: Sandbox

    def __init__(self) -> None:
        super().__init__()
        self.service.reset()
        self.orders: dict[str, Order] = {}
        self.products: dict[str, str | None] = {}
        self.made = 0
        self.touched: str | None = None

    # -- helpers ---------------------------------------------------------------------------------
    def _today(self) -> date:
        return date.fromisoformat(self.service.clock()["today"])

    def _attempt(self, method: str, path: str, body: Any, expected: int) -> Any:
        """Send the request and check its status is the rules' one; the answer on success."""
        try:
            answer = self.service.call(method, path, body)
        except SandboxError as error:
            assert error.status == expected, (method, path, body, error.body)
            return None
        assert expected in (200, 201), (method, path, body, "accepted; the rules refuse it")
        return answer

    @staticmethod
    def _expected(order: Order, amount: int, bound: int) -> int:
        if order.status != "confirmed":
            return 409
        return 400 if amount > bound else 200

    def _amount(self, data: st.DataObject, bound: int, total: int) -> int:
        near = [st.just(bound), st.just(bound + 1)] if bound > 0 else []
        return data.draw(st.one_of(st.integers(1, max(1, bound)), st.integers(1, 2 * total), *near))

    # -- rules -------------------------------------------------------------------------------------
    @precondition(lambda self: len(self.orders) < MOST_ORDERS)
    @rule(
        plan=PLANS,
        total=st.integers(1, 300_000),
        pending=st.booleans(),
        days_ago=st.one_of(st.none(), st.integers(0, 400)),
    )
    def agree_an_order(self, plan, total, pending, days_ago) -> None:
        product_type, term = plan
        self.made += 1
        order_id = f"m{self.made}"
        body: dict[str, Any] = {"id": order_id, "total_amount": total, "product_type": product_type}
        if term is not None:
            body["instalments"] = term
        model = Order(total, "pending" if pending else "confirmed")
        model.plan_count = {None: 1, "pay_in_4": 4, "pay_later": 1}.get(product_type, term or 1)
        if not pending:
            body["status"] = "confirmed"
            if days_ago is not None:
                body["created"] = body["confirmed"] = _noon(self._today() - timedelta(days=days_ago))
        seeded = self.service.seed_orders(body)
        assert isinstance(seeded, dict)
        if not pending:
            model.agree(seeded, product_type)
        self.orders[order_id] = model
        self.products[order_id] = product_type
        self.touched = order_id

    @precondition(lambda self: any(order.status == "pending" for order in self.orders.values()))
    @rule(data=st.data(), confirm=st.booleans())
    def decide_a_pending_order(self, data, confirm) -> None:
        pending = sorted(oid for oid, order in self.orders.items() if order.status == "pending")
        order_id = data.draw(st.sampled_from(pending))
        decided = self.service.decide_order(order_id, "confirmed" if confirm else "denied")
        model = self.orders[order_id]
        model.status = decided["status"]
        if confirm:
            assert decided["confirmed"][:10] == self._today().isoformat()
            model.agree(decided, self.products[order_id])
        self.touched = order_id

    @precondition(lambda self: bool(self.orders))
    @rule(data=st.data())
    def refund_an_order(self, data) -> None:
        order_id = data.draw(st.sampled_from(sorted(self.orders)))
        model = self.orders[order_id]
        amount = self._amount(data, model.total - model.refunded, model.total)
        expected = self._expected(model, amount, model.total - model.refunded)
        answer = self._attempt("POST", f"/orders/{order_id}/refund", {"amount": amount}, expected)
        if answer is not None:
            record = answer["results"][0]
            credit = model.refund(amount, date.fromisoformat(record["accrual_date"]), None)
            assert (record["amount"], record["credit_to_customer"]) == (amount, credit)
            assert record["completed"] == (model.status == "canceled")
            assert answer["remaining_amount"] == model.total - model.refunded
        self.touched = order_id

    @precondition(lambda self: bool(self.orders))
    @rule(data=st.data())
    def capture(self, data) -> None:
        order_id = data.draw(st.sampled_from(sorted(self.orders)))
        model = self.orders[order_id]
        amount = self._amount(data, model.capturable, model.total)
        expected = self._expected(model, amount, model.capturable)
        answer = self._attempt(
            "POST", f"/orders/{order_id}/captures", {"amount": amount}, 201 if expected == 200 else expected
        )
        if answer is not None:
            model.captures[answer["id"]] = Capture(amount)
            model.captured += amount
        self.touched = order_id

    @precondition(lambda self: any(order.captures for order in self.orders.values()))
    @rule(data=st.data())
    def refund_a_capture(self, data) -> None:
        order_id = data.draw(st.sampled_from(sorted(oid for oid, o in self.orders.items() if o.captures)))
        model = self.orders[order_id]
        capture_id = data.draw(st.sampled_from(sorted(model.captures)))
        capture = model.captures[capture_id]
        bound = min(capture.amount - capture.refunded, model.total - model.refunded)
        amount = self._amount(data, bound, capture.amount)
        expected = self._expected(model, amount, bound)
        path = f"/orders/{order_id}/captures/{capture_id}/refunds"
        answer = self._attempt("POST", path, {"amount": amount}, expected)
        if answer is not None:
            record = answer["refunds"][0]
            credit = model.refund(amount, date.fromisoformat(record["accrual_date"]), capture_id)
            assert (record["capture_id"], record["credit_to_customer"]) == (capture_id, credit)
        self.touched = order_id

    @rule(days=st.integers(1, 60))
    def move_the_clock(self, days) -> None:
        before = self.service.clock()["offset_days"]
        assert self.service.advance(days=days)["offset_days"] == before + days

    @rule()
    def reset(self) -> None:
        self.service.reset()
        assert self.service.clock()["offset_days"] == 0
        self.orders.clear()
        self.touched = None

    # -- invariants --------------------------------------------------------------------------------
    def _shown(self) -> tuple[date, dict[str, dict[str, Any]]]:
        """Today on the sandbox's clock and every order of the model as the API shows it."""
        query = urllib.parse.urlencode({"id-in": ",".join(sorted(self.orders))})
        while True:  # read again if the sandbox's day changed meanwhile (midnight)
            today = self._today()
            found = self.service.call("GET", f"/orders?{query}")["results"]
            if self._today() == today:
                return today, {order["id"]: order for order in found}

    @invariant()
    def the_figures_are_the_rules(self) -> None:
        if not self.orders:
            return
        today, shown = self._shown()
        assert sorted(shown) == sorted(self.orders)
        for order_id, model in self.orders.items():
            order = shown[order_id]
            assert order["status"] == model.status
            schedule = [
                (date.fromisoformat(p["due_date"]), p["amount"], p["collected"]) for p in order["schedule"]
            ]
            assert tuple(due for due, _, _ in schedule) == model.dates  # the agreed dates, always
            assert [amount for _, amount, _ in schedule] == model.amounts
            assert [collected for due, _, collected in schedule] == [due <= today for due in model.dates]
            collected = sum(a for due, a in zip(model.dates, model.amounts, strict=True) if due <= today)
            owed = sum(model.amounts) - collected
            assert (order["collected_amount"], order["owed_amount"]) == (collected, owed)
            assert order["paid_back_amount"] == model.paid_back
            assert (order["captured_amount"], order["refunded_amount"]) == (model.captured, model.refunded)
            assert (order["capturable_amount"], order["refundable_amount"]) == (
                model.capturable,
                model.refundable,
            )
            if model.dates:  # agreed: collected − paid back + owed = what the plan costs − refunded
                assert collected - model.paid_back + owed == model.cost - model.refunded
            assert 0 <= model.captured <= model.total and 0 <= model.refunded <= model.total
            assert all(0 <= c.refunded <= c.amount for c in model.captures.values())

    @invariant()
    def the_running_totals_are_the_rows(self) -> None:
        if self.touched is None or self.touched not in self.orders:
            return
        order_id, model = self.touched, self.orders[self.touched]
        status = self.service.call("GET", f"/orders/{order_id}/refund")
        rows = status["results"]
        assert status["refund_count"] == len(rows)  # a sequence makes fewer than the 100 listed
        assert (
            sum(row["amount"] for row in rows) == model.refunded == model.total - status["remaining_amount"]
        )
        assert sum(row["credit_to_customer"] for row in rows) == model.paid_back
        captures, page = [], 1
        while page:
            answer = self.service.call("GET", f"/orders/{order_id}/captures?page={page}")
            captures += answer["results"]
            page = answer["cursor"]["after"]
        assert sum(capture["amount"] for capture in captures) == model.captured
        for capture in captures:
            mine = model.captures[capture["id"]]
            assert capture["refund_count"] == len(capture["refunds"])
            assert (
                sum(row["amount"] for row in capture["refunds"])
                == capture["refunded_amount"]
                == mine.refunded
            )
            assert capture["remaining_amount"] == mine.amount - mine.refunded
            expected = min(mine.amount - mine.refunded, model.refundable)
            assert capture["refundable_amount"] == expected


def test_the_money_of_orders_over_time(service: Sandbox) -> None:
    MoneyMachine.service = service
    try:
        run_state_machine_as_test(
            MoneyMachine, settings=budget(examples=12, steps=25, explore_examples=300, explore_steps=50)
        )
    finally:
        service.reset()  # the session's server is shared: its clock goes back, its orders go
