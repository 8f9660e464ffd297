"""examples/merchant_ci_node: the Node shop's Playwright Test suite passes, run as a merchant's CI
runs it, and covers what the example promises.

One test for the whole suite, so this run keeps its single closing line: ``npm ci`` from the
example's own lock (``--offline``: ``make install`` put its packages in npm's cache, and tests
reach nothing beyond loopback), then ``npx playwright test``. ``service-stub`` is found on the
``PATH`` as in an activated virtualenv: this interpreter's ``bin`` folder goes first.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.docs.snippets import ROOT

EXAMPLE = ROOT / "examples" / "merchant_ci_node"
# The shown and the hidden button, the success, ko and dismiss outcomes, and a journal longer than
# one page read to its end.
PROMISED = {
    "instalments are offered, with their information",
    "pay in 15 days stays hidden above its limit",
    "every button stays hidden while the service is down",
    "a checkout closed with success lands on its result page",
    "a checkout closed with ko lands on its result page",
    "a dismissed checkout keeps the shopper on the checkout page",
    "the journal is read past its first page",
}


def _environment(**extra: str) -> dict[str, str]:
    # Nothing of this pytest session leaks in (an xdist worker's variables, a --service-url).
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "SERVICE_SANDBOX_"))}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["CI"] = "1"  # as in a CI job: a stray test.only fails the run
    return {**env, **extra}


def _titles(suite: dict) -> list[tuple[str, str]]:
    """Every test of a Playwright JSON report, with its outcome (``expected`` when it passed)."""
    found = [(spec["title"], test["status"]) for spec in suite.get("specs", []) for test in spec["tests"]]
    for child in suite.get("suites", []):
        found += _titles(child)
    return found


def test_the_node_example_suite_passes(tmp_path: Path):
    install = subprocess.run(
        ["npm", "ci", "--offline", "--no-audit", "--no-fund", "--loglevel=error"],
        cwd=EXAMPLE,
        env=_environment(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert install.returncode == 0, f"npm ci failed (has `make install` run?):\n{install.stderr}"

    report = tmp_path / "report.json"
    run = subprocess.run(
        ["npx", "--no-install", "playwright", "test", "--reporter=list,json"],
        cwd=EXAMPLE,
        env=_environment(PLAYWRIGHT_JSON_OUTPUT_NAME=str(report)),
        capture_output=True,
        text=True,
        timeout=300,
    )

    assert run.returncode == 0, run.stdout + run.stderr
    outcomes = dict(title for suite in json.loads(report.read_text())["suites"] for title in _titles(suite))
    assert set(outcomes) == PROMISED
    assert set(outcomes.values()) == {"expected"}
