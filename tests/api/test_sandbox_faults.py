"""/_sandbox/faults: statuses, delays and dropped connections for the next matching requests."""

from __future__ import annotations

import asyncio

import aiohttp
import pytest

from tests.conftest import DEMO_PUBLIC, bearer

BUTTON = "/checkout/button"
QUERY = {"amount": "5000", "currency": "EUR"}
PREFLIGHT = {
    "Origin": "http://localhost:8000",
    "Access-Control-Request-Method": "GET",
    "Access-Control-Request-Headers": "authorization",
}


async def add_fault(api, **fault: object) -> dict:
    response = await api.post("/_sandbox/faults", json=fault)
    assert response.status == 201, await response.text()
    return (await response.json())["fault"]


async def check_button(api, path: str = BUTTON, **headers: str) -> aiohttp.ClientResponse:
    """The check a merchant's page makes: cross-origin, so with an Origin."""
    headers.setdefault("Origin", "http://localhost:8000")
    return await api.get(path, params=QUERY, headers=bearer(DEMO_PUBLIC, **headers))


async def active_faults(api) -> list[dict]:
    return (await (await api.get("/_sandbox/faults")).json())["faults"]


async def journal(api) -> list[dict]:
    return (await (await api.get("/_sandbox/requests")).json())["requests"]


async def until_in_flight(api, count: int) -> None:
    """Wait, by asking the journal and never sleeping, until ``count`` requests are in flight."""
    for _ in range(10_000):
        if sum(entry["outcome"] == "in_flight" for entry in await journal(api)) >= count:
            return
    raise AssertionError(f"{count} requests never were in flight together")


@pytest.mark.parametrize(
    ("status", "error_type", "retry_after"),
    [
        (500, "InternalServerErrorException", None),
        (503, "ServiceUnavailableException", "30"),
        (408, "RequestTimeoutException", None),
        (429, "ThrottledException", "1"),
        (404, "ObjectNotFoundException", None),
    ],
)
async def test_status_fault_answers_in_the_api_error_format(api, status, error_type, retry_after):
    await add_fault(api, match={"method": "GET", "path": BUTTON}, status=status)
    response = await check_button(api)
    assert response.status == status
    assert (await response.json())["error"]["type"] == error_type
    assert response.headers.get("Retry-After") == retry_after
    assert response.headers["Access-Control-Allow-Origin"] == "*"
    assert response.headers["X-Service-Media-Type"] == "service.v1"
    assert (await check_button(api)).status == 201


async def test_times_counts_down_then_the_fault_is_gone(api):
    fault = await add_fault(api, match={"path": BUTTON}, status=500, times=2)
    assert fault == {
        "id": 1,
        "match": {"method": None, "path": BUTTON, "any_version": False},
        "times": 2,
        "remaining": 2,
        "status": 500,
        "delay_ms": 0,
        "drop": False,
    }
    assert (await check_button(api)).status == 500
    assert [fault["remaining"] for fault in await active_faults(api)] == [1]
    assert (await check_button(api)).status == 500
    assert await active_faults(api) == []
    assert (await check_button(api)).status == 201
    assert [entry["fault"] for entry in await journal(api)] == [1, 1, None]


async def test_oldest_matching_fault_wins(api):
    await add_fault(api, match={"path": BUTTON}, status=500)
    await add_fault(api, match={"path": BUTTON}, status=503)
    statuses = [(await check_button(api)).status for _ in range(3)]
    assert statuses == [500, 503, 201]


async def test_other_methods_are_spared(api):
    await add_fault(api, match={"method": "post", "path": BUTTON}, status=500)
    assert (await check_button(api)).status == 201
    assert [fault["match"]["method"] for fault in await active_faults(api)] == ["POST"]


async def test_fault_without_method_spares_the_preflight(api):
    await add_fault(api, match={"path": BUTTON}, status=503)
    assert (await api.options(BUTTON, headers=PREFLIGHT)).status == 204
    assert (await check_button(api)).status == 503


async def test_a_preflight_fault_must_be_asked_for_and_fails_cors(api):
    await add_fault(api, match={"method": "OPTIONS", "path": BUTTON}, status=500)
    response = await api.options(BUTTON, headers=PREFLIGHT)
    assert response.status == 500
    assert "Access-Control-Allow-Origin" not in response.headers


async def test_glob_reaches_service_pages_outside_the_api(api):
    await add_fault(api, match={"path": "/checkout/*/frame"}, status=500, times=2)
    assert (await check_button(api)).status == 201
    response = await api.get("/checkout/ch_123/frame")
    assert response.status == 500
    assert (await response.json())["error"]["type"] == "InternalServerErrorException"
    await add_fault(api, match={"path": "/sdk.js"}, status=503)
    assert (await api.get("/sdk.js")).status == 503


