"""The back office: the order list with filters and pages, and an order's payments, captures and
refunds.

Forms post, then redirect back with a notice (reloading the answer never refunds twice), and each
carries a one-time token the service gets as ``Idempotency-Key`` (a form sent twice refunds once:
:mod:`..form_tokens`). When the service refuses, the order page is shown again with the service's
words next to the form that failed.
"""

from __future__ import annotations

import math
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import quote

from aiohttp import web

from ..backoffice import ORDER_STATUSES, PAGE_SIZE, OrderBook, OrderFilters
from ..config import CONFIG, SERVICE, SIGNER
from ..explanations import api_detail, explain
from ..flash import set_notice
from ..form_tokens import FORM_TURNS, OUT_OF_DATE, idempotency_key, read_token
from ..forms import read_form
from ..money import AmountError, format_money, read_money
from ..rendering import render, see_other
from ..service_client import Keyed, Page, ServiceClient, ServiceError, ServiceUnreachable

__all__ = ["ROUTES"]


async def order_list(request: web.Request) -> web.Response:
    filters = OrderFilters.from_query(request)
    searches = filters.searches()
    params = searches[0]
    page: Page | None = None
    failure: str | None = None
    try:
        for params in searches:
            try:
                page = await request.app[SERVICE].list_orders(params, filters.page)
            except ServiceError as error:
                # A later page of the other search: this one has no such page.
                if error.status == 404 and params is not searches[-1]:
                    continue
                raise
            if page.count:
                break
    except ServiceError as error:
        if error.status == 404 and filters.page > 1:
            failure = f"There is no page {filters.page} for these filters."
        else:
            failure = explain(error, "search")
    except ServiceUnreachable as error:
        failure = explain(error, "search")
    pages = max(1, math.ceil(page.count / PAGE_SIZE)) if page else 1
    context = {
        "filters": filters,
        "statuses": ORDER_STATUSES,
        "page": page,
        "pages": pages,
        "first_shown": (filters.page - 1) * PAGE_SIZE + 1,
        "failure": failure,
        "api_query": params,
    }
    return render(request, "backoffice_orders.html", context)


async def _order_book(service: ServiceClient, order_id: str) -> OrderBook:
    order = await service.find_order(order_id)
    if order is None:
        raise web.HTTPNotFound()
    status = await service.refund_status(order_id)
    captures = await service.list_captures(order_id)
    refunds = status["results"]
    return OrderBook(order, refunds, captures, status.get("refund_count", len(refunds)))


async def order_page(request: web.Request) -> web.Response:
    book = await _order_book(request.app[SERVICE], request.match_info["order_id"])
    return render(request, "backoffice_order.html", {"book": book, "failed": None, "confirm": None})


# What each form's amount is bounded by, in words that follow the amount: "more than the €70.00 ...".
Limit = Callable[[OrderBook], tuple[int, str] | None]
# What a form does at the service, under the form's Idempotency-Key: its answer, and the notice.
Make = Callable[[ServiceClient, str, int, str], Awaitable[tuple[Keyed, str]]]
SENT_BEFORE = "This form was sent before: the service did it once, and nothing more was done."
# A refund above this (minor units) is asked again with its amount in words before it is made:
# money that leaves the shop does not come back with a click.
CONFIRM_ABOVE = 10000


def _read_amount(typed: str) -> int | str:
    """The typed amount in minor units, or what is wrong with it in words."""
    try:
        amount = read_money(typed)
    except AmountError as error:
        return str(error)
    return amount if amount > 0 else f"Enter an amount above {format_money(0)}."


