"""The hosted checkout page, shown in the SDK's overlay: ``/checkout/:id/frame``.

The checkout id in the URL is what lets the page act (like a payment session token); the
decision endpoint takes JSON only, refuses other origins and names the server does not serve
under (backend_stub.api.hosts), so no other page can post to it, not even one whose name was
pointed at the server (DNS rebinding).

Each term's figures are the plan rule's at the merchant's rates, the same computation as
``GET /checkout/plans`` (:mod:`backend_stub.domain.plans`), so the page and the messages agree to
the cent. The whole page is in the language of the ``locale`` query parameter, its money and
dates by CLDR for that locale, region included (:mod:`backend_stub.language.shopper_locale`;
English without one, or for one that is no language tag: the page is never refused for it).
"""

from __future__ import annotations

import functools
from datetime import date

from aiohttp import web

from ..api.bodies import read_json
from ..api.errors import Forbidden
from ..api.hosts import check_served_host
from ..domain.checkouts import CREATED, EXPIRED, ORDER_STATUS_AFTER, Checkout, parse_decision
from ..domain.errors import NotFound
from ..domain.products import PRODUCTS
from ..domain.schedules import schedules
from ..language import formats
from ..language.plan_texts import plan_texts, product_name
from ..language.shopper_locale import language_part, shopper_locale
from ..state import state_of
from ..storage.checkouts import CheckoutStore
from ..storage.merchants import Merchant
from .page_files import page, render

__all__ = ["ROUTES"]


def _render(status: int, locale: str, **context: object) -> web.Response:
    context.setdefault("checkout", None)
    context.setdefault("reason", None)
    context.setdefault("merchant_name", "")
    context.setdefault("terms", [])
    context.setdefault("currency", "EUR")
    currency = str(context["currency"])
    html = render(
        "checkout.html",
        language_part(locale),
        money=functools.partial(formats.money, currency=currency, locale=locale),
        day=functools.partial(formats.day, locale=locale),
        **context,
    )
    return page(html, status)


def _terms(
    checkout: Checkout, merchant: Merchant | None, locale: str, today: date
) -> list[dict[str, object]]:
    """Each plan the checkout's product offers for its amount at the merchant's rates (the plan
    rule, as the plans API computes it), with its words and dated payments."""
    product = PRODUCTS[checkout.product_type]
    tins = merchant.tins(product.type) if merchant is not None else {}
    return [
        {
            "plan": plan,
            "texts": plan_texts(product, plan, checkout.currency, locale),
            "dated": plan.dated_payments(today),
        }
        for plan in schedules(product.type, checkout.total_amount, tins)
    ]


async def checkout_page(request: web.Request) -> web.Response:
    """The page a shopper sees: the order, the product, and the sandbox's three outcomes."""
    state = state_of(request)
    store = CheckoutStore(state.db)
    checkout_id = request.match_info["checkout_id"]
    locale = shopper_locale(request.query.get("locale"))
    try:
        checkout = store.find(checkout_id)
        merchant_id, merchant_name = store.merchant_of(checkout_id)
    except NotFound:
        return _render(404, locale, reason="missing")
    context: dict[str, object] = {
        "checkout": checkout,
        "merchant_name": merchant_name,
        "currency": checkout.currency,
        "product_label": product_name(PRODUCTS[checkout.product_type], locale),
    }
    status = checkout.status_at(state.clock.now())
    if status != CREATED:
        return _render(410, locale, reason=EXPIRED if status == EXPIRED else "decided", **context)
    terms = _terms(checkout, state.merchants.by_id(merchant_id), locale, state.clock.today())
    return _render(200, locale, terms=terms, **context)


async def decision(request: web.Request) -> web.Response:
    """The hosted page's buttons: decide the checkout once."""
    check_served_host(request, state_of(request).config.allowed_hosts)
    origin = request.headers.get("Origin")
    if origin is not None and origin != f"{request.scheme}://{request.host}":
        raise Forbidden("Only the hosted checkout page may decide a checkout.")
    decision = parse_decision(await read_json(request))
    state = state_of(request)
    checkout = CheckoutStore(state.db).decide(request.match_info["checkout_id"], decision, state.clock.now())
    return web.json_response(
        {
            "status": checkout.status,
            "order_status": ORDER_STATUS_AFTER[checkout.status],
            "instalments": checkout.instalments,
        }
    )


ROUTES = [
    web.get("/checkout/{checkout_id}/frame", checkout_page),
    web.post("/checkout/{checkout_id}/frame/decision", decision),
]
