"""The served OpenAPI document, and clients generated from it by third-party generators.

Each is made once per test session from the document the sandbox server serves (the session's
``service``), in a temporary folder: the Python clients by ``openapi-python-client`` and by
openapi-generator (its jar from PyPI's ``openapi-generator-cli``, run with Java), the TypeScript
types by ``openapi-typescript``, compiled with the usage file by ``tsc --strict``.
"""

from __future__ import annotations

import importlib
import json
import os
import shutil
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from backend_stub.testkit import Sandbox

ROOT = Path(__file__).resolve().parents[2]
NODE_BIN = ROOT / "node_modules" / ".bin"
USAGE = Path(__file__).resolve().parent / "typescript"
PYTHON_PACKAGE = "service_client"
GENERATOR_PACKAGE = "service_generated"
TOOL_TIMEOUT_S = 120


def run_tool(command: list[str | Path], cwd: Path) -> str:
    """Run a generator or checker; its output, and an AssertionError with it when it fails."""
    env = {**os.environ, "REDOCLY_TELEMETRY": "off", "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true"}
    finished = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=TOOL_TIMEOUT_S,
        env=env,
        check=False,
    )
    output = finished.stdout + finished.stderr
    assert finished.returncode == 0, f"{command[0]} failed:\n{output}"
    return output


@pytest.fixture(scope="session")
def served_document(service: Sandbox, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The document as the server serves it, in a file."""
    with urllib.request.urlopen(service.url + "/openapi.json", timeout=30) as response:
        document = json.load(response)
    path = tmp_path_factory.mktemp("openapi") / "openapi.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def python_client(served_document: Path) -> Iterator[ModuleType]:
    """The package ``openapi-python-client`` generates from the document, imported."""
    folder = served_document.parent / "python"
    folder.mkdir()
    config = folder / "config.yaml"
    config.write_text("post_hooks: []\n", encoding="utf-8")  # formatting the code is not the test's job
    output = run_tool(
        [
            Path(sys.executable).parent / "openapi-python-client",
            "generate",
            "--path",
            served_document,
            "--meta",
            "none",
            "--output-path",
            folder / PYTHON_PACKAGE,
            "--config",
            config,
        ],
        cwd=folder,
    )
    # It warns, and leaves out, whatever part of the document it cannot turn into code.
    assert "Warning" not in output, output
    yield from _imported(folder, PYTHON_PACKAGE)


def _imported(folder: Path, package: str) -> Iterator[ModuleType]:
    """``package`` imported from ``folder``, forgotten again after the session."""
    sys.path.insert(0, str(folder))
    try:
        yield importlib.import_module(package)
    finally:
        sys.path.remove(str(folder))
        for name in [name for name in sys.modules if name.partition(".")[0] == package]:
            del sys.modules[name]


@pytest.fixture(scope="session")
def generator_client(served_document: Path) -> Iterator[ModuleType]:
    """The ``python`` client openapi-generator makes from the document, imported."""
    folder = served_document.parent / "generator"
    output = run_tool(
        [
            Path(sys.executable).parent / "openapi-generator-cli",
            "generate",
            "--input-spec",
            served_document,
            "--generator-name",
            "python",
            "--output",
            folder,
            "--package-name",
            GENERATOR_PACKAGE,
            # The client alone: its tests and docs are not what is tested here.
            "--global-property",
            "apiTests=false,modelTests=false,apiDocs=false,modelDocs=false",
        ],
        cwd=served_document.parent,
    )
    # It names what it could not type (a schema it made up a name for) in a warning.
    assert "InlineObject" not in output, output
    yield from _imported(folder, GENERATOR_PACKAGE)


@pytest.fixture(scope="session")
def typescript_program(served_document: Path) -> Path:
    """The usage file compiled by ``tsc --strict`` against the types ``openapi-typescript``
    generates from the document: the JavaScript to run with node."""
    folder = served_document.parent / "typescript"
    shutil.copytree(USAGE, folder)
    (folder / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
    run_tool([NODE_BIN / "openapi-typescript", served_document, "--output", folder / "schema.ts"], cwd=folder)
    run_tool([NODE_BIN / "tsc", "--strict", "--project", folder / "tsconfig.json"], cwd=folder)
    return folder / "out" / "usage.js"
