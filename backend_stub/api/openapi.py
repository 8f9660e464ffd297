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

from aiohttp import web

from ..domain.pagination import PAGE_SIZE
from . import articles, button, captures, checkouts, orders, refunds
from .negotiation import LATEST_VERSION
from .openapi_errors import error_responses, error_schema
from .openapi_operations import Paths, Section
from .openapi_schema import HEADERS, JSON, Schema

__all__ = ["OPENAPI_PATH", "SECTIONS", "build_document", "ROUTES"]

OPENAPI_PATH = "/openapi.json"

# Every resource of the API, in the document's order.
SECTIONS: list[Callable[[], Section]] = [
    orders.openapi_section,
    refunds.openapi_section,
    captures.openapi_section,
    articles.openapi_section,
    button.openapi_section,
    checkouts.openapi_section,
]

# --- the document ------------------------------------------------------------------------------

DESCRIPTION = f"""\
The sandbox of the financing service: refunds, captures, campaign articles, lists and the
button availability check.

**Keys.** `Authorization: Bearer <key>` on every request. The private key (`sk_...`) can do
everything; the public key (`pk_...`) only checks button availability, elsewhere it gets 403.
Another merchant's objects answer 404.

**Versions and formats.** `Accept: application/vnd.service.v{LATEST_VERSION}+json` or
`application/vnd.service.v{LATEST_VERSION}+xml`; the sandbox forms
`application/vnd.service.sandbox.v{LATEST_VERSION}+json` / `+xml` answer with
`X-Service-Media-Type: service.sandbox.v{LATEST_VERSION}`. `application/json`, `*/*` or no Accept
mean the latest version in JSON; anything else, or an unknown version, is a 406. Every path also
answers under `/v{LATEST_VERSION}` (the second server). JSON answers are
`application/json; charset=utf-8`; XML answers carry the same data under `<root>`, one element
per field, list items as `<list-item>`, booleans `true`/`false`, null as an empty element, and a
field name that is not an XML name as `<field name="...">`.

**Errors.** `{{"error": {{"type", "message", "fields"?}}}}`, in the negotiated format. Any method
not described for a path is a 405 with `Allow` (see `components/responses/MethodNotAllowed`).
Request bodies are JSON (else 415); malformed JSON is a 400 on `body`. Sandbox faults
(`/_sandbox/faults`) may answer any error status in this format on any path.

**Lists.** Pages of {PAGE_SIZE}, the envelope `cursor` / `paging` / `results`; filters
`<field>-<lookup>=<value>` (Django lookups; the `i` prefix means case-insensitive).

CORS: preflights from any origin are answered; the `Authorization` header is allowed.
"""


@functools.cache
def build_document() -> dict:
    """The whole OpenAPI 3.1 document."""
    paths: Paths = {}
    schemas: dict[str, Schema] = {"Error": error_schema()}
    for section in (make() for make in SECTIONS):
        for path, item in section.paths.items():
            paths.setdefault(path, {}).update(item)
        schemas.update(section.schemas)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Financing service (sandbox)",
            "version": str(LATEST_VERSION),
            "description": DESCRIPTION,
        },
        "servers": [
            {"url": "/", "description": "Latest version (or the version the Accept header names)"},
            {"url": f"/v{LATEST_VERSION}", "description": f"Version {LATEST_VERSION} by path"},
        ],
        "tags": [{"name": name} for name in ("orders", "refunds", "captures", "articles", "checkout")],
        "security": [{"privateKey": []}],
        "paths": paths,
        "components": {
            "schemas": schemas,
            "responses": error_responses(),
            "headers": HEADERS,
            "securitySchemes": {
                "privateKey": {"type": "http", "scheme": "bearer", "description": "The private key, sk_..."},
                "publicKey": {"type": "http", "scheme": "bearer", "description": "The public key, pk_..."},
            },
        },
    }


@functools.cache
def _document_bytes() -> bytes:
    return json.dumps(build_document(), indent=1).encode()


async def openapi_document(_request: web.Request) -> web.Response:
    """The OpenAPI document (no key needed)."""
    return web.Response(body=_document_bytes(), content_type=JSON, charset="utf-8")


ROUTES = [web.get(OPENAPI_PATH, openapi_document)]
