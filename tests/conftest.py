"""Fixtures shared by every kind of test."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer
from hypothesis import settings

from backend_stub.app import create_app
from backend_stub.chromium import launch_options
from backend_stub.config import Config
from backend_stub.storage.fixture import read_fixture
from backend_stub.testkit import Sandbox, ServiceProcess
from sdk.tooling.sources import stale_reason

DEMO_PUBLIC, DEMO_PRIVATE = "pk_test_demo", "sk_test_demo"

# Property tests check what is answered, never how fast: on a machine shared with other test
# runs, Hypothesis's per-example deadline (200 ms) failed parsers that were merely descheduled.
settings.register_profile("house", deadline=None)
settings.load_profile("house")
OTHER_PUBLIC, OTHER_PRIVATE = "pk_test_other", "sk_test_other"


# Folders whose tests share one costly session fixture (a built release and its venv; Firefox and
# WebKit): under ``pytest -n N --dist loadgroup`` each runs on one worker, which builds it once.
_ONE_WORKER = ("packaging", "engines")


# Playwright's fixtures: a test that reaches any of them starts its sync API.
_PLAYWRIGHT_FIXTURES = {"playwright", "browser_type", "browser"}


def uses_browser(item: pytest.Item) -> bool:
    """A test that drives Chromium (its fixtures reach Playwright's ``browser``, or the browser
    type or Playwright itself, to launch one of its own)."""
    return bool(_PLAYWRIGHT_FIXTURES & set(getattr(item, "fixturenames", ())))


ROOT = Path(__file__).resolve().parents[1]
# Tests whose browser runs the compiled SDK: Chromium through Playwright, Firefox and WebKit
# (tests/engines), and the Node example's Playwright Test suite.
_SDK_FIXTURES = {"browser", "browser_type", "engine"}
_SDK_FOLDERS = {"examples"}


def runs_the_compiled_sdk(item: pytest.Item) -> bool:
    """A test whose browser loads ``backend_stub/web/dist``."""
    fixtures = set(getattr(item, "fixturenames", ()))
    return bool(_SDK_FIXTURES & fixtures) or item.path.parent.name in _SDK_FOLDERS


@pytest.fixture(scope="session")
def compiled_sdk_is_current() -> None:
    """Fails when ``backend_stub/web/dist`` is not the build of ``sdk/`` (and the server modules
    it bundles) as they are now: a browser test would pass or fail on yesterday's SDK."""
    problem = stale_reason(ROOT / "backend_stub" / "web" / "dist", ROOT / "sdk")
    if problem:
        pytest.fail(f"{problem}: run `make build` before the browser tests", pytrace=False)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Browser tests last, marked ``e2e``, each first checking that the compiled SDK is current.

    Playwright's sync API keeps an event loop running in the main thread once it starts, and
    asyncio tests cannot run after that. xdist hands each worker its tests in this order, so
    every worker runs its asyncio tests first too. ``trylast``: pytest's own reordering by
    session-scoped parameters (Playwright's ``browser_name``) must not undo it.
    """
    for item in items:
        # Only this folder's tests see its fixtures: examples/merchant_ci is a merchant's suite,
        # which the plugin itself refuses to run on a missing SDK.
        ours = item.path.is_relative_to(ROOT / "tests")
        if ours and isinstance(item, pytest.Function) and runs_the_compiled_sdk(item):
            # First of all its fixtures, before the session's servers and browsers start: a
            # browser test runs only on an SDK compiled from the sources as they are.
            item.fixturenames.insert(0, "compiled_sdk_is_current")
        if uses_browser(item):
            item.add_marker(pytest.mark.e2e)
        folder = item.path.parent.name
        if folder in _ONE_WORKER:
            item.add_marker(pytest.mark.xdist_group(folder))
        if getattr(config.option, "loadgroup", False):  # an xdist worker under --dist loadgroup
            join_xdist_group(item)
    items.sort(key=uses_browser)


def join_xdist_group(item: pytest.Item) -> None:
    """Give ``item`` the ``@group`` suffix by which xdist's loadgroup scheduler keeps a group on
    one worker. xdist 3.8 adds it by writing ``item._nodeid``, which pytest 9.2's structured node
    ids no longer read (pytest-xdist issue #1386, fix pending in #1388): every group was being
    spread over the workers, each building the group's session fixtures again. Marks added above
    come after xdist's own hook too. Private API, on purpose and only here, until xdist's fix."""
    names = sorted(
        {
            str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
            for mark in item.iter_markers("xdist_group")
        }
    )
    if not names or "@" in item.nodeid.rpartition("]")[2]:
        return
    from _pytest.nodeid import coerce_node_id

    item._id = coerce_node_id(f"{item.nodeid}@{'_'.join(names)}")  # type: ignore[attr-defined]


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


def demo_limits(currency: str = "EUR") -> dict[str, tuple[int, int]]:
    """Demo Shop's inclusive (minimum, maximum) per product type, in the fixture's order, read from
    the server's fixture: a limit changes there and nowhere else in the tests."""
    (merchant,) = (m for m in read_fixture()["merchants"] if m["public_key"] == DEMO_PUBLIC)
    return {
        limit["product_type"]: (limit["min_amount"], limit["max_amount"])
        for limit in merchant["limits"]
        if limit["currency"] == currency
    }


def bearer(key: str, **headers: str) -> dict[str, str]:
    """Request headers carrying ``key``."""
    return {"Authorization": f"Bearer {key}", **headers}
