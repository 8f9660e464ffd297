"""Who may act in the store: the back office's password, and writes from the store's own pages only.

The back office refunds and captures with the store's private key. On this machine (the
default, ``localhost``) that needs no password; a store that listens beyond it (``--host
0.0.0.0``) refuses to start without one (:func:`check_reachable`), and every back-office page
then asks for it by HTTP Basic authentication (any user name, the password compared in constant
time).

Every state-changing request must come from the store's own pages: browsers send ``Origin`` on
them, and ``Referer`` where an old browser or a privacy setting drops ``Origin``. A request with
neither, or with either naming another site, is refused: a form on another site, or one posted
with ``Origin`` removed, must not refund orders or fill carts.
"""

from __future__ import annotations

import base64
import binascii
import hmac
import ipaddress
import socket
from collections.abc import Awaitable, Callable, Iterable

from aiohttp import web

from .config import CONFIG, origin_of

__all__ = [
    "BACKOFFICE_PREFIX",
    "PASSWORD_VARIABLE",
    "backoffice_login",
    "check_reachable",
    "same_origin_writes",
]

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
BACKOFFICE_PREFIX = "/backoffice"
PASSWORD_VARIABLE = "DEMO_STORE_BACKOFFICE_PASSWORD"
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
_REALM = 'Basic realm="Demo store back office", charset="UTF-8"'


def check_reachable(sockets: Iterable[socket.socket], password: str | None) -> None:
    """SystemExit, saying how to set a password, when a socket listens beyond loopback and the
    back office has no password."""
    if password:
        return
    beyond = [
        sock.getsockname()[0]
        for sock in sockets
        if not ipaddress.ip_address(sock.getsockname()[0]).is_loopback
    ]
    if beyond:
        raise SystemExit(
            f"demo_store: listening on {', '.join(beyond)} lets anyone on the network into the back"
            " office, which refunds orders with the store's private key. Set its password with"
            f" --backoffice-password or the {PASSWORD_VARIABLE} variable, or listen on localhost."
        )


def _password_given(header: str | None) -> str | None:
    scheme, _, encoded = (header or "").partition(" ")
    if scheme.lower() != "basic":
        return None
    try:
        decoded = base64.b64decode(encoded.strip(), validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        return None
    return decoded.partition(":")[2]


@web.middleware
async def backoffice_login(request: web.Request, handler: Handler) -> web.StreamResponse:
    """The back office's pages and forms need the password, when the store has one."""
    password = request.app[CONFIG].backoffice_password
    path = request.path
    if password and (path == BACKOFFICE_PREFIX or path.startswith(BACKOFFICE_PREFIX + "/")):
        given = _password_given(request.headers.get("Authorization"))
        if given is None or not hmac.compare_digest(given.encode(), password.encode()):
            raise web.HTTPUnauthorized(
                text="The back office needs its password.", headers={"WWW-Authenticate": _REALM}
            )
    return await handler(request)


def _origin(value: str) -> str | None:
    try:
        return origin_of(value, "a header")
    except ValueError:
        return None


@web.middleware
async def same_origin_writes(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Refuse a state-changing request whose ``Origin`` (or, without one, ``Referer``) is not the
    store's own origin, or that has neither."""
    if request.method in UNSAFE_METHODS:
        own = request.app[CONFIG].public_origin
        origin = request.headers.get("Origin")
        claimed = origin if origin is not None else _origin(request.headers.get("Referer", ""))
        if claimed != own:
            raise web.HTTPForbidden(text="Only the store's own pages may change anything here.")
    return await handler(request)
