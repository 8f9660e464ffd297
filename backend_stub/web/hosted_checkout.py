"""The hosted checkout page, shown in the SDK's overlay: ``/checkout/:id/frame``.

The checkout id in the URL is what lets the page act (like a payment session token); the
decision endpoint takes JSON only, refuses other origins and names the server does not serve
under (backend_stub.api.hosts), so no other page can post to it, not even one whose name was
pointed at the server (DNS rebinding).
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

import jinja2
from aiohttp import web

from ..api.bodies import read_json
from ..api.errors import Forbidden
from ..api.hosts import check_served_host
from ..domain.checkouts import CREATED, EXPIRED, ORDER_STATUS_AFTER, parse_decision
from ..domain.errors import NotFound
from ..domain.schedules import schedules
from ..state import state_of
from ..storage.checkouts import CheckoutStore
from .js_comments import without_comments
from .money import format_money

__all__ = ["ROUTES"]

HERE = Path(__file__).resolve().parent
TEMPLATES = jinja2.Environment(
    loader=jinja2.FileSystemLoader(HERE / "templates"), autoescape=True, undefined=jinja2.StrictUndefined
)
TEMPLATES.filters["money"] = lambda amount, currency: format_money(amount, currency)
TEMPLATES.filters["day"] = lambda day: f"{day.day} {day:%b %Y}"  # 26 Nov 2026: no locale needed


STATIC_TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}


@functools.cache
def _static_files() -> dict[str, bytes]:
    """The page's own scripts and styles, by name, read once: a request names one of these or
    gets 404, and never reaches the disk (so no name can lead out of the folder)."""
    folder = HERE / "static"
    files = {
        path.name: path.read_bytes()
        for path in folder.iterdir()
        if path.is_file() and path.suffix in STATIC_TYPES
    }
    # The script's comments and JSDoc types are for its readers and tsc, not for the shopper's phone.
    return {
        name: without_comments(data.decode("utf-8")).encode("utf-8") if name.endswith(".js") else data
        for name, data in files.items()
    }


@functools.cache
def _static_url(name: str) -> str:
    # Versioned by content: a browser never pairs a page with an older cached copy of its script.
    digest = hashlib.sha256(_static_files()[name]).hexdigest()[:12]
    return f"/static/{name}?v={digest}"


TEMPLATES.globals["static"] = _static_url
TEMPLATES.globals["schedules"] = schedules  # the plan's figures come from the one rule
PAGE_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:;"
    " base-uri 'none'; form-action 'none'"
)
UNAVAILABLE = {
    "missing": "We could not find this checkout. Please return to the store and try again.",
    EXPIRED: "This checkout expired. Please return to the store and start again.",
    "decided": "This checkout was already completed.",
}
OUTCOMES = {
    "success": "Payment approved. Your order is confirmed.",
    "pending": "Your payment is pending confirmation. The store will let you know.",
    "ko": "Payment denied. Please choose another payment method in the store.",
}


def _page(body: str, status: int = 200) -> web.Response:
    response = web.Response(text=body, status=status, content_type="text/html", charset="utf-8")
    response.headers["Content-Security-Policy"] = PAGE_CSP
    response.headers["Cache-Control"] = "no-store"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


def _render(status: int, request: web.Request, **context: object) -> web.Response:
    context.setdefault("checkout", None)
    context.setdefault("problem", None)
    context.setdefault("reason", None)
    context.setdefault("merchant_name", "the store")
    context.setdefault("today", state_of(request).clock.today())  # the day a plan agreed now starts
    html = TEMPLATES.get_template("checkout.html").render(outcomes=OUTCOMES, **context)
    return _page(html, status)


async def checkout_page(request: web.Request) -> web.Response:
    """The page a shopper sees: the order, the product, and the sandbox's three outcomes."""
    store = CheckoutStore(state_of(request).db)
    checkout_id = request.match_info["checkout_id"]
    try:
        checkout = store.find(checkout_id)
    except NotFound:
        return _render(404, request, problem=UNAVAILABLE["missing"], reason="missing")
    merchant_name = store.merchant_name(checkout_id)
    status = checkout.status_at(state_of(request).clock.now())
    if status != CREATED:
        reason = EXPIRED if status == EXPIRED else "decided"
        return _render(
            410,
            request,
            checkout=checkout,
            merchant_name=merchant_name,
            problem=UNAVAILABLE[reason],
            reason=reason,
        )
    return _render(200, request, checkout=checkout, merchant_name=merchant_name)


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


async def static_file(request: web.Request) -> web.Response:
    """A script or style sheet of the hosted page, by its name in the page's own folder."""
    name = request.match_info["name"]
    body = _static_files().get(name)
    if body is None:
        raise web.HTTPNotFound()
    response = web.Response(body=body)
    response.headers["Content-Type"] = STATIC_TYPES[Path(name).suffix]
    response.headers["Cache-Control"] = "public, max-age=300"
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


ROUTES = [
    web.get("/checkout/{checkout_id}/frame", checkout_page),
    web.post("/checkout/{checkout_id}/frame/decision", decision),
    web.get("/static/{name}", static_file),
]
