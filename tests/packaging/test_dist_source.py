"""``make dist`` builds from git's HEAD: in a copy of the tree that is not a git clone of its own
(a downloaded archive, a folder copied into another repository) it refuses at once, before
installing anything, and says why (issue 25: it ran ``npm ci`` twice, made a venv and compiled the
SDK, then failed with ``fatal: not a git repository``)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.packaging.conftest import ROOT

WHY = "make dist builds the release from what git's HEAD holds, and this copy of the tree is not a git clone"


def copy_of_the_tree(folder: Path) -> Path:
    """The working tree's files as a merchant downloads them: no .git."""
    folder.mkdir(parents=True)
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(
        ["tar", "-c", "--null", "-T", "-", "-f", folder / "tree.tar"], cwd=ROOT, input=files, check=True
    )
    subprocess.run(["tar", "-x", "-f", "tree.tar"], cwd=folder, check=True)
    (folder / "tree.tar").unlink()
    return folder


@pytest.mark.parametrize(
    "inside_another_repository", [False, True], ids=["archive", "inside another repository"]
)
def test_make_dist_outside_a_clone_refuses_before_installing_anything(
    tmp_path: Path, inside_another_repository
):
    if inside_another_repository:
        subprocess.run(["git", "init", "-q", tmp_path], check=True)
        git = ["git", "-c", "user.name=x", "-c", "user.email=x@example.com"]
        subprocess.run([*git, "commit", "-q", "--allow-empty", "-m", "other"], cwd=tmp_path, check=True)
    tree = copy_of_the_tree(tmp_path / "service-checkout")
    result = subprocess.run(
        ["make", "--no-print-directory", "dist"], cwd=tree, capture_output=True, text=True, timeout=60
    )
    assert result.returncode != 0
    assert WHY in result.stderr and "python -m build" in result.stderr
    assert result.stdout == ""  # nothing ran before the refusal
    assert not (tree / ".venv").exists() and not (tree / "node_modules").exists()
    assert not (tree / "dist").exists()
