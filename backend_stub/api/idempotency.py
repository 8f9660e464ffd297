"""Idempotent retries: every API ``POST`` may carry an ``Idempotency-Key`` (CONTRACT 4.5).

The same merchant sending the same key with the same method, path and body within the
lifetime (24 hours) gets the first answer again, status, headers and body, with
``Idempotent-Replayed: true``, and nothing happens twice. The same key with another method,
path or body is a 409, and so is a retry that arrives while the first request under the key is
still running. Keys are per merchant. Answers are kept in SQLite, so they survive a restart,
as data: a retry gets the first answer in the format it asks for (JSON or XML). A reset forgets
them (:meth:`~..storage.idempotency.IdempotencyStore.forget`); a request still running under a
key when the sandbox is reset is undone and answers 503.

Exactly once, whatever fails: the handler runs inside
:meth:`~..storage.idempotency.IdempotencyStore.apply_with_key`, so its writes and the answer kept
for its key are one commit. An answer that is not kept takes the writes with it: 5xx (the
server failed), 408 and 429 (try again later) mean that nothing happened, and the retry runs
again. When the answer cannot be stored (a full disk), the request is undone and answers 500.
A 4xx that the request itself caused is kept, as payment APIs do: the retry of a refund
refused for its amount is refused the same way. An answer larger than
:data:`~..storage.idempotency.MAX_ANSWER_BYTES` is sent but not kept (``Idempotent-Kept:
false``): the key keeps a short 409 instead, which its retries get, and no other key is
forgotten to make room for it.

:func:`once` is called by :func:`~.serving.serve` for every API ``POST`` that has the header,
so no handler knows about keys.
"""

from __future__ import annotations

import hashlib
import logging
import sqlite3
import time
from collections.abc import Awaitable, Callable

import orjson
from aiohttp import web

from ..state import state_of
from ..storage.idempotency import MAX_ANSWER_BYTES, Forgotten, StoredAnswer, stored_size
from ..storage.merchants import Merchant
from ..storage.writes import Abandoned
from .bodies import read_body
from .errors import Conflict, InternalServerError, ServiceUnavailable, ValidationFailed
from .rendering import RENDERED, render, render_empty, to_json

__all__ = ["KEY_HEADER", "KEPT_HEADER", "REPLAYED_HEADER", "MAX_KEY_LENGTH", "check_key", "is_kept", "once"]

KEY_HEADER = "Idempotency-Key"
REPLAYED_HEADER = "Idempotent-Replayed"
# On an answer under a key that was not kept: after a 5xx, 408 or 429 nothing was done and a
# retry runs again; after an answer too large to keep, a retry gets a 409 saying so.
KEPT_HEADER = "Idempotent-Kept"
MAX_KEY_LENGTH = 255
log = logging.getLogger(__name__)
# Statuses a retry may well change, besides 5xx: their answers are not kept.
_TRY_AGAIN = frozenset({408, 429})
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


def is_kept(status: int) -> bool:
    """Whether an answer of ``status`` is kept for the retries under its key (and what its
    request did with it): not a 5xx (the server failed), 408 or 429 (try again later)."""
    return status < 500 and status not in _TRY_AGAIN


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


def _key_of(request: web.Request) -> str:
    """The request's one ``Idempotency-Key``; a 400 naming it for two, or one that is not valid."""
    keys = request.headers.getall(KEY_HEADER)
    if len(keys) > 1:
        # Which one a proxy, a log or a retry would take is anybody's guess.
        raise ValidationFailed(fields={KEY_HEADER: [f"Send one {KEY_HEADER} header, not {len(keys)}."]})
    problem = check_key(keys[0])
    if problem is not None:
        raise ValidationFailed(fields={KEY_HEADER: [problem]})
    return keys[0]


def _not_kept(fingerprint: str, status: int, why: str) -> StoredAnswer:
    """What a key keeps in place of an answer it cannot keep: a 409 that says so."""
    message = (
        f"The first request under this {KEY_HEADER} was answered {status}, and its answer was not"
        f" kept: {why}. What it did stays done; send a new key to send it again."
    )
    return StoredAnswer(fingerprint, 409, {}, to_json(Conflict(message).body()))


async def once(
    request: web.Request, merchant: Merchant, answer: Callable[[], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    """The answer to ``request`` under its ``Idempotency-Key``: the stored one, or ``answer()``'s
    (which must render errors as answers rather than raise them), kept for the next retry in the
    same commit as what it did."""
    key = _key_of(request)
    state = state_of(request)
    store, running, slot = state.idempotency, state.keys_running, (merchant.id, key)
    # Marked running before anything is awaited (the server runs on one event loop), so two
    # requests under one key can never both go ahead; a body still arriving counts as running.
    if slot in running:
        raise Conflict(f"A request with {KEY_HEADER} {key!r} is still running; retry when it has answered.")
    running.add(slot)
    generation = store.generation  # a reset while the request runs undoes it
    try:
        fingerprint = _fingerprint(request.method, request.path, await read_body(request))
        stored = store.find(merchant.id, key, time.time())
        if stored is not None:
            if stored.fingerprint != fingerprint:
                raise Conflict(f"{KEY_HEADER} {key!r} was used with another request; use a new key.")
            return _replay(request, stored)
        request.pop(RENDERED, None)
        with store.apply_with_key(merchant.id, key, generation) as keyed:
            response = await answer()
            data = request.get(RENDERED, _NOTHING)
            if not is_kept(response.status):
                response.headers[KEPT_HEADER] = "false"
                return response  # leaving the block undoes what the request wrote
            headers = {
                name: value for name, value in response.headers.items() if name.lower() not in _NOT_REPLAYED
            }
            if data is _NOTHING:  # not made by render(): there is nothing to render again
                answered = _not_kept(fingerprint, response.status, "it cannot be replayed")
                response.headers[KEPT_HEADER] = "false"
            else:
                answered = StoredAnswer(
                    fingerprint, response.status, headers, None if data is None else to_json(data)
                )
            size = stored_size(key, answered)
            if size > MAX_ANSWER_BYTES:
                why = f"about {size} bytes, over the {MAX_ANSWER_BYTES} an answer is kept in"
                answered = _not_kept(fingerprint, response.status, why)
                response.headers[KEPT_HEADER] = "false"
            keyed.keep(answered, time.time())
        return response
    except Forgotten:
        raise ServiceUnavailable(
            "The sandbox was reset while this request ran: it was undone, and its key forgotten.",
            headers={"Retry-After": "0", KEPT_HEADER: "false"},
        ) from None
    except (sqlite3.Error, Abandoned):
        log.exception("the answer under %s could not be stored", KEY_HEADER)
        raise InternalServerError(
            "The answer could not be stored with what the request did, so nothing was done: retry"
            " with the same key.",
            headers={KEPT_HEADER: "false"},
        ) from None
    finally:
        running.discard(slot)
