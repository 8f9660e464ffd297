"""The package's PEP 517 build backend: setuptools, with the compiled SDK and the compiled message
catalogs in every sdist and wheel.

An installed package serves the SDK wherever it is installed, and has neither a Makefile nor,
perhaps, a Chromium. So:

- building from a source tree whose ``backend_stub/web/dist`` is missing or stale (compiled from
  other sources, or for another Brython than the pinned one) first compiles the SDK
  (``python -m sdk.tooling.build``), which needs Brython, Playwright and a Chromium; those
  build requirements are asked for only then, pinned as the ``test`` extra pins them;
- building from the sdist, which carries the compiled SDK, needs none of them;
- a wheel or sdist without the whole SDK is never left behind: the build fails and says why;
- every build compiles the message catalogs (``.po`` → ``.mo``, which the repository does not
  keep) with Babel, a requirement of the package anyway, asked for in every build.

Editable installs (``make install``) are plain setuptools: they serve whatever the tree holds.
"""

from __future__ import annotations

import functools
import importlib.util
import re
import subprocess
import sys
import tarfile
import tempfile
import tomllib
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any

from setuptools import build_meta as _setuptools

__all__ = [
    "build_editable",
    "build_sdist",
    "build_wheel",
    "get_requires_for_build_editable",
    "get_requires_for_build_sdist",
    "get_requires_for_build_wheel",
    "prepare_metadata_for_build_editable",
    "prepare_metadata_for_build_wheel",
    "sdk_build_requirements",
    "catalog_build_requirements",
    "stale_reason",
]

# PEP 517 runs every hook in the source tree's root.
ROOT = Path.cwd()
SDK_SOURCES = ROOT / "sdk"
SDK_DIST = Path("backend_stub", "web", "dist")
BUILD_COMMAND = [sys.executable, "-m", "sdk.tooling.build"]
# What the SDK build imports, by requirement name; their pins are the test extra's.
SDK_BUILD_NEEDS = ("brython", "brotli", "playwright")
# What compiling the catalogs imports; its range is the package's own requirement.
CATALOG_BUILD_NEEDS = ("babel",)

get_requires_for_build_editable = _setuptools.get_requires_for_build_editable
prepare_metadata_for_build_editable = _setuptools.prepare_metadata_for_build_editable
prepare_metadata_for_build_wheel = _setuptools.prepare_metadata_for_build_wheel
build_editable = _setuptools.build_editable


