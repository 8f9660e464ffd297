"""Findings 4 and 9 of issue 23: what the client got wrong was a 500, and small leaks.

A body whose ``Content-Encoding`` does not decode, ``Host: a:99999``, a version of 5,000 digits
in the path or in ``Accept`` each gave a 500; ``HEAD`` on API routes a 405; a no-break space
after a key was accepted; ``Server`` named Python's and aiohttp's versions and health an
absolute folder. Each table below is sent to every route it concerns, and a failure lists every
case that went wrong.
"""

from __future__ import annotations

import gzip
import json
import zlib

import brotli
import pytest

from backend_stub.app import SERVER_NAME
from tests.api.hostile import error_of, mismatch, raw_request, real_ids, send_raw
from tests.api.test_hostile_routes import routes
from tests.conftest import DEMO_PRIVATE, bearer

CHECKOUT = json.dumps({"order": {"id": "enc-1", "currency": "EUR", "total_amount": 25000}}).encode()
# (Content-Encoding, body): none of these decodes to what the header says.
UNDECODABLE = [
    ("gzip", b"garbage"),
    ("gzip", gzip.compress(CHECKOUT)[:-12]),  # cut short
    ("gzip", zlib.compress(CHECKOUT)),  # zlib's wrapper, not gzip's
    ("deflate", b"garbage"),
    ("deflate", gzip.compress(CHECKOUT)),
    ("br", b"garbage\x00\xff"),
    ("br", brotli.compress(CHECKOUT)[:-3]),
    ("GZIP", b"\x1f\x8b\x08\x00garbage"),
]


def encoded(encoding: str) -> dict[str, str]:
    """The headers of a JSON body sent with the private key in ``encoding``."""
    return bearer(DEMO_PRIVATE, **{"Content-Encoding": encoding, "Content-Type": "application/json"})


BODY_ROUTES = [(method, route) for method, route in routes() if method == "POST"]


@pytest.mark.parametrize(("method", "route"), BODY_ROUTES)
async def test_a_body_that_does_not_decode_is_never_a_server_error(api, method, route):
    """Routes that read the body answer 400 (below); those that do not read it answer as they
    would, and the connection is closed in order, so the client's next request goes through."""
    real = route.format(**await real_ids(api))
    wrong = {}
    for encoding, body in UNDECODABLE:
        response = await api.request(method, real, data=body, headers=encoded(encoding))
        status, payload = response.status, await response.read()
        if status >= 500:
            wrong[(encoding, body[:12])] = (status, payload[:120])
        elif status >= 400 and payload:
            error_of(payload, response.headers["Content-Type"])  # in the error format
        after = await api.get("/_sandbox/health")
        if after.status != 200:
            wrong[(encoding, body[:12], "next request")] = after.status
    assert wrong == {}


# One route of each kind that reads a JSON body: the API, a control, the seeding control.
JSON_ROUTES = ["/checkout", "/_sandbox/faults", "/_sandbox/orders", "/_sandbox/maintenance"]


async def test_a_body_that_does_not_decode_names_the_body(api):
    found = {}
    for route in JSON_ROUTES:
        for encoding, body in UNDECODABLE:
            response = await api.post(route, data=body, headers=encoded(encoding))
            found[(route, encoding, body[:12])] = await mismatch(response, 400, "body")
    assert found == dict.fromkeys(found)


@pytest.mark.parametrize("encode", [gzip.compress, zlib.compress, brotli.compress])
async def test_a_body_that_decodes_is_read_as_json(api, encode):
    encoding = {gzip.compress: "gzip", zlib.compress: "deflate", brotli.compress: "br"}[encode]
    response = await api.post("/checkout", data=encode(CHECKOUT), headers=encoded(encoding))
    assert response.status == 201, await response.text()


HOSTS = ["a:99999", "a:-1", "a:1:2", "[::1", "[::1]:99999", "a b", "\u00e9vil.example", "x" * 300, ":80", ""]


