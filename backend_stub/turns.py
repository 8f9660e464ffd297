"""Turns at the event loop for long work: one of its steps per loop iteration, in order.

The server runs on one event loop. Long work (a journal page described, orders seeded, a reset's
rows deleted, what a request does with its body: a write, most often) is cut into steps of a few
milliseconds, and awaits :func:`next_turn` before each (it awaited ``asyncio.sleep(0)`` between
them). A loop iteration runs every callback that was ready when it began: under 8 clients, one
iteration held a refund, a journal slice and a seeding step of several requests each (20 ms of
CPU at its 99th percentile), and a button check, which needs three iterations (its bytes,
aiohttp's request task, the handler), waited behind three of those. With turns, long work's
steps run one per iteration, first come first served, and everything else (a button check, a
read of one object) runs beside that one step: a button check waits behind one step per
iteration, not one of every request in progress (6.7 ms at the 99th percentile in the same soak).

Alone, a step waits for the next iteration, as after ``asyncio.sleep(0)``. There is one queue
per event loop: every server on the loop shares its time.
"""

from __future__ import annotations

import asyncio
import weakref
from collections import deque

__all__ = ["STEP_S", "StepSize", "Turns", "next_turn"]

# What a step of long work whose items differ in cost aims to take (:class:`StepSize`).
STEP_S = 0.002


class Turns:
    """The queue of long work's steps on one event loop: one step per loop iteration, in order."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._waiting: deque[asyncio.Future[None]] = deque()
        # A step may run in the next iteration: the steps asking now go after it.
        self._granted = False

    async def take(self) -> None:
        """Let the loop run the callbacks ready now (other requests), then return in the first
        iteration that has no other long step, after the steps that asked before."""
        if not self._granted and not self._waiting:
            self._grant()
            await asyncio.sleep(0)  # a plain yield: this task runs again in the next iteration
            return
        turn = self._loop.create_future()
        self._waiting.append(turn)
        await turn  # cancelled while waiting: _hand_on skips it

    def _grant(self) -> None:
        self._granted = True
        # Runs in the next iteration (callbacks scheduled now wait for it), before the step
        # granted now: there it hands the following iteration on.
        self._loop.call_soon(self._hand_on)

    def _hand_on(self) -> None:
        self._granted = False
        while self._waiting:
            turn = self._waiting.popleft()
            if not turn.done():
                turn.set_result(None)  # its task runs in the next iteration
                self._grant()
                return


_TURNS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Turns] = weakref.WeakKeyDictionary()


async def next_turn() -> None:
    """Let other requests run, and wait for this step's turn among long work's (:class:`Turns`)."""
    loop = asyncio.get_running_loop()
    turns = _TURNS.get(loop)
    if turns is None:
        turns = _TURNS[loop] = Turns(loop)
    await turns.take()


class StepSize:
    """How many items the next step of long work takes, for a step of about :data:`STEP_S`
    whatever the items cost: doubled while steps take under half of it, halved past it."""

    def __init__(self, first: int, most: int) -> None:
        self.items = first
        self._most = most

    def took(self, seconds: float) -> None:
        """Adapt to the time the last step of :attr:`items` items took."""
        if seconds > STEP_S:
            self.items = max(1, self.items // 2)
        elif seconds < STEP_S / 2:
            self.items = min(self._most, self.items * 2)
