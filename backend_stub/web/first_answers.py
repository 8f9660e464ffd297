"""The first answers: the show/hide commands for the buttons a merchant's page has at load,
worked out before Brython has started anywhere.

The loader sends the elements it found (rows: ``[id, tag, value or false per watched
attribute]``) with its settings, by the shortest path it has: ``GET /sdk/first`` (one CORS
simple request from the merchant's page, answered as JSON), or, where the page's CSP forbids
that fetch, in the bridge page's URL (:mod:`.bridge_page` renders the same answers into it).
Either way the SDK's own rules (:mod:`backend_stub.sdk_rules`, the modules Brython runs in the
bridge's worker) decide what the elements are, and each distinct (amount, currency, product
type) is checked exactly as the browser would check it: a ``GET /checkout/button`` with the
public key, through the route's own pipeline (journal, maintenance, faults, keys), made
in-process: each check's journal entry is part of the request's, and counts with it. The worker
adopts the answers and checks none of them again.

Bounds, so that one request costs what a few button checks cost (docs/sdk.md, "Start"):

- at most :data:`FIRST_ELEMENTS` rows are read, and rows are taken in order only while their
  distinct triples number at most :data:`FIRST_TRIPLES`; ``taken`` tells the loader how many
  rows it answered, and the loader reports the rest to the bridge, whose checks are ordinary
  ``GET /checkout/button`` requests;
- the whole request holds one place of the key's concurrency limit (its checks none of their
  own), or of its client's for a key the server does not know: past the limit every check
  answers 429, as a browser's would.

Element data is the merchant page's, so it may be anything: what the rules refuse gets what a
bad attribute gets (a console warning, the element hidden); what is not element data at all
gets one warning. Never an error page: the SDK must still start.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from aiohttp import web

from ..api.auth import key_holder
from ..sandbox.gate import DROPPED_STATUS, internal_get, place_under_limit
from ..sdk_rules.attributes import WATCHED, element_from_row
from ..sdk_rules.availability import BATCH_TRIPLES, check_url, is_available_status
from ..sdk_rules.page import Page
from ..sdk_rules.settings import Settings, failure_code, parse_settings
from ..state import state_of

__all__ = [
    "FIRST_ELEMENTS",
    "FIRST_TRIPLES",
    "Credentials",
    "Elements",
    "first_answers",
    "fetched_first_answers",
    "read_elements",
    "statuses",
]

# The loader sends at most this many elements (the rest by message): the server reads no more,
# whatever a hand-made URL holds.
FIRST_ELEMENTS = 50
# Distinct (amount, currency, product type) checked for one request: a catalogue page's prices.
FIRST_TRIPLES = BATCH_TRIPLES
ROW_LENGTH = 2 + len(WATCHED)
BAD_DATA = (
    "service: the SDK could not read the elements it was sent ({problem}); they are checked"
    " once the SDK has started."
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


class Elements:
    """The rows of a request, read: the valid rows answered here (``taken``: how many of the
    request's rows, valid or not, that covers), the valid rows past the bounds (``rest``), and
    why any row was left out (``problem``)."""

    def __init__(self) -> None:
        self.answered: list[list[Any]] = []
        self.taken = 0
        self.rest: list[list[Any]] = []
        self.problem: str | None = None


def read_elements(text: str | None) -> Elements:
    """The rows of ``text`` (a JSON list) within the bounds: see :class:`Elements`."""
    read = Elements()
    if not text:
        return read
    try:
        rows = json.loads(text)
    except (ValueError, RecursionError):
        read.problem = "not JSON"
        return read
    if not isinstance(rows, list):
        read.problem = "not a list"
        return read
    seen_ids: set[int] = set()
    triples: set[tuple[Any, ...]] = set()
    for row in rows[:FIRST_ELEMENTS]:
        problem = _row_problem(row)
        if problem is None and row[0] in seen_ids:
            problem = "an element id appears twice"
        if problem is not None:
            read.problem = read.problem or problem
            if not read.rest:
                read.taken += 1
            continue
        seen_ids.add(row[0])
        if not read.rest:
            # The rules say which check this row needs, if any: a page model of its own.
            wanted = set(Page().report([element_from_row(row)], [], []).fetch) - triples
            if len(triples) + len(wanted) <= FIRST_TRIPLES:
                triples |= wanted
                read.answered.append(row)
                read.taken += 1
                continue
        read.rest.append(row)
    return read


class Credentials:
    """What each in-process check carries: the ``Authorization`` and ``Accept`` headers."""

    def __init__(self, authorization: str, accept: str) -> None:
        self.authorization = authorization
        self.accept = accept

    @classmethod
    def of(cls, settings: Settings) -> Credentials:
        """The loader's settings' (the key in the query, as the SDK would send it)."""
        return cls(f"Bearer {settings.public_key}", settings.accept)


async def _check(
    request: web.Request, credentials: Credentials, triple: tuple[Any, ...], within_limit: bool
) -> int:
    """The status ``GET /checkout/button`` answers for ``triple`` with the public key, through the
    route's own pipeline, in-process (0: no answer, as a browser sees a dropped connection);
    ``within_limit``: whether ``request`` holds a place under the key's concurrency limit."""
    headers = {
        "Host": request.headers.get("Host", ""),
        "Authorization": credentials.authorization,
        "Accept": credentials.accept,
    }
    response = await internal_get(request, check_url("", triple), headers, within_limit=within_limit)
    return 0 if response.status == DROPPED_STATUS else response.status


async def statuses(request: web.Request, credentials: Credentials, triples: list[Any]) -> list[int]:
    """Every triple's status, the request holding one place of the key's concurrency limit (past
    it, each check is journalled with the 429 a browser's own check would get)."""
    if not triples:
        return []
    holder = key_holder(credentials.authorization, state_of(request).merchants)
    with place_under_limit(request, holder[2] if holder is not None else None) as entered:
        checks = (_check(request, credentials, triple, entered) for triple in triples)
        return list(await asyncio.gather(*checks))


async def first_answers(request: web.Request) -> dict[str, Any]:
    """The commands for the elements in the query, what the worker needs to adopt them, how
    many rows were taken, and ``failed`` (a start reason) when the settings cannot start."""
    query = request.query
    raw = {
        "public_key": query.get("public-key"),
        "sandbox": query.get("sandbox"),
        "checkout_timeout_ms": query.get("checkout_timeout"),
    }
    settings, problem = parse_settings(raw)
    if settings is None:
        return {
            "commands": [],
            "elements": [],
            "answers": [],
            "taken": 0,
            "failed": {"code": failure_code(raw), "message": problem},
        }
    read = read_elements(query.get("elements"))
    elements = [element_from_row(row) for row in read.answered]
    triples = Page().report(elements, [], []).fetch
    answered = await statuses(request, Credentials.of(settings), triples)
    # Worked out again with the answers in hand: each element's one final command (shown, or
    # hidden and why), not "checking" and then the answer in the same task.
    page = Page()
    page.adopt([(t, is_available_status(status)) for t, status in zip(triples, answered, strict=True)])
    commands = page.report(elements, [], []).commands
    if read.problem is not None:
        message = BAD_DATA.format(problem=read.problem)
        commands.insert(0, {"op": "console", "level": "warn", "message": message})
    answers = [[*triple, status] for triple, status in zip(triples, answered, strict=True)]
    return {
        "commands": commands,
        "elements": read.answered,
        "answers": answers,
        "taken": read.taken,
        "rest": read.rest,
    }


async def fetched_first_answers(request: web.Request) -> web.Response:
    """``GET /sdk/first``: the first answers for the loader, readable by any page (no
    credentials are involved: the public key is in the query, as in the script's URL)."""
    first = await first_answers(request)
    first.pop("rest", None)  # the loader reports those rows itself, from its own list
    response = web.json_response(first)
    response.headers["Access-Control-Allow-Origin"] = "*"
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response