@pytest.mark.parametrize(("method", "route"), routes())
async def test_a_host_header_that_is_no_host_is_never_a_server_error(api, method, route):
    real = route.format(**await real_ids(api))
    method = "GET" if method == "*" else method
    wrong = {}
    for host in HOSTS:
        request = raw_request(
            method, real, b"Host: " + host.encode(), f"Authorization: Bearer {DEMO_PRIVATE}", body=b"{}"
        )
        # raw_request starts with its own Host line: the test's replaces it.
        request = request.replace(b"Host: 127.0.0.1\r\n", b"", 1)
        answer = await send_raw(api.server.port, request)
        if answer.status >= 500:
            wrong[host] = (answer.status, answer.body[:120])
    assert wrong == {}


LONG = "1" * 5000
VERSIONS = [LONG, "0" * 5000 + "1", "0", "2", "99999999999", "1" * 10]


async def test_a_version_of_any_length_in_the_path_is_a_406(api):
    found = {}
    for version in VERSIONS:
        response = await api.get(f"/v{version}/orders", headers=bearer(DEMO_PRIVATE))
        found[version[:12]] = await mismatch(response, 406)
    assert found == dict.fromkeys(found)


async def test_a_version_of_any_length_in_accept_is_a_406(api):
    found = {}
    for version in VERSIONS:
        for form in ("json", "xml"):
            for sandbox in ("", ".sandbox"):
                accept = f"application/vnd.service{sandbox}.v{version}+{form}"
                response = await api.get("/orders", headers=bearer(DEMO_PRIVATE, Accept=accept))
                found[(version[:12], form, sandbox)] = await mismatch(response, 406)
    assert found == dict.fromkeys(found)


@pytest.mark.parametrize(("method", "route"), [(m, r) for m, r in routes() if m == "GET"])
async def test_head_is_answered_wherever_get_is(api, method, route):
    real = route.format(**await real_ids(api))
    get = await api.get(real, headers=bearer(DEMO_PRIVATE))
    head = await api.head(real, headers=bearer(DEMO_PRIVATE))
    assert (head.status, await head.read()) == (get.status, b"")
    assert head.headers.get("Content-Type") == get.headers.get("Content-Type")


KEYS_WITH_MORE = [
    DEMO_PRIVATE + "\u00a0",  # no-break space
    "\u00a0" + DEMO_PRIVATE,
    DEMO_PRIVATE + "\u3000",  # ideographic space
    DEMO_PRIVATE + "\u2003",  # em space
    DEMO_PRIVATE + "\u200b",  # zero-width space
    DEMO_PRIVATE + "\u0085",  # next line (C1)
    "sk_test_d\u00e9mo",
]


async def test_a_key_holding_anything_but_printable_ascii_is_refused(api):
    found = {}
    for key in KEYS_WITH_MORE:
        header = b"Authorization: Bearer " + key.encode()
        answer = await send_raw(api.server.port, raw_request("GET", "/orders", header))
        found[key.encode()] = (answer.status, answer.json()["error"]["type"])
    assert found == dict.fromkeys(found, (401, "UnauthorizedException"))
    # ASCII whitespace around a key is still only whitespace.
    answer = await send_raw(
        api.server.port, raw_request("GET", "/orders", f"Authorization: Bearer \t{DEMO_PRIVATE} ")
    )
    assert answer.status == 200


async def test_the_server_header_names_no_versions(api):
    answers = {
        "an answer": await api.get("/orders", headers=bearer(DEMO_PRIVATE)),
        "an error": await api.get("/orders"),
        "a 404": await api.get("/nowhere"),
        "a control": await api.get("/_sandbox/health"),
        "a file": await api.get("/sdk.js"),
    }
    assert {what: response.headers.get("Server") for what, response in answers.items()} == dict.fromkeys(
        answers, SERVER_NAME
    )


def strings(value: object) -> list[str]:
    if isinstance(value, dict):
        return [text for item in value.values() for text in strings(item)]
    return [value] if isinstance(value, str) else []


async def test_health_shows_no_absolute_path(api):
    report = await (await api.get("/_sandbox/health")).json()
    assert [text for text in strings(report) if text.startswith("/")] == []
