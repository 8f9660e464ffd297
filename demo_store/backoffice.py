"""The merchant's side: what the order list's filter form means in the API's filter grammar, and
what an order page shows (what the shopper owes and when, captures, refunds, what stays
refundable).

The list holds the store's own orders only (``id-startswith=DS-``): the service's fixture gives
every sandbox merchant three sample orders, which are not this shop's sales. The filters a
merchant reaches for are status, an amount range, a date range and a text search;
they become ``status``, ``total_amount-gte`` / ``-lte``, ``created-gte`` / ``-lt``, and for the
search ``name-search`` or ``id-icontains``. The API combines filters with AND only, so one word
is looked for in both in turn: in order numbers first when it looks like part of one (a digit, a
dash), else in article names first; the page shows the first search that finds something.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any, ClassVar
from urllib.parse import urlencode

from aiohttp import web

from .checkout import ORDER_PREFIX
from .money import format_money, input_value, parse_money
from .service_client import PAGE_SIZE

__all__ = ["ORDER_STATUSES", "OrderFilters", "OrderBook", "RefundLine", "PAGE_SIZE", "page_number"]

ORDER_STATUSES = ("confirmed", "pending", "denied", "canceled")
# One word that looks like (part of) an order number: it has a digit or a dash.
_ORDER_NUMBER_PART = re.compile(r"^[A-Za-z0-9_-]*[0-9_-][A-Za-z0-9_-]*$")


def page_number(text: str) -> int:
    """A list's ``page`` query parameter as a page number; anything else is the first page."""
    # Nine digits 0-9: past any last page; int() of thousands of digits raises, and of "²"
    # (a digit to isdigit) too.
    wanted = text.isascii() and text.isdigit() and len(text) <= 9
    return int(text) if wanted and int(text) >= 1 else 1


@dataclass
class OrderFilters:
    """The order list's filter form, as typed; ``problems`` lists what could not be understood."""

    status: str = ""
    min_amount: str = ""
    max_amount: str = ""
    date_from: str = ""
    date_to: str = ""
    search: str = ""
    page: int = 1
    problems: list[str] = field(default_factory=list)

    # attribute -> query parameter of the form
    FORM_FIELDS: ClassVar[dict[str, str]] = {
        "status": "status",
        "min_amount": "min",
        "max_amount": "max",
        "date_from": "from",
        "date_to": "to",
        "search": "q",
    }

    @classmethod
    def from_query(cls, query: web.BaseRequest | dict[str, Any]) -> OrderFilters:
        """The filters of a ``/backoffice`` query string."""
        values = query.query if isinstance(query, web.BaseRequest) else query
        texts: dict[str, Any] = {attr: values.get(name, "").strip() for attr, name in cls.FORM_FIELDS.items()}
        filters = cls(**texts)
        filters.page = page_number(values.get("page", "1"))
        return filters

    @property
    def active(self) -> bool:
        return any(getattr(self, attr) for attr in self.FORM_FIELDS)

    def api_params(self) -> dict[str, str]:
        """The API filters to try first (see :meth:`searches`)."""
        return self.searches()[0]

    def searches(self) -> list[dict[str, str]]:
        """The API filters to try in turn until one finds orders; a value the store cannot read
        is left out and named in ``problems``."""
        self.problems.clear()
        params: dict[str, str] = {"id-startswith": ORDER_PREFIX}
        if self.status:
            if self.status in ORDER_STATUSES:
                params["status"] = self.status
            else:
                self.problems.append(f"“{self.status}” is not an order status.")
        for text, lookup, label in ((self.min_amount, "gte", "Minimum"), (self.max_amount, "lte", "Maximum")):
            if not text:
                continue
            amount = parse_money(text)
            if amount is None:
                self.problems.append(f"{label} amount “{text}” is not an amount in euros, such as 49.90.")
            else:
                params[f"total_amount-{lookup}"] = str(amount)
        start, end = self._day(self.date_from, "From"), self._day(self.date_to, "To")
        if start:
            params["created-gte"] = start.isoformat()
        if end and end < date.max:  # up to the last day there is: no bound at all
            # "To 23 November" includes that whole day: everything before the 24th, 00:00 UTC.
            params["created-lt"] = (end + timedelta(days=1)).isoformat()
        if not self.search:
            return [params]
        by_name = {**params, "name-search": self.search}
        if " " in self.search:
            return [by_name]
        by_number = {**params, "id-icontains": self.search}
        return [by_number, by_name] if _ORDER_NUMBER_PART.match(self.search) else [by_name, by_number]

    def _day(self, text: str, label: str) -> date | None:
        if not text:
            return None
        try:
            return date.fromisoformat(text)
        except ValueError:
            self.problems.append(f"{label} date “{text}” is not a date such as 2026-11-23.")
            return None

    def link(self, page: int) -> str:
        """The list's URL for ``page`` with the same filters."""
        query = {name: getattr(self, attr) for attr, name in self.FORM_FIELDS.items() if getattr(self, attr)}
        if page > 1:
            query["page"] = str(page)
        return "/backoffice" + ("?" + urlencode(query) if query else "")


