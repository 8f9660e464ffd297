"""backend_stub.turns: long work's steps run one per event-loop iteration, in the order they asked,
and everything else runs beside them."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager

from backend_stub.turns import STEP_S, StepSize, next_turn


@contextmanager
def iterations() -> Iterator[list[int]]:
    """A one-item list holding the number of the event loop's current iteration."""
    loop = asyncio.get_running_loop()
    count = [0]
    running = True

    def tick() -> None:
        # Scheduled from an iteration, a callback runs in the next one.
        count[0] += 1
        if running:
            loop.call_soon(tick)

    loop.call_soon(tick)
    try:
        yield count
    finally:
        running = False


async def long_work(name: str, steps: int, now: list[int], ran: list[tuple[int, str]]) -> None:
    for _ in range(steps):
        await next_turn()
        ran.append((now[0], name))


async def test_steps_of_long_work_run_one_per_iteration_in_turn():
    ran: list[tuple[int, str]] = []
    with iterations() as now:
        await asyncio.gather(*(long_work(name, 3, now, ran) for name in "abc"))
    moments = [moment for moment, _ in ran]
    assert len(set(moments)) == len(moments), ran  # never two steps in one iteration
    assert [name for _, name in ran] == list("abc" * 3)  # first come, first served


async def test_other_work_runs_in_every_iteration_meanwhile():
    ran: list[tuple[int, str]] = []
    light: list[int] = []

    async def check_buttons(now: list[int]) -> None:
        for _ in range(20):
            await asyncio.sleep(0)
            light.append(now[0])

    with iterations() as now:
        await asyncio.gather(*(long_work(name, 5, now, ran) for name in "abcd"), check_buttons(now))
    assert len(ran) == 20
    # A task that awaits nothing but the loop is never held back by long work's turns.
    assert light == list(range(light[0], light[0] + 20))


async def test_a_step_alone_waits_for_the_next_iteration_only():
    ran: list[tuple[int, str]] = []
    with iterations() as now:
        await asyncio.sleep(0)
        asked = now[0]
        await long_work("a", 1, now, ran)
    assert ran == [(asked + 1, "a")]


async def test_a_step_cancelled_while_waiting_passes_its_turn_on():
    ran: list[tuple[int, str]] = []
    with iterations() as now:
        first = asyncio.create_task(long_work("a", 2, now, ran))
        cancelled = asyncio.create_task(long_work("b", 2, now, ran))
        last = asyncio.create_task(long_work("c", 2, now, ran))
        await asyncio.sleep(0)  # all three asked; a runs next, b and c wait
        cancelled.cancel()
        await asyncio.gather(first, last)
    assert cancelled.cancelled()
    assert [name for _, name in ran] == ["a", "c", "a", "c"]


def test_a_step_size_follows_the_time_its_steps_take():
    size = StepSize(16, 64)
    taken = []
    for seconds in (STEP_S / 4, STEP_S / 4, STEP_S / 4, STEP_S * 0.75, STEP_S * 3, *[STEP_S * 3] * 9):
        size.took(seconds)
        taken.append(size.items)
    # Doubled while quick, up to the most; kept near the aim; halved past it, down to one item.
    assert taken == [32, 64, 64, 64, 32, 16, 8, 4, 2, 1, 1, 1, 1, 1]
