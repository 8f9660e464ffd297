"""Finding 1 of issue 11: one regex filter froze the whole server.

Python's regular expressions backtrack: ``(.*.*)*$X`` on the fixture's orders, or
``(x+x+)+y`` on a 27-character article name, ran for seconds to minutes and held every other
request. Now regex lookups use RE2 (linear in the text), lists run on reader threads with a
deadline (408 past it), and what RE2 cannot do is a 400 naming the parameter.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import aiohttp
import pytest

from backend_stub.testkit import ServiceProcess
from tests.api.hostile import error_answer
from tests.api.seeding import seed
from tests.conftest import DEMO_PRIVATE, OTHER_PUBLIC, bearer

ARTICLES = "/me/campaigns/spring/articles"
# 27 characters, as in the probe that took 11.7 s.
NAME = "x" * 27
# Patterns that make a backtracking engine explode on NAME (and on the fixture's names).
CATASTROPHIC = ["(.*.*)*$X", "(x+x+)+y", "(x|xx)+y", "(x*)*y", "((x+)+)+y", r"(\w+\s?)+$Z", "(.*a){20}"]
LISTS = ["/orders", "/v1/orders", ARTICLES, "/v1" + ARTICLES]


@pytest.fixture
async def named(api):
    """An order and an article whose names are NAME."""
    await seed(api, {"id": "long-name", "name": NAME})
    response = await api.post(
        ARTICLES,
        json=[{"id": "a1", "name": NAME, "url": "https://shop.example/a1"}],
        headers=bearer(DEMO_PRIVATE),
    )
    assert response.status == 204
    return api


@pytest.mark.parametrize("lookup", ["regex", "iregex"])
@pytest.mark.parametrize("path", LISTS)
async def test_a_catastrophic_pattern_is_answered_like_any_other(named, path, lookup):
    found = {}
    for pattern in CATASTROPHIC:
        response = await named.get(path, params={f"name-{lookup}": pattern}, headers=bearer(DEMO_PRIVATE))
        found[pattern] = (response.status, len((await response.json()).get("results", [])))
    assert found == dict.fromkeys(CATASTROPHIC, (200, 0))


@pytest.mark.parametrize("path", LISTS)
async def test_regex_lookups_still_find_what_they_match(named, path):
    response = await named.get(path, params={"name-iregex": "^X{27}$"}, headers=bearer(DEMO_PRIVATE))
    assert [item["name"] for item in (await response.json())["results"]] == [NAME]


UNSUPPORTED = dict(
    [
        ("(?=x)x", "look-around"),
        ("x(?!y)", "look-around"),
        ("(?<=x)y", "look-around"),
        ("(?<!x)y", "look-around"),
        (r"(x)\1", "backreferences"),
        (r"x\Z", r"\z"),
        ("x" * 257, "at most 256 characters"),
        ("(x?){900}", "too complex"),
        ("x{1001}", "repetition"),
        ("[x", "missing ]"),
    ]
)


@pytest.mark.parametrize("path", ["/orders", "/v1" + ARTICLES])
@pytest.mark.parametrize("lookup", ["regex", "iregex"])
async def test_what_re2_cannot_do_is_a_400_naming_the_parameter(named, path, lookup):
    param = f"name-{lookup}"
    answers = {}
    for pattern, says in UNSUPPORTED.items():
        response = await named.get(path, params={param: pattern}, headers=bearer(DEMO_PRIVATE))
        fields = (await response.json())["error"].get("fields", {})
        answers[pattern] = (response.status, list(fields), says in " ".join(fields.get(param, [])))
    assert answers == dict.fromkeys(UNSUPPORTED, (400, [param], True))


# --- one merchant's slow query holds nobody else -------------------------------------------

QUERY_TIMEOUT_S = 2
# Short, valid in RE2, and still slow: its program has 1,505 instructions, and it is tried at
# every position of every 1,000-character name (tens of milliseconds a row).
SLOW = "(?:x?){500}x{500}y"
SLOW_ROWS = 400


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    db = Path(tmp_path_factory.mktemp("regex")) / "service.sqlite3"
    with ServiceProcess(db=db, extra_args=["--query-timeout", str(QUERY_TIMEOUT_S)]) as process:
        yield process


@pytest.fixture
async def client(server: ServiceProcess) -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession(server.url) as session:
        assert (await session.post("/_sandbox/reset")).status == 200
        orders = [{"name": "x" * 1000} for _ in range(SLOW_ROWS)]
        seeded = await session.post("/_sandbox/orders", json=orders, headers=bearer(DEMO_PRIVATE))
        assert seeded.status == 201
        yield session


async def in_flight(client: aiohttp.ClientSession, path: str) -> bool:
    async with client.get("/_sandbox/requests", params={"path": path}) as response:
        entries = (await response.json())["requests"]
    return any(entry["outcome"] == "in_flight" for entry in entries)


async def test_a_slow_query_holds_neither_other_merchants_nor_the_controls(client):
    slow = asyncio.ensure_future(
        client.get("/v1/orders", params={"name-regex": SLOW}, headers=bearer(DEMO_PRIVATE))
    )
    while not await in_flight(client, "/v1/orders"):
        assert not slow.done(), "the query ended before it could be watched"
    # While it runs: another merchant's button check, and the controls, are answered.
    button = await client.get(
        "/checkout/button", params={"amount": "6000", "currency": "EUR"}, headers=bearer(OTHER_PUBLIC)
    )
    assert button.status == 201
    health = await client.get("/_sandbox/health")
    assert health.status == 200
    assert await in_flight(client, "/v1/orders"), "the slow query should still be running"
    # And the slow query itself ends, at the server's deadline, in the error format.
    response = await slow
    assert response.status == 408
    error = await error_answer(response)
    assert error["type"] == "RequestTimeoutException"
    # The readers are free again: the same merchant's next list is answered.
    again = await client.get("/orders", params={"status": "pending"}, headers=bearer(DEMO_PRIVATE))
    assert again.status == 200
