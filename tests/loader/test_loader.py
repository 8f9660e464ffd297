"""The loader's unit tests (``tests/loader/*.test.mjs``): node's test runner, jsdom's DOM and a fake
bridge, no server and no browser, on the loader as the service serves it (comments stripped,
placeholders filled by the build's own function). A change to the loader is checked in seconds:
``pytest tests/loader``. Each failing node test is reported by its name."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from sdk.tooling.loader_text import loader_source, watched

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def test_the_loader_unit_tests_pass(tmp_path: Path):
    loader = tmp_path / "sdk.js"
    loader.write_text(loader_source("/sdk/bridge.0123456789ab.html"), encoding="utf-8")
    tests = sorted(str(path) for path in HERE.glob("*.test.mjs"))
    result = subprocess.run(
        ["node", "--test", f"--test-reporter={HERE / 'reporter.mjs'}", *tests],
        cwd=ROOT,
        env={**os.environ, "SERVICE_LOADER": str(loader), "SERVICE_WATCH": watched()},
        capture_output=True,
        text=True,
        timeout=120,
    )
    results = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    failed = [f"{entry['name']}:\n{entry['error']}" for entry in results if not entry["ok"]]
    assert not failed, "\n\n".join(failed)
    assert results and result.returncode == 0, result.stdout + result.stderr
