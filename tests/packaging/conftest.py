"""One release, made as a release is made, shared by every packaging test.

A clean export of HEAD (``git archive``: what is committed, nothing the working tree has built),
its sdist and wheel (``python -m build``, in two steps: the sdist, then the wheel from the sdist
with no Chromium to be found, as ``pip install <sdist>`` builds it), and a fresh virtual
environment outside the working tree with that wheel installed, plus what a merchant's suite
needs (pytest, Playwright, pytest-playwright) and what compiling the SDK needs. Building and
installing take a minute or two, so all of it is made once per session.
"""

from __future__ import annotations

import os
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
    """The exported tree, what ``python -m build`` made from it, and the wheel step's output."""

    tree: Path
    sdist: Path
    wheel: Path
    wheel_log: str


def no_browser_environment(folder: Path) -> dict[str, str]:
    """No Chromium to be found: none named, none of Playwright's, none on PATH."""
    return environment(
        CHROMIUM="/nonexistent",
        PLAYWRIGHT_BROWSERS_PATH=str(folder / "no-browsers"),
        PATH=str(Path(sys.executable).parent),
    )


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
    """``python -m build`` on a clean export of HEAD, as `make dist` and a release do."""
    tree = export_head(packaging_dir / "source")
    out = packaging_dir / "dist"
    build = [sys.executable, "-m", "build", "--outdir", out]
    succeed([*build, "--sdist", tree], cwd=packaging_dir)
    (sdist,) = out.glob("*.tar.gz")
    no_browser = no_browser_environment(packaging_dir)
    wheel_log = succeed([*build, "--wheel", sdist], cwd=packaging_dir, env=no_browser)
    (wheel,) = out.glob("*.whl")
    return Release(tree, sdist, wheel, wheel_log)


@pytest.fixture(scope="session")
def venv(packaging_dir: Path, release: Release) -> Venv:
    """A new venv with the wheel (never editable) and its ``pytest`` extra, as a merchant installs
    it, pytest-asyncio (a plugin many merchants' suites have), and the SDK build's tools."""
    path = packaging_dir / "venv"
    succeed([sys.executable, "-m", "venv", "--without-pip", path], cwd=packaging_dir)
    workdir = packaging_dir / "elsewhere"
    workdir.mkdir()
    # The extra says what a merchant gets; the project's pins only keep the versions this
    # repository is tested with.
    pins = requirements("pytest", "playwright", "pytest-playwright", "pytest-base-url", "pytest-xdist")
    tools = [*pins, *requirements("brython", "brotli", "setuptools"), "pytest-asyncio"]
    # --no-compile: the few modules a run imports are compiled then, not the thousands installed.
    wheel = f"{release.wheel}[pytest]"
    succeed([*pip_in(path), "install", "--quiet", "--no-compile", wheel, *tools], cwd=workdir)
    return Venv(path, workdir)
