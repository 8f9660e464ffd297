"""Running ``python runnable`` blocks: each one a test module, in a pytest session of its own.

A reader copies such a block into a file of their project and runs pytest with the plugin
installed; the check does the same in a child process, one session per block (a block that
overrides a session fixture such as ``sandbox_server_args`` must not change another's server).
Blocks marked ``file=conftest.py`` make up, in order, the ``conftest.py`` of the blocks that
follow them in the same document; they run through them. A recipe of its own (a Flask shop, a
Django shop) marks its blocks ``group=<name>``: its conftest blocks serve only the blocks of its
group, and the others' serve none of them, but for those marked ``group=all`` (what every
project's ``conftest.py`` holds, such as the guide's Chromium). ``plugins=a,b`` names plugins
the block's project has installed besides the guide's (``django`` is pytest-django's).

The child gets only what the guide's install line gives a merchant's project: the
``service_sandbox`` plugin, pytest-playwright and pytest-base-url, with warnings as errors
(``-W error``). Nothing points Playwright at this machine's Chromium but the guide's own
``conftest.py`` blocks, so the guide's recipe for that is what every browser block runs on.
Blocks run two at a time: a child mostly waits for its own processes.
"""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

from tests.docs.snippets import Snippet

__all__ = ["Outcome", "run_python_snippets", "shared_outcomes", "with_conftests"]

# Only stops a hung block: a block of five browser tests takes about a minute on a quiet 2-core
# machine, and several times that on one the whole team is testing on.
BLOCK_TIMEOUT_S = 360


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


def _run(snippet: Snippet, conftests: list[Snippet], folder: Path) -> Outcome:
    folder.mkdir(parents=True)
    if conftests:
        (folder / "conftest.py").write_text("\n\n".join(conftest.code for conftest in conftests))
    (folder / f"test_{snippet.stem}.py").write_text(snippet.code)
    command = [sys.executable, "-m", "pytest", "-p", "service_sandbox", "-p", "playwright", "-p", "base_url"]
    for plugin in filter(None, snippet.options.get("plugins", "").split(",")):
        command += ["-p", plugin]
    command += ["-p", "no:cacheprovider", "-q", "-rs", "-W", "error"]
    env = _environment()
    result = subprocess.run(
        command, cwd=folder, env=env, capture_output=True, text=True, timeout=BLOCK_TIMEOUT_S
    )
    return Outcome(result.returncode, result.stdout + result.stderr)


def with_conftests(snippets: list[Snippet]) -> list[tuple[Snippet, list[Snippet]]]:
    """The test-module blocks, each with the ``conftest.py`` blocks in force where it stands."""
    paired, conftests = [], {}
    for snippet in snippets:
        group = snippet.options.get("group")
        if snippet.options.get("file") == "conftest.py":
            conftests.setdefault((snippet.document, group), []).append(snippet)
        else:
            shared = [] if group == "all" else conftests.get((snippet.document, "all"), [])
            own = conftests.get((snippet.document, group), [])
            paired.append((snippet, sorted([*shared, *own], key=lambda conftest: conftest.line)))
    return paired


def run_python_snippets(snippets: list[Snippet], workdir: Path) -> dict[str, Outcome]:
    """Each test-module block's outcome, by block name."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = {
            snippet.name: pool.submit(_run, snippet, conftests, workdir / snippet.stem)
            for snippet, conftests in with_conftests(snippets)
        }
        return {name: future.result() for name, future in futures.items()}


def shared_outcomes(snippets: list[Snippet], folder: Path) -> dict[str, Outcome]:
    """:func:`run_python_snippets` once for the whole test session, by whichever xdist worker asks
    first: the others read the outcomes it left in ``folder`` (the session's own, shared by its
    workers), under a lock."""
    folder.mkdir(parents=True, exist_ok=True)
    stored = folder / "outcomes.json"
    with open(folder / "outcomes.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not stored.is_file():
            outcomes = run_python_snippets(snippets, folder / "blocks")
            stored.write_text(json.dumps({name: asdict(outcome) for name, outcome in outcomes.items()}))
        return {name: Outcome(**fields) for name, fields in json.loads(stored.read_text()).items()}