@dataclass(frozen=True, slots=True)
class RefundLine:
    """A row of the order's refunds table: the record, what it refunded, and what was left after
    it, in the service's words (its ``pending_amount``: of the capture it was made on, else of
    the order)."""

    refund: dict[str, Any]
    of: str  # "the order" or "capture cap_..."
    left_after: str  # "€410.00 of the order", "€150.00 of the capture"


@dataclass
class OrderBook:
    """An order as the service shows it (``GET /orders``, with its money figures and schedule),
    its refunds and its captures.

    Every amount the page shows is one the service gave: what can be captured and refunded now
    (``capturable_amount``, ``refundable_amount``, each capture's ``refundable_amount``), what was
    captured, refunded and paid back, and what the shopper owes and when (``schedule``). The store
    adds nothing up: a back office that works its own figures out drifts from what the service
    accepts (a capture after a refund once offered more than the service would take).
    """

    order: dict[str, Any]
    refunds: list[dict[str, Any]]  # newest first, of the order and of its captures
    captures: list[dict[str, Any]]
    refund_count: int = 0  # every refund of the order: the service lists the newest only

    @property
    def refunds_not_listed(self) -> bool:
        """Whether the service's answer leaves older refunds out."""
        return self.refund_count > len(self.refunds)

    @property
    def total(self) -> int:
        return self.order["total_amount"]

    @property
    def currency(self) -> str:
        return self.order["currency"]

    @property
    def capturable(self) -> int:
        """What a capture may take now, as the service says."""
        return self.order["capturable_amount"]

    @property
    def refundable(self) -> int:
        """What a refund of the order may take now, as the service says."""
        return self.order["refundable_amount"]

    @property
    def schedule(self) -> list[dict[str, Any]]:
        """The shopper's payments as they stand: due date, amount, collected."""
        return self.order["schedule"]

    @property
    def next_payment(self) -> dict[str, Any] | None:
        """The first payment still to come, if any is left to pay."""
        return next((p for p in self.schedule if not p["collected"] and p["amount"] > 0), None)

    @property
    def actionable(self) -> bool:
        """Refunds and captures are for confirmed orders only (the document's rule 1)."""
        return self.order["status"] == "confirmed"

    @property
    def pending(self) -> bool:
        """A pending order waits for the service's decision."""
        return self.order["status"] == "pending"

    def refund_lines(self) -> list[RefundLine]:
        """The refunds, newest first, each with what was left after it."""
        lines = []
        for refund in self.refunds:
            capture_id = refund.get("capture_id")
            of = f"capture {capture_id}" if capture_id else "the order"
            left = f"{self.money(refund['pending_amount'])} of {'the capture' if capture_id else 'the order'}"
            lines.append(RefundLine(refund, of, left))
        return lines

    def capture(self, capture_id: str) -> dict[str, Any] | None:
        return next((capture for capture in self.captures if capture["id"] == capture_id), None)

    def capture_limit(self, capture: dict[str, Any]) -> str | None:
        """Why a capture can refund less than what is left of it, or None when it can refund all
        of that."""
        if capture["refundable_amount"] >= capture["remaining_amount"]:
            return None
        if self.order["status"] == "canceled":
            return "the order is canceled"
        if not self.actionable:
            return f"the order is {self.order['status']}"
        return f"the order has {self.money(self.refundable)} left to refund"

    def money(self, amount: int) -> str:
        return format_money(amount, self.currency)

    @staticmethod
    def input_value(amount: int) -> str:
        return input_value(amount)
