"""The bridge page, ``/sdk/bridge.<hash>.html``: it starts the bridge's worker, where the SDK's
Python runs, and relays between it and the loader.

The loader fetches the first answers itself (``GET /sdk/first``, :mod:`.first_answers`) and
then opens the bridge with its settings only: the page is then the same for every request of a
build, and cached. Where the merchant page's CSP forbids that fetch, the loader puts the elements
it found in the bridge's URL instead, and the page is rendered per request with their answers
(the same function, the same bounds), never cached. The commands go into the page as JSON data,
never as script; the page's one script posts them to the loader at once, and hands the elements
and answers to the worker, whose Python adopts them and checks none of them again (the rows
past the bounds it checks as any other).
"""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

from .first_answers import first_answers

__all__ = ["bridge_csp", "render_bridge"]

PLACEHOLDER = "__FIRST__"
# A bridge page without elements is the same for every request of a build (its URL is versioned).
STATIC_CACHE = "public, max-age=31536000, immutable"


def bridge_csp(script_hash: str) -> str:
    """The bridge page's policy: its one inline script, by hash, and a worker from its origin.
    Brython, which evaluates generated code, runs in the worker, under the worker's own policy."""
    return (
        f"default-src 'none'; script-src '{script_hash}'; worker-src 'self'; connect-src 'self'; "
        "base-uri 'none'; form-action 'none'"
    )


def _as_data(value: dict[str, Any]) -> str:
    """JSON that stays data inside a ``<script type="application/json">`` element, whatever the
    merchant's page put in it: no ``<``, ``>`` or ``&`` (so no ``</script>`` or comment), and
    nothing outside ASCII."""
    text = json.dumps(value, ensure_ascii=True, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


async def render_bridge(request: web.Request, template: bytes, manifest: dict[str, Any]) -> web.Response:
    """The bridge page, with the answers for the elements in its URL if any (then never cached)."""
    first = await first_answers(request)
    data = {
        "commands": first["commands"],
        # The worker checks the rows past the bounds itself, as any element reported later.
        "elements": first["elements"] + first.get("rest", []),
        "answers": first["answers"],
    }
    body = template.replace(PLACEHOLDER.encode(), _as_data(data).encode("ascii"), 1)
    response = web.Response(body=body, content_type="text/html", charset="utf-8")
    has_elements = "elements" in request.query
    response.headers["Cache-Control"] = "no-store" if has_elements else STATIC_CACHE
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Content-Security-Policy"] = bridge_csp(manifest["bridge_script"])
    return response
