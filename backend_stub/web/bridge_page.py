"""The bridge page, rendered per request with the first answers: ``/sdk/bridge.<hash>.html``.

The loader puts its settings and the elements it found at load into the bridge's URL. Here the
SDK's own rules (:mod:`backend_stub.sdk_rules`, the modules Brython runs in the bridge's worker)
decide what those elements are, and each distinct (amount, currency, product type) is checked
exactly as the browser would check it: a ``GET /checkout/button`` with the public key, through
the server's whole pipeline (journal, maintenance, faults, the concurrency limit, keys), made
in-process. The resulting show/hide commands go into the page as JSON data, never as script;
the page's one script posts them to the loader at once, and hands the elements and answers to
the worker, whose Python adopts them and checks none of them again.

Element data in the URL is the merchant page's, so it may be anything: what the rules refuse
gets what a bad attribute gets (a console warning, the element hidden); what is not element
data at all gets one warning. Never an error page: the SDK must still start.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from aiohttp import web

from ..sandbox.gate import DROPPED_STATUS, INTERNAL
from ..sdk_rules.attributes import WATCHED, element_from_row
from ..sdk_rules.availability import check_url, is_available_status
from ..sdk_rules.page import Page
from ..sdk_rules.settings import Settings, parse_settings

__all__ = ["FIRST_ELEMENTS", "bridge_csp", "render_bridge"]

# The loader sends at most this many elements in the URL (the rest by message): the server reads
# no more, whatever a hand-made URL holds.
FIRST_ELEMENTS = 50
ROW_LENGTH = 2 + len(WATCHED)
PLACEHOLDER = "__FIRST__"
BAD_DATA = (
    "service: the bridge could not read the elements in its URL ({problem}); they are checked"
    " once the SDK has started."
)


def bridge_csp(script_hash: str) -> str:
    """The bridge page's policy: its one inline script, by hash, and a worker from its origin.
    Brython, which evaluates generated code, runs in the worker, under the worker's own policy."""
    return (
        f"default-src 'none'; script-src '{script_hash}'; worker-src 'self'; connect-src 'self'; "
        "base-uri 'none'; form-action 'none'"
    )


def _row_problem(row: object) -> str | None:
    """Why ``row`` is not what the loader sends ([id, tag, value or false per watched
    attribute]), or None."""
    if not isinstance(row, list) or len(row) != ROW_LENGTH:
        return f"an element is not a list of {ROW_LENGTH} items"
    element_id, tag = row[0], row[1]
    if isinstance(element_id, bool) or not isinstance(element_id, int) or element_id < 1:
        return "an element id is not a positive integer"
    if not isinstance(tag, str):
        return "an element's tag is not text"
    if any(value is not False and not isinstance(value, str) for value in row[2:]):
        return "an attribute value is neither text nor false"
    return None


def read_elements(text: str | None) -> tuple[list[list[Any]], str | None]:
    """The valid rows of the URL's ``elements`` (a JSON list), and why any were left out."""
    if not text:
        return [], None
    try:
        rows = json.loads(text)
    except ValueError:
        return [], "not JSON"
    if not isinstance(rows, list):
        return [], "not a list"
    valid, problem, seen = [], None, set()
    for row in rows[:FIRST_ELEMENTS]:
        problem_here = _row_problem(row)
        if problem_here is None and row[0] in seen:
            problem_here = "an element id appears twice"
        if problem_here is not None:
            problem = problem or problem_here
            continue
        seen.add(row[0])
        valid.append(row)
    return valid, problem


async def _check(request: web.Request, settings: Settings, triple: tuple[Any, ...]) -> int:
    """The status ``GET /checkout/button`` answers for ``triple`` with the public key, through the
    route's own pipeline, in-process (0: no answer, as a browser sees a dropped connection)."""
    headers = {
        "Host": request.headers.get("Host", ""),
        "Authorization": f"Bearer {settings.public_key}",
        "Accept": settings.accept,
    }
    check = request.clone(method="GET", rel_url=check_url("", triple), headers=headers)
    check[INTERNAL] = True
    match = await request.app.router.resolve(check)
    response = await match.handler(check)
    return 0 if response.status == DROPPED_STATUS else response.status


async def first_answers(request: web.Request) -> dict[str, Any]:
    """The commands for the elements in the URL, and what the worker needs to adopt them."""
    query = request.query
    raw = {
        "public_key": query.get("public-key"),
        "sandbox": query.get("sandbox"),
        "checkout_timeout_ms": query.get("checkout_timeout"),
    }
    settings, _ = parse_settings(raw)
    if settings is None:  # the worker reports it, as the SDK always has: nothing to answer
        return {"commands": [], "elements": [], "answers": []}
    rows, problem = read_elements(query.get("elements"))
    page = Page()
    update = page.report([element_from_row(row) for row in rows], [], [])
    commands = update.commands
    if problem is not None:
        commands.insert(0, {"op": "console", "level": "warn", "message": BAD_DATA.format(problem=problem)})
    triples = update.fetch
    statuses = await asyncio.gather(*(_check(request, settings, triple) for triple in triples))
    commands += page.settle_all(
        [(t, is_available_status(status)) for t, status in zip(triples, statuses, strict=True)]
    ).commands
    answers = [[*triple, status] for triple, status in zip(triples, statuses, strict=True)]
    return {"commands": commands, "elements": rows, "answers": answers}


def _as_data(value: dict[str, Any]) -> str:
    """JSON that stays data inside a ``<script type="application/json">`` element, whatever the
    merchant's page put in it: no ``<``, ``>`` or ``&`` (so no ``</script>`` or comment), and
    nothing outside ASCII."""
    text = json.dumps(value, ensure_ascii=True, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


async def render_bridge(request: web.Request, template: bytes, manifest: dict[str, Any]) -> web.Response:
    """The bridge page for this request's elements (never cached: it holds their answers)."""
    first = await first_answers(request)
    first["worker"] = f"/sdk/{manifest['bridge_worker']}"
    body = template.replace(PLACEHOLDER.encode(), _as_data(first).encode("ascii"), 1)
    response = web.Response(body=body, content_type="text/html", charset="utf-8")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Content-Security-Policy"] = bridge_csp(manifest["bridge_script"])
    return response
