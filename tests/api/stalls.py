"""Whether a request holds other merchants' requests: the latency of another merchant's button
checks, sent one after another while a hostile request runs on a server process of its own."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable
from typing import TypeVar

import aiohttp

from tests.conftest import OTHER_PUBLIC, bearer

T = TypeVar("T")

# The other merchant's pace: one check every 10 ms, as a busy shop's pages send them.
CHECK_EVERY_S = 0.01


async def slowest_check_while(session: aiohttp.ClientSession, work: Awaitable[T]) -> tuple[T, float]:
    """``work``'s result, and the slowest of another merchant's button checks while it ran (s)."""
    latencies: list[float] = []
    done = asyncio.Event()

    async def another_merchant() -> None:
        while not done.is_set():
            started = time.perf_counter()
            async with session.get(
                "/checkout/button", params={"amount": "6000", "currency": "EUR"}, headers=bearer(OTHER_PUBLIC)
            ) as response:
                await response.read()
                assert response.status == 201, response.status
            latencies.append(time.perf_counter() - started)
            await asyncio.sleep(CHECK_EVERY_S)  # the merchant's pace, not a wait for the server

    checks = asyncio.create_task(another_merchant())
    try:
        result = await work
    finally:
        done.set()
        await checks
    assert latencies, "no check was answered while the work ran"
    return result, max(latencies)
