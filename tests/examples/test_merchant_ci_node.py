"""examples/merchant_ci_node: the Node shop's Playwright Test suite passes, run as a merchant's CI
runs it, and covers what the example promises.

One test for the whole suite, so this run keeps its single closing line: ``npm ci`` from the
example's own lock (``--offline``: ``make install`` put its packages in npm's cache, and tests
reach nothing beyond loopback), then ``npx playwright test``. ``service-stub`` is found on the
``PATH`` as in an activated virtualenv: this interpreter's ``bin`` folder goes first.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.docs.snippets import ROOT
from tests.examples.playwright_suites import environment, run_suite

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


def test_the_node_example_suite_passes(tmp_path: Path):
    install = subprocess.run(
        ["npm", "ci", "--offline", "--no-audit", "--no-fund", "--loglevel=error"],
        cwd=EXAMPLE,
        env=environment(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert install.returncode == 0, f"npm ci failed (has `make install` run?):\n{install.stderr}"

    run, outcomes = run_suite(EXAMPLE, tmp_path / "report.json")
    assert run.returncode == 0, run.stdout + run.stderr
    assert set(outcomes) == PROMISED
    assert set(outcomes.values()) == {"expected"}
