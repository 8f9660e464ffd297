"""The Lamp Shop's test fixtures: the shop, served against the plugin's sandbox server.

The sandbox itself comes from the ``service_sandbox`` pytest plugin (installed with the
``service-checkout`` package): ``sandbox_server``, ``sandbox`` and ``checkout_overlay``.

This file sits beside ``lamp_shop/`` rather than in ``tests/``: pytest puts a conftest's folder
on ``sys.path``, so the tests import the shop whether pytest runs here or from the repository root.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator

import pytest
from aiohttp import web
from lamp_shop.app import ShopConfig, create_app


class ShopServer:
    """The shop on a free port, on its own thread and event loop, until :meth:`stop`."""

    def __init__(self, config: ShopConfig) -> None:
        self.app = create_app(config)
        self.url = ""
        self._loop = asyncio.new_event_loop()
        self._runner = web.AppRunner(self.app, access_log=None)
        self._thread = threading.Thread(target=self._loop.run_forever, name="lamp-shop", daemon=True)

    def start(self) -> ShopServer:
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._listen(), self._loop).result(30)
        return self

    async def _listen(self) -> None:
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        # Addressed as localhost, while the service is on 127.0.0.1: two sites to the browser.
        self.url = f"http://localhost:{self._runner.addresses[0][1]}"

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self._loop).result(30)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(30)
        self._loop.close()


@pytest.fixture(scope="session")
def shop_server(sandbox_server) -> Iterator[ShopServer]:
    """The shop for the whole session, pointed at the session's sandbox server."""
    server = ShopServer(ShopConfig(service_url=sandbox_server.url)).start()
    yield server
    server.stop()


@pytest.fixture
def shop(shop_server: ShopServer, sandbox) -> ShopServer:
    """The shop, with the sandbox reset to its fixture for this test."""
    return shop_server


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """The machine's own Chromium where Playwright's download is missing (closed networks).

    Where ``playwright install chromium`` works, this fixture can go.
    """
    from backend_stub.testkit.chromium import launch_options

    return launch_options(**browser_type_launch_args)