@functools.cache
def _tree_module(relative: str) -> ModuleType:
    """A standard-library-only module of this tree, loaded by path: nothing is installed yet."""
    path = ROOT / relative
    spec = importlib.util.spec_from_file_location(f"_build_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


def _requirement_name(requirement: str) -> str:
    return re.split(r"[\s\[<>=!~;]", requirement, maxsplit=1)[0].lower()


def sdk_build_requirements() -> list[str]:
    """The test extra's requirements the SDK build imports (Brython, brotli, Playwright)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extra = project["optional-dependencies"]["test"]
    found = {_requirement_name(requirement): requirement for requirement in extra}
    return [found[name] for name in SDK_BUILD_NEEDS]


def catalog_build_requirements() -> list[str]:
    """The package's requirements that compiling the message catalogs imports (Babel)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    found = {_requirement_name(requirement): requirement for requirement in project["dependencies"]}
    return [found[name] for name in CATALOG_BUILD_NEEDS]


def _pinned_brython() -> str:
    return sdk_build_requirements()[0].partition("==")[2].strip()


def stale_reason() -> str | None:
    """Why the tree's compiled SDK cannot go into the package as it is, or None if it can."""
    presence = _tree_module("backend_stub/web/compiled_sdk.py").inspect(ROOT / SDK_DIST)
    if not presence.present:
        return presence.problem
    pinned = _pinned_brython()
    if presence.brython_version != pinned:
        return f"{SDK_DIST} was compiled for Brython {presence.brython_version}; the package pins {pinned}"
    if SDK_SOURCES.is_dir():
        return _tree_module("sdk/tooling/sources.py").stale_reason(SDK_DIST, SDK_SOURCES)
    return None


def _extra_requirements() -> list[str]:
    return catalog_build_requirements() + (sdk_build_requirements() if stale_reason() else [])


def get_requires_for_build_sdist(config_settings: dict[str, Any] | None = None) -> list[str]:
    return _setuptools.get_requires_for_build_sdist(config_settings) + _extra_requirements()


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    return _setuptools.get_requires_for_build_wheel(config_settings) + _extra_requirements()


def _fail(message: str) -> SystemExit:
    return SystemExit(f"service-checkout cannot be built: {message}")


def _compile_sdk() -> None:
    """Compile the SDK into the tree unless what is there is complete and current."""
    reason = stale_reason()
    if reason is None:
        print(f"service-checkout: packaging the compiled SDK in {SDK_DIST}", file=sys.stderr)
        return
    if not SDK_SOURCES.is_dir():
        raise _fail(f"{reason}, and this tree has no sdk/ sources to compile it from")
    absent = [name for name in SDK_BUILD_NEEDS if importlib.util.find_spec(name) is None]
    if absent:
        needs = ", ".join(sdk_build_requirements())
        raise _fail(f"{reason}, and compiling it needs {needs}; this environment lacks {', '.join(absent)}")
    print(f"service-checkout: compiling the SDK ({reason})", file=sys.stderr)
    result = subprocess.run(BUILD_COMMAND, cwd=ROOT, capture_output=True, text=True)
    output = (result.stdout + result.stderr).strip()
    if result.returncode != 0:
        raise _fail(
            f"compiling the SDK (python -m sdk.tooling.build) failed, so no package was made:\n{output}"
        )
    print(output, file=sys.stderr)
    reason = stale_reason()
    if reason is not None:
        raise _fail(f"the SDK build ran but left no usable SDK: {reason}")


def _packaged_sdk_problem(archive: Path) -> str | None:
    """Why the SDK inside a built wheel or sdist is not whole, or None."""
    with tempfile.TemporaryDirectory() as folder:
        if archive.suffix == ".whl":
            with zipfile.ZipFile(archive) as wheel:
                members = [name for name in wheel.namelist() if name.startswith(SDK_DIST.as_posix() + "/")]
                wheel.extractall(folder, members)
            unpacked = Path(folder) / SDK_DIST
        else:
            with tarfile.open(archive) as sdist:
                prefix = f"{sdist.getnames()[0].split('/')[0]}/{SDK_DIST.as_posix()}/"
                entries = [entry for entry in sdist.getmembers() if entry.name.startswith(prefix)]
                # The "data" filter where this Python has it (3.11.4+): our own archive, but still.
                if hasattr(tarfile, "data_filter"):
                    sdist.extractall(folder, entries, filter="data")
                else:
                    sdist.extractall(folder, entries)
            unpacked = Path(folder) / prefix
        presence = _tree_module("backend_stub/web/compiled_sdk.py").inspect(unpacked)
        return None if presence.present else presence.problem


def _checked(directory: str, name: str) -> str:
    archive = Path(directory) / name
    problem = _packaged_sdk_problem(archive)
    if problem is not None:
        archive.unlink()
        raise _fail(f"{name} would not carry the whole SDK, so it was removed: {problem}")
    return name


def _compile_catalogs() -> None:
    """Compile every language's ``.po`` into its ``.mo``: the server reads those."""
    if importlib.util.find_spec("babel") is None:
        raise _fail(f"compiling the message catalogs needs {', '.join(catalog_build_requirements())}")
    try:
        written = _tree_module("backend_stub/language/catalogs.py").compile_catalogs()
    except ValueError as error:
        raise _fail(f"a message catalog does not compile: {error}") from None
    print(f"service-checkout: compiled {len(written)} message catalogs", file=sys.stderr)


def build_sdist(sdist_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    _compile_sdk()
    _compile_catalogs()
    return _checked(sdist_directory, _setuptools.build_sdist(sdist_directory, config_settings))


def build_wheel(
    wheel_directory: str, config_settings: dict[str, Any] | None = None, metadata_directory: str | None = None
) -> str:
    _compile_sdk()
    _compile_catalogs()
    name = _setuptools.build_wheel(wheel_directory, config_settings, metadata_directory)
    return _checked(wheel_directory, name)
