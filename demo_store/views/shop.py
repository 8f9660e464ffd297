"""The shop window: the catalogue, product pages, and the health probe."""

from __future__ import annotations

from aiohttp import web

from ..catalogue import PRODUCTS, find_product
from ..rendering import render

__all__ = ["ROUTES"]


async def catalogue(request: web.Request) -> web.Response:
    return render(request, "catalogue.html", {"products": PRODUCTS, "sdk": True})


async def product_page(request: web.Request) -> web.Response:
    product = find_product(request.match_info["slug"])
    if product is None:
        raise web.HTTPNotFound()
    return render(request, "product.html", {"product": product, "sdk": True})


async def health(request: web.Request) -> web.Response:
    """200 once the store answers (what ``demo_store.launch`` waits for); it does not ask the
    service, which has its own probe."""
    return web.json_response({"status": "ok"})


ROUTES = [
    web.get("/", catalogue, name="catalogue"),
    web.get("/products/{slug}", product_page, name="product"),
    web.get("/healthz", health, name="health"),
]
