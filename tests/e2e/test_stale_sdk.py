"""Browser tests never run a stale SDK: in a copy of the repository whose sdk/ was edited after
the build, a browser test errors naming `make build` instead of running yesterday's bundle."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from sdk.tooling.sources import stale_reason
from tests.conftest import ROOT

# What a browser test of the copy imports and serves (the compiled SDK included).
COPIED = ("pyproject.toml", "sdk", "backend_stub", "tests/__init__.py", "tests/conftest.py", "tests/e2e")
A_BROWSER_TEST = "tests/e2e/test_buttons.py::test_markup_hidden_attribute_is_removed_when_shown"


def _copy(target: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.sqlite3")
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=ignore)
        else:
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)


def test_an_edited_sdk_module_stops_the_browser_tests_until_make_build(tmp_path: Path):
    copy = tmp_path / "repo"
    _copy(copy)
    dist, sdk = copy / "backend_stub" / "web" / "dist", copy / "sdk"
    assert stale_reason(dist, sdk) is None  # the copy's build is current...
    # The SDK's attribute rule, which the server also runs (and the build bundles).
    attributes = copy / "backend_stub" / "sdk_rules" / "attributes.py"
    # ...until a module changes: the newcomer's deliberate bug (issue 27), which the old bundle hides.
    source = attributes.read_text(encoding="utf-8")
    attributes.write_text(source.replace("return amount_from_text(text) is not None", "return True"), "utf-8")
    assert stale_reason(dist, sdk) == f"{dist} was compiled from other sources than sdk/ holds now"
    result = subprocess.run(
        [sys.executable, "-m", "pytest", A_BROWSER_TEST, "-p", "no:randomly", "-p", "no:cacheprovider", "-q"],
        cwd=copy,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode != 0, result.stdout
    assert "run `make build` before the browser tests" in result.stdout
    assert "1 error" in result.stdout and "passed" not in result.stdout
