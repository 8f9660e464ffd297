"""One-time tokens in the back office's forms: a form sent twice acts once.

A double click, a reload of the answer or the browser's back button sends a form again. Every
back-office form carries a fresh token, made when the page is drawn, and the store sends it to
the service as the request's ``Idempotency-Key``: the service makes the refund or capture once,
and answers the second request with the first answer (``Idempotent-Replayed``). Two requests of
one token that arrive together take turns here (:class:`FormTurns`), so the second is always a
retry the service answers from what it kept, never its "still running" refusal.

A form without a token (a page drawn by an older store, a hand-made request) is refused with
words: the store cannot tell whether it was sent before.
"""

from __future__ import annotations

import asyncio
import re
import secrets
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from typing import Any

from aiohttp import web

__all__ = [
    "TOKEN_FIELD",
    "OUT_OF_DATE",
    "FORM_TURNS",
    "FormTurns",
    "new_token",
    "read_token",
    "idempotency_key",
]

TOKEN_FIELD = "form_token"
OUT_OF_DATE = "This form is out of date (it carries no one-time token): reload the page and send it again."
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{24}$")


def new_token() -> str:
    """A token for one form, as drawn on one page (144 random bits)."""
    return secrets.token_urlsafe(18)


def read_token(form: Mapping[str, Any]) -> str | None:
    """The posted form's token, or None when it has none the store could have made."""
    token = form.get(TOKEN_FIELD)
    return token if isinstance(token, str) and _TOKEN.match(token) else None


def idempotency_key(token: str) -> str:
    """The ``Idempotency-Key`` a form's token becomes: named for the store, so that a key of the
    merchant's other systems never meets one of its forms."""
    return f"demo-store-form-{token}"


class FormTurns:
    """Requests of one token, one at a time."""

    def __init__(self) -> None:
        self._locks: dict[str, asyncio.Lock] = {}
        self._waiting: dict[str, int] = {}

    @asynccontextmanager
    async def turn(self, token: str) -> AsyncIterator[None]:
        """Wait until no other request of ``token`` is being answered."""
        lock = self._locks.setdefault(token, asyncio.Lock())
        self._waiting[token] = self._waiting.get(token, 0) + 1
        try:
            async with lock:
                yield
        finally:
            self._waiting[token] -= 1
            if not self._waiting[token]:  # the last of its requests: forget the token
                del self._waiting[token], self._locks[token]


FORM_TURNS = web.AppKey("form_turns", FormTurns)
