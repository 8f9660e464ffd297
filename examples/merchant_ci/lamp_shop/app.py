"""The Lamp Shop: a product page with the SDK's payment buttons, a checkout page, result pages.

It is a merchant's integration at its smallest, written as the README's quick start has it:

- the product page loads ``sdk.js`` with the *public* key and marks up its payment buttons,
  which lead to the checkout page for their product;
- the checkout page is rendered with the checkout's id: the server creates the checkout with the
  *private* key (``POST /checkout``), which never reaches the browser, and writes the id on the
  pay button, disabled until the shop's script (``static/pay.js``) has attached its handler;
- a click queues ``service.checkout`` on the SDK's global, so a click before the SDK is ready is
  not lost; the SDK sends the shopper to the result page for ``success``, ``pending``, ``ko``
  and ``error`` (the checkout's URLs), while a dismissed checkout calls ``onDismiss`` and the
  shopper stays on the checkout page;
- a Content-Security-Policy allows the service in ``script-src`` and ``frame-src``, nothing more.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import aiohttp
from aiohttp import web

from .pages import checkout_page, product_page, result_page, unavailable_page

__all__ = ["ShopConfig", "create_app", "PRICE", "CURRENCY"]

STATIC = Path(__file__).resolve().parent / "static"
PRICE, CURRENCY = 90000, "EUR"  # 900.00 EUR: instalments cover it, "pay in 15 days" does not
PRODUCT_TYPES = ("instalments", "pay_later")
# The statuses the SDK sends the shopper back with; "dismiss" stays on the page (onDismiss).
RESULT_STATUSES = ("success", "pending", "ko", "error")


@dataclass(frozen=True)
class ShopConfig:
    """Where the service is, and the shop's keys there."""

    service_url: str
    public_key: str = "pk_test_demo"
    private_key: str = "sk_test_demo"


CONFIG = web.AppKey("config", ShopConfig)
SESSION = web.AppKey("session", aiohttp.ClientSession)


def create_app(config: ShopConfig) -> web.Application:
    """The shop, talking to the service at ``config.service_url``."""
    app = web.Application(middlewares=[content_security_policy])
    app[CONFIG] = config
    app.router.add_get("/", show_product)
    app.router.add_get("/checkout", show_checkout)
    app.router.add_get("/result/{status}", show_result)
    app.router.add_static("/static/", STATIC)
    app.cleanup_ctx.append(service_session)
    return app


async def service_session(app: web.Application) -> AsyncIterator[None]:
    """One HTTP session to the service for the app's life."""
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=15)) as session:
        app[SESSION] = session
        yield


@web.middleware
async def content_security_policy(request: web.Request, handler) -> web.StreamResponse:
    """The two directives the SDK needs (docs/sdk.md), on every page: no inline script, no eval."""
    response = await handler(request)
    service = request.app[CONFIG].service_url
    response.headers["Content-Security-Policy"] = f"script-src 'self' {service}; frame-src {service}"
    return response


async def show_product(request: web.Request) -> web.Response:
    config = request.app[CONFIG]
    html = product_page(config.service_url, config.public_key, PRICE, CURRENCY)
    return web.Response(text=html, content_type="text/html")


async def show_checkout(request: web.Request) -> web.Response:
    """Create the checkout with the private key and render its id into the page (502 if the
    service does not create it)."""
    config = request.app[CONFIG]
    product_type = request.query.get("product")
    if product_type not in PRODUCT_TYPES:
        raise web.HTTPBadRequest(text="product must be instalments or pay_later")
    order_id = "lamp-" + uuid.uuid4().hex[:12]
    shop = f"{request.scheme}://{request.host}"
    body = {
        "merchant": {
            f"{status}_url": f"{shop}/result/{status}?order={order_id}" for status in RESULT_STATUSES
        },
        "order": {
            "id": order_id,
            "currency": CURRENCY,
            "total_amount": PRICE,
            "articles": [{"name": "Oak desk lamp", "quantity": 1, "unit_price": PRICE}],
        },
        "product": {"type": product_type},
    }
    headers = {"Authorization": f"Bearer {config.private_key}"}
    url = f"{config.service_url}/checkout"
    async with request.app[SESSION].post(url, json=body, headers=headers) as answer:
        if answer.status != 201:
            return web.Response(text=unavailable_page(), content_type="text/html", status=502)
        checkout = await answer.json()
    html = checkout_page(config.service_url, config.public_key, checkout["id"], PRICE, CURRENCY)
    return web.Response(text=html, content_type="text/html")


async def show_result(request: web.Request) -> web.Response:
    status = request.match_info["status"]
    if status not in RESULT_STATUSES:
        raise web.HTTPNotFound()
    return web.Response(text=result_page(status, request.query.get("order", "")), content_type="text/html")
