"""The middlewares, outermost first: CORS, errors, then the API pipeline (auth, version)."""

from __future__ import annotations

import logging
import re

from aiohttp import web

from ..domain.errors import DomainError
from ..state import state_of
from ..storage.merchants import Merchant
from .auth import authenticate
from .errors import APIError, InternalServerError, MethodNotAllowed, NotFound, from_domain
from .negotiation import negotiate
from .rendering import MEDIA_TYPE, render
from .routing import route_info

__all__ = ["cors_middleware", "error_middleware", "api_middleware", "MERCHANT"]

log = logging.getLogger(__name__)

MERCHANT = web.RequestKey("merchant", Merchant)  # the authenticated merchant
_VERSIONED_PATH = re.compile(r"^/v(\d+)(/|$)")
_CORS_EXEMPT = ("/_sandbox/",)  # controls must never be callable from a web page
_CORS_HEADERS = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Expose-Headers": "X-Service-Media-Type, Retry-After, Allow",
}


@web.middleware
async def cors_middleware(request: web.Request, handler) -> web.StreamResponse:
    """Answer preflights from any origin; the API takes a bearer key, never cookies."""
    if request.path.startswith(_CORS_EXEMPT):
        return await handler(request)
    if request.method == "OPTIONS" and "Access-Control-Request-Method" in request.headers:
        return web.Response(
            status=204,
            headers={
                **_CORS_HEADERS,
                "Access-Control-Allow-Methods": "GET, POST, DELETE, OPTIONS",
                "Access-Control-Allow-Headers": "Authorization, Accept, Content-Type",
                "Access-Control-Max-Age": "86400",
            },
        )
    response = await handler(request)
    response.headers.update(_CORS_HEADERS)
    return response


def _from_aiohttp(exc: web.HTTPException) -> APIError:
    if isinstance(exc, web.HTTPMethodNotAllowed):
        return MethodNotAllowed(
            f"Method {exc.method} is not allowed here.", allowed=frozenset(exc.allowed_methods)
        )
    if isinstance(exc, web.HTTPNotFound):
        return NotFound("No such resource.")
    if isinstance(exc, web.HTTPRequestEntityTooLarge):
        error = APIError("The request body is too large.")
        error.status, error.type = 413, "RequestEntityTooLargeException"
        return error
    return InternalServerError()


@web.middleware
async def error_middleware(request: web.Request, handler) -> web.StreamResponse:
    """Render every error in the document's shape; never a traceback or an HTML page."""
    try:
        return await handler(request)
    except APIError as exc:
        error = exc
    except DomainError as exc:
        error = from_domain(exc)
    except web.HTTPException as exc:
        if exc.status < 400:
            raise
        error = _from_aiohttp(exc)
    except Exception:
        log.exception("unexpected error on %s %s", request.method, request.path)
        error = InternalServerError("The server failed; retry later.")
    return render(request, error.body(), error.status, error.headers)


@web.middleware
async def api_middleware(request: web.Request, handler) -> web.StreamResponse:
    """Authenticate and negotiate for API routes; other paths pass through."""
    info = route_info(request)
    if info is None:
        versioned = _VERSIONED_PATH.match(request.path)
        if versioned:
            negotiate(None, int(versioned[1]))  # an unknown version is a 406, not a 404
        return await handler(request)
    request[MEDIA_TYPE] = negotiate(request.headers.get("Accept"), info.path_version)
    request[MERCHANT] = authenticate(
        request.headers.get("Authorization"), info.access, state_of(request).merchants
    )
    return await handler(request)
