"""Small JSON values kept in the browser, signed with HMAC so the shopper cannot alter them.

The cart and one-shot notices live in cookies rather than in a server-side session store: the
demo stays a single stateless process that survives restarts of the sandbox server (a restart of
the store makes a new secret unless one is configured, which only empties carts).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from typing import Any

from aiohttp import web

__all__ = ["CookieSigner"]

MAX_COOKIE = 3500  # bytes; browsers drop cookies above about 4 KB


class CookieSigner:
    """Writes and reads signed cookies with one secret key."""

    def __init__(self, secret: bytes) -> None:
        self._secret = secret

    def _mac(self, name: str, payload: str) -> str:
        # The cookie's name is signed too: a value cannot be moved from one cookie to another.
        digest = hmac.new(self._secret, f"{name}={payload}".encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")

    def dumps(self, name: str, value: Any) -> str:
        """``value`` as a signed cookie value."""
        payload = base64.urlsafe_b64encode(json.dumps(value, separators=(",", ":")).encode()).decode()
        return f"{payload}.{self._mac(name, payload)}"

    def loads(self, name: str, text: str | None) -> Any:
        """The value of a cookie written by :meth:`dumps`, or None if absent, altered or garbled."""
        if not text or "." not in text:
            return None
        payload, mac = text.rsplit(".", 1)
        if not hmac.compare_digest(mac, self._mac(name, payload)):
            return None
        try:
            return json.loads(base64.urlsafe_b64decode(payload.encode()))
        except ValueError:
            return None

    def read(self, request: web.Request, name: str) -> Any:
        """The request's cookie ``name``, verified."""
        return self.loads(name, request.cookies.get(name))

    def write(self, response: web.StreamResponse, name: str, value: Any) -> None:
        """Set cookie ``name`` on the response: readable by the server only, sent to this site only."""
        text = self.dumps(name, value)
        if len(text) > MAX_COOKIE:
            raise ValueError(f"cookie {name} would be {len(text)} bytes, above {MAX_COOKIE}")
        response.set_cookie(name, text, path="/", httponly=True, samesite="Lax")

    @staticmethod
    def delete(response: web.StreamResponse, name: str) -> None:
        response.del_cookie(name, path="/")
