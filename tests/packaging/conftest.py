"""One release, made as a release is made, shared by every packaging test.

A clean clone of HEAD (what is committed, nothing the working tree has built: no compiled SDK,
no venv, no node_modules) where ``make release`` runs as a release manager runs it, with a
``PATH`` on which npm, node, Java and apt-get only record that they were called: ``make dist``
builds the sdist (compiling the SDK) and the wheel from the sdist (``python -m build``), and
``make release`` lays out what the service's static host serves. Then a fresh virtual environment
outside the working tree gets that wheel by the install line of docs/testing-in-ci.md (the
release's own folder as the host, a ``file://`` URL), plus what a merchant's suite needs
(pytest, Playwright, pytest-playwright) and what compiling the SDK needs. Building and
installing take a minute or two, so all of it is made once per session.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from backend_stub.web.compiled_sdk import inspect

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
# Installing and building can take a while on a loaded machine; this only stops a hung pip.
SLOW_S = 900
# Left by the pytest running these tests, or by the shell: the venv's processes get none of it.
_INHERITED = ("PYTEST_", "SERVICE_SANDBOX_", "PYTHON", "VIRTUAL_ENV")


def environment(**extra: str) -> dict[str, str]:
    """The environment of a process of the fresh venv: nothing of this test session's."""
    env = {name: value for name, value in os.environ.items() if not name.startswith(_INHERITED)}
    env.update(extra)
    return env


def run(
    command: list[str | Path], *, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``command``; its output (both streams, in order) is in ``stdout``."""
    return subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=env or environment(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=SLOW_S,
    )


def succeed(command: list[str | Path], *, cwd: Path, env: dict[str, str] | None = None) -> str:
    """Run ``command`` and return its output; fail the test with that output if it fails."""
    result = run(command, cwd=cwd, env=env)
    if result.returncode != 0:
        pytest.fail(f"{' '.join(map(str, command))} exited {result.returncode}:\n{result.stdout[-4000:]}")
    return result.stdout


def requirements(*names: str) -> list[str]:
    """The project's own requirement strings for ``names`` (pins included), from pyproject.toml."""
    declared = PYPROJECT["project"]["optional-dependencies"]["test"] + PYPROJECT["build-system"]["requires"]
    by_name = {Requirement(requirement).name: requirement for requirement in declared}
    return [by_name[name] for name in names]


def export_head(destination: Path) -> Path:
    """``git archive HEAD`` unpacked into ``destination``: the committed tree, nothing built."""
    destination.mkdir()
    archive = destination.with_suffix(".tar")
    subprocess.run(["git", "archive", "--format=tar", "-o", archive, "HEAD"], cwd=ROOT, check=True)
    subprocess.run(["tar", "-xf", archive, "-C", destination], check=True)
    archive.unlink()
    return destination


@dataclass(frozen=True)
class Release:
    """The clean clone, what ``make release`` made in it, and its output."""

    tree: Path
    sdist: Path
    wheel: Path
    folder: Path  # release/: what the static host serves
    log: str  # everything make printed
    wheel_log: str  # the wheel step of it: built from the sdist
    calls: Path  # where the stand-ins for npm, node, Java and apt-get write their name when run


# What `make dist` must not run: each is a stand-in that writes its name down and fails.
NOT_NEEDED = ("npm", "npx", "node", "java", "apt-get")
# The service's host in the documented install line, and the placeholders the release fills in.
HOST = "https://packages.service.example/"
DOCS = ROOT / "docs" / "testing-in-ci.md"


def documented_requirement() -> str:
    """The requirement of docs/testing-in-ci.md's first install line (``name[extra] @ url``)."""
    text = DOCS.read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if line.startswith("pip install ") and HOST in line)
    (requirement,) = shlex.split(line)[2:]
    return requirement


def sha256_sums(folder: Path) -> dict[str, str]:
    """The release's SHA256SUMS, by file name."""
    rows = (line.split() for line in (folder / "SHA256SUMS").read_text(encoding="utf-8").splitlines())
    return {Path(name).name: digest for digest, name in rows}