async def _act(
    request: web.Request,
    form_id: str,
    action: str,
    make: Make,
    limit: Limit,
) -> web.Response:
    """Read the amount, call ``make(amount)`` and redirect with its notice; or show the order
    again with what went wrong next to the form ``form_id``, or with the question a refund asks
    first (a large amount, or "the rest", which is read again now: another tab may have moved it)."""
    service = request.app[SERVICE]
    order_id = request.match_info["order_id"]
    form = await read_form(request)
    token = read_token(form)
    typed = str(form.get("amount", ""))
    read = _read_amount(typed) if token else OUT_OF_DATE
    amount = read if isinstance(read, int) else None
    confirmed, rest = form.get("confirmed") == "yes", form.get("rest") == "yes"
    refusal: ServiceError | ServiceUnreachable | None = None
    problem, detail = read if isinstance(read, str) else "", []
    if amount is not None and not confirmed and (rest or (action == "refund" and amount > CONFIRM_ABOVE)):
        book = await _order_book(service, order_id)
        posted, bound = amount, limit(book)
        if rest:
            amount = bound[0] if bound else 0
        if amount <= 0:
            problem = f"Nothing is left to {action} now: the page was out of date."
        elif bound and amount > bound[0]:
            pass  # more than there is: the service refuses it, the page says so, nothing to confirm
        elif action == "refund" or amount != posted:
            changed = f"The page showed {book.money(posted)}; it changed since. " if amount != posted else ""
            confirm = {"form": form_id, "amount": amount, "action": action, "changed": changed}
            return render(
                request, "backoffice_order.html", {"book": book, "failed": None, "confirm": confirm}
            )
    if amount is not None and token and not problem:
        try:
            # A second request of this form waits for the first, then gets its answer again.
            async with request.app[FORM_TURNS].turn(token):
                answer, notice = await make(service, order_id, amount, idempotency_key(token))
        except (ServiceError, ServiceUnreachable) as error:
            refusal = error
        else:
            response = see_other(f"/backoffice/orders/{quote(order_id, safe='')}")
            set_notice(
                response, request.app[SIGNER], f"{SENT_BEFORE} {notice}" if answer.replayed else notice
            )
            return response
    book = await _order_book(service, order_id)
    if refusal is not None:
        problem = explain(refusal, action)
        bound = limit(book)
        if isinstance(refusal, ServiceError):
            detail = api_detail(refusal)
            if (
                refusal.status == 400
                and "amount" in refusal.fields
                and bound
                and amount is not None
                and amount > bound[0]
            ):
                # The API counts in cents; the page says it in money.
                most, words = book.money(bound[0]), bound[1]
                problem = (
                    f"The service refused the {action}: {book.money(amount)} is more than the {most} {words}."
                )
    failed = {"form": form_id, "message": problem, "detail": detail, "amount": typed}
    # 200, as for any form shown again with its errors: a 4xx document is a red console line for
    # the merchant, and the problem is already said on the page.
    return render(request, "backoffice_order.html", {"book": book, "failed": failed, "confirm": None})


def _paid_back(refund: dict[str, Any]) -> str:
    """What a refund paid back to the shopper, said after the refund's notice."""
    credit = refund["credit_to_customer"]
    if credit == refund["amount"]:
        return " All of it is paid back to the shopper: nothing was left to pay."
    if credit:
        return (
            f" It lowered what the shopper still owes, and {format_money(credit)} of it is paid"
            " back to them: more than they still owed."
        )
    return " It lowers what the shopper still owes: nothing is paid back."


async def refund_order(request: web.Request) -> web.Response:
    async def make(service: ServiceClient, order_id: str, amount: int, key: str) -> tuple[Keyed, str]:
        answer = await service.refund_order(order_id, amount, key=key)
        status = answer.data
        left, paid_back = status["remaining_amount"], _paid_back(status["results"][0])
        if left == 0:
            return (
                answer,
                f"Refunded {format_money(amount)}.{paid_back} The order is fully refunded and now canceled.",
            )
        return answer, f"Refunded {format_money(amount)}.{paid_back} {format_money(left)} left to refund."

    return await _act(
        request, "refund", "refund", make, lambda book: (book.refundable, "the order has left to refund")
    )


async def capture_order(request: web.Request) -> web.Response:
    async def make(service: ServiceClient, order_id: str, amount: int, key: str) -> tuple[Keyed, str]:
        answer = await service.capture(order_id, amount, key=key)
        return answer, f"Captured {format_money(amount)} (capture {answer.data['id']})."

    return await _act(
        request, "capture", "capture", make, lambda book: (book.capturable, "the order has left to capture")
    )


