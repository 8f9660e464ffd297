"""Reading JSON request bodies, the one way every JSON route reads them (the API, the sandbox
controls, the hosted checkout's decision).

Whatever the client sends, the answer is an error in the API's format, never a 500: another
media type is a 415; a body not read within the server's body timeout a 408 (a slow client
cannot hold its concurrency slot); a body over the route's size limit a 413 (aiohttp's check);
malformed JSON, JSON nested deeper than :data:`MAX_DEPTH` levels, or a number beyond a 64-bit
float's range a 400 naming ``body``. Integers beyond 64 bits arrive as floats, which every
integer field then refuses by name.
"""

from __future__ import annotations

import asyncio
from typing import Any

import orjson
from aiohttp import web

from ..state import state_of
from .errors import RequestTimeout, UnsupportedMediaType, ValidationFailed

__all__ = ["MAX_DEPTH", "read_body", "read_json"]

# No request of the API nests deeper than four levels (a checkout's order's articles).
MAX_DEPTH = 32


def _is_json(content_type: str) -> bool:
    return content_type == "application/json" or (
        content_type.startswith("application/") and content_type.endswith("+json")
    )


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


def _malformed(message: str) -> ValidationFailed:
    return ValidationFailed("The request body is not valid JSON.", fields={"body": [message]})


async def read_body(request: web.Request) -> bytes:
    """The request's body, as sent; read once (aiohttp keeps it for a second read)."""
    timeout = state_of(request).config.body_timeout
    try:
        return await asyncio.wait_for(request.read(), timeout)
    except TimeoutError:
        raise RequestTimeout(f"The request body did not arrive within {timeout:g} s.") from None


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
    # Counting brackets is quick; walking the value is needed only when there are many.
    many = raw.count(b"[") + raw.count(b"{") > MAX_DEPTH
    if many and isinstance(value, dict | list) and _too_deep(value, MAX_DEPTH):
        raise _malformed(f"JSON nested more than {MAX_DEPTH} levels deep.")
    return value