def filled_in(requirement: str, release: Release, host: str = HOST) -> str:
    """The documented requirement for this release, served from ``host``."""
    from backend_stub import __version__

    digest = sha256_sums(release.folder)[release.wheel.name]
    filled = requirement.replace("<version>", __version__).replace("<sha256>", digest)
    return filled.replace(HOST, host)


def stand_ins(folder: Path) -> tuple[Path, Path]:
    """A folder of stand-ins for ``NOT_NEEDED``, and the file they write to when run."""
    folder.mkdir()
    calls = folder / "calls.log"
    for name in NOT_NEEDED:
        script = folder / name
        script.write_text(f'#!/bin/sh\necho "{name} $*" >> {shlex.quote(str(calls))}\nexit 1\n')
        script.chmod(0o755)
    return folder, calls


def pip_in(venv: Path) -> list[str | Path]:
    """This environment's pip acting on ``venv`` (which has none of its own: faster to make)."""
    return [sys.executable, "-m", "pip", "--python", venv / "bin" / "python", "--no-input"]


@dataclass(frozen=True)
class Venv:
    """A fresh virtual environment, outside the working tree, with the wheel installed."""

    path: Path
    workdir: Path  # a current directory holding nothing importable

    @property
    def python(self) -> Path:
        return self.path / "bin" / "python"

    def bin(self, name: str) -> Path:
        return self.path / "bin" / name


@pytest.fixture(scope="session")
def repository_sdk() -> Path:
    """The working tree's own compiled SDK (``make build``), which the package must equal."""
    presence = inspect(ROOT / "backend_stub" / "web" / "dist")
    if not presence.present:
        pytest.fail(f"the repository's SDK is not compiled ({presence.problem}): run `make build`")
    return presence.folder


@pytest.fixture(scope="session")
def packaging_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("packaging")


@pytest.fixture(scope="session")
def release(packaging_dir: Path) -> Release:
    """``make release`` in a clean clone of HEAD, with no npm, node, Java or apt-get to run."""
    tree = packaging_dir / "clone"
    succeed(["git", "clone", "--quiet", "--no-hardlinks", ROOT, tree], cwd=packaging_dir)
    shims, calls = stand_ins(packaging_dir / "not-needed")
    path = os.pathsep.join([str(shims), *os.environ.get("PATH", "").split(os.pathsep)])
    log = succeed(["make", "--no-print-directory", "release"], cwd=tree, env=environment(PATH=path))
    (sdist,) = (tree / "dist").glob("*.tar.gz")
    (wheel,) = (tree / "dist").glob("*.whl")
    wheel_log = log.split("Building wheel from sdist")[1]
    return Release(tree, sdist, wheel, tree / "release", log, wheel_log, calls)


@pytest.fixture(scope="session")
def venv(packaging_dir: Path, release: Release) -> Venv:
    """A new venv with the wheel (never editable) and its ``pytest`` extra, as a merchant installs
    it (docs/testing-in-ci.md's line), pytest-asyncio (a plugin many merchants' suites have), and
    the SDK build's tools."""
    path = packaging_dir / "venv"
    succeed([sys.executable, "-m", "venv", "--without-pip", path], cwd=packaging_dir)
    workdir = packaging_dir / "elsewhere"
    workdir.mkdir()
    # The extra says what a merchant gets; the project's pins only keep the versions this
    # repository is tested with.
    pins = requirements("pytest", "playwright", "pytest-playwright", "pytest-base-url", "pytest-xdist")
    tools = [*pins, *requirements("brython", "brotli", "setuptools"), "pytest-asyncio"]
    # --no-compile: the few modules a run imports are compiled then, not the thousands installed.
    # The wheel by the documented line, the release's folder as the host.
    wheel = filled_in(documented_requirement(), release, release.folder.as_uri() + "/")
    succeed([*pip_in(path), "install", "--quiet", "--no-compile", wheel, *tools], cwd=workdir)
    return Venv(path, workdir)
