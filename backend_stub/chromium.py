"""Which Chromium to drive: ``$CHROMIUM``, then Debian's, then Playwright's.

For everything that starts one: the SDK build (which compiles in it), the test kit (merchants
import it as ``backend_stub.testkit.chromium``), the benchmarks and the demo's screenshots.

A headless launch takes Debian's ``chromium-headless-shell`` when it is installed: the same
Blink and V8 as ``chromium`` in the shell Playwright itself runs headless, which spends about a
third of the CPU per page (measured: a merchant page, its SDK and a checkout approved, 1.3 s of
CPU against 3.3 s; the full browser composites every frame in software). What shoppers run is the
full browser, so the benchmarks ask for it (``full_browser=True``).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

__all__ = [
    "LAUNCH_ARGS",
    "DEBIAN_CHROMIUM",
    "DEBIAN_HEADLESS_SHELL",
    "executable",
    "launch_options",
    "problem",
]

DEBIAN_CHROMIUM = "/usr/bin/chromium"
DEBIAN_HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
OFFLINE_HELP = (
    "offline, install your distribution's package (Debian, Ubuntu: apt-get install chromium) and the"
    " launch_options() recipe of docs/testing-in-ci.md uses it, or set $CHROMIUM to a Chromium you have;"
    " online, `playwright install chromium`"
)

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


def executable(*, headless: bool = True) -> str | None:
    """The Chromium to launch, or None to let Playwright use its own download: ``$CHROMIUM``,
    then (headless only) Debian's headless shell, then Debian's ``chromium``."""
    shell = DEBIAN_HEADLESS_SHELL if headless else None
    for candidate in (os.environ.get("CHROMIUM"), shell, DEBIAN_CHROMIUM, shutil.which("chromium")):
        if candidate and _runs(candidate):
            return candidate
    return None


def _runs(path: str) -> bool:
    return Path(path).is_file() and os.access(path, os.X_OK)


def _playwright_has_its_own() -> bool:
    """Whether ``playwright install chromium`` has put a Chromium where Playwright looks."""
    configured = os.environ.get("PLAYWRIGHT_BROWSERS_PATH", "")
    if configured == "0":  # browsers inside the playwright package
        import playwright

        folder = Path(playwright.__file__).parent / "driver" / "package" / ".local-browsers"
    else:
        folder = Path(configured) if configured else Path.home() / ".cache" / "ms-playwright"
    return any(folder.glob("chromium*"))


def problem() -> str | None:
    """Why no Chromium can be launched, in one line that says what to do; None when one can.

    The same rule as the SDK's build: a ``$CHROMIUM`` that is set must be an executable."""
    configured = os.environ.get("CHROMIUM")
    if configured and not _runs(configured):
        return (
            f"$CHROMIUM is {configured}, which is not an executable file: point it at a Chromium"
            f" ({DEBIAN_CHROMIUM} on Debian and Ubuntu) or unset it"
        )
    if executable() is None and not _playwright_has_its_own():
        searched = f"not $CHROMIUM, not {DEBIAN_HEADLESS_SHELL} or {DEBIAN_CHROMIUM}, not Playwright's own"
        return f"no Chromium on this machine: {searched}; {OFFLINE_HELP}"
    return None


def launch_options(*, full_browser: bool = False, **extra: object) -> dict[str, Any]:
    """Keyword arguments for ``playwright.chromium.launch``; ``extra`` overrides them (pass
    pytest-playwright's ``browser_type_launch_args`` here: ``--headed`` then gets the full
    browser). ``full_browser`` leaves the headless shell out, to measure what shoppers run."""
    options: dict[str, Any] = {"args": list(LAUNCH_ARGS), "headless": True}
    headless = bool(extra.get("headless", True)) and not full_browser
    path = executable(headless=headless)
    if path:
        options["executable_path"] = path
    options.update(extra)
    return options
