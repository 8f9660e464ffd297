"""Who may use the sandbox controls.

Without an admin token they answer loopback clients only; with one, every control request must
carry it. A request sent by a web page of another origin, or under a name the server does not
serve (DNS rebinding), is refused either way, so a site the developer visits cannot reset or
fault their sandbox through the browser.
"""

from __future__ import annotations

import hmac
import ipaddress

from aiohttp import web

from ..api.errors import Forbidden
from ..api.hosts import check_served_host

__all__ = ["check_control_access"]


def _is_loopback(remote: str | None) -> bool:
    try:
        return remote is not None and ipaddress.ip_address(remote).is_loopback
    except ValueError:
        return False


def check_control_access(
    request: web.Request, admin_token: str | None, allowed_hosts: frozenset[str]
) -> None:
    """Raise 403 unless the request may use a sandbox control: under a name the server serves
    (``allowed_hosts`` besides loopback names and addresses, :mod:`backend_stub.api.hosts`),
    from no other origin, and from loopback or with the admin token."""
    check_served_host(request, allowed_hosts)
    origin = request.headers.get("Origin")
    if origin is not None and origin != f"{request.scheme}://{request.host}":
        raise Forbidden("Sandbox controls cannot be called from a web page of another origin.")
    if admin_token is None:
        if not _is_loopback(request.remote):
            raise Forbidden(
                "Sandbox controls answer loopback clients only (start the server with --admin-token)."
            )
        return
    # Compared as bytes: a header that is not UTF-8 arrives with surrogates standing for its bytes.
    sent = request.headers.get("X-Sandbox-Token", "").encode("utf-8", "surrogatepass")
    if not hmac.compare_digest(sent, admin_token.encode("utf-8", "surrogatepass")):
        raise Forbidden("Sandbox controls need the X-Sandbox-Token header.")
