"""Running pytest in a child process on a small test suite that uses the plugin, as a merchant would.

A child process, not ``pytester`` in this one: the plugin's servers, the xdist workers and the
environment variables it reads must all be the child's own. Plugin autoloading is off in the
child and the plugins it needs are named with ``-p`` (``service_sandbox`` by its entry-point
name, so the registration in pyproject.toml is what loads it): autoloading every plugin of this
virtualenv (schemathesis pulls in hypothesis) costs seconds per run on a 2-core machine.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

__all__ = ["run_pytest", "child_environment", "CHILDREN_OF_THIS_PROCESS"]

# Inside a child's test: the processes that test's pytest has started (Linux /proc), so a test
# can tell whether a server process was started for it.
CHILDREN_OF_THIS_PROCESS = "Path(f'/proc/{os.getpid()}/task/{os.getpid()}/children').read_text().split()"
# What the parent's pytest (and its xdist worker) leave in the environment, and what the plugin
# reads: the child must start clean, and get only what a test gives it.
_INHERITED = ("PYTEST_", "SERVICE_SANDBOX_")


def child_environment(**extra: str) -> dict[str, str]:
    env = {name: value for name, value in os.environ.items() if not name.startswith(_INHERITED)}
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    env.update(extra)
    return env


def run_pytest(
    folder: Path, *args: str, env: dict[str, str] | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """``python -m pytest`` in ``folder`` with the plugin loaded; the result, output captured."""
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-p",
        "service_sandbox",
        "-p",
        "no:cacheprovider",
        "-q",
        *args,
    ]
    return subprocess.run(
        command,
        cwd=folder,
        env=env or child_environment(),
        capture_output=True,
        text=True,
        timeout=timeout,
    )
