"""The sandbox gate's own paths: a drop that serves nothing, controls no web page may call, and
the journal's word on a redirect and on a request cancelled under way.

Each test fails when the gate's branch for it is changed: a drop that still served the request
(the client sees a disconnect while the money moves), the controls answering CORS, a redirect
or a cancelled request left ``in_flight`` in the journal, its place under the limit kept.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from urllib.parse import urlencode

import aiohttp
import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from backend_stub import endpoints
from backend_stub.app import create_app
from backend_stub.config import Config
from backend_stub.sdk_rules.attributes import WATCHED
from tests.api.hostile import raw_request, until_in_flight
from tests.api.seeding import config_without_orders
from tests.conftest import DEMO_PUBLIC, bearer

ORIGIN = {"Origin": "http://localhost:8000"}
PREFLIGHT = {
    **ORIGIN,
    "Access-Control-Request-Method": "POST",
    "Access-Control-Request-Headers": "content-type",
}


@pytest.fixture
def server_config(tmp_path) -> Config:
    return config_without_orders(tmp_path)


async def journal(api: TestClient | aiohttp.ClientSession, path: str, method: str = "GET") -> list[dict]:
    params = {"path": path, "method": method}
    return (await (await api.get("/_sandbox/requests", params=params)).json())["requests"]


@pytest.fixture
async def served_as_the_cli_does(server_config: Config) -> AsyncIterator[aiohttp.ClientSession]:
    """The server as ``python -m backend_stub`` runs it: a handler whose client goes away runs
    to its end (aiohttp's test server cancels it, which would hide a drop that still serves)."""
    runner = web.AppRunner(create_app(server_config))
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    try:
        async with aiohttp.ClientSession(f"http://127.0.0.1:{runner.addresses[0][1]}") as session:
            yield session
    finally:
        await runner.cleanup()


async def test_a_dropped_request_is_not_served(served_as_the_cli_does):
    # A drop fault's request must not go on to the service (a refund made while its client
    # sees a disconnect). The SDK's first answers show it: serving them checks buttons, each
    # check entered in the journal.
    api = served_as_the_cli_does
    fault = {"match": {"path": "/sdk/first"}, "drop": True}
    assert (await api.post("/_sandbox/faults", json=fault)).status == 201
    values = {"data-service-button": "", "data-amount": "6000", "data-currency": "EUR"}
    row = [1, "BUTTON", *(values.get(name, False) for name in WATCHED)]
    query = urlencode({"public-key": DEMO_PUBLIC, "sandbox": "true", "elements": json.dumps([row])})
    # By hand: aiohttp's client sends a GET again when its connection closes without an answer.
    reader, writer = await asyncio.open_connection("127.0.0.1", api._base_url.port)
    writer.write(raw_request("GET", f"/sdk/first?{query}"))
    assert await reader.read() == b""  # a disconnect, no answer
    writer.close()
    (entry,) = await journal(api, "/sdk/first")
    assert (entry["outcome"], entry["status"]) == ("dropped", None)
    assert await journal(api, "/checkout/button") == []


@pytest.mark.parametrize(
    ("method", "path", "headers"),
    [
        ("OPTIONS", "/_sandbox/reset", PREFLIGHT),
        ("POST", "/_sandbox/reset", ORIGIN),
        ("GET", "/_sandbox/health", ORIGIN),
        ("OPTIONS", "/_sandbox/orders", PREFLIGHT),
    ],
)
async def test_no_web_page_may_read_or_call_the_controls(api, method, path, headers):
    response = await api.request(method, path, headers=headers)
    assert "Access-Control-Allow-Origin" not in response.headers
    assert "Access-Control-Allow-Methods" not in response.headers


async def redirect(_request: web.Request) -> web.Response:
    raise web.HTTPFound("/sdk.js")


@pytest.fixture
async def api_with_a_redirect(server_config: Config):
    app = create_app(server_config)
    # Through the gate like every route (a route with a longer path wins over the catch-all).
    endpoints.add_routes(app, [web.get("/gate-test/redirect", redirect)])
    client = TestClient(TestServer(app))
    await client.start_server()
    yield client
    await client.close()


async def test_a_redirect_goes_out_and_the_journal_has_its_status(api_with_a_redirect):
    api = api_with_a_redirect
    response = await api.get("/gate-test/redirect", allow_redirects=False)
    assert (response.status, response.headers["Location"]) == (302, "/sdk.js")
    (entry,) = await journal(api, "/gate-test/redirect")
    assert (entry["status"], entry["outcome"]) == (302, "answered")


async def test_a_request_cancelled_under_way_is_journalled_failed_and_frees_its_place(api):
    # The test server cancels a handler whose client goes away (handler_cancellation): here a
    # check held by a delay fault, whose client gives up.
    fault = {"match": {"path": "/checkout/button"}, "delay_ms": 600_000}
    assert (await api.post("/_sandbox/faults", json=fault)).status == 201
    params = {"amount": "5000", "currency": "EUR"}
    held = asyncio.ensure_future(api.get("/checkout/button", params=params, headers=bearer(DEMO_PUBLIC)))
    await until_in_flight(api, "/checkout/button")
    assert (await (await api.get("/_sandbox/limits")).json())["in_flight"] == 1
    held.cancel()
    with pytest.raises(asyncio.CancelledError):
        await held
    for _ in range(10_000):  # until the server has seen the client go, never sleeping
        (entry,) = await journal(api, "/checkout/button")
        if entry["outcome"] != "in_flight":
            break
    assert (entry["outcome"], entry["status"]) == ("failed", None)
    assert (await (await api.get("/_sandbox/limits")).json())["in_flight"] == 0
