"""A round trip of network latency in front of a loopback server, for bench/sdk_load.py.

On loopback every request answers at once, and the SDK's start is all CPU. A shopper's browser is
tens of milliseconds from both servers. :class:`Delayed` listens on a port of its own and
forwards every connection to the server behind it, each chunk held half the round trip in each
direction (order kept), and a new connection's first bytes one round trip more, as its TCP
handshake would cost. It works below HTTP, for every process of the browser alike: the bridge's
cross-site iframe runs in a renderer of its own, which Chromium's per-page network emulation
does not reach.
"""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any
from urllib.parse import urlsplit

__all__ = ["Delayed"]

CHUNK = 65536


class Delayed:
    """``target_url``'s server behind ``rtt_ms`` of round trip; ``url`` is where to reach it."""

    def __init__(self, target_url: str, rtt_ms: float) -> None:
        parts = urlsplit(target_url)
        self.host, self.target_port = parts.hostname or "127.0.0.1", parts.port
        self.scheme = parts.scheme
        self.half = rtt_ms / 2000
        self.url = ""
        self._loop = asyncio.new_event_loop()
        self._server: asyncio.Server | None = None
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)

    def __enter__(self) -> Delayed:
        self._thread.start()
        future = asyncio.run_coroutine_threadsafe(self._start(), self._loop)
        port = future.result(10)
        self.url = f"{self.scheme}://{self.host}:{port}"
        return self

    def __exit__(self, *exc: object) -> None:
        asyncio.run_coroutine_threadsafe(self._stop(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()

    async def _stop(self) -> None:
        if self._server is not None:
            self._server.close()
        tasks = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _start(self) -> int:
        self._server = await asyncio.start_server(self._connection, "127.0.0.1", 0)
        return self._server.sockets[0].getsockname()[1]

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            writer.close()
            return
        # The client's bytes can leave once its handshake is done, one round trip after its SYN.
        handshake_done = time.monotonic() + 2 * self.half
        try:
            await asyncio.gather(
                self._pipe(reader, up_writer, handshake_done),
                self._pipe(up_reader, writer, 0.0),
                return_exceptions=True,
            )
        except asyncio.CancelledError:
            pass  # the benchmark is over
        finally:
            for stream in (writer, up_writer):
                stream.close()

    async def _pipe(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, not_before: float
    ) -> None:
        """Copy ``reader`` to ``writer``, each chunk half a round trip after it could leave."""
        queue: asyncio.Queue[Any] = asyncio.Queue()

        async def deliver() -> None:
            while True:
                due, data = await queue.get()
                wait = due - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
                if data is None:
                    if writer.can_write_eof():
                        writer.write_eof()
                    return
                writer.write(data)
                await writer.drain()

        delivering = asyncio.ensure_future(deliver())
        try:
            while data := await reader.read(CHUNK):
                await queue.put((max(time.monotonic(), not_before) + self.half, data))
        except OSError:
            pass
        await queue.put((max(time.monotonic(), not_before) + self.half, None))
        await delivering
