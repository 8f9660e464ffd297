"""Running ``python runnable`` blocks: each one a test module, in a pytest session of its own.

A reader copies such a block into a file of their project and runs pytest with the plugin
installed; the check does the same in a child process, one session per block (a block that
overrides a session fixture such as ``sandbox_server_args`` must not change another's server).
A block marked ``file=conftest.py`` is the ``conftest.py`` of the blocks that follow it in the
same document (until the next such block); it runs through them.

The child gets only what a merchant's project would have: the ``service_sandbox`` plugin,
pytest-playwright, and this machine's Chromium for Playwright (a plugin of the check, beside
the document's own ``conftest.py``). Blocks run two at a time: a child mostly waits for its
own processes.
"""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from tests.docs.snippets import Snippet

__all__ = ["Outcome", "run_python_snippets", "with_conftests"]

# Not the reader's: where Playwright finds Chromium on this machine (see backend_stub/testkit/chromium.py).
# A plugin, not a conftest: it replaces pytest-playwright's fixture outright (no chaining, which
# two fixtures of the same plugin level cannot do).
MACHINE = """
import pytest
from backend_stub.testkit.chromium import launch_options


@pytest.fixture(scope="session")
def browser_type_launch_args():
    return launch_options()
"""


@dataclass(frozen=True)
class Outcome:
    returncode: int
    output: str


def _environment() -> dict[str, str]:
    # Nothing of this session leaks in (an xdist worker's variables, a --service-url of ours);
    # plugins are named explicitly, since autoloading all of this virtualenv's costs seconds.
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "SERVICE_SANDBOX_"))}
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    return env


def _run(snippet: Snippet, conftest: Snippet | None, folder: Path) -> Outcome:
    folder.mkdir(parents=True)
    (folder / "snippet_machine.py").write_text(MACHINE)
    if conftest is not None:
        (folder / "conftest.py").write_text(conftest.code)
    (folder / f"test_{snippet.stem}.py").write_text(snippet.code)
    command = [sys.executable, "-m", "pytest", "-p", "service_sandbox", "-p", "playwright"]
    command += ["-p", "snippet_machine", "-p", "no:cacheprovider", "-q", "-rs", "-W", "error"]
    # pytest-base-url (which pytest-playwright loads) declares a fixture the old way: not the block's.
    command += ["-W", "ignore:Session-scoped fixtures defined as instance methods"]
    env = {**_environment(), "PYTHONPATH": str(folder)}
    result = subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True, timeout=120)
    return Outcome(result.returncode, result.stdout + result.stderr)


def with_conftests(snippets: list[Snippet]) -> list[tuple[Snippet, Snippet | None]]:
    """The test-module blocks, each with the ``conftest.py`` block in force where it stands."""
    paired, conftest = [], {}
    for snippet in snippets:
        if snippet.options.get("file") == "conftest.py":
            conftest[snippet.document] = snippet
        else:
            paired.append((snippet, conftest.get(snippet.document)))
    return paired


def run_python_snippets(snippets: list[Snippet], workdir: Path) -> dict[str, Outcome]:
    """Each test-module block's outcome, by block name."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = {
            snippet.name: pool.submit(_run, snippet, conftest, workdir / snippet.stem)
            for snippet, conftest in with_conftests(snippets)
        }
        return {name: future.result() for name, future in futures.items()}
