"""The API's OpenAPI 3.1 description, served at ``GET /openapi.json``: the assembly.

Each resource module describes its own operations beside its ``ROUTES``, in a function
``openapi_section()`` returning a :class:`~.openapi_operations.Section` (its paths and the
schemas they use); this module puts the sections together with the shared parts: the error
catalogue (:mod:`.openapi_errors`), the header components and value shapes
(:mod:`.openapi_schema`). Values the code already defines are read from it, not restated: page
size, filter fields and their lookups, order statuses, product types, the amount ceiling, error
types and statuses.

To describe a new endpoint, build its operation with :func:`~.openapi_operations.operation`,
:func:`~.openapi_operations.ok` and friends in its resource's ``openapi_section()`` (see
:mod:`.refunds` for a small one), and list a new resource's section in :data:`SECTIONS`; then
list its requests in ``SCENARIOS`` of ``tests/api/test_openapi.py``, which fails while a
registered API route is not described or a documented status never happens, and checks every
real answer against the description.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import Any

from aiohttp import web

from ..domain.pagination import PAGE_SIZE
from . import articles, button, captures, checkouts, orders, plans, refunds
from .idempotency import KEPT_HEADER, KEY_HEADER, MAX_KEY_LENGTH, REPLAYED_HEADER
from .negotiation import LATEST_VERSION
from .openapi_errors import METHOD_NOT_ALLOWED, error_ref, error_responses, error_schemas
from .openapi_examples import OPERATIONS
from .openapi_filters import FILTER_SCHEMAS
from .openapi_operations import Paths, Section
from .openapi_schema import HEADERS, JSON, Schema, ref
from .public_url import server_url

__all__ = ["OPENAPI_PATH", "SECTIONS", "TAGS", "build_document", "server_url", "ROUTES"]

OPENAPI_PATH = "/openapi.json"

# Every resource of the API, in the document's order.
SECTIONS: list[Callable[[], Section]] = [
    orders.openapi_section,
    refunds.openapi_section,
    captures.openapi_section,
    articles.openapi_section,
    button.openapi_section,
    plans.openapi_section,
    checkouts.openapi_section,
]

# The operations' tags, in the document's order, with what they group.
TAGS = {
    "orders": "The merchant's orders (made by checkouts, or seeded in the sandbox): newest first,"
    " filtered and paginated.",
    "refunds": "An order's refund status, and refunds of a confirmed order as a whole.",
    "captures": "Captures of a confirmed order (a sandbox extension), and refunds of one capture.",
    "articles": "The articles of the merchant's campaigns.",
    "checkout": "What the browser SDK relies on: whether a product is available for an amount (the"
    " button), what each product's plans cost there and how to say it (the messages), and the"
    " checkouts a shopper decides on the hosted page.",
}
# No license is granted for the API or its description; the entry says so rather than leave
# readers (and linters) guessing.
LICENSE = {"name": "Proprietary", "identifier": "LicenseRef-Proprietary"}

# --- the document ------------------------------------------------------------------------------

DESCRIPTION = f"""\
The sandbox of the financing service: refunds, captures, campaign articles, lists, the
button availability check and the plans a product offers for an amount.

**Keys.** `Authorization: Bearer <key>` on every request. The private key (`sk_...`) can do
everything; the public key (`pk_...`), which web pages hold, checks button availability
(`GET /checkout/button`), reads the plans (`GET /checkout/plans`) and a checkout
(`GET /checkout/{{checkout_id}}`), and gets 403 elsewhere. Another merchant's objects answer 404.

**Versions and formats.** `Accept: application/vnd.service.v{LATEST_VERSION}+json` or
`application/vnd.service.v{LATEST_VERSION}+xml`; the sandbox forms
`application/vnd.service.sandbox.v{LATEST_VERSION}+json` / `+xml` answer with
`X-Service-Media-Type: service.sandbox.v{LATEST_VERSION}`. `application/json`, `*/*` or no Accept
mean the latest version in JSON, `application/xml` and `text/xml` the latest version in XML;
anything else, or an unknown version, is a 406. Every path also
answers under `/v{LATEST_VERSION}` (the second server). JSON answers are
`application/json; charset=utf-8`; XML answers carry the same data under `<root>`, one element
per field, list items as `<list-item>`, booleans `true`/`false`, null as an empty element, and a
field name that is not an XML name as `<field name="...">`.

**Errors.** `{{"error": {{"type", "message", "fields"?}}}}`, in the negotiated format. Any method
not described for a path is a 405 `{METHOD_NOT_ALLOWED}` whose `Allow` header lists the methods
the path answers.
Request bodies are JSON (else 415); malformed JSON is a 400 on `body`. Sandbox faults
(`/_sandbox/faults`) may answer any error status in this format on any path.

**Lists.** Pages of {PAGE_SIZE}, the envelope `cursor` / `paging` / `results`; filters are query
parameters `<field>-<lookup>=<value>`, each declared with its list (Django lookups; the `i`
prefix means case-insensitive).

