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
import socket
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from . import chromium
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


def stop_session(problem: str) -> None:
    """End the whole run with one line: a server that cannot start or a browser that cannot launch
    would otherwise fail every test with the same long error."""
    pytest.exit(f"service sandbox: {problem}", returncode=pytest.ExitCode.USAGE_ERROR)


def pytest_configure(config: pytest.Config) -> None:
    """What can be known before any test runs is checked once, in the main process (xdist's
    workers start after it): the ports of the servers the plugin will start, and ``$CHROMIUM``."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        return
    problem = _ports_problem(config) or _chromium_variable_problem()
    if problem:
        raise pytest.UsageError(f"service sandbox: {problem}")


def _ports_problem(config: pytest.Config) -> str | None:
    base = _chosen_port(config, worker=None)
    if not base or config.getoption("service_sandbox_url") or os.environ.get(URL_ENV):
        return None
    workers = _option(config, "numprocesses")
    count = workers if isinstance(workers, int) and workers > 0 else 1
    for port in range(base, base + count):
        if port_in_use(port):
            chosen = f"--service-port {base}" + (
                f" with -n {count} (ports {base}-{base + count - 1})" if count > 1 else ""
            )
            return (
                f"port {port} is in use (another sandbox server, `make demo`, another test run?), and"
                f" {chosen} needs it: choose another with --service-port or ${PORT_ENV}, or leave both"
                " out for a free port"
            )
    return None


def _chromium_variable_problem() -> str | None:
    if os.environ.get("CHROMIUM") and chromium.problem():
        return chromium.problem()
    return None


def pytest_collection_finish(session: pytest.Session) -> None:
    """Before the first browser test, a Chromium must be there to launch. Checked where tests were
    collected: without xdist (a worker cannot end the run; Playwright's own error stands there)."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        return
    uses_browser = any("browser" in getattr(item, "fixturenames", ()) for item in session.items)
    config = session.config
    chosen = _option(config, "browser")  # pytest-playwright's --browser, a list; none: chromium
    browsers = chosen if isinstance(chosen, list) and chosen else ["chromium"]
    if not uses_browser or "chromium" not in browsers or _option(config, "browser_channel"):
        return
    problem = chromium.problem()
    if problem:
        stop_session(problem)


def _option(config: pytest.Config, name: str) -> object:
    try:
        return config.getoption(name)
    except ValueError:  # the plugin that adds it (pytest-playwright, pytest-xdist) is not loaded
        return None


def port_in_use(port: int) -> bool:
    """Whether something listens on this loopback port already (the server binds 127.0.0.1)."""
    with socket.socket() as probe:
        # As the server binds: a port a finished run left in TIME_WAIT is free to listen on.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return True
    return False


def worker_port(port: int, worker: str | None) -> int:
    """The port of one session's server: ``port`` itself, or ``port + N`` in xdist worker ``gwN``
    (every worker is a session with a server of its own, so they cannot share one port)."""
    if worker and worker.startswith("gw") and worker[2:].isdigit():
        return port + int(worker[2:])
    return port


def _chosen_port(config: pytest.Config, worker: str | None = "") -> int:
    """The port asked for on the command line or in the environment (``worker``'s share of it;
    by default this process's worker); 0 (a free one) if none."""
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
    return worker_port(port, os.environ.get("PYTEST_XDIST_WORKER") if worker == "" else worker)


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
    except RuntimeError as error:  # it stopped before it listened (taken since the check?): once
        if os.environ.get("PYTEST_XDIST_WORKER"):
            pytest.fail(str(error), pytrace=False)
        stop_session(str(error))
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
