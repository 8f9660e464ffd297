"""Where clients reach this server, for the absolute URLs it hands out (OpenAPI's servers, the
``next`` and ``previous`` links of lists).

Never from the request's ``Host`` header: the client chooses it, and a client that follows a
``next`` link sends its private key wherever the link points (``Host: evil.example`` made
``next`` say ``http://evil.example/orders?page=2``). The configured ``--public-url`` comes
first, as the server may sit behind a proxy; without one, the address the request arrived at,
as the operating system reports the socket, which is one the server is bound to.
"""

from __future__ import annotations

from aiohttp import web
from yarl import URL

from ..state import state_of

__all__ = ["server_url"]


def server_url(request: web.Request) -> str:
    """``scheme://host[:port]`` (and the public URL's path, if it has one) without a final
    slash; empty when the request came over something without an address (a Unix socket)."""
    public_url = state_of(request).config.public_url
    if public_url:
        return public_url.rstrip("/")
    transport = request.transport
    sockname = transport.get_extra_info("sockname") if transport is not None else None
    if not isinstance(sockname, tuple):  # a Unix socket, or a client already gone: no address
        return ""
    host, port = sockname[:2]
    return str(URL.build(scheme="http", host=host, port=port))
