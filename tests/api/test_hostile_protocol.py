"""Issue 32, findings 5 and 6: what aiohttp refuses before any route runs, and clients that go
away mid-body, on a server process (the command line's runner answers protocol errors).

aiohttp answered over-long lines and ``Content-Encoding: zstd`` itself, in plain text with
``Server: Python/3.11 aiohttp/3.14.5`` and a traceback in the log; an unknown encoding such as
``foo`` was taken as identity; a client closing its connection mid-body was journalled as a 500
with a traceback.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator

import pytest

from backend_stub.app import SERVER_NAME
from backend_stub.testkit import ServiceProcess
from tests.api.hostile import error_of, raw_request, send_raw
from tests.conftest import DEMO_PRIVATE

REFUND = "/orders/fixture-order-1/refund"
AUTH = f"Authorization: Bearer {DEMO_PRIVATE}"


@pytest.fixture(scope="module")
def server() -> Iterator[ServiceProcess]:
    with ServiceProcess() as process:
        yield process


@pytest.fixture
def own_server() -> Iterator[ServiceProcess]:
    """A server for one test, whose log is read to its end once the test stops it (every line it
    wrote, with no wait for a pipe)."""
    with ServiceProcess() as process:
        yield process


def logged_after_stopping(server: ServiceProcess) -> list[str]:
    """The tracebacks in everything ``server`` logged: stopping it reads its output to the end."""
    server.stop()
    return tracebacks(server)


def port_of(server: ServiceProcess) -> int:
    return int(server.url.rsplit(":", 1)[1])


def tracebacks(server: ServiceProcess) -> list[str]:
    return [line for line in server.output if "Traceback" in line or "Error handling request" in line]


@pytest.mark.parametrize(
    ("request_bytes", "status", "words"),
    [
        (raw_request("GET", "/checkout/button?a=" + "x" * 9000), 400, "longer than"),
        (raw_request("GET", "/orders", "X-Long: " + "y" * 9000), 400, "longer than"),
        (raw_request("GET", "/orders", b"Bad Header\x01: 1"), 400, "not valid HTTP"),
        (
            raw_request(
                "POST", REFUND, AUTH, "Content-Type: application/json", "Content-Encoding: zstd", body=b"{}"
            ),
            415,
            "'zstd'",
        ),
    ],
    ids=["long-url", "long-header", "bad-header", "zstd"],
)
async def test_what_aiohttp_refuses_is_answered_in_the_error_format_without_a_traceback(
    own_server, request_bytes, status, words
):
    answer = await send_raw(port_of(own_server), request_bytes)
    assert answer.status == status, answer.body[:200]
    assert answer.headers["server"] == SERVER_NAME
    assert answer.headers["content-type"].startswith("application/json")
    assert words in error_of(answer.body, answer.headers["content-type"])["message"]
    assert logged_after_stopping(own_server) == []


@pytest.mark.parametrize("encoding", ["foo", "gzip, br", "x-compress"])
async def test_an_unknown_content_encoding_is_a_415_naming_it_and_nothing_happens(server, encoding):
    request = raw_request(
        "POST",
        REFUND,
        AUTH,
        "Content-Type: application/json",
        f"Content-Encoding: {encoding}",
        body=b'{"amount": 100}',
    )
    answer = await send_raw(port_of(server), request)
    assert answer.status == 415, answer.body[:200]
    error = error_of(answer.body, answer.headers["content-type"])
    assert error["type"] == "UnsupportedMediaTypeException" and repr(encoding) in error["message"]
    status = await send_raw(port_of(server), raw_request("GET", REFUND, AUTH))
    assert json.loads(status.body)["remaining_amount"] == 25000


async def test_a_client_gone_mid_body_is_journalled_failed_without_a_traceback(own_server):
    server = own_server
    _, writer = await asyncio.open_connection("127.0.0.1", port_of(server))
    head = raw_request("POST", REFUND, AUTH, "Content-Type: application/json").replace(
        b"Connection: close", b"Content-Length: 100"
    )
    writer.write(head + b'{"amount": ')
    await writer.drain()
    for _ in range(1000):  # until the server has the request in flight, then go away
        journal = await send_raw(port_of(server), raw_request("GET", f"/_sandbox/requests?path={REFUND}"))
        entries = json.loads(journal.body)["requests"]
        if entries and entries[-1]["outcome"] == "in_flight":
            break
    writer.close()
    for _ in range(1000):
        journal = await send_raw(port_of(server), raw_request("GET", f"/_sandbox/requests?path={REFUND}"))
        last = json.loads(journal.body)["requests"][-1]
        if last["outcome"] != "in_flight":
            break
    assert (last["outcome"], last["status"]) == ("failed", None)
    assert logged_after_stopping(server) == []


@pytest.mark.parametrize("timeout", ["%C2%B2", "9" * 5000, "%EF%BC%91%EF%BC%95", "0"])
async def test_a_bridge_page_with_a_checkout_timeout_no_rule_takes_is_never_a_500(server, timeout):
    # str.isdigit() took '²' and full-width digits, then int() raised: a 500 for the bridge page.
    loader = await send_raw(port_of(server), raw_request("GET", "/sdk.js"))
    bridge = loader.body.decode().split("var BRIDGE_PATH = '", 1)[1].split("'", 1)[0]
    query = f"origin=http%3A%2F%2Flocalhost&public-key=pk_test_demo&sandbox=true&checkout_timeout={timeout}"
    answer = await send_raw(port_of(server), raw_request("GET", f"{bridge}?{query}&elements=%5B%5D"))
    assert answer.status == 200, answer.body[:300]
