"""The checkout page, the endpoint its script calls to start a checkout, and the result pages.

The browser never sees the private key: it asks the store (``POST /checkout/session``), the store
creates the checkout with ``POST /checkout`` and hands back only the checkout id, which the page
passes to ``service.checkout``.
"""

from __future__ import annotations

import logging

from aiohttp import web

from ..cart import Cart, load_cart, save_cart
from ..checkout import CALLBACKS, VIA, cart_articles, checkout_request, new_order_id, result_path
from ..config import CONFIG, PAYMENTS, SERVICE, SIGNER
from ..explanations import explain
from ..forms import Unreadable, read_json
from ..money import format_money
from ..one_payment import PAID, Attempt, earlier_attempt
from ..outcomes import REPORTED, SERVICE_STATUS_WORDS, outcome_for
from ..payment_plans import find_payment_product
from ..rendering import render, see_other
from ..service_client import ServiceClient, ServiceError, ServiceUnreachable

__all__ = ["ROUTES"]

log = logging.getLogger("demo_store")
STYLES = ("callbacks", "urls")


async def checkout_page(request: web.Request) -> web.StreamResponse:
    cart = load_cart(request, request.app[SIGNER])
    if not cart.lines:
        return see_other("/cart")
    paid = await _paid_attempt(request, cart)
    if paid is not None:
        # Approved in the window, then reloaded or Back before the result page: that page, which
        # says so and empties the cart, rather than a live Pay for a paid cart.
        return see_other(result_path(paid.status, paid.order_id, "url"))
    method = find_payment_product(request.query.get("method", ""))
    style = request.query.get("style", "callbacks")
    context = {
        "sdk": True,
        "chosen": method.type if method else "",
        "style": style if style in STYLES else "callbacks",
        "changed": request.query.get("changed") == "1",
    }
    response = render(request, "checkout.html", context)
    # Never kept for the Back button: after paying, Back must ask the store again (whose cart
    # is then empty) rather than show a live Pay button.
    response.headers["Cache-Control"] = "no-store"
    return response


def _problem(message: str, status: int) -> web.Response:
    return web.json_response({"error": message}, status=status)


async def _earlier(
    service: ServiceClient, attempts: list[tuple[str, str]], cart: Cart, product_type: str
) -> Attempt | None:
    """The cart's earlier attempt Pay must honour (see :mod:`..one_payment`), from its attempts
    ``(order id, checkout id)``, newest first."""
    answers = []
    for order_id, checkout_id in attempts:
        try:
            answers.append((order_id, await service.get_checkout(checkout_id)))
        except ServiceError as error:
            # Forgotten by the service (a reset sandbox): it cannot be paid twice.
            log.info("earlier checkout %s not found: %s", checkout_id, error)
    return earlier_attempt(answers, product_type, cart_articles(cart) if cart.lines else None)


