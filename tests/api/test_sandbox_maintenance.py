"""/_sandbox/maintenance: every API request gets 503 until it is turned off."""

from __future__ import annotations

import pytest

from tests.conftest import DEMO_PUBLIC, bearer

BUTTON = "/checkout/button"
QUERY = {"amount": "5000", "currency": "EUR"}


async def set_maintenance(api, **body: object) -> dict:
    response = await api.post("/_sandbox/maintenance", json=body)
    assert response.status == 200, await response.text()
    return await response.json()


async def check_button(api, path: str = BUTTON, key: str = DEMO_PUBLIC):
    """The check a merchant's page makes: cross-origin, so with an Origin."""
    return await api.get(path, params=QUERY, headers=bearer(key, Origin="http://localhost:8000"))


async def test_on_answers_503_with_retry_after_then_off_serves_again(api):
    assert await set_maintenance(api, enabled=True, retry_after=120) == {"enabled": True, "retry_after": 120}
    assert await (await api.get("/_sandbox/maintenance")).json() == {"enabled": True, "retry_after": 120}
    for path in (BUTTON, "/v1" + BUTTON):
        response = await check_button(api, path)
        assert response.status == 503
        assert (await response.json())["error"]["type"] == "ServiceUnavailableException"
        assert response.headers["Retry-After"] == "120"
        assert response.headers["Access-Control-Allow-Origin"] == "*"
        assert response.headers["X-Service-Media-Type"] == "service.v1"
    assert await set_maintenance(api, enabled=False) == {"enabled": False, "retry_after": 30}
    assert (await check_button(api)).status == 201


async def test_comes_before_authentication(api):
    await set_maintenance(api, enabled=True)
    response = await check_button(api, key="pk_test_nobody")
    assert response.status == 503
    assert response.headers["Retry-After"] == "30"


async def test_controls_preflights_and_service_pages_still_answer(api):
    await set_maintenance(api, enabled=True)
    assert (await api.get("/_sandbox/health")).status == 200
    preflight = {"Origin": "http://localhost:8000", "Access-Control-Request-Method": "GET"}
    assert (await api.options(BUTTON, headers=preflight)).status == 204
    assert (await api.get("/checkout/ch_123/frame")).status != 503


async def test_journal_records_the_503(api):
    await set_maintenance(api, enabled=True)
    await check_button(api)
    [entry] = (await (await api.get("/_sandbox/requests")).json())["requests"]
    assert (entry["status"], entry["outcome"]) == (503, "answered")


async def test_does_not_use_up_faults(api):
    await api.post("/_sandbox/faults", json={"match": {"path": BUTTON}, "status": 500})
    await set_maintenance(api, enabled=True)
    assert (await check_button(api)).status == 503
    await set_maintenance(api, enabled=False)
    assert [(await check_button(api)).status for _ in range(2)] == [500, 201]


async def test_reset_turns_it_off(api):
    await set_maintenance(api, enabled=True, retry_after=5)
    assert (await api.post("/_sandbox/reset")).status == 200
    assert await (await api.get("/_sandbox/maintenance")).json() == {"enabled": False, "retry_after": 30}
    assert (await check_button(api)).status == 201


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "enabled"),
        ({"enabled": "yes"}, "enabled"),
        ({"enabled": True, "retry_after": -1}, "retry_after"),
        ({"enabled": True, "retry_after": 86_401}, "retry_after"),  # past a day (the guide's Limits)
        ({"enabled": True, "retry": 5}, "retry"),
    ],
)
async def test_bad_body_is_400_naming_the_field(api, body, field):
    response = await api.post("/_sandbox/maintenance", json=body)
    assert response.status == 400
    assert field in (await response.json())["error"]["fields"]
    assert (await check_button(api)).status == 201
