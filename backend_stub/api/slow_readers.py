"""Clients that do not read their answers: dropped after the write timeout.

An answer waits in the server's memory for as long as its client does not read it (aiohttp hands
it to asyncio's buffer and goes on; a connection closed then still waits to send it): four
clients that never read once held 1.14 GB for more than 30 s. So every answer is written out,
until the kernel has taken all but asyncio's 64 KiB, before its request is done
(:meth:`SlowReaders.send`, from the gate), and a client that has not taken it within the write
timeout (``Config.write_timeout``, 30 s) loses its connection: the buffered answer is dropped
unsent, and the journal says ``unread``.

One watcher per server looks at the answers being written a few times per timeout, so that a
request pays two dictionary operations, not a timer of its own (a button check is the hottest
path a merchant's page has).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

from aiohttp import web

__all__ = ["SlowReaders"]

# How many times per timeout the watcher looks: a slow reader goes within a quarter more.
_LOOKS_PER_TIMEOUT = 4


class SlowReaders:
    """The answers being written now, and their deadlines."""

    def __init__(self, timeout: float) -> None:
        self.timeout = timeout
        # By the request's id (a request is a mapping, which hashes by nothing): its deadline.
        self._writing: dict[int, tuple[float, web.BaseRequest]] = {}
        self._dropped: set[int] = set()

    async def send(self, request: web.BaseRequest, response: web.StreamResponse) -> bool:
        """Write ``response`` out now; False when the client did not take it in time (or went
        away): its connection is closed."""
        name = id(request)
        self._writing[name] = (time.monotonic() + self.timeout, request)
        sent = False
        try:
            await response.prepare(request)
            await response.write_eof()
            # The answer is the kernel's once asyncio's buffer is back under its high-water mark
            # (64 KiB): the wait a client that does not read makes last.
            await request.writer.drain()
            sent = True
        except ConnectionError:
            pass
        finally:
            del self._writing[name]
            dropped = name in self._dropped
            self._dropped.discard(name)
        return sent and not dropped

    def drop_late(self, now: float) -> int:
        """Close the connections whose answers are past their deadline; how many."""
        late = [(name, request) for name, (deadline, request) in self._writing.items() if now > deadline]
        for name, request in late:
            transport = request.transport
            if transport is not None:
                self._dropped.add(name)
                transport.abort()  # what it buffered goes at once, unsent
        return len(late)

    async def watch(self, _app: web.Application) -> AsyncIterator[None]:
        """The server's watcher (a ``cleanup_ctx``): looks for late answers while it serves."""
        task = asyncio.ensure_future(self._look())
        yield
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    async def _look(self) -> None:
        while True:
            await asyncio.sleep(self.timeout / _LOOKS_PER_TIMEOUT)
            self.drop_late(time.monotonic())