def _attempts(cart: Cart, recorded: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """What Pay must look at, newest first: the checkouts the store's server started for this
    cart (another tab's, a moment ago) and this browser's own; once a payment emptied the cart,
    the order that did."""
    if not cart.lines:
        return [cart.last_placed] if cart.last_placed else []
    return list(dict.fromkeys(recorded + cart.live_checkouts()))


async def _paid_attempt(request: web.Request, cart: Cart) -> Attempt | None:
    """The cart's attempt the service has as paid (approved or pending), or None; None too when
    the service cannot be asked (Pay asks again, and says why)."""
    attempts = _attempts(cart, request.app[PAYMENTS].started(cart.id))
    if not attempts:
        return None
    try:
        earlier = await _earlier(request.app[SERVICE], attempts, cart, "")
    except (ServiceError, ServiceUnreachable) as error:
        log.info("could not ask about the cart's attempts: %s", error)
        return None
    return earlier if earlier is not None and earlier.action == PAID else None


def _already_paid(attempt: Attempt) -> web.Response:
    words = "is paid" if attempt.status == "success" else "is paid, the payment pending confirmation"
    return web.json_response(
        {
            "error": f"This cart {words}: order {attempt.order_id}. Nothing more will be charged.",
            "paid": {
                "order_id": attempt.order_id,
                "url": result_path(attempt.status, attempt.order_id, "url"),
            },
        },
    )  # 200: the answer is understood and said on the page; a 4xx would be a red console line


def _session(order_id: str, checkout_id: str) -> dict[str, object]:
    return {
        "checkout_id": checkout_id,
        "order_id": order_id,
        "results": {status: result_path(status, order_id, "callback") for status in REPORTED},
    }


async def start_checkout(request: web.Request) -> web.Response:
    """``{"product_type", "expire"?}`` → ``{"checkout_id", "order_id", "results"}``: a new
    checkout for the cart, and the store's result pages for the page's callbacks."""
    if request.content_type != "application/json":
        # JSON only: a form on another site cannot send it without the browser asking first.
        return _problem("Send JSON.", 415)
    try:
        body = await read_json(request)
    except Unreadable as error:
        return _problem(str(error), 400)
    body = body if isinstance(body, dict) else {}
    product = find_payment_product(str(body.get("product_type", "")))
    if product is None:
        return _problem("Choose a payment method.", 400)
    cart = load_cart(request, request.app[SIGNER])
    shown = body.get("cart")
    if cart.lines and isinstance(shown, str) and shown != cart.fingerprint:
        # Another tab changed the cart since this page showed it: pay nothing unseen.
        return web.json_response(
            {
                "error": f"Your cart changed in another tab: it is now {format_money(cart.total)}.",
                "changed": True,
            }
        )  # 200, as _already_paid: said on the page, which shows the cart again
    payments = request.app[PAYMENTS]
    # One Pay at a time per cart, on this server: a second tab's Pay waits, then finds this one's
    # checkout (the cookie it sent cannot hold it yet).
    async with payments.lock(cart.id):
        return await _start(request, cart, product.type, body.get("expire") is True)


async def _start(request: web.Request, cart: Cart, product_type: str, expire: bool) -> web.Response:
    config, service, payments = request.app[CONFIG], request.app[SERVICE], request.app[PAYMENTS]
    order_id = new_order_id()
    try:
        earlier = await _earlier(service, _attempts(cart, payments.started(cart.id)), cart, product_type)
        if earlier is not None and earlier.action == PAID:
            return _already_paid(earlier)
        if not cart.lines:
            return _problem("Your cart is empty.", 400)
        # The same cart's checkout, undecided (another tab): open it again. A presenter asking for
        # the expired outcome gets a new one to expire.
        if earlier is not None and not expire:
            response = web.json_response(_session(earlier.order_id, earlier.checkout_id))
            if cart.checkout_for(earlier.order_id) is None:  # this browser's result page needs it
                cart.started(earlier.order_id, earlier.checkout_id)
                save_cart(response, request.app[SIGNER], cart)
            return response
        checkout = await service.create_checkout(
            checkout_request(cart, product_type, order_id, config.public_origin, config.currency)
        )
        if expire and config.sandbox:
            await service.expire_checkout(checkout["id"])
    except (ServiceError, ServiceUnreachable) as error:
        log.warning("checkout for %s refused: %s", order_id, error)
        status = 503 if isinstance(error, ServiceUnreachable) else 502
        return _problem(explain(error, "payment", thing="checkout"), status)
    payments.record(cart.id, order_id, checkout["id"])
    cart.started(order_id, checkout["id"])
    response = web.json_response(_session(order_id, checkout["id"]))
    save_cart(response, request.app[SIGNER], cart)
    return response


async def result_page(request: web.Request) -> web.Response:
    """Where a checkout ends. The URL says which outcome the browser reported; the store's server
    asks the service about the checkout this browser started for that order (never trust a URL
    for money) and the page says what the service says. The cart is emptied only for an order
    the service has as confirmed or pending."""
    reported = request.match_info["status"]
    if reported not in REPORTED:
        raise web.HTTPNotFound()
    order_id = request.query.get("order", "")
    via = request.query.get("via", "")
    signer = request.app[SIGNER]
    cart = load_cart(request, signer)
    checkout_id = cart.checkout_for(order_id)
    checkout, service_status, problem = None, None, None
    if checkout_id:
        try:
            checkout = await request.app[SERVICE].get_checkout(checkout_id)
            service_status = str(checkout["status"])
        except (ServiceError, ServiceUnreachable) as error:
            log.warning("could not confirm checkout %s: %s", checkout_id, error)
            service_status, problem = "unreachable", explain(error, "confirmation", thing="checkout")
    outcome = outcome_for(reported, service_status)
    emptied = outcome.placed and cart.placed(order_id)
    product = find_payment_product(checkout["product"]["type"]) if checkout else None
    context = {
        "outcome": outcome,
        "reported": reported,
        "callback": CALLBACKS[reported],
        "order_id": order_id,
        "via": via if via in VIA else None,
        "checkout_id": checkout_id,
        "checkout": checkout,
        "product": product,
        "service_status": service_status,
        "service_words": SERVICE_STATUS_WORDS.get(service_status or "", service_status),
        "problem": problem,
        "cart": cart,  # the header's badge must not count what was just bought
    }
    response = render(request, "result.html", context, status=outcome.status)
    if emptied:
        save_cart(response, signer, cart)
    return response


ROUTES = [
    web.get("/checkout", checkout_page, name="checkout"),
    web.post("/checkout/session", start_checkout, name="checkout_session"),
    web.get("/checkout/result/{status}", result_page, name="result"),
]
