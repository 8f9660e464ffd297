"""What every answer of the store goes through: security headers, the host it answers under,
and error pages in the store's look instead of aiohttp's plain text (who may act: .access)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from aiohttp import web
from aiohttp.web_protocol import RequestPayloadError

from .config import CONFIG
from .forms import Unreadable
from .service_client import ServiceUnreachable

__all__ = ["security_headers", "served_host", "error_pages", "compressed_leftovers"]

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
log = logging.getLogger("demo_store")


def content_security_policy(service_origin: str) -> str:
    """The docs' strict policy for merchants: the service needs ``script-src`` and ``frame-src``,
    and ``connect-src`` for its first answers to come by the shortest path (no ``'unsafe-eval'``,
    no inline script). The store keeps to it to prove it is enough."""
    return "; ".join(
        (
            "default-src 'self'",
            f"script-src 'self' {service_origin}",
            f"frame-src {service_origin}",
            "style-src 'self'",
            "img-src 'self' data:",
            # The SDK's first answers come by one request from the page (docs/sdk.md, CSP).
            f"connect-src 'self' {service_origin}",
            "base-uri 'none'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        )
    )


@web.middleware
async def security_headers(request: web.Request, handler: Handler) -> web.StreamResponse:
    """The README's CSP and two cheap hardening headers, on every answer (refusals included)."""
    try:
        response = await handler(request)
    except web.HTTPException as refusal:  # raised answers are responses too: they get the headers
        _harden(refusal.headers, request)
        raise
    _harden(response.headers, request)
    return response


def _harden(headers: MutableMapping[str, str], request: web.Request) -> None:
    csp = content_security_policy(request.app[CONFIG].service_origin)
    headers.setdefault("Content-Security-Policy", csp)
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers.setdefault("Referrer-Policy", "strict-origin-when-cross-origin")


@web.middleware
async def served_host(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Answer only under the store's public name. A page on a name that resolves to this machine
    (DNS rebinding) must not read the back office nor act in it; a shopper who typed another
    name for the store is sent to the public one (reading, never acting)."""
    config = request.app[CONFIG]
    # The health probe tells nothing: orchestrators may ask it by address.
    if config.serves(request.headers.get("Host", "")) or request.path == "/healthz":
        return await handler(request)
    if request.method in ("GET", "HEAD"):
        raise web.HTTPPermanentRedirect(config.public_origin + request.rel_url.path_qs)
    raise web.HTTPMisdirectedRequest(text=f"This store answers at {config.public_origin} only.")


@web.middleware
async def compressed_leftovers(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Close the connection, in the answer, after a compressed body left partly unread: aiohttp
    reads the rest to reuse the connection, and one that does not decode made it close the
    connection unannounced, under the client's next request."""
    try:
        response = await handler(request)
    except web.HTTPException as refusal:
        _close_if_unread(request, refusal)
        raise
    _close_if_unread(request, response)
    return response


def _close_if_unread(request: web.Request, response: web.StreamResponse) -> None:
    if "Content-Encoding" in request.headers and not request.content.is_eof():
        response.force_close()


def error_pages(render: Callable[..., web.Response]) -> Callable[..., Any]:
    """Turn 404s, an unreachable service and crashes into pages of the store."""

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        try:
            return await handler(request)
        except web.HTTPException as error:
            if error.status != 404 or request.path.startswith("/static/"):
                raise
            context = {"title": "Page not found", "message": "There is nothing at this address."}
            return render(request, "error.html", context, status=404)
        except RequestPayloadError:  # a form whose Content-Encoding does not decode
            context = {"title": "Unreadable form", "message": "The store could not read what was sent."}
            return render(request, "error.html", context, status=400)
        except Unreadable as error:
            return render(
                request, "error.html", {"title": "Unreadable form", "message": str(error)}, status=400
            )
        except ServiceUnreachable as error:
            message = f"The store could not reach the service at {error.url}. Is the sandbox server running?"
            return render(
                request, "error.html", {"title": "Service unreachable", "message": message}, status=503
            )
        except Exception:
            log.exception("error while answering %s %s", request.method, request.path)
            context = {"title": "Something went wrong", "message": "The store hit an unexpected error."}
            return render(request, "error.html", context, status=500)

    return middleware
