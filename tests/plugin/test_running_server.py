"""``--service-url`` / ``$SERVICE_SANDBOX_URL``: the plugin uses a server that is already running.

The server here is started by the test, with an admin token, so the child must also take the
token from ``$SERVICE_SANDBOX_TOKEN``: without it every control (the reset first) answers 403.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from backend_stub.testkit import ServiceProcess
from tests.plugin.inner_pytest import CHILDREN_OF_THIS_PROCESS, child_environment, run_pytest

TOKEN = "ci-admin-token"
SUITE = f"""
import json, os
from pathlib import Path


def test_uses_the_given_server(sandbox):
    checkout_id = sandbox.create_checkout(12000, order_id="from-the-child")
    sandbox.decide(checkout_id, "success")
    record = {{
        "url": sandbox.url,
        "started_here": sandbox.process is not None,
        "children": {CHILDREN_OF_THIS_PROCESS},
        "checkout": checkout_id,
    }}
    Path(os.environ["RECORD"]).write_text(json.dumps(record))
"""


@pytest.fixture(scope="module")
def running_server() -> Iterator[ServiceProcess]:
    with ServiceProcess(admin_token=TOKEN) as server:
        yield server


@pytest.mark.parametrize("how", ["environment", "option"])
def test_plugin_uses_the_running_server(tmp_path: Path, running_server: ServiceProcess, how: str):
    (tmp_path / "test_suite.py").write_text(SUITE)
    record = tmp_path / "record.json"
    env = child_environment(RECORD=str(record), SERVICE_SANDBOX_TOKEN=TOKEN)
    if how == "environment":
        env["SERVICE_SANDBOX_URL"] = running_server.url
        args: tuple[str, ...] = ()
    else:
        args = ("--service-url", running_server.url)

    result = run_pytest(tmp_path, *args, env=env)

    assert result.returncode == 0, result.stdout + result.stderr
    seen = json.loads(record.read_text())
    assert seen["url"] == running_server.url
    assert seen["started_here"] is False
    assert seen["children"] == []  # no server process was started for the child's tests
    # And the work landed on our server: the child's checkout is there, decided.
    assert running_server.sandbox().checkout(seen["checkout"])["status"] == "success"
