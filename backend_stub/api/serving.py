"""How the API serves one request around its route's handler.

In order: a CORS preflight is answered here; an API route gets its version and format
negotiated and its key checked; the handler runs; any error becomes an answer in the document's
error shape (never a traceback or an HTML page); the answer is labelled for CORS.

This is not a middleware: the sandbox gate (:func:`backend_stub.sandbox.gate.admit`), bound
into every route by backend_stub.endpoints (whose docstring says why), calls :func:`serve` for
every request.
"""

from __future__ import annotations

import functools
import logging
import re

from aiohttp import web

from ..domain.errors import DomainError
from ..storage.merchants import KeyHolder, Merchant
from . import idempotency
from .auth import authorize
from .errors import APIError, InternalServerError, MethodNotAllowed, NotFound, PayloadTooLarge, from_domain
from .negotiation import negotiate, version_number
from .rendering import MEDIA_TYPE, render
from .routing import Handler, RouteInfo

__all__ = ["MERCHANT", "serve", "error_answer", "label_for_cors"]

log = logging.getLogger(__name__)

MERCHANT = web.RequestKey("merchant", Merchant)  # the authenticated merchant
_VERSIONED_PATH = re.compile(r"^/v(\d+)(/|$)")
# The API takes a bearer key, never cookies, so any origin may call it.
_CORS_HEADERS = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Expose-Headers": (
        "X-Service-Media-Type, Retry-After, Allow, Idempotent-Replayed, Idempotent-Kept"
    ),
}
_PREFLIGHT_HEADERS = {
    **_CORS_HEADERS,
    "Access-Control-Allow-Methods": "GET, POST, DELETE, OPTIONS",
    "Access-Control-Allow-Headers": "Authorization, Accept, Content-Type, Idempotency-Key",
    "Access-Control-Max-Age": "86400",
}


async def serve(
    request: web.Request,
    handler: Handler,
    info: RouteInfo | None,
    holder: KeyHolder | None,
    *,
    cors: bool = True,
) -> web.StreamResponse:
    """The answer to ``request``: preflight, API checks, the handler, errors rendered, CORS.

    ``info`` is the API route the request matched (None: not an API path), ``holder`` what its
    ``Authorization`` header's key was found to be (:func:`~.auth.key_holder`). Without ``cors``
    (the sandbox controls, which a web page must never call) no CORS header is ever sent.
    """
    headers = request.headers
    if cors and request.method == "OPTIONS" and "Access-Control-Request-Method" in headers:
        return web.Response(status=204, headers=_PREFLIGHT_HEADERS)
    idempotent = False
    try:
        if info is not None:
            request[MEDIA_TYPE] = negotiate(headers.get("Accept"), info.path_version)
            request[MERCHANT] = authorize(holder, info.access, headers)
            idempotent = request.method == "POST" and idempotency.KEY_HEADER in headers
        elif versioned := _VERSIONED_PATH.match(request.path):
            negotiate(None, version_number(versioned[1]))  # an unknown version is a 406, not a 404
        if idempotent:
            answer = functools.partial(_answered, request, handler)
            response = await idempotency.once(request, request[MERCHANT], answer)
        else:
            response = await handler(request)
    except Exception as exc:
        response = _error_or_redirect(request, exc)
    if "Content-Encoding" in headers and not request.content.is_eof():
        # aiohttp reads what is left of a body after the answer, to reuse the connection; a
        # compressed body that does not decode then makes it close the connection unannounced,
        # under the client's next request. Said in the answer, the client opens a new one.
        response.force_close()
    return label_for_cors(request, response) if cors else response


async def _answered(request: web.Request, handler: Handler) -> web.StreamResponse:
    """The handler's answer, or the error it raised as an answer."""
    try:
        return await handler(request)
    except Exception as exc:
        return _error_or_redirect(request, exc)


def _error_or_redirect(request: web.Request, exc: Exception) -> web.Response:
    if isinstance(exc, web.HTTPException) and exc.status < 400:
        raise exc  # a redirect goes out as aiohttp makes it
    if isinstance(exc, ConnectionResetError):
        raise exc  # the client went away mid-body: no answer to give (api.protocol_errors)
    return error_answer(request, exc)


def error_answer(request: web.Request, exc: Exception) -> web.Response:
    """``exc`` as an answer in the error format, in the format the request negotiated."""
    if isinstance(exc, APIError):
        error = exc
    elif isinstance(exc, DomainError):
        error = from_domain(exc)
    elif isinstance(exc, web.HTTPException):
        error = _from_aiohttp(exc)
    else:
        log.exception("unexpected error on %s %s", request.method, request.path, exc_info=exc)
        error = InternalServerError("The server failed; retry later.")
    return render(request, error.body(), error.status, error.headers)


def label_for_cors(request: web.Request, response: web.StreamResponse) -> web.StreamResponse:
    """``response`` with the headers that let a web page read it.

    Only for requests with an ``Origin``: a browser sends one with every cross-origin request,
    and a merchant's server or a same-origin page need no CORS headers (Starlette's and
    django-cors-headers' rule too). API answers carry no freshness information, so no cache
    can hand an answer without them to a page that needs them.
    """
    if "Origin" in request.headers:
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
        return PayloadTooLarge()
    return InternalServerError()
