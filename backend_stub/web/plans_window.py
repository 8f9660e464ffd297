"""The information window: ``/checkout/plans/window``, the page a message's "learn more" opens in
the SDK's overlay, on the service's origin.

It shows, in the shopper's language, the plans for an amount (one product's, or every product's
the merchant offers), each with its dated payments, and the representative example. Its
figures and texts are ``GET /checkout/plans``'s own: the page makes that request itself, with
the public key it is given, through the API's whole pipeline (journal, maintenance, faults, the
key's concurrency limit, each product's button check), so the window never says what the
messages and the hosted checkout would not.

Query parameters: ``amount``, ``currency``, ``product`` (a product type; absent: every product),
``locale`` (a language tag: its language's words, its region's money and dates; English
without one, or for one that is no tag), ``key`` (the
merchant's **public** key: a private key never reaches a browser, and such a page is refused),
``origin`` (the page that framed it, which alone hears its messages).

To its parent it speaks as the hosted checkout does (static/plans_window.js): ``{channel:
"service-plans", type: "loaded"}`` once shown, ``{channel: "service-plans", type: "close"}``
when the shopper closes it (its close control, or Escape), sent only to ``origin`` and only when
that is the page framing it.
"""

from __future__ import annotations

import json
from datetime import date
from typing import Any
from urllib.parse import urlencode

from aiohttp import web

from ..api.auth import key_holder
from ..domain.plans import BELOW_MINIMUM
from ..domain.products import PRODUCTS
from ..language import formats
from ..language.catalogs import translations
from ..language.shopper_locale import language_part, shopper_locale
from ..sandbox.gate import DROPPED_STATUS, drop, internal_get, place_under_limit
from ..state import state_of
from .page_files import page, render

__all__ = ["ROUTES", "WINDOW_PATH"]

WINDOW_PATH = "/checkout/plans/window"
PLANS_PATH = "/checkout/plans"


def _why_not(product: dict[str, Any], currency: str, locale: str) -> str:
    """Why a product offers nothing for the amount, in the shopper's words."""
    _ = translations(locale).gettext
    limits = product["limits"]
    if limits is None:
        return _("Not offered in %(currency)s.") % {"currency": currency}
    figures = {
        "minimum": formats.money(limits["min_amount"], currency, locale),
        "maximum": formats.money(limits["max_amount"], currency, locale),
    }
    if product["reason"] == BELOW_MINIMUM:
        return _("Available from %(minimum)s.") % figures
    return _("Available up to %(maximum)s.") % figures  # above its maximum


def _render(status: int, locale: str, **context: Any) -> web.Response:
    context.setdefault("problem", None)
    context.setdefault("details", [])
    context.setdefault("answer", None)
    return page(render("plans_window.html", language_part(locale), **context), status)


def _products(answer: dict[str, Any], locale: str, today: date) -> list[dict[str, Any]]:
    """Each product of the answer, with its plans' dated payments from ``today`` (the sandbox
    clock's day) and, when it offers nothing, why not."""
    currency = answer["currency"]
    shown = []
    for product in answer["products"]:
        registered = PRODUCTS[product["type"]]
        plans = [
            {
                **plan,
                "dated": [
                    (formats.day(day, locale), formats.money(amount, currency, locale))
                    for day, amount in zip(
                        registered.due_dates(plan["count"], today), plan["payments"], strict=True
                    )
                ],
            }
            for plan in product["plans"]
        ]
        why_not = None if product["available"] else _why_not(product, currency, locale)
        shown.append({**product, "plans": plans, "why_not": why_not})
    return shown


async def plans_window(request: web.Request) -> web.StreamResponse:
    """The window for the query's amount, product and language."""
    query = request.query
    locale = shopper_locale(query.get("locale"))
    key = query.get("key", "")
    holder = key_holder(f"Bearer {key}", state_of(request).merchants) if key else None
    if holder is None:
        return _render(401, locale, problem="unknown_key")
    if holder[1] != "public":
        return _render(403, locale, problem="private_key")
    params = {"amount": query.get("amount", ""), "currency": query.get("currency", ""), "locale": locale}
    if "product" in query:
        params["product[type]"] = query["product"]
    headers = {"Host": request.headers.get("Host", ""), "Authorization": f"Bearer {key}"}
    headers["Accept"] = "application/json"
    url = f"{PLANS_PATH}?{urlencode(params)}"
    with place_under_limit(request, holder[2]) as entered:
        response = await internal_get(request, url, headers, within_limit=entered)
    if response.status == DROPPED_STATUS:
        return drop(request)
    body = response.body if isinstance(response, web.Response) else None
    assert isinstance(body, bytes)  # every API answer is rendered whole (api.rendering)
    answer = json.loads(body)
    if response.status != 200:
        fields = answer["error"].get("fields", {})
        # The window's parameter is `product`; the API names it as its own query does.
        details = [
            f"{'product' if field == 'product[type]' else field}: {' '.join(messages)}"
            for field, messages in fields.items()
        ]
        problem = "mistake" if details else "try_later"
        return _render(response.status, locale, problem=problem, details=details)
    amount = formats.money(answer["amount"], answer["currency"], locale)
    products = _products(answer, locale, state_of(request).clock.today())
    return _render(200, locale, answer=answer, amount=amount, products=products)


ROUTES = [web.get(WINDOW_PATH, plans_window)]
