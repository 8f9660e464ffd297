"""``create_app(config)``: the demo store as an aiohttp application (nothing is built at import)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
from aiohttp import web

from .access import backoffice_login, same_origin_writes
from .cart_payments import CartPayments
from .config import CONFIG, PAYMENTS, SERVICE, SIGNER, StoreConfig
from .form_tokens import FORM_TURNS, FormTurns
from .middlewares import compressed_leftovers, error_pages, security_headers, served_host
from .rendering import render
from .service_client import ServiceClient
from .signed_cookies import CookieSigner
from .views import backoffice, campaigns, cart, checkout, shop

__all__ = ["SERVER_NAME", "create_app"]

STATIC = Path(__file__).resolve().parent / "static"
# What the Server header says: the store's name, without its software or their versions (a
# merchant who copies this store should not tell every visitor what to attack).
SERVER_NAME = "demo-store"


async def _name_the_server(_request: web.Request, response: web.StreamResponse) -> None:
    response.headers["Server"] = SERVER_NAME


def create_app(config: StoreConfig | None = None) -> web.Application:
    """The store for ``config`` (defaults: the sandbox on 127.0.0.1:8400 and Demo Shop's keys)."""
    config = config or StoreConfig()
    # Outermost first: headers go on error pages too; other names, cross-site writes and the back
    # office without its password are refused before any work.
    app = web.Application(
        middlewares=[
            compressed_leftovers,
            security_headers,
            served_host,
            error_pages(render),
            same_origin_writes,
            backoffice_login,
        ]
    )
    app[CONFIG] = config
    app[SIGNER] = CookieSigner(config.cookie_secret)
    app[PAYMENTS] = CartPayments()
    app[FORM_TURNS] = FormTurns()
    app.on_response_prepare.append(_name_the_server)
    for routes in (shop.ROUTES, cart.ROUTES, checkout.ROUTES, backoffice.ROUTES, campaigns.ROUTES):
        app.router.add_routes(routes)
    app.router.add_static("/static/", STATIC, name="static")
    app.cleanup_ctx.append(_service_client)
    return app


async def _service_client(app: web.Application) -> AsyncIterator[None]:
    """One HTTP session to the service for the app's life (connections are reused)."""
    config = app[CONFIG]
    async with aiohttp.ClientSession() as session:
        app[SERVICE] = ServiceClient(config.service_url, config.private_key, session, sandbox=config.sandbox)
        yield
