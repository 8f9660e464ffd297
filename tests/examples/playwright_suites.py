"""Running an example's own Playwright Test suite as a merchant's CI runs it (``npx playwright
test``, ``service-stub`` on the ``PATH``), and reading which tests it ran and how they ended."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

__all__ = ["environment", "run_suite"]


def environment(**extra: str) -> dict[str, str]:
    """This process's environment without what belongs to this pytest session (an xdist worker's
    variables, a --service-url), with this interpreter's ``bin`` first on the ``PATH`` (where
    ``service-stub`` is, as in an activated virtualenv) and ``CI`` set (a stray test.only fails)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "SERVICE_SANDBOX_"))}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["CI"] = "1"
    return {**env, **extra}


def _titles(suite: dict) -> list[tuple[str, str]]:
    """Every test of a Playwright JSON report, with its outcome (``expected`` when it passed)."""
    found = [(spec["title"], test["status"]) for spec in suite.get("specs", []) for test in spec["tests"]]
    for child in suite.get("suites", []):
        found += _titles(child)
    return found


def run_suite(example: Path, report: Path) -> tuple[subprocess.CompletedProcess[str], dict[str, str]]:
    """``npx playwright test`` in ``example``: the run, and each test's title with its outcome
    (none when the run wrote no report: its servers did not start)."""
    run = subprocess.run(
        ["npx", "--no-install", "playwright", "test", "--reporter=list,json"],
        cwd=example,
        env=environment(PLAYWRIGHT_JSON_OUTPUT_NAME=str(report)),
        capture_output=True,
        text=True,
        timeout=300,
    )
    if not report.exists():
        return run, {}
    outcomes = dict(title for suite in json.loads(report.read_text())["suites"] for title in _titles(suite))
    return run, outcomes