async def refund_capture(request: web.Request) -> web.Response:
    capture_id = request.match_info["capture_id"]

    async def make(service: ServiceClient, order_id: str, amount: int, key: str) -> tuple[Keyed, str]:
        answer = await service.refund_capture(order_id, capture_id, amount, key=key)
        capture = answer.data
        done = f"Refunded {format_money(amount)} of capture {capture_id}.{_paid_back(capture['refunds'][0])}"
        if capture["refunds"][0]["completed"]:
            return answer, f"{done} The order is fully refunded and now canceled."
        return answer, f"{done} {format_money(capture['refundable_amount'])} of it can still be refunded."

    def limit(book: OrderBook) -> tuple[int, str] | None:
        capture = book.capture(capture_id)
        return (capture["refundable_amount"], "this capture can still refund") if capture else None

    return await _act(request, f"capture-{capture_id}", "refund", make, limit)


# The presenter's buttons: the service's later decision on a pending order (a sandbox control).
DECISIONS = {"confirmed": "confirmed", "denied": "denied"}


async def decide_order(request: web.Request) -> web.Response:
    """A presenter tool, in the sandbox only: confirm or deny a pending order, as the service
    would later decide it (``POST /_sandbox/orders/:id/decide``)."""
    order_id = request.match_info["order_id"]
    if not request.app[CONFIG].sandbox:
        raise web.HTTPNotFound()
    form = await read_form(request)
    decision = DECISIONS.get(str(form.get("decision", "")))
    token = read_token(form)
    problem = None if token else OUT_OF_DATE
    if decision is None:
        problem = "Choose to confirm or to deny the order."
    if problem is None and token:
        try:
            async with request.app[FORM_TURNS].turn(token):
                await request.app[SERVICE].decide_order(order_id, decision or "")
        except ServiceError as error:
            if error.status != 409:  # decided already (a second click): say what it is now
                problem = explain(error, "decision")
        except ServiceUnreachable as error:
            problem = explain(error, "decision")
    if problem is None:
        book = await _order_book(request.app[SERVICE], order_id)
        response = see_other(f"/backoffice/orders/{quote(order_id, safe='')}")
        set_notice(
            response, request.app[SIGNER], f"The service {book.order['status']} the order (presenter tool)."
        )
        return response
    book = await _order_book(request.app[SERVICE], order_id)
    failed = {"form": "decide", "message": problem, "detail": [], "amount": ""}
    return render(request, "backoffice_order.html", {"book": book, "failed": failed, "confirm": None})


# The presenter's clock: how far one press moves the sandbox's clock (a monthly payment falls due).
CLOCK_STEP_DAYS = 30


async def move_clock(request: web.Request) -> web.Response:
    """A presenter tool, in the sandbox only: move the sandbox's clock a month forward
    (``POST /_sandbox/clock``) and show the order again, its payments collected meanwhile."""
    order_id = request.match_info["order_id"]
    if not request.app[CONFIG].sandbox:
        raise web.HTTPNotFound()
    token = read_token(await read_form(request))
    back = f"/backoffice/orders/{quote(order_id, safe='')}"
    if token is None:
        notice = OUT_OF_DATE
    else:
        try:
            async with request.app[FORM_TURNS].turn(token):
                clock = await request.app[SERVICE].advance_clock(CLOCK_STEP_DAYS)
        except (ServiceError, ServiceUnreachable) as error:
            notice = explain(error, "clock move")
        else:
            notice = (
                f"The sandbox's clock moved {CLOCK_STEP_DAYS} days forward: it is {clock['today']} in the"
                " sandbox (presenter tool). The payments due by then are collected."
            )
    response = see_other(back)
    set_notice(response, request.app[SIGNER], notice)
    return response


ROUTES = [
    web.get("/backoffice", order_list, name="backoffice"),
    web.get("/backoffice/orders/{order_id}", order_page, name="backoffice_order"),
    web.post("/backoffice/orders/{order_id}/refund", refund_order, name="backoffice_refund"),
    web.post("/backoffice/orders/{order_id}/captures", capture_order, name="backoffice_capture"),
    web.post("/backoffice/orders/{order_id}/decide", decide_order, name="backoffice_decide"),
    web.post("/backoffice/orders/{order_id}/clock", move_clock, name="backoffice_clock"),
    web.post(
        "/backoffice/orders/{order_id}/captures/{capture_id}/refunds",
        refund_capture,
        name="backoffice_capture_refund",
    ),
]
