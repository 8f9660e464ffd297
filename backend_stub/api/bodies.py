"""Reading JSON request bodies, the one way every JSON route reads them (the API, the sandbox
controls, the hosted checkout's decision).

Whatever the client sends, the answer is an error in the API's format, never a 500: another
media type is a 415; a body not read within the server's body timeout a 408 (a slow client
cannot hold its concurrency slot); a body over the route's size limit a 413 (aiohttp's check);
malformed JSON, JSON nested deeper than :data:`MAX_DEPTH` levels, a number beyond a 64-bit
float's range, or an object with a key twice (``{"amount": 1000, "amount": 2000}``: the parser
would take the last, a proxy or a log may read the first) a 400 naming ``body``. Integers beyond
64 bits arrive as floats, which every integer field then refuses by name.

A compressed body (``Content-Encoding: gzip``, ``deflate``, ``br``) is decompressed by aiohttp
as it is read, a slice at a time, so the size limit stops it while it is still expanding; a
compressed body that does not decode is a 400 naming ``body``, and whatever the route allows,
it may expand to :data:`MAX_DECODED_BODY` at most: 623 KiB of gzip made 55 MiB of orders, which
held every request for 4.6 s while a control parsed them. A Content-Encoding other than
those is a 415 naming it (aiohttp would take ``foo`` as identity).

A client that goes away before its body has arrived is no error of the server's: aiohttp's
``ConnectionResetError`` ends the request (:mod:`.serving` lets it through), the journal records
it as ``failed``, and :mod:`.protocol_errors` logs it without a traceback.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import orjson
from aiohttp import web
from aiohttp.web_protocol import RequestPayloadError

from ..state import state_of
from ..turns import next_turn
from .errors import RequestTimeout, UnsupportedMediaType, ValidationFailed
from .protocol_errors import SUPPORTED_ENCODINGS, unsupported_encoding

__all__ = ["MAX_DECODED_BODY", "MAX_DEPTH", "read_body", "read_json"]

# No request of the API nests deeper than four levels (a checkout's order's articles).
MAX_DEPTH = 32
# What a compressed body may expand to, on every route (the API's own body limit).
MAX_DECODED_BODY = 1024**2
# Where a request keeps its body once read (a clone reads a compressed one, not the request).
_BODY = web.RequestKey("body", bytes)


def _is_json(content_type: str) -> bool:
    return content_type == "application/json" or (
        content_type.startswith("application/") and content_type.endswith("+json")
    )


# Opening brackets become "(", closing ones ")", and every other byte goes (_nesting_bound).
_BRACKETS = bytes.maketrans(b"[{]}", b"(())")
_NOT_BRACKETS = bytes(set(range(256)) - set(b"[]{}"))


def _nesting_bound(raw: bytes, limit: int) -> bool:
    """Whether the brackets of ``raw`` nest at most ``limit`` levels, counting those inside
    strings too (so a false answer proves nothing): each pass of ``replace`` takes the innermost
    pairs away, at C speed. 23,000 small objects took the walk of the parsed value 27 ms."""
    brackets = raw.translate(_BRACKETS, _NOT_BRACKETS)
    for _ in range(limit):
        if not brackets:
            return True
        brackets = brackets.replace(b"()", b"")
    return not brackets


def _too_deep(value: object, limit: int) -> bool:
    """Whether ``value`` nests containers more than ``limit`` levels deep (without recursion)."""
    level: list[Any] = [value]
    for _ in range(limit):
        level = [
            item
            for container in level
            for item in (container.values() if isinstance(container, dict) else container)
            if isinstance(item, dict | list)
        ]
        if not level:
            return False
    return True


class _Repeated(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _once_each(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Repeated(key)
            seen.add(key)
    return found


def _repeated_key(raw: bytes, value: object) -> str | None:
    """A key that one object of the JSON text ``raw`` (parsed: ``value``) has twice, or None.

    Every key of the text is written with one colon after it, and so is every key of ``value``
    written again; the other colons are in strings, in both. So the two counts differ only when
    a key went (or a colon was escaped, ``\u003a``): only then is the text parsed again, pair by
    pair, 18 times slower (1 MiB of articles: 20 ms, where the counts take 3).
    """
    colons = raw.count(b":")
    if b"\\u" in raw:
        colons += raw.lower().count(b"\\u003a")
    if colons <= orjson.dumps(value).count(b":"):
        return None
    try:
        json.loads(raw, object_pairs_hook=_once_each)
    except _Repeated as repeated:
        return repeated.key
    return None


def _malformed(message: str) -> ValidationFailed:
    return ValidationFailed("The request body is not valid JSON.", fields={"body": [message]})


async def read_body(request: web.Request) -> bytes:
    """The request's body, decompressed as its Content-Encoding says; read once (the idempotency
    check and the JSON reader both read it)."""
    cached = request.get(_BODY)
    if cached is not None:
        return cached
    reader = request
    encoding = request.headers.get("Content-Encoding", "identity").strip().lower()
    if encoding not in SUPPORTED_ENCODINGS:
        raise unsupported_encoding(request.headers.get("Content-Encoding", ""))
    if encoding != "identity":
        reader = request.clone(client_max_size=min(request.client_max_size, MAX_DECODED_BODY))
    timeout = state_of(request).config.body_timeout
    try:
        raw = await asyncio.wait_for(reader.read(), timeout)
    except TimeoutError:
        raise RequestTimeout(f"The request body did not arrive within {timeout:g} s.") from None
    except RequestPayloadError:  # aiohttp's word for a body its Content-Encoding does not decode
        encoding = request.headers.get("Content-Encoding", "")
        raise ValidationFailed(
            "The request body could not be decompressed.",
            fields={"body": [f"Not a valid {encoding!r} body: send it as its Content-Encoding says."]},
        ) from None
    request[_BODY] = raw
    # What the handler does with the body (a write, most often) is long work: it takes its turn.
    await next_turn()
    return raw


async def read_json(request: web.Request) -> object:
    """The request's JSON body."""
    if not _is_json(request.content_type):
        raise UnsupportedMediaType(
            f"Content-Type {request.content_type!r} is not supported; send application/json."
        )
    raw = await read_body(request)
    try:
        value = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise _malformed(f"Malformed JSON: {exc}") from None
    # Counting brackets is quick; walking the value is needed only when they may nest too deep.
    many = raw.count(b"[") + raw.count(b"{") > MAX_DEPTH
    if (
        many
        and not _nesting_bound(raw, MAX_DEPTH)
        and isinstance(value, dict | list)
        and _too_deep(value, MAX_DEPTH)
    ):
        raise _malformed(f"JSON nested more than {MAX_DEPTH} levels deep.")
    if isinstance(value, dict | list):
        repeated = _repeated_key(raw, value)
        if repeated is not None:
            raise _malformed(f"The key {repeated!r} appears twice in one object: send each key once.")
    return value
