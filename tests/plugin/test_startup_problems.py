"""A run that cannot work says so once, in one line that says what to do (issue 25): a taken
port, a ``$CHROMIUM`` that is not a Chromium, no Chromium at all. Before, each failed every test
with the server's traceback or Playwright's advice to download a browser."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from backend_stub.testkit import chromium
from tests.plugin.inner_pytest import child_environment, run_pytest

SUITE = "".join(f"def test_{n}(sandbox):\n    pass\n\n\n" for n in range(6))
BROWSER_SUITE = "".join(f"def test_{n}(page, sandbox):\n    pass\n\n\n" for n in range(3))


@pytest.fixture
def taken_port() -> Iterator[int]:
    """A loopback port something listens on, as `make demo` or another run would, just above a
    port that was free a moment ago (under xdist the run asks for that one and the next): any
    port below a taken one may be another process's, and the run would then name that one."""
    for _ in range(100):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            free = probe.getsockname()[1]
        holder = socket.socket()
        try:
            holder.bind(("127.0.0.1", free + 1))
        except OSError:
            holder.close()
            continue
        with holder:
            holder.listen()
            yield free + 1
        return
    raise AssertionError("no two neighbouring loopback ports were free")


def only_line(result) -> str:
    lines = (result.stdout + result.stderr).strip().splitlines()
    assert len(lines) == 1, result.stdout + result.stderr
    return lines[0]


@pytest.mark.parametrize("workers", [[], ["-p", "xdist", "-n", "2"]], ids=["one process", "xdist"])
def test_a_taken_port_fails_the_session_in_one_line(tmp_path: Path, taken_port: int, workers: list):
    (tmp_path / "test_suite.py").write_text(SUITE)
    chosen = taken_port - 1 if workers else taken_port  # under xdist gw1 takes the port + 1
    result = run_pytest(tmp_path, "--service-port", str(chosen), *workers)
    assert result.returncode == pytest.ExitCode.USAGE_ERROR
    needs = (
        f"--service-port {chosen} with -n 2 (ports {chosen}-{taken_port})"
        if workers
        else f"--service-port {chosen}"
    )
    assert only_line(result) == (
        f"ERROR: service sandbox: port {taken_port} is in use (another sandbox server, `make demo`,"
        f" another test run?), and {needs} needs it: choose another with --service-port or"
        " $SERVICE_SANDBOX_PORT, or leave both out for a free port"
    )


def test_a_chromium_variable_that_is_no_chromium_fails_the_session_in_one_line(tmp_path: Path):
    (tmp_path / "test_suite.py").write_text(BROWSER_SUITE)
    env = child_environment(CHROMIUM="/nonexistent")
    result = run_pytest(tmp_path, "-p", "playwright", "-p", "base_url", env=env)
    assert result.returncode == pytest.ExitCode.USAGE_ERROR
    assert only_line(result) == (
        "ERROR: service sandbox: $CHROMIUM is /nonexistent, which is not an executable file: point it at"
        " a Chromium (/usr/bin/chromium on Debian and Ubuntu) or unset it"
    )


def test_no_chromium_at_all_says_how_to_get_one_offline(tmp_path: Path):
    # This machine has Chromium: the child sees none, as on a bare CI image (no $CHROMIUM, no
    # /usr/bin/chromium, nothing on PATH, no Playwright download).
    (tmp_path / "conftest.py").write_text(
        "from backend_stub import chromium\n\n"
        f"chromium.DEBIAN_CHROMIUM = chromium.DEBIAN_HEADLESS_SHELL = {str(tmp_path / 'absent')!r}\n"
    )
    (tmp_path / "test_suite.py").write_text(BROWSER_SUITE)
    env = child_environment(PATH="/nonexistent", PLAYWRIGHT_BROWSERS_PATH=str(tmp_path))
    env.pop("CHROMIUM", None)
    result = run_pytest(tmp_path, "-p", "playwright", "-p", "base_url", env=env)
    assert result.returncode == pytest.ExitCode.USAGE_ERROR
    output = result.stdout + result.stderr
    assert output.count("service sandbox: no Chromium on this machine") == 1, output
    assert "apt-get install chromium" in output and "test_0" not in output


def test_a_machine_with_chromium_has_no_problem():
    assert chromium.executable() is not None and chromium.problem() is None
