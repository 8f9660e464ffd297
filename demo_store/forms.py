"""Reading what a browser sends: a body the store cannot read (not UTF-8, a broken multipart, an
unknown charset, JSON nested past reason) is a 400 that says so, never a 500."""

from __future__ import annotations

from typing import Any

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError
from multidict import MultiDictProxy

__all__ = ["Unreadable", "read_form", "read_json"]

UNREADABLE_FORM = (
    "The store could not read the form that was sent (its text must be UTF-8). "
    "Go back, reload the page and try again."
)


class Unreadable(Exception):
    """A request body the store cannot read; the message says so in words for the person."""


async def read_form(request: web.Request) -> MultiDictProxy[Any]:
    """The posted form, or :class:`Unreadable`."""
    try:
        return await request.post()
    # UnicodeDecodeError is a ValueError; LookupError: an unknown charset; the others are what
    # aiohttp's multipart reader raises on a body that is not one.
    except (ValueError, LookupError, AssertionError, HttpProcessingError) as error:
        raise Unreadable(UNREADABLE_FORM) from error


async def read_json(request: web.Request) -> Any:
    """The JSON body, or :class:`Unreadable` (RecursionError: nested thousands deep)."""
    try:
        return await request.json()
    except (ValueError, LookupError, RecursionError) as error:
        raise Unreadable("Send a JSON object.") from error
