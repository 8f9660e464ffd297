"""One-shot notices ("Refunded €10.00.") carried across a redirect after a form post.

Back-office forms answer with a redirect (post/redirect/get) so that reloading the page never
refunds twice; the notice rides along in a signed cookie and is shown once.
"""

from __future__ import annotations

from aiohttp import web

from .signed_cookies import CookieSigner

__all__ = ["set_notice", "take_notice"]

COOKIE = "notice"


def set_notice(response: web.StreamResponse, signer: CookieSigner, text: str) -> None:
    signer.write(response, COOKIE, text)


def take_notice(request: web.Request, response: web.StreamResponse, signer: CookieSigner) -> str | None:
    """The pending notice, removed from the browser by ``response``."""
    if COOKIE not in request.cookies:
        return None
    signer.delete(response, COOKIE)
    text = signer.read(request, COOKIE)
    return text if isinstance(text, str) else None
