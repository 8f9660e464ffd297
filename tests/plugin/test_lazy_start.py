"""The plugin is loaded into every pytest session of the environment: it must cost nothing there."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

from tests.plugin.inner_pytest import CHILDREN_OF_THIS_PROCESS, run_pytest


def test_plugin_is_registered_as_a_pytest_entry_point():
    (plugin,) = [entry for entry in entry_points(group="pytest11") if entry.name == "service_sandbox"]
    assert plugin.value == "backend_stub.testkit.pytest_plugin"


def test_loading_the_plugin_imports_neither_aiohttp_nor_playwright():
    probe = (
        "import sys, backend_stub.testkit.pytest_plugin;"
        "print(sorted(m for m in ('aiohttp', 'playwright') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_no_server_starts_for_tests_that_do_not_ask_for_one(tmp_path: Path):
    (tmp_path / "test_suite.py").write_text(
        "import os\nfrom pathlib import Path\n\n\n"
        f"def test_plain():\n    assert {CHILDREN_OF_THIS_PROCESS} == []\n"
    )
    result = run_pytest(tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
