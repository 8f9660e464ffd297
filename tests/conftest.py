"""Fixtures shared by every kind of test."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
from aiohttp.test_utils import TestClient, TestServer

from backend_stub.app import create_app
from backend_stub.config import Config
from backend_stub.testkit import Sandbox, ServiceProcess
from backend_stub.testkit.chromium import launch_options

DEMO_PUBLIC, DEMO_PRIVATE = "pk_test_demo", "sk_test_demo"
OTHER_PUBLIC, OTHER_PRIVATE = "pk_test_other", "sk_test_other"


# Folders whose tests share one costly session fixture (a built release and its venv; Firefox and
# WebKit): under ``pytest -n N --dist loadgroup`` each runs on one worker, which builds it once.
_ONE_WORKER = ("packaging", "engines")


def uses_browser(item: pytest.Item) -> bool:
    """A test that drives Chromium (its fixtures reach Playwright's ``browser``)."""
    return "browser" in getattr(item, "fixturenames", ())


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests last, marked ``e2e``.

    Playwright's sync API keeps an event loop running in the main thread once it starts, and
    asyncio tests cannot run after that. xdist hands each worker its tests in this order, so
    every worker runs its asyncio tests first too. ``trylast``: pytest's own reordering by
    session-scoped parameters (Playwright's ``browser_name``) must not undo it.
    """
    for item in items:
        if uses_browser(item):
            item.add_marker(pytest.mark.e2e)
        folder = item.path.parent.name
        if folder in _ONE_WORKER:
            item.add_marker(pytest.mark.xdist_group(folder))
    items.sort(key=uses_browser)


@pytest.fixture(scope="session")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sandbox]:
    """The sandbox server in its own process on 127.0.0.1, for browser tests (one per xdist
    worker), seen through the client merchants use; each test resets it through the fixture that
    hands it out."""
    db = tmp_path_factory.mktemp("service") / "service.sqlite3"
    with ServiceProcess(db=db) as process:
        yield process.sandbox()


@pytest.fixture(scope="session")
def browser_type_launch_args() -> dict:
    """Debian's Chromium (or $CHROMIUM), with the flags this closed network needs."""
    return launch_options()


@pytest.fixture
def server_config() -> Config:
    """The settings of the in-process server; override in a test module to change them."""
    return Config(db=":memory:")


@pytest.fixture
async def api(server_config: Config) -> AsyncIterator[TestClient]:
    """A real sandbox server (in this process, fresh SQLite) and a client for it."""
    client = TestClient(TestServer(create_app(server_config)))
    await client.start_server()
    try:
        yield client
    finally:
        await client.close()


def bearer(key: str, **headers: str) -> dict[str, str]:
    """Request headers carrying ``key``."""
    return {"Authorization": f"Bearer {key}", **headers}
