"""Idempotent retries: every API ``POST`` may carry an ``Idempotency-Key`` (CONTRACT 4.5).

The same merchant sending the same key with the same method, path and body within the
lifetime (24 hours) gets the first answer again, status, headers and body, with
``Idempotent-Replayed: true``, and nothing happens twice. The same key with another method,
path or body is a 409, and so is a retry that arrives while the first request under the key is
still running. Keys are per merchant. Answers are kept in SQLite, so they survive a restart,
as data: a retry gets the first answer in the format it asks for (JSON or XML). A reset forgets
them, answers still being made included (:meth:`~..storage.idempotency.IdempotencyStore.forget`).

Answers a retry could change are not kept, so the retry runs again: 5xx (the server failed or
was down), 408 and 429 (try again later). A 4xx that the request itself caused is kept, as
payment APIs do: the retry of a refund refused for its amount is refused the same way.

:func:`once` is called by :func:`~.serving.serve` for every API ``POST`` that has the header,
so no handler knows about keys.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Awaitable, Callable

import orjson
from aiohttp import web

from ..state import state_of
from ..storage.idempotency import StoredAnswer
from ..storage.merchants import Merchant
from ..turns import next_turn
from .bodies import read_body
from .errors import Conflict, ValidationFailed
from .rendering import RENDERED, render, render_empty, to_json

__all__ = ["KEY_HEADER", "REPLAYED_HEADER", "MAX_KEY_LENGTH", "check_key", "once"]

KEY_HEADER = "Idempotency-Key"
REPLAYED_HEADER = "Idempotent-Replayed"
MAX_KEY_LENGTH = 255
# Statuses a retry may well change: their answers are not kept.
_NOT_KEPT = frozenset({408, 429})
# Headers aiohttp writes for each answer itself, and those of its format: the replay gets its own.
_NOT_REPLAYED = frozenset(
    {
        "content-length",
        "date",
        "server",
        "transfer-encoding",
        "connection",
        "content-type",
        "x-service-media-type",
    }
)
_NOTHING = object()


def check_key(key: str) -> str | None:
    """Why ``key`` is not a valid idempotency key (1 to 255 printable ASCII characters), or None."""
    if not 1 <= len(key) <= MAX_KEY_LENGTH:
        return f"Use 1 to {MAX_KEY_LENGTH} characters."
    if not all(" " <= char <= "~" for char in key):
        return "Use printable ASCII characters only."
    return None


def _fingerprint(method: str, path: str, body: bytes) -> str:
    digest = hashlib.sha256(f"{method} {path}\n".encode())
    digest.update(body)
    return digest.hexdigest()


def _replay(request: web.Request, answer: StoredAnswer) -> web.Response:
    if answer.data is None:
        response = render_empty(request, answer.status)
        response.headers.update(answer.headers)
    else:
        response = render(request, orjson.loads(answer.data), answer.status, answer.headers)
    response.headers[REPLAYED_HEADER] = "true"
    return response


async def once(
    request: web.Request, merchant: Merchant, answer: Callable[[], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    """The answer to ``request`` under its ``Idempotency-Key``: the stored one, or ``answer()``'s
    (which must render errors as answers rather than raise them), stored for the next retry."""
    key = request.headers[KEY_HEADER]
    problem = check_key(key)
    if problem is not None:
        raise ValidationFailed(fields={KEY_HEADER: [problem]})
    state = state_of(request)
    store, running, slot = state.idempotency, state.keys_running, (merchant.id, key)
    # Marked running before anything is awaited (the server runs on one event loop), so two
    # requests under one key can never both go ahead; a body still arriving counts as running.
    if slot in running:
        raise Conflict(f"A request with {KEY_HEADER} {key!r} is still running; retry when it has answered.")
    running.add(slot)
    generation = store.generation  # a reset while the request runs: its answer is not kept
    try:
        fingerprint = _fingerprint(request.method, request.path, await read_body(request))
        stored = store.find(merchant.id, key, time.time())
        if stored is not None:
            if stored.fingerprint != fingerprint:
                raise Conflict(f"{KEY_HEADER} {key!r} was used with another request; use a new key.")
            return _replay(request, stored)
        request.pop(RENDERED, None)
        response = await answer()
        data = request.get(RENDERED, _NOTHING)
        if data is not _NOTHING and response.status < 500 and response.status not in _NOT_KEPT:
            headers = {
                name: value for name, value in response.headers.items() if name.lower() not in _NOT_REPLAYED
            }
            answered = StoredAnswer(
                fingerprint, response.status, headers, None if data is None else to_json(data)
            )
            try:
                await next_turn()  # storing it (a write, 25 KB for a refund's answer) is a step of its own
            finally:
                # Even when cancelled meanwhile: a retry must get this answer, not act again.
                store.keep(merchant.id, key, answered, time.time(), generation)
        return response
    finally:
        running.discard(slot)
