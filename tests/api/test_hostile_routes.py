"""Every route of the server, as registered, against the payload classes of issue 11.

The schemathesis run (test_fuzz.py) covers the operations of the OpenAPI document; this covers
every route the router has, the sandbox controls, the hosted checkout, the SDK's files and the
catch-all included: hostile path parameters, query parameters and bodies each get an answer
below 500, and an error in the API's format (JSON or XML) that parses. A route added later is
covered without being listed here.
"""

from __future__ import annotations

import re

import pytest

from backend_stub.app import create_app
from backend_stub.config import Config
from backend_stub.state import STATE
from tests.api.hostile import error_of, real_ids
from tests.conftest import DEMO_PRIVATE, bearer

XML = "application/vnd.service.v1+xml"
PATH_VALUES = ["..", "a" * 300, "%00", "%01", "a%20b", "caf%C3%A9", "%EF%BF%BF", "%FF", "%2F"]
QUERIES = [
    "name-regex=(.*.*)*$X",
    "name-regex=(%3F%3D1)",
    "created-gte=9999-12-31T23:59:59-23:59",
    "id=x&" * 999 + "id=x",
    "name-search=" + "+".join(f"w{n}" for n in range(999)),
    "total_amount=" + "1" * 4301,
    "page=" + "1" * 4301,
    "since=%C2%B2",
    "amount=" + "1" * 4301 + "&currency=EUR",
    "x%01=%01",
]
BODIES = [
    b"[" * 990 + b"]" * 990,
    b'{"amount": ' + b"1" * 4301 + b', "status": ["success"]}',
    b'{"status": {"success": 1}, "enabled": [true], "concurrency": [1], "match": [1]}',
    b'{"order": {"id": "..", "name": "\\u0001", "currency": "EUR", "total_amount": 9000}}',
    b'[{"id": "..", "name": "\\u0000", "url": "https://evil.example\\\\@shop.example"}]',
]


def routes() -> list[tuple[str, str]]:
    """(method, path) of every route; HEAD is GET without a body."""
    app = create_app(Config())
    app[STATE].db.close()
    found = {
        (route.method, route.resource.canonical) for route in app.router.routes() if route.method != "HEAD"
    }
    return sorted(found)


def _check(status: int, content_type: str, body: bytes, what: str) -> None:
    assert status < 500, (what, body[:300])
    if status >= 400 and content_type.startswith(("application/json", "application/xml")):
        error_of(body, content_type)


async def _send(api, method: str, target: str, *, data: bytes | None = None, accept: str = XML) -> None:
    headers = bearer(DEMO_PRIVATE, Accept=accept)
    if data is not None:
        headers["Content-Type"] = "application/json"
    response = await api.request(method, target, data=data, headers=headers)
    _check(
        response.status, response.headers.get("Content-Type", ""), await response.read(), f"{method} {target}"
    )


@pytest.mark.parametrize(("method", "route"), routes())
async def test_every_route_answers_hostile_input_without_a_server_error(api, method, route):
    ids = await real_ids(api)
    method = "GET" if method == "*" else method
    params = re.findall(r"{(\w+)}", route)
    real = route.format(**ids)
    for value in PATH_VALUES:
        await _send(api, method, route.format(**dict.fromkeys(params, value)))
    for query in QUERIES:
        await _send(api, method, f"{real}?{query}")
    if method in ("POST", "PUT", "PATCH"):
        for body in BODIES:
            await _send(api, method, real, data=body)
            await _send(api, method, real, data=body, accept="application/json")
