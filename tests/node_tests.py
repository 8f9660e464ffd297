"""Running JavaScript unit tests (``*.test.mjs``, node's test runner) from pytest, each failing
node test reported by its name and error (tests/loader/reporter.mjs writes one JSON line per
test)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

__all__ = ["node_test_failures"]

ROOT = Path(__file__).resolve().parents[1]
REPORTER = ROOT / "tests" / "loader" / "reporter.mjs"


def node_test_failures(folder: Path, env: dict[str, str]) -> list[str]:
    """``node --test`` over ``folder``'s ``*.test.mjs`` with ``env``: each failed test as its name
    and error, or the run's whole output when it reported no test at all."""
    result = subprocess.run(
        ["node", "--test", f"--test-reporter={REPORTER}", *sorted(str(p) for p in folder.glob("*.test.mjs"))],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    results = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    failed = [f"{entry['name']}:\n{entry['error']}" for entry in results if not entry["ok"]]
    if not results or (result.returncode != 0 and not failed):
        failed.append(result.stdout + result.stderr)
    return failed
