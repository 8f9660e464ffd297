"""pytest plugin (entry point ``service_sandbox``): a sandbox server for merchants' test suites.

- ``sandbox_server`` (session): a :class:`~backend_stub.testkit.sandbox.Sandbox` for a server
  started for this session (one per pytest-xdist worker, since each worker is its own session)
  on a free port or on ``--service-port`` / ``$SERVICE_SANDBOX_PORT``, or for the server at
  ``--service-url`` / ``$SERVICE_SANDBOX_URL``.
- ``sandbox`` (function): the same, reset to its fixture before the test.
- ``checkout_overlay`` (function): drives the hosted checkout in pytest-playwright's ``page``.

Nothing starts unless a test asks for one of these fixtures, and the module imports neither
aiohttp nor Playwright, so installing the package costs other test suites nothing.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from .sandbox import DEMO_KEYS, Keys, Sandbox, SandboxError, SdkMissingError, check_sdk
from .server import ServiceProcess

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from .checkout_overlay import CheckoutOverlay

__all__ = ["URL_ENV", "PORT_ENV", "TOKEN_ENV", "worker_port"]

URL_ENV = "SERVICE_SANDBOX_URL"
PORT_ENV = "SERVICE_SANDBOX_PORT"
TOKEN_ENV = "SERVICE_SANDBOX_TOKEN"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("service-sandbox", "sandbox server of the financing service")
    group.addoption(
        "--service-url",
        dest="service_sandbox_url",
        default=None,
        help=f"use the sandbox server already running at this URL instead of starting one (${URL_ENV})",
    )
    group.addoption(
        "--service-port",
        dest="service_sandbox_port",
        type=int,
        default=None,
        help=(
            f"start the sandbox server on this port instead of a free one (${PORT_ENV}); "
            "pytest-xdist worker gwN uses this port + N"
        ),
    )


def worker_port(port: int, worker: str | None) -> int:
    """The port of one session's server: ``port`` itself, or ``port + N`` in xdist worker ``gwN``
    (every worker is a session with a server of its own, so they cannot share one port)."""
    if worker and worker.startswith("gw") and worker[2:].isdigit():
        return port + int(worker[2:])
    return port


def _chosen_port(config: pytest.Config) -> int:
    """The port asked for on the command line or in the environment; 0 (a free one) if none."""
    port = config.getoption("service_sandbox_port")
    if port is None:
        text = os.environ.get(PORT_ENV, "").strip()
        if not text:
            return 0
        if not text.isdigit() or not 0 < int(text) < 65536:
            pytest.fail(f"${PORT_ENV} must be a port number (1-65535), not {text!r}", pytrace=False)
        port = int(text)
    elif not 0 < port < 65536:
        pytest.fail(f"--service-port must be a port number (1-65535), not {port}", pytrace=False)
    return worker_port(port, os.environ.get("PYTEST_XDIST_WORKER"))


@pytest.fixture(scope="session")
def sandbox_keys() -> Keys:
    """The merchant keys the helpers use; override it with a fixture file of your own."""
    return DEMO_KEYS


@pytest.fixture(scope="session")
def sandbox_server_args() -> list[str]:
    """Extra command-line options of the server the plugin starts, e.g. ``["--fixture", path]``
    (see ``python -m backend_stub --help``); override it in a ``conftest.py``."""
    return []


@pytest.fixture(scope="session")
def sandbox_server(
    pytestconfig: pytest.Config, sandbox_keys: Keys, sandbox_server_args: list[str]
) -> Iterator[Sandbox]:
    """The sandbox server of this session: the one at ``--service-url`` / ``$SERVICE_SANDBOX_URL``,
    or a new one (on ``--service-port`` / ``$SERVICE_SANDBOX_PORT``, else a free port), stopped
    when the session ends."""
    url = pytestconfig.getoption("service_sandbox_url") or os.environ.get(URL_ENV)
    token = os.environ.get(TOKEN_ENV) or None
    if any(arg.split("=", 1)[0] == "--port" for arg in sandbox_server_args):
        # It would only work because the last --port wins, and xdist workers would share the port.
        pytest.fail(
            f"sandbox_server_args may not contain --port: choose the port with --service-port or ${PORT_ENV}",
            pytrace=False,
        )
    port = _chosen_port(pytestconfig)
    if url:
        if port:
            pytest.fail(
                "--service-port chooses the port of a server the plugin starts, but the plugin starts "
                f"none: --service-url / ${URL_ENV} names a server that is already running",
                pytrace=False,
            )
        sandbox = Sandbox(url, admin_token=token, keys=sandbox_keys)
        try:
            check_sdk(url, sandbox.health())
        except (OSError, SandboxError) as error:
            pytest.fail(f"no sandbox server answers at {url} ({error})", pytrace=False)
        except SdkMissingError as error:
            pytest.fail(str(error), pytrace=False)
        yield sandbox
        return
    # In :memory: (nothing to clean up; a reset rewrites a few tables). A token that is set also
    # guards the server we start, so one CI configuration works with either kind of server.
    try:
        process = ServiceProcess(port=port, admin_token=token, extra_args=sandbox_server_args).start()
    except SdkMissingError as error:
        pytest.fail(str(error), pytrace=False)
    with process:
        yield process.sandbox(sandbox_keys)


@pytest.fixture
def sandbox(sandbox_server: Sandbox) -> Sandbox:
    """The session's sandbox server, back at its fixture for this test."""
    try:
        sandbox_server.reset()
    except OSError as error:  # say whether our server died, with its last words
        process = sandbox_server.process
        state = "has stopped" if process is not None and not process.alive else "does not answer"
        log = "\n".join(process.output[-20:]) if process is not None else ""
        pytest.fail(f"the sandbox server at {sandbox_server.url} {state} ({error})\n{log}")
    return sandbox_server


@pytest.fixture
def checkout_overlay(page: Page) -> CheckoutOverlay:
    """The checkout overlay of pytest-playwright's ``page``: approve, pending, deny, return, close."""
    from .checkout_overlay import CheckoutOverlay  # Playwright is imported only by tests that use it

    return CheckoutOverlay(page)
