"""A small WebDriver BiDi client: commands, events, and JavaScript values both ways.

Firefox speaks BiDi itself (no driver binary), over one WebSocket. The socket lives in an event
loop of its own thread, so the tests stay synchronous and never touch the main thread's loop
(Playwright's sync API owns that one in the same pytest process).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import itertools
import math
import threading
from collections.abc import Callable
from typing import Any

import aiohttp

__all__ = ["BidiConnection", "BidiError", "COMMAND_TIMEOUT_S", "Params", "to_local", "from_remote"]

COMMAND_TIMEOUT_S = 30
# A command's parameters, a result, an event's parameters, a value: JSON objects as the protocol
# defines them, read by key where they are used.
Params = dict[str, Any]


class BidiError(RuntimeError):
    """A command answered with an error, or a script threw."""

    def __init__(self, error: str, message: str) -> None:
        super().__init__(f"{error}: {message}")
        self.error = error


class BidiConnection:
    """One WebSocket to a BiDi endpoint: ``send`` waits for the answer; ``on`` gets events."""

    def __init__(self, url: str) -> None:
        self._ids = itertools.count(1)
        self._pending: dict[int, asyncio.Future[Params]] = {}
        self._handlers: dict[str, list[Callable[[Params], None]]] = {}
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        self._session: aiohttp.ClientSession | None = None
        self._socket = self._run(self._connect(url))
        self._reader = asyncio.run_coroutine_threadsafe(self._read(), self._loop)

    def _run(self, coroutine: Any, timeout: float = COMMAND_TIMEOUT_S) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result(timeout)

    async def _connect(self, url: str) -> aiohttp.ClientWebSocketResponse:
        self._session = aiohttp.ClientSession()
        return await self._session.ws_connect(url, max_msg_size=0)

    async def _read(self) -> None:
        async for message in self._socket:
            if message.type != aiohttp.WSMsgType.TEXT:
                break
            data = message.json()
            if "id" in data and data["id"] in self._pending:
                future = self._pending.pop(data["id"])
                if future.done():  # given up on: the page it ran in went away
                    continue
                if data.get("type") == "error":
                    future.set_exception(BidiError(data["error"], data.get("message", "")))
                else:
                    future.set_result(data.get("result", {}))
            elif data.get("type") == "event":
                for handler in self._handlers.get(data["method"], []):
                    handler(data["params"])
        for future in self._pending.values():
            if not future.done():
                future.set_exception(BidiError("closed", "the browser closed the connection"))

    async def _send(self, method: str, params: Params) -> Params:
        command_id = next(self._ids)
        future = self._loop.create_future()
        self._pending[command_id] = future
        await self._socket.send_json({"id": command_id, "method": method, "params": params})
        return await future

    def start(self, method: str, params: Params | None = None) -> concurrent.futures.Future[Params]:
        """Send one command; its result comes in the returned future (which may be cancelled)."""
        return asyncio.run_coroutine_threadsafe(self._send(method, params or {}), self._loop)

    def send(self, method: str, params: Params | None = None, timeout: float = COMMAND_TIMEOUT_S) -> Params:
        """Run one command and return its result."""
        return self.start(method, params).result(timeout)

    def on(self, event: str, handler: Callable[[Params], None]) -> None:
        """Call ``handler(params)`` for every ``event`` (in the socket's thread)."""
        self._handlers.setdefault(event, []).append(handler)

    def close(self) -> None:
        async def shut() -> None:
            await self._socket.close()
            if self._session is not None:
                await self._session.close()

        try:
            self._run(shut(), timeout=5)
        finally:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(5)
            self._loop.close()


def to_local(value: Any) -> Params:
    """A Python value as a BiDi LocalValue (plain data only)."""
    if value is None:
        return {"type": "null"}
    if isinstance(value, bool):
        return {"type": "boolean", "value": value}
    if isinstance(value, int | float):
        return {"type": "number", "value": value}
    if isinstance(value, str):
        return {"type": "string", "value": value}
    if isinstance(value, list | tuple):
        return {"type": "array", "value": [to_local(item) for item in value]}
    if isinstance(value, dict):
        return {"type": "object", "value": [[str(key), to_local(item)] for key, item in value.items()]}
    raise TypeError(f"cannot send {type(value).__name__} to a page")


SPECIAL_NUMBERS = {"NaN": math.nan, "-0": -0.0, "Infinity": math.inf, "-Infinity": -math.inf}


def from_remote(remote: Params) -> Any:
    """A BiDi RemoteValue as a Python value; a window becomes ``{"context": id}``."""
    kind, value = remote["type"], remote.get("value")
    if kind in ("undefined", "null"):
        return None
    if kind == "number":
        return SPECIAL_NUMBERS.get(value, value) if isinstance(value, str) else value
    if kind in ("string", "boolean"):
        return value
    if kind in ("array", "set"):
        return [from_remote(item) for item in value or []]
    if kind in ("object", "map"):
        return {
            key if isinstance(key, str) else from_remote(key): from_remote(item) for key, item in value or []
        }
    if kind == "window":
        return {"context": remote["value"]["context"]}
    return {"type": kind}