**Retries.** Every `POST` takes an optional `Idempotency-Key`: a retry with the same key and
request within 24 hours gets the first answer again, with `Idempotent-Replayed: true`, and
nothing happens twice, whatever fails: what a request did and the answer kept for its key are
one commit. An answer that is not kept says `Idempotent-Kept: false` (after a 5xx nothing was
done). Two `Idempotency-Key` headers are a 400. A `204` answer has no body and no `Content-Type`.

CORS: preflights from any origin are answered; the `Authorization` and `Idempotency-Key` headers
are allowed.
"""


IDEMPOTENCY_KEY = {
    "name": KEY_HEADER,
    "in": "header",
    "required": False,
    "description": "Makes a retry safe: the same key with the same method, path and body within 24"
    f" hours gets the first answer again (with `{REPLAYED_HEADER}: true`) and nothing happens twice."
    " The same key with another request, or while the first is still running, is a 409. Keys are"
    " per merchant. Use a new key (a UUID) for each operation you mean to do once.",
    "schema": {"type": "string", "minLength": 1, "maxLength": MAX_KEY_LENGTH, "pattern": "^[ -~]+$"},
    "example": "refund-0001",
}
REPLAYED = {
    "description": "`true` when this is the stored answer to an earlier request with the same"
    f" `{KEY_HEADER}`: nothing was done again.",
    "schema": {"type": "string", "enum": ["true"]},
}
KEPT = {
    "description": f"`false` when the answer under `{KEY_HEADER}` was not kept: it is over the size an"
    " answer is kept in (what was done stays done, and a retry under the key gets a 409 saying so).",
    "schema": {"type": "string", "enum": ["false"]},
}


def _finish(method: str, operation: dict[str, Any]) -> None:
    """What every operation has, or every POST: the ``default`` error answer, the examples of
    its exchange, and for a POST the ``Idempotency-Key`` parameter, its 409 and replay header."""
    exchange = OPERATIONS[operation["operationId"]]
    responses = operation["responses"]
    if method == "post":
        operation["parameters"] = [*operation.get("parameters", []), ref("IdempotencyKey", "parameters")]
        responses.setdefault("409", error_ref(409))
    for status, answer in responses.items():
        if status.startswith("2"):  # answers are shared between operations: changed in copies
            answer = responses[status] = {**answer, "headers": dict(answer.get("headers", {}))}
            if method == "post":
                answer["headers"][REPLAYED_HEADER] = ref("IdempotentReplayed", "headers")
                answer["headers"][KEPT_HEADER] = ref("IdempotentKept", "headers")
            if "content" in answer and exchange.response is not None:
                answer["content"] = {**answer["content"], JSON: {**answer["content"][JSON]}}
                answer["content"][JSON]["example"] = exchange.response
    operation["responses"] = {status: responses[status] for status in sorted(responses)}
    operation["responses"]["default"] = ref("Error", "responses")
    if "requestBody" in operation:
        body = operation["requestBody"]
        media = {**body["content"][JSON], "example": exchange.request}
        operation["requestBody"] = {**body, "content": {**body["content"], JSON: media}}


@functools.lru_cache(maxsize=8)
def build_document(server_url: str) -> dict[str, Any]:
    """The whole OpenAPI 3.1 document, its servers at ``server_url`` (``http://host:port``)."""
    paths: Paths = {}
    schemas: dict[str, Schema] = error_schemas()
    for section in (make() for make in SECTIONS):
        for path, item in section.paths.items():
            for method, operation in item.items():
                _finish(method, operation)
            paths.setdefault(path, {}).update(item)
        schemas.update(section.schemas)
    schemas.update(FILTER_SCHEMAS)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Financing service (sandbox)",
            "version": str(LATEST_VERSION),
            "description": DESCRIPTION,
            "license": LICENSE,
        },
        "servers": [
            {
                "url": server_url or "/",
                "description": "Latest version (or the version the Accept header names)",
            },
            {"url": f"{server_url}/v{LATEST_VERSION}", "description": f"Version {LATEST_VERSION} by path"},
        ],
        "tags": [{"name": name, "description": description} for name, description in TAGS.items()],
        "security": [{"privateKey": []}],
        "paths": paths,
        "components": {
            "schemas": schemas,
            "responses": error_responses(),
            "parameters": {"IdempotencyKey": IDEMPOTENCY_KEY},
            "headers": {**HEADERS, "IdempotentReplayed": REPLAYED, "IdempotentKept": KEPT},
            "securitySchemes": {
                "privateKey": {"type": "http", "scheme": "bearer", "description": "The private key, sk_..."},
                "publicKey": {"type": "http", "scheme": "bearer", "description": "The public key, pk_..."},
            },
        },
    }


@functools.lru_cache(maxsize=8)
def _document_bytes(server_url: str) -> bytes:
    return json.dumps(build_document(server_url), indent=1).encode()


async def openapi_document(request: web.Request) -> web.Response:
    """The OpenAPI document (no key needed)."""
    return web.Response(body=_document_bytes(server_url(request)), content_type=JSON, charset="utf-8")


ROUTES = [web.get(OPENAPI_PATH, openapi_document)]
