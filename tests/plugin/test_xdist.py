"""Under pytest-xdist every worker gets a sandbox server of its own, reset before each test."""

from __future__ import annotations

import json
from pathlib import Path

from tests.plugin.inner_pytest import child_environment, run_pytest

SUITE = """
import json, os
from pathlib import Path

import pytest


@pytest.mark.parametrize("n", range(6))
def test_uses_the_sandbox(sandbox, n):
    # The same order id in every test: a sandbox not reset in between would answer 409.
    sandbox.seed_orders({"id": "same-order"})
    record = {
        "worker": os.environ["PYTEST_XDIST_WORKER"],
        "url": sandbox.url,
        "server_pid": sandbox.process.process.pid,
    }
    Path(os.environ["RECORDS"], f"{n}.json").write_text(json.dumps(record))
"""


def test_each_worker_starts_its_own_server(tmp_path: Path):
    (tmp_path / "test_suite.py").write_text(SUITE)
    records = tmp_path / "records"
    records.mkdir()

    result = run_pytest(tmp_path, "-p", "xdist", "-n", "2", env=child_environment(RECORDS=str(records)))

    assert result.returncode == 0, result.stdout + result.stderr
    seen = [json.loads(path.read_text()) for path in sorted(records.iterdir())]
    assert len(seen) == 6
    urls_by_worker: dict[str, set[str]] = {}
    for record in seen:
        urls_by_worker.setdefault(record["worker"], set()).add(record["url"])
    # xdist's first batch gives both workers tests; each kept one server for all of them.
    assert set(urls_by_worker) == {"gw0", "gw1"}
    assert all(len(urls) == 1 for urls in urls_by_worker.values()), urls_by_worker
    assert len({record["url"] for record in seen}) == 2
    assert len({record["server_pid"] for record in seen}) == 2
