"""Pack the npm package service-js (packages/service-js/) with the loader it pins.

``python -m sdk.tooling.npm_package build/npm`` writes ``build/npm/service-js.tgz``, what ``npm
pack`` makes of the package once the build has written into it what comes from the SDK:

- the loader it pins, the one this tree builds for pinning (:func:`sdk.tooling.releases.current`):
  its version and Subresource Integrity hash (``src/pin.js``), and its text, run by
  ``service-js/bundled`` from the merchant's own bundle (``src/bundled_loader.js``);
- its version, ``<the package's own version>-loader-<loader version>``: a merchant's lockfile
  then names the loader bytes the app runs, and a new loader is a new package version;
- the SDK's declarations (``sdk/service.d.ts``, the file the service serves at ``/sdk.d.ts``),
  which the package's own declarations reference: a copy made here, never by hand.

Needs npm (``npm pack``), and nothing of the SDK's browser build.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from . import releases

__all__ = ["PACKAGE_DIR", "TARBALL", "pack", "package_version", "stage"]

ROOT = Path(__file__).resolve().parents[2]
PACKAGE_DIR = ROOT / "packages" / "service-js"
DECLARATIONS = ROOT / "sdk" / "service.d.ts"
TARBALL = "service-js.tgz"
LOADER_MARKER = "/* __LOADER__ */"
_PLACEHOLDER = re.compile(r"__[A-Z_]+__")


def package_version(loader: bytes | None = None) -> str:
    """The packed package's version: the package's own, with the version of the loader it pins
    (a semver pre-release part: ``1.0.0-loader-7c8b30076644``, valid whatever the hex digits)."""
    own = json.loads((PACKAGE_DIR / "package.json").read_text(encoding="utf-8"))["version"]
    return f"{own}-loader-{releases.version_of(releases.current() if loader is None else loader)}"


def stage(folder: Path) -> Path:
    """Write the package as it is packed into ``folder``: the files ``package.json`` lists, with
    what comes from the SDK written in. Returns ``folder``."""
    loader = releases.current()
    manifest = json.loads((PACKAGE_DIR / "package.json").read_text(encoding="utf-8"))
    manifest["version"] = package_version(loader)
    folder.mkdir(parents=True, exist_ok=True)
    for name in manifest["files"]:
        source = PACKAGE_DIR / name
        if source.is_dir():
            shutil.copytree(source, folder / name, dirs_exist_ok=True)
        elif source.exists():
            shutil.copy2(source, folder / name)
    shutil.copy2(PACKAGE_DIR / "README.md", folder / "README.md")
    (folder / "package.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    (folder / "service.d.ts").write_text(DECLARATIONS.read_text(encoding="utf-8"), encoding="utf-8")
    _prepend(folder / "options.d.ts", '/// <reference path="./service.d.ts" />\n')
    _fill(
        folder / "src" / "pin.js",
        {
            "__PACKAGE_VERSION__": manifest["version"],
            "__LOADER_VERSION__": releases.version_of(loader),
            "__LOADER_INTEGRITY__": releases.integrity_of(loader),
        },
    )
    bundled = folder / "src" / "bundled_loader.js"
    text = bundled.read_text(encoding="utf-8")
    if text.count(LOADER_MARKER) != 1:
        raise SystemExit(f"cannot pack service-js: src/bundled_loader.js must hold {LOADER_MARKER} once")
    bundled.write_text(text.replace(LOADER_MARKER, loader.decode("utf-8")), encoding="utf-8")
    return folder


def _prepend(path: Path, line: str) -> None:
    path.write_text(line + path.read_text(encoding="utf-8"), encoding="utf-8")


def _fill(path: Path, values: dict[str, str]) -> None:
    text = path.read_text(encoding="utf-8")
    for placeholder, value in values.items():
        text = text.replace(placeholder, value)
    left = _PLACEHOLDER.findall(text)
    if left:
        raise SystemExit(
            f"cannot pack service-js: {path.name} keeps {', '.join(left)}, which the build does not write"
        )
    path.write_text(text, encoding="utf-8")


def pack(destination: Path) -> Path:
    """``npm pack`` of the staged package, as ``destination/service-js.tgz``."""
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("cannot pack service-js: npm is not on the PATH")
    destination.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="service-js-") as temporary:
        staged = stage(Path(temporary) / "package")
        packed = subprocess.run(
            [npm, "pack", "--json", "--ignore-scripts", "--pack-destination", temporary],
            cwd=staged,
            capture_output=True,
            text=True,
            check=False,
        )
        if packed.returncode != 0:
            raise SystemExit(f"cannot pack service-js: npm pack failed:\n{packed.stderr}")
        (made,) = json.loads(packed.stdout)
        target = destination / TARBALL
        shutil.move(Path(temporary) / made["filename"], target)
    return target


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m sdk.tooling.npm_package", description=__doc__.splitlines()[0]
    )
    parser.add_argument("destination", type=Path, help="the folder to write service-js.tgz into (build/npm)")
    target = pack(parser.parse_args(argv).destination)
    print(f"packed service-js {package_version()} into {target}", file=sys.stderr)


if __name__ == "__main__":
    main()
