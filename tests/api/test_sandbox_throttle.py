"""The concurrency limit per key (429 beyond it) and /_sandbox/limits.

Requests are held in flight by a long fault delay and released by clearing the faults, so
the tests wait on answers, never on the clock.
"""

from __future__ import annotations

import asyncio
import json

import pytest

from backend_stub.config import Config
from backend_stub.sdk_rules.attributes import WATCHED
from tests.conftest import DEMO_PRIVATE, DEMO_PUBLIC, OTHER_PUBLIC, bearer

BUTTON = "/checkout/button"
QUERY = {"amount": "5000", "currency": "EUR"}
LIMIT = 3


@pytest.fixture
def server_config() -> Config:
    return Config(db=":memory:", concurrency_limit=LIMIT)


async def hold_next(api, times: int) -> None:
    """The next ``times`` availability checks stay in flight until the faults are cleared."""
    fault = {"match": {"path": BUTTON}, "delay_ms": 600_000, "times": times}
    assert (await api.post("/_sandbox/faults", json=fault)).status == 201


async def release(api) -> None:
    assert (await api.delete("/_sandbox/faults")).status == 200


async def check_button(api, key: str | None = DEMO_PUBLIC):
    """The check a merchant's page makes: cross-origin, so with an Origin."""
    origin = {"Origin": "http://localhost:8000"}
    return await api.get(BUTTON, params=QUERY, headers=bearer(key, **origin) if key else origin)


async def limits(api) -> dict:
    return await (await api.get("/_sandbox/limits")).json()


async def until_in_flight(api, count: int) -> None:
    """Wait, by asking the journal and never sleeping, until ``count`` requests are in flight."""
    for _ in range(10_000):
        entries = (await (await api.get("/_sandbox/requests")).json())["requests"]
        if sum(entry["outcome"] == "in_flight" for entry in entries) >= count:
            return
    raise AssertionError(f"{count} requests never were in flight together")


async def test_beyond_the_limit_gets_429_then_normal(api):
    await hold_next(api, 10)
    tasks = [asyncio.create_task(check_button(api)) for _ in range(10)]
    pending = set(tasks)
    while len(pending) > LIMIT:
        _, pending = await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
    refused = [task.result() for task in tasks if task.done()]
    assert len(refused) == 10 - LIMIT
    for response in refused:
        assert response.status == 429
        assert response.headers["Retry-After"] == "1"
        assert response.headers["Access-Control-Allow-Origin"] == "*"
        assert (await response.json())["error"]["type"] == "ThrottledException"
    assert (await limits(api))["in_flight"] == LIMIT
    await release(api)
    assert [response.status for response in await asyncio.gather(*pending)] == [201] * LIMIT
    assert (await check_button(api)).status == 201
    assert (await limits(api))["in_flight"] == 0


async def test_the_limit_is_per_key(api):
    await hold_next(api, LIMIT)
    held = asyncio.gather(*(check_button(api) for _ in range(LIMIT)))
    await until_in_flight(api, LIMIT)
    assert (await check_button(api)).status == 429
    assert (await check_button(api, OTHER_PUBLIC)).status == 201
    assert (await check_button(api, DEMO_PRIVATE)).status == 201
    await release(api)
    assert [response.status for response in await held] == [201] * LIMIT


@pytest.mark.parametrize("key", [None, "pk_test_nobody"], ids=["no key", "unknown key"])
async def test_requests_without_a_known_key_are_counted_as_their_client_s(api, key):
    await hold_next(api, LIMIT)
    held = asyncio.gather(*(check_button(api, key=key) for _ in range(LIMIT)))
    await until_in_flight(api, LIMIT)
    assert (await check_button(api, key=key)).status == 429  # not one more 401 to journal
    assert (await check_button(api, DEMO_PUBLIC)).status == 201  # a merchant's key is its own
    await release(api)
    assert [response.status for response in await held] == [401] * LIMIT


async def test_first_answers_for_an_unknown_key_are_counted_as_their_client_s(api):
    await hold_next(api, LIMIT)
    held = asyncio.gather(*(check_button(api, key=None) for _ in range(LIMIT)))
    await until_in_flight(api, LIMIT)
    values = {"data-service-button": "", "data-amount": "6000", "data-currency": "EUR"}
    row = [1, "BUTTON", *(values.get(name, False) for name in WATCHED)]
    params = {"public-key": "pk_test_nobody", "sandbox": "true", "elements": json.dumps([row])}
    first = await (await api.get("/sdk/first", params=params)).json()
    assert [answer[-1] for answer in first["answers"]] == [429]
    await release(api)
    await held


async def test_limit_changes_at_run_time_and_reset_restores_it(api):
    assert await limits(api) == {"concurrency": LIMIT, "configured": LIMIT, "in_flight": 0}
    response = await api.post("/_sandbox/limits", json={"concurrency": 1})
    assert await response.json() == {"concurrency": 1, "configured": LIMIT, "in_flight": 0}
    await hold_next(api, 1)
    held = asyncio.ensure_future(check_button(api))
    await until_in_flight(api, 1)
    assert (await check_button(api)).status == 429
    assert (await api.post("/_sandbox/reset")).status == 200
    assert (await held).status == 503  # a reset ends what a fault holds, unserved
    assert (await limits(api))["concurrency"] == LIMIT


@pytest.mark.parametrize("body", [{}, {"concurrency": 0}, {"concurrency": "5"}, {"concurrency": 2.5}])
async def test_bad_limit_is_400(api, body):
    response = await api.post("/_sandbox/limits", json=body)
    assert response.status == 400
    assert "concurrency" in (await response.json())["error"]["fields"]
    assert (await limits(api))["concurrency"] == LIMIT
