"""An answered refund survives a crash: SIGKILL in the middle of a stream of refunds.

A server process on a database file gets a stream of small order-level refunds from a few
concurrent clients over several confirmed orders; one small order is refunded to its total, so
it is canceled on the way. After a number of answers, another task kills the server with
SIGKILL while requests are in flight. A new server on the same file must show every refund that
was answered 200, no more than the requests that were in flight besides, and sums that agree:
remaining = total - refunds, each record's ``pending_amount`` what its order had left after it,
and an order canceled exactly when its refunds reach its total.
"""

from __future__ import annotations

import asyncio
import itertools
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp

from backend_stub.testkit import ServiceProcess
from tests.conftest import DEMO_PRIVATE, bearer

AUTH = bearer(DEMO_PRIVATE)
SMALL = "dur-small"  # refunded 1 at a time, it reaches its total long before the kill
TOTALS = {"dur-1": 10**7, "dur-2": 10**7, "dur-3": 10**7, "dur-4": 10**7, SMALL: 30}
CLIENTS = 8
KILL_AFTER = 400  # answers
AMOUNTS = [1, 5, 9, 13]  # four amounts over five orders: each order sees them all


@dataclass
class Stream:
    """What the clients were told."""

    answered: dict[str, tuple[str, int]] = field(default_factory=dict)  # refund id -> (order, amount)
    answers: int = 0
    cut_off: int = 0  # requests that got no answer: in flight at the kill
    enough: asyncio.Event = field(default_factory=asyncio.Event)


def rotated(items: list, start: int) -> list:
    """The items, starting at ``start`` (so clients begin on different orders)."""
    start %= len(items)
    return items[start:] + items[:start]


async def refund_until_cut_off(session: aiohttp.ClientSession, client: int, stream: Stream) -> None:
    """Send refunds one after another until the server goes away."""
    orders = itertools.cycle(rotated(list(TOTALS), client))
    amounts = itertools.cycle(rotated(AMOUNTS, client))
    for order, amount in zip(orders, amounts, strict=False):
        amount = 1 if order == SMALL else amount
        try:
            async with session.post(f"/orders/{order}/refund", json={"amount": amount}) as response:
                body = await response.json()
                status = response.status
        except (TimeoutError, aiohttp.ClientError):
            stream.cut_off += 1
            return
        if status == 200:
            # The newest record is this request's own: the refund was written under a lock.
            newest = body["results"][0]
            assert newest["amount"] == amount
            stream.answered[newest["id"]] = (order, amount)
        else:
            assert status == 409 and order == SMALL, body  # the small order is canceled
        stream.answers += 1
        if stream.answers >= KILL_AFTER:
            stream.enough.set()


async def kill_when_enough(server: ServiceProcess, stream: Stream) -> None:
    await stream.enough.wait()
    server.kill()


async def drive_until_killed(server: ServiceProcess) -> Stream:
    stream = Stream()
    timeout = aiohttp.ClientTimeout(total=30)
    async with aiohttp.ClientSession(server.url, headers=AUTH, timeout=timeout) as session:
        await asyncio.gather(
            kill_when_enough(server, stream),
            *(refund_until_cut_off(session, client, stream) for client in range(CLIENTS)),
        )
    return stream


async def test_every_answered_refund_survives_sigkill_and_sums_agree(tmp_path: Path):
    db = tmp_path / "service.sqlite3"
    first = ServiceProcess(db=db).start()
    try:
        orders = [
            {"id": order, "total_amount": total, "status": "confirmed"} for order, total in TOTALS.items()
        ]
        first.sandbox().seed_orders(orders)
        stream = await drive_until_killed(first)
    finally:
        first.kill()
    assert first.process is not None and first.process.returncode == -9
    assert stream.answers >= KILL_AFTER
    assert stream.cut_off == CLIENTS  # every client had a request in flight at the kill

    with ServiceProcess(db=db) as process:
        second = process.sandbox()
        recorded: dict[str, tuple[str, int]] = {}
        for order, total in TOTALS.items():
            status = second.call("GET", f"/orders/{order}/refund")
            refunds = list(reversed(status["results"]))  # oldest first
            left = total
            for refund in refunds:
                left -= refund["amount"]
                assert refund["pending_amount"] == left
                assert refund["completed"] == (left == 0)
                recorded[refund["id"]] = (order, refund["amount"])
            assert status["remaining_amount"] == left >= 0
            assert second.order(order)["status"] == ("canceled" if left == 0 else "confirmed")

    for refund_id, answered in stream.answered.items():
        assert recorded.get(refund_id) == answered, f"answered refund {refund_id} is lost"
    # Beyond the answered ones, only requests in flight at the kill may have been written.
    assert len(recorded) - len(stream.answered) <= stream.cut_off
    assert sum(amount for order, amount in recorded.values() if order == SMALL) == TOTALS[SMALL]
