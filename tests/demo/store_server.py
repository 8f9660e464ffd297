"""The demo store in this process, on its own thread and event loop, for the browser tests.

In-process rather than a subprocess: it starts in milliseconds, and a failure's traceback lands
in the test output. It listens on 127.0.0.1 and is addressed as ``localhost``, so to the browser
it is another site than the service on 127.0.0.1, as in production.
"""

from __future__ import annotations

import asyncio
import socket
import threading
from dataclasses import replace

from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from demo_store.app import create_app
from demo_store.config import StoreConfig

__all__ = ["StoreServer", "store_client"]


async def store_client(config: StoreConfig) -> TestClient:
    """An aiohttp test client of the store on 127.0.0.1, its public URL naming that address,
    sending the store's own ``Origin`` as its pages do (started; the caller closes it)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    config = replace(config, public_url=f"http://127.0.0.1:{sock.getsockname()[1]}")
    # The Origin a browser sends with the store's own forms and fetches (demo_store.access).
    client = TestClient(
        TestServer(create_app(config), socket_factory=lambda *_: sock),
        headers={"Origin": config.public_origin},
    )
    await client.start_server()
    return client


class StoreServer:
    """``create_app(config)`` served on a free port until :meth:`stop`."""

    def __init__(self, config: StoreConfig) -> None:
        self.config = config
        self.url = ""
        self._loop = asyncio.new_event_loop()
        self._runner: web.AppRunner | None = None
        self._thread: threading.Thread | None = None
        self._failure: BaseException | None = None

    def start(self) -> StoreServer:
        ready = threading.Event()

        def run() -> None:
            asyncio.set_event_loop(self._loop)
            try:
                # Bound first: the store's public URL names its port.
                sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                sock.bind(("127.0.0.1", 0))
                url = f"http://localhost:{sock.getsockname()[1]}"
                self.config = replace(self.config, public_url=url)
                self._runner = web.AppRunner(create_app(self.config), access_log=None)
                self._loop.run_until_complete(self._runner.setup())
                self._loop.run_until_complete(web.SockSite(self._runner, sock).start())
                self.url = url
            except BaseException as error:  # surfaced by start() in the test's thread
                self._failure = error
                return
            finally:
                ready.set()
            self._loop.run_forever()

        self._thread = threading.Thread(target=run, name="demo-store", daemon=True)
        self._thread.start()
        ready.wait(30)
        if self._failure or not self.url:
            raise RuntimeError("the demo store did not start") from self._failure
        return self

    def stop(self) -> None:
        if self._runner is not None:
            asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        if self._thread is not None:
            self._thread.join(10)
        self._loop.close()
