"""Whether a folder holds the whole compiled SDK, and which Brython it was compiled for.

The server reports it (``/_sandbox/health``, ``service-stub --version``) and the package build
refuses a wheel or sdist without it. Standard library only and no relative import: the package
build loads this file by its path, before anything is installed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["FILE_KEYS", "MANIFEST", "OPTIONAL_FILE_KEYS", "Presence", "inspect"]

MANIFEST = "manifest.json"
# The manifest's entries that name a file the browser loads: each must be in the folder.
FILE_KEYS = ("loader", "brython", "bundle", "bridge")
# Named by the SDK's build, not by the benchmark's floors (bench/): each must be there if named.
OPTIONAL_FILE_KEYS = ("bridge_worker",)


@dataclass(frozen=True)
class Presence:
    """What :func:`inspect` found: ``problem`` says why the SDK cannot be served (None if it can)."""

    folder: Path
    problem: str | None
    manifest: dict[str, Any]

    @property
    def present(self) -> bool:
        return self.problem is None

    @property
    def brython_version(self) -> str | None:
        """The Brython the bundle was compiled for (and refuses any other)."""
        return self.manifest.get("brython_version")

    def report(self) -> dict[str, Any]:
        """The JSON the health control answers under ``sdk``: no absolute path (the server's
        folders are nobody's business on a shared network), the folder said as :func:`shown`."""
        report = {"present": self.present, "brython_version": self.brython_version}
        report["folder"] = shown(self.folder)
        if self.problem:
            report["problem"] = self.problem
        return report


def shown(folder: Path) -> str:
    """How reports name an SDK folder: inside the installed package, its path from the package's
    parent (``backend_stub/web/dist``); elsewhere (``--sdk-dir``), its last part only."""
    package_parent = Path(__file__).resolve().parent.parent.parent
    try:
        return folder.resolve().relative_to(package_parent).as_posix()
    except ValueError:
        return folder.name


def inspect(folder: Path) -> Presence:
    """Read ``folder``'s manifest and check that every file it names is there."""
    name = shown(folder)
    try:
        manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Presence(folder, f"no {MANIFEST} in {name}: the SDK was never compiled into it", {})
    except (OSError, ValueError) as error:
        return Presence(folder, f"unreadable {MANIFEST} in {name}: {error.__class__.__name__}", {})
    if not isinstance(manifest, dict):
        return Presence(folder, f"{MANIFEST} in {name} is not a JSON object", {})
    missing = [
        str(manifest.get(key, f"<{key}>"))
        for key in FILE_KEYS + tuple(key for key in OPTIONAL_FILE_KEYS if key in manifest)
        if not isinstance(manifest.get(key), str) or not (folder / manifest[key]).is_file()
    ]
    if missing:
        return Presence(folder, f"{name} lacks {', '.join(missing)} named by its {MANIFEST}", manifest)
    return Presence(folder, None, manifest)
