"""``make release``: the folder a static host serves so that merchants install the package from
the service itself, never a same-named package from another index.

``python build_backend/release_index.py DIST RELEASE [--base-url URL]`` copies the sdist and wheel
of ``DIST`` (what ``make dist`` wrote) into ``RELEASE`` and writes beside them::

    files/<sdist>, files/<wheel>          the release's two files
    SHA256SUMS                            their hashes, in ``sha256sum --check`` format
    simple/index.html                     a PEP 503 simple index: its one project
    simple/service-checkout/index.html    the project's files, each link with ``#sha256=``
    index.html                            the install line, version and hash filled in

The install line is a direct reference with the wheel's hash (docs/testing-in-ci.md): pip takes
that file or nothing, and refuses it if a byte differs, while the package's own requirements
still come from the merchant's usual index. Links inside ``simple/`` are relative, so the folder
works wherever it is served, ``file://`` included.
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import sys
from html import escape
from pathlib import Path

__all__ = ["PROJECT", "DEFAULT_BASE_URL", "install_line", "write_release"]

PROJECT = "service-checkout"
DEFAULT_BASE_URL = "https://packages.service.example/"
PAGE = """<!DOCTYPE html>
<html>
<head><meta name="pypi:repository-version" content="1.0"><title>{title}</title></head>
<body>
<h1>{title}</h1>
{body}
</body>
</html>
"""


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def install_line(base_url: str, wheel: str, sha256: str, extra: str = "pytest") -> str:
    """The ``pip install`` line for ``wheel`` served under ``base_url``, pinned to its hash."""
    url = f"{base_url.rstrip('/')}/files/{wheel}#sha256={sha256}"
    return f"pip install '{PROJECT}[{extra}] @ {url}'"


def _page(path: Path, title: str, body: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(PAGE.format(title=escape(title), body=body), encoding="utf-8")


def write_release(dist: Path, release: Path, base_url: str = DEFAULT_BASE_URL) -> str:
    """Fill ``release`` from ``dist``'s one sdist and one wheel; returns the install line."""
    wheels, sdists = sorted(dist.glob("*.whl")), sorted(dist.glob("*.tar.gz"))
    if len(wheels) != 1 or len(sdists) != 1:
        found = [path.name for path in wheels + sdists]
        raise SystemExit(f"{dist} must hold one wheel and one sdist (run `make dist`): it holds {found}")
    if release.exists():
        shutil.rmtree(release)
    files = release / "files"
    files.mkdir(parents=True)
    hashes = {}
    for built in (*sdists, *wheels):
        shutil.copy2(built, files / built.name)
        hashes[built.name] = _sha256(built)
    (release / "SHA256SUMS").write_text(
        "".join(f"{digest}  files/{name}\n" for name, digest in hashes.items()), encoding="utf-8"
    )
    _page(release / "simple" / "index.html", "Simple index", f'<a href="{PROJECT}/">{PROJECT}</a>')
    links = "<br>\n".join(
        f'<a href="../../files/{escape(name)}#sha256={digest}">{escape(name)}</a>'
        for name, digest in hashes.items()
    )
    _page(release / "simple" / PROJECT / "index.html", f"Links for {PROJECT}", links)
    line = install_line(base_url, wheels[0].name, hashes[wheels[0].name])
    body = (
        f"<p>Install {escape(wheels[0].name)} with the test kit's pytest plugin:</p>\n"
        f"<pre>{escape(line)}</pre>\n"
        '<p>Hashes: <a href="SHA256SUMS">SHA256SUMS</a>. PEP 503 index: <a href="simple/">simple/</a>.</p>'
    )
    _page(release / "index.html", f"{PROJECT} releases", body)
    return line


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("dist", type=Path, help="the folder `make dist` wrote")
    parser.add_argument("release", type=Path, help="the folder to write (replaced)")
    parser.add_argument("--base-url", default=DEFAULT_BASE_URL, help="where the host serves RELEASE")
    args = parser.parse_args(argv)
    line = write_release(args.dist, args.release, args.base_url)
    print(f"{args.release}/ is ready for the static host; merchants install with:\n  {line}", file=sys.stderr)


if __name__ == "__main__":
    main()
