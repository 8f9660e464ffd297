"""The gate: the sandbox controls, applied to every request before anything else runs.

Every route's handler is bound to :func:`admit` when it is registered (backend_stub.endpoints),
so the gate sees every request first and its final answer last, because
- the journal must see every request, CORS preflights included, with its final status, errors
  rendered included;
- its own answers (maintenance, faults, throttling) are rendered in the negotiated format and
  labelled for CORS like the API's, so a browser can read them (:func:`answer`).

For each request outside ``/_sandbox/``, in order: enter it in the journal; maintenance (API
routes only) answers 503; a fault is taken (any path) and, without a delay, answers at once;
the concurrency limit (API routes with a known key) answers 429; the fault's delay runs, counted as
in flight; then the fault's status or drop, or the service itself
(:func:`backend_stub.api.serving.serve`); then the answer is written out, within the write
timeout (:mod:`backend_stub.api.slow_readers`). Maintenance comes first so that it does not use up
faults; a delayed request counts against its key's limit because it is in flight, which is how
tests hold requests to reach the limit.

When nothing is switched on, the cost is one journal entry and the limit's count.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, suppress

from aiohttp import web

from ..api.auth import key_holder
from ..api.errors import APIError, NotAcceptable, ServiceUnavailable, Throttled, for_status
from ..api.negotiation import negotiate
from ..api.rendering import MEDIA_TYPE
from ..api.routing import Handler, RouteInfo
from ..api.serving import error_answer, label_for_cors, serve
from ..state import state_of
from ..storage.merchants import MerchantStore
from .faults import Fault
from .journal import ANSWERED, DROPPED, FAILED, UNREAD, Entry
from .paths import CONTROL_PREFIX
from .switchboard import SWITCHBOARD, Switchboard
from .throttle import unknown_key_of

__all__ = [
    "DROPPED_STATUS",
    "ENTRY",
    "INTERNAL",
    "admit",
    "answer",
    "drop",
    "internal_get",
    "place_under_limit",
]

# Marks a request the server makes itself (a check for the first answers), which shares the
# connection of the request that made it, and that request's place under the key's concurrency
# limit: True when it has one, False when it was past the limit (the check then answers 429).
INTERNAL = web.RequestKey("backend_stub.internal", bool)
# The request's journal entry (copied into an internal check's clone: its parent's).
ENTRY = web.RequestKey("backend_stub.journal_entry", Entry)
# What a dropped request's never-sent response says (nginx's "no response").
DROPPED_STATUS = 444
# A request held by a delay when the sandbox was reset: it must not act on the fresh data.
_ENDED_BY_RESET = ServiceUnavailable(
    "The sandbox was reset while this request was held by a fault; it was not served.",
    headers={"Retry-After": "0"},
)


async def admit(
    handler: Handler,
    info: RouteInfo | None,
    board: Switchboard,
    merchants: MerchantStore,
    request: web.Request,
) -> web.StreamResponse:
    """Journal, maintenance, faults and the concurrency limit, then the service itself.

    ``handler`` is the route's, ``info`` what the API needs to know of the route (None: not an
    API operation), ``board`` the server's switchboard, ``merchants`` its keys. The gate's steps
    are plain functions and this is its only coroutine: each layer costs on every request.
    """
    if request.path.startswith(CONTROL_PREFIX):
        # The controls are neither journalled nor callable from a web page (no CORS).
        control = await serve(request, handler, info, None, cors=False)
        await state_of(request).slow_readers.send(request, control)
        return control
    headers = request.headers
    holder = key_holder(headers.get("Authorization"), merchants)
    internal = request.get(INTERNAL)
    # An internal check is a clone of the request that makes it, whose entry it is part of.
    entry = board.journal.open(
        request.method,
        request.path,
        request.rel_url.raw_query_string,
        holder,
        headers.get("Origin"),
        None if internal is None else request.get(ENTRY),
    )
    request[ENTRY] = entry
    # The limit counts keys as the merchants' keys they resolve to, whatever their spelling, and
    # a request without a known key as its client's; an internal check (the first answers') is
    # counted once, by the request that makes it.
    key = None
    if info is not None and internal is None:
        key = holder[2] if holder is not None else unknown_key_of(request.remote)
    try:
        response, fault = None, None
        if board.maintenance.enabled or board.faults.active:  # so that "all off" costs two lookups
            response, fault = _switched_on(request, info, board, entry)
        if response is None:
            if internal is False or (key and not board.throttle.enter(key)):
                response = answer(request, Throttled(), info)
            else:
                try:  # a delayed request counts against its key's limit: it is in flight
                    if fault is not None:
                        if await board.faults.hold(fault.delay_ms):
                            response = answer(request, _ENDED_BY_RESET, info)
                        else:
                            response = _fault_answer(request, info, fault, entry)
                    if response is None:
                        response = await serve(request, handler, info, holder)
                finally:
                    if key:
                        board.throttle.leave(key)
    except web.HTTPException as exc:  # a redirect, which the service lets through
        entry.finish(exc.status)
        raise
    except BaseException:
        entry.finish(None, FAILED)
        raise
    if response.status == DROPPED_STATUS:  # a handler that dropped the connection (drop())
        entry.outcome = DROPPED
    entry.finish(response.status)
    sent = False
    try:
        # An internal check's answer is its caller's to use, not to send.
        sent = internal is not None or await state_of(request).slow_readers.send(request, response)
    finally:  # not sent, or cancelled as its connection went (a server that cancels handlers)
        if not sent and entry.outcome == ANSWERED:  # a drop fault's outcome stands
            entry.outcome = UNREAD
    return response


def _switched_on(
    request: web.Request, info: RouteInfo | None, board: Switchboard, entry: Entry
) -> tuple[web.StreamResponse | None, Fault | None]:
    """The answer maintenance or a fault gives at once, and the fault whose delay is still to run."""
    if info is not None and board.maintenance.enabled:
        return answer(request, board.maintenance.error(), info), None
    fault = board.faults.take(request.method, request.path)
    if fault is None:
        return None, None
    entry.fault = fault.id
    if fault.delay_ms:
        return None, fault
    # A fault without a delay has a status or a drop: parse_fault insists on one of the three.
    return _fault_answer(request, info, fault, entry), None


def _fault_answer(
    request: web.Request, info: RouteInfo | None, fault: Fault, entry: Entry
) -> web.StreamResponse | None:
    """The fault's own answer, or None when it only delays the service's."""
    if fault.drop:
        entry.outcome = DROPPED
        return drop(request)
    if fault.status is not None:
        return answer(request, for_status(fault.status), info)
    return None


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
    # An internal request's connection is the bridge page's: only the check's answer is lost.
    if transport is not None and request.get(INTERNAL) is None:
        transport.close()
    return web.Response(status=DROPPED_STATUS, reason="Dropped by a sandbox fault")


async def internal_get(
    request: web.Request, rel_url: str, headers: dict[str, str], *, within_limit: bool
) -> web.StreamResponse:
    """The answer to a ``GET rel_url`` with ``headers`` that the server makes itself while
    serving ``request``, through the route's whole pipeline (journal, maintenance, faults, keys)
    as if a client had sent it; ``within_limit``: whether ``request`` holds a place under the
    key's concurrency limit, which the inner request shares (past it, it answers 429). A dropped
    inner request answers :data:`DROPPED_STATUS` and leaves ``request``'s connection open."""
    inner = request.clone(method="GET", rel_url=rel_url, headers=headers)
    inner[INTERNAL] = within_limit
    match = await request.app.router.resolve(inner)
    return await match.handler(inner)


@contextmanager
def place_under_limit(request: web.Request, key: str | None) -> Iterator[bool]:
    """One place of ``key``'s concurrency limit (the key as its merchant has it; None: a key the
    server does not know, counted as its client's, as an API request's is) held while a request
    that is not an API request itself (a page of the service) makes its :func:`internal_get`
    requests: yields whether it got one (past the limit, they answer 429)."""
    throttle = request.app[SWITCHBOARD].throttle
    counted = key if key is not None else unknown_key_of(request.remote)
    entered = throttle.enter(counted)
    try:
        yield entered
    finally:
        if entered:
            throttle.leave(counted)
