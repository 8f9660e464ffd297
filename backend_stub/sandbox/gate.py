"""The gate: the one middleware that applies the sandbox controls to every request.

It is the outermost middleware, because
- the journal must see every request, CORS preflights included (the CORS middleware answers
  those itself), with its final status, errors rendered by the error middleware included;
- its own answers (maintenance, faults, throttling) then pass through the same error and CORS
  layers as the API's, explicitly (:func:`answer`), so a browser can read them.

For each request outside ``/_sandbox/``, in order: enter it in the journal; maintenance (API
routes only) answers 503; a fault is taken (any path) and, without a delay, answers at once;
the concurrency limit (API routes with a key) answers 429; the fault's delay runs, counted as
in flight; then the fault's status or drop, or the service itself. Maintenance comes first so
that it does not use up faults; a delayed request counts against its key's limit because it is
in flight, which is how tests hold requests to reach the limit.

When nothing is switched on, the cost is one journal entry and a few lookups.
"""

from __future__ import annotations

import functools
from contextlib import suppress

from aiohttp import web

from ..api.errors import APIError, NotAcceptable, Throttled, for_status
from ..api.middlewares import cors_middleware, error_middleware
from ..api.negotiation import negotiate
from ..api.rendering import MEDIA_TYPE
from ..api.routing import Handler, RouteInfo, route_info
from .faults import Fault
from .journal import DROPPED, FAILED, Entry
from .paths import CONTROL_PREFIX
from .switchboard import SWITCHBOARD, Switchboard

__all__ = ["gate_middleware", "answer", "drop"]


@web.middleware
async def gate_middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Journal, maintenance, faults and the concurrency limit, for every non-control request."""
    if request.path.startswith(CONTROL_PREFIX):
        return await handler(request)
    board = request.app[SWITCHBOARD]
    headers = request.headers
    entry = board.journal.open(
        request.method,
        request.path,
        request.rel_url.raw_query_string,
        headers.get("Authorization"),
        headers.get("Origin"),
    )
    try:
        response = await _admit(request, handler, board, entry)
    except web.HTTPException as exc:  # a redirect, which the error middleware lets through
        entry.finish(exc.status)
        raise
    except BaseException:
        entry.finish(None, FAILED)
        raise
    entry.finish(response.status)
    return response


async def _admit(
    request: web.Request, handler: Handler, board: Switchboard, entry: Entry
) -> web.StreamResponse:
    info = route_info(request)
    fault = None
    if board.maintenance.enabled or board.faults.active:  # so that "all off" costs two lookups
        if info is not None and board.maintenance.enabled:
            return await answer(request, board.maintenance.error(), info)
        fault = board.faults.take(request.method, request.path)
        if fault is not None:
            entry.fault = fault.id
            if not fault.delay_ms:
                return await _fault_answer(handler, fault, entry, request)
    serve = handler if fault is None else functools.partial(_delayed, handler, board, fault, entry)
    key = entry.authorization if info is not None else None
    if not key:
        return await serve(request)
    throttle = board.throttle
    if not throttle.enter(key):
        return await answer(request, Throttled(), info)
    try:
        return await serve(request)
    finally:
        throttle.leave(key)


async def _delayed(
    handler: Handler, board: Switchboard, fault: Fault, entry: Entry, request: web.Request
) -> web.StreamResponse:
    await board.faults.hold(fault.delay_ms)
    return await _fault_answer(handler, fault, entry, request)


async def _fault_answer(
    handler: Handler, fault: Fault, entry: Entry, request: web.Request
) -> web.StreamResponse:
    if fault.drop:
        entry.outcome = DROPPED
        return drop(request)
    if fault.status is not None:
        return await answer(request, for_status(fault.status), route_info(request))
    return await handler(request)


async def answer(request: web.Request, error: APIError, info: RouteInfo | None) -> web.StreamResponse:
    """The API's own answer for ``error``: rendered by the error middleware in the negotiated
    format, then labelled by the CORS middleware."""
    if info is not None:
        # An unacceptable Accept keeps the default format: the gate's answer matters more here.
        with suppress(NotAcceptable):
            request[MEDIA_TYPE] = negotiate(request.headers.get("Accept"), info.path_version)

    async def fail(_request: web.Request) -> web.StreamResponse:
        raise error

    rendered = functools.partial(error_middleware, handler=fail)
    if request.method == "OPTIONS":
        # A faulted preflight is meant to fail in the browser, so it gets no CORS headers.
        return await rendered(request)
    return await cors_middleware(request, rendered)


def drop(request: web.Request) -> web.StreamResponse:
    """Close the connection without an answer; the client sees a disconnect.

    The response returned is never sent: aiohttp finds the transport closing and stops there.
    """
    transport = request.transport
    if transport is not None:
        transport.close()
    return web.Response(status=444, reason="Dropped by a sandbox fault")