async def test_versioned_path_needs_any_version(api):
    await add_fault(api, match={"path": BUTTON}, status=500)
    assert (await check_button(api, "/v1" + BUTTON)).status == 201
    await api.delete("/_sandbox/faults")
    await add_fault(api, match={"path": BUTTON, "any_version": True}, status=500)
    assert (await check_button(api, "/v1" + BUTTON)).status == 500


async def test_status_is_rendered_in_the_negotiated_format(api):
    await add_fault(api, match={"path": BUTTON}, status=500)
    response = await check_button(api, Accept="application/vnd.service.v1+xml")
    assert response.status == 500
    assert "<type>InternalServerErrorException</type>" in await response.text()


async def test_delay_then_a_normal_answer(api):
    await add_fault(api, match={"path": BUTTON}, delay_ms=50)
    loop = asyncio.get_running_loop()
    started = loop.time()
    response = await check_button(api)
    assert response.status == 201
    assert loop.time() - started >= 0.05


async def test_delay_with_a_status(api):
    await add_fault(api, match={"path": BUTTON}, delay_ms=20, status=503)
    loop = asyncio.get_running_loop()
    started = loop.time()
    assert (await check_button(api)).status == 503
    assert loop.time() - started >= 0.02


@pytest.mark.parametrize("path", [BUTTON, "/checkout/ch_123/frame"])
async def test_drop_closes_the_connection_without_an_answer(api, path):
    fault = await add_fault(api, match={"path": path}, drop=True)
    with pytest.raises((aiohttp.ServerDisconnectedError, aiohttp.ClientPayloadError)):
        await check_button(api, path)
    assert (await check_button(api)).status == 201
    dropped = (await journal(api))[0]
    assert (dropped["outcome"], dropped["status"], dropped["fault"]) == ("dropped", None, fault["id"])


async def test_delay_then_drop(api):
    await add_fault(api, match={"path": BUTTON}, drop=True, delay_ms=10)
    with pytest.raises((aiohttp.ServerDisconnectedError, aiohttp.ClientPayloadError)):
        await check_button(api)


@pytest.mark.parametrize(
    ("method", "path", "status"), [("DELETE", "/_sandbox/faults", 201), ("POST", "/_sandbox/reset", 503)]
)
async def test_clearing_faults_releases_held_requests_and_a_reset_ends_them(api, method, path, status):
    # Cleared faults let the held requests go on; a reset ends them unserved (503), so that
    # nothing held from before it acts on the fresh data.
    await add_fault(api, match={"path": BUTTON}, delay_ms=600_000, times=2)
    held = asyncio.gather(check_button(api), check_button(api))
    await until_in_flight(api, 2)
    assert (await api.request(method, path)).status == 200
    assert [response.status for response in await held] == [status, status]
    assert await active_faults(api) == []


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "body"),
        ([], "body"),
        ({"status": 418}, "status"),
        ({"status": "500"}, "status"),
        ({"status": 500, "drop": True}, "drop"),
        ({"drop": "yes"}, "drop"),
        ({"delay_ms": -1}, "delay_ms"),
        ({"times": 0, "status": 500}, "times"),
        ({"status": 500, "delay": 5}, "delay"),
        ({"match": {"path": "checkout/button"}, "status": 500}, "match.path"),
        ({"match": {"path": "/_sandbox/health"}, "status": 500}, "match.path"),
        ({"match": {"verb": "GET"}, "status": 500}, "match.verb"),
        ({"match": "GET /checkout/button", "status": 500}, "match"),
    ],
)
async def test_bad_fault_is_400_naming_the_field(api, body, field):
    response = await api.post("/_sandbox/faults", json=body)
    assert response.status == 400
    error = (await response.json())["error"]
    assert error["type"] == "ApiValidationException"
    assert field in error["fields"]
    assert await active_faults(api) == []


async def test_fault_body_must_be_json(api):
    response = await api.post("/_sandbox/faults", data="status=500")
    assert response.status == 415


async def test_after_a_reset_faults_are_numbered_from_1_as_on_a_new_server(api):
    assert (await add_fault(api, status=503))["id"] == 1
    assert (await api.delete("/_sandbox/faults")).status == 200
    assert (await add_fault(api, status=503))["id"] == 2  # a clear keeps counting
    assert (await api.post("/_sandbox/reset")).status == 200
    assert (await add_fault(api, status=503))["id"] == 1
