"""The gate: the sandbox controls, applied to every request before anything else runs.

Every route's handler is bound to :func:`admit` when it is registered (backend_stub.endpoints),
so the gate sees every request first and its final answer last, because
- the journal must see every request, CORS preflights included, with its final status, errors
  rendered included;
- its own answers (maintenance, faults, throttling) are rendered in the negotiated format and
  labelled for CORS like the API's, so a browser can read them (:func:`answer`).

For each request outside ``/_sandbox/``, in order: enter it in the journal; maintenance (API
routes only) answers 503; a fault is taken (any path) and, without a delay, answers at once;
the concurrency limit (API routes with a key) answers 429; the fault's delay runs, counted as
in flight; then the fault's status or drop, or the service itself
(:func:`backend_stub.api.serving.serve`). Maintenance comes first so that it does not use up
faults; a delayed request counts against its key's limit because it is in flight, which is how
tests hold requests to reach the limit.

When nothing is switched on, the cost is one journal entry and the limit's count.
"""

from __future__ import annotations

from contextlib import suppress

from aiohttp import web

from ..api.errors import APIError, NotAcceptable, Throttled, for_status
from ..api.negotiation import negotiate
from ..api.rendering import MEDIA_TYPE
from ..api.routing import Handler, RouteInfo
from ..api.serving import error_answer, label_for_cors, serve
from .faults import Fault
from .journal import DROPPED, FAILED, Entry
from .paths import CONTROL_PREFIX
from .switchboard import Switchboard

__all__ = ["admit", "answer", "drop"]


async def admit(
    handler: Handler, info: RouteInfo | None, board: Switchboard, request: web.Request
) -> web.StreamResponse:
    """Journal, maintenance, faults and the concurrency limit, then the service itself.

    ``handler`` is the route's, ``info`` what the API needs to know of the route (None: not an
    API operation), ``board`` the server's switchboard.
    """
    if request.path.startswith(CONTROL_PREFIX):
        # The controls are neither journalled nor callable from a web page (no CORS).
        return await serve(request, handler, info, cors=False)
    headers = request.headers
    entry = board.journal.open(
        request.method,
        request.path,
        request.rel_url.raw_query_string,
        headers.get("Authorization"),
        headers.get("Origin"),
    )
    try:
        if board.maintenance.enabled or board.faults.active:  # so that "all off" costs two lookups
            response = await _switched_on(request, handler, info, board, entry)
        else:
            response = await _within_limit(request, handler, info, board, entry, None)
    except web.HTTPException as exc:  # a redirect, which the service lets through
        entry.finish(exc.status)
        raise
    except BaseException:
        entry.finish(None, FAILED)
        raise
    entry.finish(response.status)
    return response


async def _switched_on(
    request: web.Request, handler: Handler, info: RouteInfo | None, board: Switchboard, entry: Entry
) -> web.StreamResponse:
    if info is not None and board.maintenance.enabled:
        return answer(request, board.maintenance.error(), info)
    fault = board.faults.take(request.method, request.path)
    if fault is not None:
        entry.fault = fault.id
        if not fault.delay_ms:
            return await _fault_answer(request, handler, info, fault, entry)
    return await _within_limit(request, handler, info, board, entry, fault)


async def _within_limit(
    request: web.Request,
    handler: Handler,
    info: RouteInfo | None,
    board: Switchboard,
    entry: Entry,
    fault: Fault | None,
) -> web.StreamResponse:
    """Serve the request (or its delayed fault), counted against its key's concurrency limit."""
    key = entry.authorization if info is not None else None
    if key and not board.throttle.enter(key):
        return answer(request, Throttled(), info)
    try:
        if fault is None:
            return await serve(request, handler, info)
        await board.faults.hold(fault.delay_ms)
        return await _fault_answer(request, handler, info, fault, entry)
    finally:
        if key:
            board.throttle.leave(key)


async def _fault_answer(
    request: web.Request, handler: Handler, info: RouteInfo | None, fault: Fault, entry: Entry
) -> web.StreamResponse:
    if fault.drop:
        entry.outcome = DROPPED
        return drop(request)
    if fault.status is not None:
        return answer(request, for_status(fault.status), info)
    return await serve(request, handler, info)


def answer(request: web.Request, error: APIError, info: RouteInfo | None) -> web.StreamResponse:
    """The API's own answer for ``error``, in the negotiated format, labelled for CORS."""
    if info is not None:
        # An unacceptable Accept keeps the default format: the gate's answer matters more here.
        with suppress(NotAcceptable):
            request[MEDIA_TYPE] = negotiate(request.headers.get("Accept"), info.path_version)
    response = error_answer(request, error)
    # A faulted preflight is meant to fail in the browser, so it gets no CORS headers.
    return response if request.method == "OPTIONS" else label_for_cors(request, response)


def drop(request: web.Request) -> web.StreamResponse:
    """Close the connection without an answer; the client sees a disconnect.

    The response returned is never sent: aiohttp finds the transport closing and stops there.
    """
    transport = request.transport
    if transport is not None:
        transport.close()
    return web.Response(status=444, reason="Dropped by a sandbox fault")
