"""Refunds never take an order or a capture past its limit, whatever the concurrency (CONTRACT 4.5).

A real server process on a database file gets 200 refund requests at once over 200 connections.
Exactly the requests that fit succeed: with a limit of 10000 and refunds of 70, 142 get 200 and
58 get 400 on ``amount``, and each success saw a different remaining amount. The server's
per-key concurrency limit is raised for this test, so that no request is turned away with 429.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import aiohttp
import pytest

from backend_stub.domain.refunds import REFUNDS_SHOWN
from backend_stub.testkit import ServiceProcess
from tests.conftest import DEMO_PRIVATE, bearer

LIMIT, AMOUNT, REQUESTS = 10_000, 70, 200
FITS = LIMIT // AMOUNT  # 142
AUTH = bearer(DEMO_PRIVATE)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    db = Path(tmp_path_factory.mktemp("concurrency")) / "service.sqlite3"
    with ServiceProcess(db=db, extra_args=["--concurrency-limit", "1000"]) as process:
        yield process


@pytest.fixture
async def session(server: ServiceProcess) -> AsyncIterator[aiohttp.ClientSession]:
    """A client that opens as many connections as there are requests."""
    connector = aiohttp.TCPConnector(limit=REQUESTS + 50)
    async with aiohttp.ClientSession(server.url, connector=connector, headers=AUTH) as client:
        yield client


async def post(session: aiohttp.ClientSession, path: str, body: object) -> tuple[int, dict]:
    async with session.post(path, json=body) as response:
        return response.status, await response.json()


async def get(session: aiohttp.ClientSession, path: str) -> dict:
    async with session.get(path) as response:
        assert response.status == 200
        return await response.json()


async def confirmed_order(session: aiohttp.ClientSession, total: int) -> str:
    status, order = await post(session, "/_sandbox/orders", {"total_amount": total, "status": "confirmed"})
    assert status == 201
    return order["id"]


async def at_once(session: aiohttp.ClientSession, paths: list[str]) -> list[tuple[int, dict]]:
    """POST a refund of AMOUNT to every path, all at the same time."""
    return await asyncio.gather(*(post(session, path, {"amount": AMOUNT}) for path in paths))


def assert_exactly_the_ones_that_fit(answers: list[tuple[int, dict]], fitting: int) -> list[dict]:
    """``fitting`` answers are 200 and the rest 400 on amount; the bodies of the 200s."""
    assert Counter(status for status, _ in answers) == {200: fitting, 400: len(answers) - fitting}
    for status, body in answers:
        if status == 400:
            assert body["error"]["type"] == "ApiValidationException"
            assert list(body["error"]["fields"]) == ["amount"]
    return [body for status, body in answers if status == 200]


async def test_order_refunds_at_once_stop_exactly_at_the_total(session):
    order = await confirmed_order(session, LIMIT)
    answers = await at_once(session, [f"/orders/{order}/refund"] * REQUESTS)
    successes = assert_exactly_the_ones_that_fit(answers, FITS)
    # Each success was applied alone: together they saw every intermediate remaining amount.
    seen = sorted(body["remaining_amount"] for body in successes)
    assert seen == sorted(LIMIT - AMOUNT * count for count in range(1, FITS + 1))
    status = await get(session, f"/orders/{order}/refund")
    assert status["remaining_amount"] == LIMIT - FITS * AMOUNT
    assert status["refund_count"] == FITS  # the answer lists the newest REFUNDS_SHOWN
    assert [refund["amount"] for refund in status["results"]] == [AMOUNT] * min(FITS, REFUNDS_SHOWN)


async def test_capture_refunds_at_once_stop_exactly_at_the_capture_amount(session):
    order = await confirmed_order(session, LIMIT)
    status, capture = await post(session, f"/orders/{order}/captures", {"amount": LIMIT})
    assert status == 201
    path = f"/orders/{order}/captures/{capture['id']}/refunds"
    answers = await at_once(session, [path] * REQUESTS)
    successes = assert_exactly_the_ones_that_fit(answers, FITS)
    seen = sorted(body["remaining_amount"] for body in successes)
    assert seen == sorted(LIMIT - AMOUNT * count for count in range(1, FITS + 1))
    shown = await get(session, path)
    assert shown["refunded_amount"] == FITS * AMOUNT
    assert shown["remaining_amount"] == LIMIT - FITS * AMOUNT
    assert shown["refund_count"] == FITS  # the answer lists the newest REFUNDS_SHOWN
    assert len(shown["refunds"]) == min(FITS, REFUNDS_SHOWN)
    assert (await get(session, f"/orders/{order}/refund"))["remaining_amount"] == LIMIT - FITS * AMOUNT


async def test_order_and_capture_refunds_racing_share_the_order_total(session):
    order = await confirmed_order(session, LIMIT)
    status, capture = await post(session, f"/orders/{order}/captures", {"amount": LIMIT // 2})
    assert status == 201
    capture_path = f"/orders/{order}/captures/{capture['id']}/refunds"
    paths = [f"/orders/{order}/refund", capture_path] * (REQUESTS // 2)
    answers = await at_once(session, paths)
    # Whoever wins, the order's total bounds the sum: 142 fit, and the capture holds at most 71.
    assert_exactly_the_ones_that_fit(answers, FITS)
    capture_successes = sum(
        status == 200 for (status, _), path in zip(answers, paths, strict=True) if path == capture_path
    )
    assert capture_successes <= (LIMIT // 2) // AMOUNT
    shown = await get(session, capture_path)
    assert shown["refunded_amount"] == capture_successes * AMOUNT
    assert (await get(session, f"/orders/{order}/refund"))["remaining_amount"] == LIMIT - FITS * AMOUNT
