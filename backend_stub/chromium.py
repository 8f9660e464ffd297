"""Which Chromium to drive: ``$CHROMIUM``, then Debian's ``/usr/bin/chromium``, then Playwright's.

For everything that starts one: the SDK build (which compiles in it), the test kit (merchants
import it as ``backend_stub.testkit.chromium``), the benchmarks and the demo's screenshots.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

__all__ = ["LAUNCH_ARGS", "executable", "launch_options"]

# Without the background-networking flags Chromium floods a closed network with connections.
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def executable() -> str | None:
    """The Chromium to launch, or None to let Playwright use its own download."""
    for candidate in (os.environ.get("CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return candidate
    return None


def launch_options(**extra: object) -> dict[str, Any]:
    """Keyword arguments for ``playwright.chromium.launch``."""
    options: dict[str, Any] = {"args": list(LAUNCH_ARGS), "headless": True}
    path = executable()
    if path:
        options["executable_path"] = path
    options.update(extra)
    return options
