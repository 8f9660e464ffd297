"""The loader's versions: the one this build makes, and the older ones the server still serves.

PCI DSS 4.0 (requirement 6.4.3) asks a merchant to authorise every script of its payment page
and to assure its integrity. The loader is the one script the SDK puts there, so a merchant may
pin it: ``/sdk/<version>/sdk.js`` with the ``integrity`` ``/sdk.json`` gives. For that:

- a version is the first 12 hex digits of the SHA-256 of the loader's bytes: it names those
  bytes, and they cannot change without the name changing;
- a pinned loader finds the bridge page at one address, :data:`BRIDGE_ADDRESS`, which the
  server answers with the current build's bridge page, cached briefly (as ``/sdk.js`` is): a
  loader pinned a year ago talks to today's bridge, never to a cached page of a build whose
  worker is gone, and the bridge stays compatible with every loader still listed
  (tests/e2e/test_pinned_loader.py runs each one against it). ``/sdk.js`` serves the same
  loader pointing at the build's own bridge page (``bridge.<hash>.html``, cached for a year):
  it is fetched again within minutes of a release, so it may;
- ``sdk/releases/<version>.js`` holds the exact bytes of each loader the server serves, the
  current one included: ``python -m sdk.tooling.releases keep`` records the loader this tree
  builds there, and a change to the loader fails tests/unit/test_loader_releases.py until it is
  recorded, so no version that shipped drops silently out of ``/sdk.json``'s ``supported``.
  Deleting a file ends that version (docs/pci.md says how long a version is kept).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import sys
from pathlib import Path

from .loader_text import loader_source

__all__ = [
    "BRIDGE_ADDRESS",
    "RELEASES_DIR",
    "current",
    "integrity_of",
    "keep",
    "kept",
    "pinning",
    "release_file",
    "version_of",
]

SDK_DIR = Path(__file__).resolve().parent.parent
RELEASES_DIR = SDK_DIR / "releases"
BRIDGE_ADDRESS = "/sdk/bridge.html"
VERSION_LENGTH = 12


def version_of(loader: bytes) -> str:
    """The version of a loader: what its bytes hash to."""
    return hashlib.sha256(loader).hexdigest()[:VERSION_LENGTH]


def integrity_of(loader: bytes) -> str:
    """The Subresource Integrity value of a loader (``sha384-``, as browsers and PCI scanners use)."""
    return "sha384-" + base64.b64encode(hashlib.sha384(loader).digest()).decode("ascii")


def release_file(version: str) -> str:
    """The file of the build's output that holds the loader of ``version``."""
    return f"loader.{version}.js"


def kept(folder: Path = RELEASES_DIR) -> list[tuple[str, bytes]]:
    """Every older loader recorded in ``folder``, as (version, bytes), checked: a file whose bytes
    are not its name's version, or that looks for the bridge elsewhere, stops the build."""
    releases = []
    for path in sorted(folder.glob("*.js")):
        data = path.read_bytes()
        if version_of(data) != path.stem:
            raise SystemExit(
                f"cannot build the SDK: sdk/releases/{path.name} is not the loader of version {path.stem}"
                f" (its bytes are version {version_of(data)}'s): a released loader never changes"
            )
        if BRIDGE_ADDRESS.encode() not in data:
            raise SystemExit(
                f"cannot build the SDK: sdk/releases/{path.name} does not look for the bridge page at"
                f" {BRIDGE_ADDRESS}, the one address the server keeps it at"
            )
        releases.append((path.stem, data))
    return releases


def pinning(loader: bytes, older: list[tuple[str, bytes]]) -> dict:
    """The manifest's entries for pinning: the current pinned loader's version and integrity, and
    every version the server serves (the current one first) with its file and integrity."""
    current = version_of(loader)
    loaders: dict[str, dict[str, str]] = {}
    for version, data in [(current, loader), *older]:
        loaders.setdefault(version, {"file": release_file(version), "integrity": integrity_of(data)})
    return {"loader_version": current, "loader_integrity": loaders[current]["integrity"], "loaders": loaders}


def current() -> bytes:
    """The pinned loader this tree builds: the same bytes the build writes, without building."""
    return loader_source(BRIDGE_ADDRESS).encode("utf-8")


def keep(folder: Path = RELEASES_DIR) -> Path:
    """Record the pinned loader this tree builds as a release the server keeps serving."""
    data = current()
    target = folder / f"{version_of(data)}.js"
    folder.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    return target


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m sdk.tooling.releases", description=__doc__.splitlines()[0]
    )
    parser.add_argument(
        "command", choices=["keep"], help="keep: record the loader this tree builds in sdk/releases/"
    )
    parser.parse_args(argv)
    print(f"kept {keep().relative_to(SDK_DIR.parent)}: commit it", file=sys.stderr)


if __name__ == "__main__":
    main()
