"""Fixtures of the demo store's end-to-end tests: the sandbox server as a process on 127.0.0.1,
the store in this process on ``localhost``, and Chromium."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
from aiohttp.test_utils import TestClient

from backend_stub.testkit import Sandbox
from demo_store.config import StoreConfig
from tests.demo.store_server import StoreServer, store_client


@pytest.fixture(scope="session")
def store_server(service: Sandbox) -> Iterator[StoreServer]:
    server = StoreServer(StoreConfig(service_url=service.url)).start()
    yield server
    server.stop()


@pytest.fixture
def store(store_server: StoreServer, service: Sandbox) -> StoreServer:
    """The store, with the service back at its fixture for this test."""
    service.reset()
    return store_server


@pytest.fixture
async def store_http(service: Sandbox) -> AsyncIterator[TestClient]:
    """The store in this test's event loop, as an HTTP client (its own cookie jar) against the
    real service, back at its fixture: for what a browser would send, without one."""
    service.reset()
    client = await store_client(StoreConfig(service_url=service.url))
    try:
        yield client
    finally:
        await client.close()
