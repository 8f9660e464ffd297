"""``--service-port`` / ``$SERVICE_SANDBOX_PORT``: the plugin starts its server on a chosen port.

Under pytest-xdist worker ``gwN`` takes the port + N; a ``--port`` in ``sandbox_server_args`` is
refused with a message that names the option to use instead.
"""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

from tests.plugin.inner_pytest import child_environment, run_pytest

SUITE = """
import json, os
from pathlib import Path


def test_records_its_server(sandbox):
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    Path(os.environ["RECORDS"], worker + ".json").write_text(json.dumps({"url": sandbox.url}))
"""


def free_ports(count: int) -> int:
    """The first of ``count`` consecutive loopback ports nobody listens on (bound, then released)."""
    while True:
        with socket.socket() as first:
            first.bind(("127.0.0.1", 0))
            port = first.getsockname()[1]
            others = [socket.socket() for _ in range(count - 1)]
            try:
                for offset, other in enumerate(others, start=1):
                    other.bind(("127.0.0.1", port + offset))
                return port
            except OSError:
                continue
            finally:
                for other in others:
                    other.close()


@pytest.mark.parametrize("how", ["option", "environment under xdist"])
def test_server_listens_on_the_chosen_port(tmp_path: Path, how: str):
    (tmp_path / "test_suite.py").write_text(SUITE)
    records = tmp_path / "records"
    records.mkdir()
    if how == "option":
        port = free_ports(1)
        env = child_environment(RECORDS=str(records))
        result = run_pytest(tmp_path, "--service-port", str(port), env=env)
        expected = {"main": port}
    else:
        port = free_ports(2)
        env = child_environment(RECORDS=str(records), SERVICE_SANDBOX_PORT=str(port))
        result = run_pytest(tmp_path, "-p", "xdist", "-n", "2", "--dist", "each", env=env)
        expected = {"gw0": port, "gw1": port + 1}

    assert result.returncode == 0, result.stdout + result.stderr
    seen = {path.stem: json.loads(path.read_text())["url"] for path in records.iterdir()}
    assert seen == {worker: f"http://127.0.0.1:{number}" for worker, number in expected.items()}


def test_a_port_in_the_server_args_is_refused(tmp_path: Path):
    (tmp_path / "conftest.py").write_text(
        "import pytest\n\n\n"
        '@pytest.fixture(scope="session")\n'
        "def sandbox_server_args():\n"
        '    return ["--port", "8400"]\n'
    )
    (tmp_path / "test_suite.py").write_text("def test_uses_the_sandbox(sandbox):\n    pass\n")

    result = run_pytest(tmp_path)

    assert result.returncode == 1
    assert "sandbox_server_args may not contain --port: choose the port with --service-port" in result.stdout
