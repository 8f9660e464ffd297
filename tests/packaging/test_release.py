"""``make dist`` needs what building the wheel needs, and ``make release`` lays out what the
service's static host serves: merchants install the package from there by the documented line,
and pip takes that file or nothing (issue 35: the docs named a package no index had, and
``make dist`` ran ``npm ci`` twice, installed the whole test lock and Java to build a wheel)."""

from __future__ import annotations

import html
import sys
import zipfile
from pathlib import Path

import pytest

from backend_stub import __version__

from .conftest import (
    HOST,
    Release,
    documented_requirement,
    filled_in,
    pip_in,
    run,
    sha256_sums,
    succeed,
)

pytestmark = pytest.mark.packaging


def test_make_dist_runs_no_npm_no_java_and_installs_no_test_lock(release: Release):
    assert not release.calls.exists(), release.calls.read_text()  # no stand-in was run
    assert not (release.tree / "node_modules").exists()
    assert not (release.tree / "examples" / "merchant_ci_node" / "node_modules").exists()
    assert not (release.tree / ".venv").exists()  # `make install`'s venv, from the test lock
    assert not list((release.tree / ".venv-dist").glob("lib/*/site-packages/pytest"))
    assert "compiling the SDK" in release.log  # the clean clone had none: the sdist step compiled it
    # Every step make would take, silent ones included: none installs Java, node or the test lock.
    steps = succeed(["make", "--dry-run", "--always-make", "--no-print-directory", "dist"], cwd=release.tree)
    assert "python -m build" in steps
    for needless in ("ensure-java", "npm", "test.lock", "pip install --quiet --require-hashes"):
        assert needless not in steps


def test_the_release_folder_is_a_pep_503_index_with_hashes(release: Release):
    sums = sha256_sums(release.folder)
    assert set(sums) == {release.sdist.name, release.wheel.name}
    for name, digest in sums.items():
        assert (release.folder / "files" / name).read_bytes() == (release.tree / "dist" / name).read_bytes()
        link = f'href="../../files/{name}#sha256={digest}"'
        assert link in (release.folder / "simple" / "service-checkout" / "index.html").read_text()
    assert 'href="service-checkout/"' in (release.folder / "simple" / "index.html").read_text()


def test_the_release_page_shows_the_documented_line_filled_in(release: Release):
    page = html.unescape((release.folder / "index.html").read_text(encoding="utf-8"))
    assert f"pip install '{filled_in(documented_requirement(), release)}'" in page
    assert documented_requirement().startswith("service-checkout[pytest] @ " + HOST)


def _fresh_venv(folder: Path) -> Path:
    succeed([sys.executable, "-m", "venv", "--without-pip", folder], cwd=folder.parent)
    return folder


def _installed_version(venv: Path) -> str:
    code = "import importlib.metadata as m; print(m.version('service-checkout'))"
    return succeed([venv / "bin" / "python", "-c", code], cwd=venv).strip()


def test_the_documented_line_installs_the_release_offline_and_nothing_else(
    release: Release, packaging_dir: Path
):
    """The line's file, from a fresh venv with no index at all (the package's own requirements
    come from the merchant's usual index, as the ``venv`` fixture gets them: not this test's
    subject). A wheel that differs by one byte is refused."""
    offline = ["install", "--no-index", "--no-deps", "--no-compile", "--quiet"]
    here = release.folder.as_uri() + "/"
    venv = _fresh_venv(packaging_dir / "documented-line")
    succeed([*pip_in(venv), *offline, filled_in(documented_requirement(), release, here)], cwd=venv)
    assert _installed_version(venv) == __version__

    tampered = packaging_dir / "tampered-release"
    (tampered / "files").mkdir(parents=True)
    with zipfile.ZipFile(tampered / "files" / release.wheel.name, "w") as copy:
        with zipfile.ZipFile(release.wheel) as original:
            for item in original.infolist():
                copy.writestr(item, original.read(item))
        copy.writestr("backend_stub/extra.py", "print('not the release')\n")
    other = _fresh_venv(packaging_dir / "tampered-line")
    requirement = filled_in(documented_requirement(), release, tampered.as_uri() + "/")
    refused = run([*pip_in(other), *offline, requirement], cwd=other)
    assert refused.returncode != 0
    assert "DO NOT MATCH THE HASHES" in refused.stdout, refused.stdout[-2000:]


def test_the_simple_index_serves_the_wheel_by_its_hash(release: Release, packaging_dir: Path):
    out = packaging_dir / "from-index"
    index = (release.folder / "simple").as_uri() + "/"
    command = ["download", "--no-deps", "--only-binary", ":all:", "--index-url", index, "-d", out]
    client = _fresh_venv(packaging_dir / "index-client")
    succeed([*pip_in(client), *command, "service-checkout"], cwd=packaging_dir)
    assert (out / release.wheel.name).read_bytes() == release.wheel.read_bytes()
