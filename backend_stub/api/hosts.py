"""The names the server answers under, for what a key does not protect: DNS rebinding.

A page on ``rebind.attacker.example`` whose name the attacker then points at 127.0.0.1 is, to
the browser, same-origin with the sandbox: its requests carry ``Origin`` and ``Host`` of the
attacker's name, so an origin check alone lets them through. The sandbox controls and the
hosted checkout's decision therefore also require a ``Host`` the server serves under:

- an IP address (a rebinding page always has a name: its own origin is what the browser sends);
- ``localhost`` and the names under ``.localhost``, which always mean this machine;
- every name the server was told to serve under (``--allowed-host``, the ``--public-url``'s,
  and ``--host`` when it is a name).

A request without ``Host`` does not come from a browser (HTTP/1.1 requires it), so it passes.
"""

from __future__ import annotations

import ipaddress

from aiohttp import web

from .errors import Forbidden

__all__ = ["hostname", "is_served_host", "check_served_host"]

# Names in ASCII (international ones arrive as punycode), and the digits of IPv6 addresses.
_NAME_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-._:%")


def hostname(host: str) -> str | None:
    """The name or address in a ``Host`` value (port and brackets removed, lower case, without
    a final dot), or None when it is not one."""
    host = host.strip().lower()
    if host.startswith("["):
        name, bracket, rest = host[1:].partition("]")
        if not bracket:
            return None
    else:
        name, colon, port = host.partition(":")
        rest = colon + port
    if rest and not (rest[0] == ":" and (rest[1:].isascii() and rest[1:].isdigit() or rest == ":")):
        return None
    name = name.rstrip(".")
    return name if name and _NAME_CHARACTERS.issuperset(name) else None


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def is_served_host(host: str | None, allowed: frozenset[str]) -> bool:
    """Whether a request's ``Host`` value names this server; ``allowed`` are the extra names,
    in lower case."""
    if host is None:
        return True
    name = hostname(host)
    if name is None:
        return False
    return name in allowed or name == "localhost" or name.endswith(".localhost") or _is_address(name)


def check_served_host(request: web.Request, allowed: frozenset[str]) -> None:
    """403 unless the request's ``Host`` names this server."""
    host = request.headers.get("Host")
    if not is_served_host(host, allowed):
        raise Forbidden(
            f"This server does not answer under the name {host!r} here: start it with"
            " --allowed-host <name> to serve its controls and hosted checkout under a name."
        )
