"""``GET /sdk/checks``: several availability checks in one request, for the SDK's worker.

Buttons a framework adds together (one render, one mutation batch) are checked together, as the
first answers are (:mod:`.first_answers`): the worker sends their distinct (amount, currency,
product type), at most :data:`~backend_stub.sdk_rules.availability.BATCH_TRIPLES` (its URL is
written by :func:`~backend_stub.sdk_rules.availability.batch_url`), with the headers of its own
checks (the public key, the API version). Each goes through exactly what ``GET /checkout/button``
goes through (journal, maintenance, faults, keys), in-process, the whole request holding one
place of the key's concurrency limit; the answer lists each check's status in the order asked.
The worker is on this origin: no CORS.
"""

from __future__ import annotations

from aiohttp import web

from ..api.errors import ValidationFailed
from ..domain.value_rules import is_product_type
from ..sdk_rules.attributes import is_amount, is_currency
from ..sdk_rules.availability import BATCH_TRIPLES
from .first_answers import Credentials, statuses

__all__ = ["batch_checks", "read_checks"]

FIELD = "checks"


def read_checks(text: str | None) -> tuple[list[tuple[int, str, str]], str | None]:
    """The triples of ``checks`` (``amount:currency:product type``, comma-separated), or why not."""
    if not text:
        return [], f"{FIELD} is missing: amount:currency:product type, comma-separated"
    items = text.split(",")
    if len(items) > BATCH_TRIPLES:
        return [], f"{FIELD} holds {len(items)} checks: at most {BATCH_TRIPLES} in one request"
    triples = []
    for item in items:
        parts = item.split(":")
        valid = len(parts) == 3 and is_amount(parts[0]) and is_currency(parts[1])
        if not valid or not is_product_type(parts[2]):
            return [], f"{FIELD} holds {item[:40]!r}, which is not amount:currency:product type"
        triples.append((int(parts[0]), parts[1], parts[2]))
    return triples, None


async def batch_checks(request: web.Request) -> web.Response:
    """Each check's status, in order: ``{"statuses": [201, 403, ...]}``."""
    triples, problem = read_checks(request.query.get(FIELD))
    if problem is not None:
        error = ValidationFailed(problem, fields={FIELD: [problem]})
        return web.json_response(error.body(), status=error.status)
    credentials = Credentials(request.headers.get("Authorization", ""), request.headers.get("Accept", ""))
    response = web.json_response({"statuses": await statuses(request, credentials, triples)})
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response
