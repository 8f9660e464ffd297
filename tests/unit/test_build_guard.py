"""The build refuses a Brython runtime its trimming recipe was not written for, before it
compiles anything, and says what to read (sdk/tooling/UPGRADING.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from sdk.tooling.build import brython_runtime
from sdk.tooling.trim_runtime import RECIPE_BRYTHON, RECIPE_SHA256, RUNBOOK, check_recipe

ROOT = Path(__file__).resolve().parents[2]


def test_the_pinned_runtime_is_the_one_the_recipe_is_for():
    assert check_recipe(brython_runtime()) == RECIPE_SHA256
    assert (ROOT / RUNBOOK).is_file()


def test_a_runtime_with_another_hash_stops_the_build_naming_the_runbook(tmp_path: Path):
    changed = tmp_path / "brython.js"
    # One byte more than the pinned runtime: every signature and patch still matches.
    changed.write_bytes(brython_runtime() + b"\n")
    out = tmp_path / "dist"
    result = subprocess.run(
        [sys.executable, "-m", "sdk.tooling.build", "--runtime", str(changed), "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    assert f"this trimming recipe is for Brython {RECIPE_BRYTHON}" in result.stderr
    assert f"read {RUNBOOK}" in result.stderr
    assert "Traceback" not in result.stderr
    assert not out.exists()  # refused before anything was written
