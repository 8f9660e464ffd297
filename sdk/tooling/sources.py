"""What the compiled SDK is compiled from: a digest of ``sdk/``'s sources and build tools.

The build writes it into ``manifest.json``; the package build compares it with the tree's to
tell a compiled SDK that still matches its sources from a stale one. Standard library only:
the package build loads this file before any build requirement is installed.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

__all__ = ["BUILD_SOURCES", "INPUT_SUFFIXES", "SHARED_SOURCES", "digest", "stale_reason"]

# Every kind of file the build reads from sdk/ (the modules, the loader, its TypeScript
# declarations, the bridge page).
INPUT_SUFFIXES = (".py", ".js", ".ts", ".html")
# The server's modules the SDK bundles (sdk.tooling.build.SHARED), beside sdk/: one key rule and
# one rule for amounts, currencies and product types for both sides, and the SDK's rules, which
# the server also runs to render the bridge page.
SHARED_SOURCES = (
    "backend_stub/__init__.py",
    "backend_stub/domain/__init__.py",
    "backend_stub/domain/keys.py",
    "backend_stub/domain/value_rules.py",
    "backend_stub/sdk_rules/__init__.py",
    "backend_stub/sdk_rules/attributes.py",
    "backend_stub/sdk_rules/availability.py",
    "backend_stub/sdk_rules/pairing.py",
    "backend_stub/sdk_rules/page.py",
    "backend_stub/sdk_rules/reasons.py",
    "backend_stub/sdk_rules/settings.py",
)

# The server's modules the build runs on the SDK's scripts (not bundled): a change to one changes
# what the build writes.
BUILD_SOURCES = ("backend_stub/web/js_comments.py",)


def digest(sdk_dir: Path) -> str:
    """``sha256:<hex>`` over the path and bytes of every input file under ``sdk_dir``, and of the
    server's modules it bundles or builds with (:data:`SHARED_SOURCES`, :data:`BUILD_SOURCES`)."""
    hasher = hashlib.sha256()
    files = sorted(
        path
        for path in sdk_dir.rglob("*")
        if path.is_file() and path.suffix in INPUT_SUFFIXES and "__pycache__" not in path.parts
    )
    files += [sdk_dir.parent / name for name in SHARED_SOURCES + BUILD_SOURCES]
    for path in files:
        data = path.read_bytes()
        relative = path.relative_to(sdk_dir.parent).as_posix().encode()
        hasher.update(b"%d:%s\0%d:" % (len(relative), relative, len(data)))
        hasher.update(data)
    return "sha256:" + hasher.hexdigest()


def stale_reason(dist: Path, sdk_dir: Path) -> str | None:
    """Why ``dist`` (a build's output folder) does not hold the SDK compiled from ``sdk_dir`` as it
    is now, or None when it does: the digest its ``manifest.json`` records is not :func:`digest`'s."""
    try:
        recorded = json.loads((dist / "manifest.json").read_text(encoding="utf-8")).get("sources")
    except (OSError, ValueError, AttributeError):
        return f"{dist} holds no compiled SDK (no readable manifest.json)"
    if recorded != digest(sdk_dir):
        return f"{dist} was compiled from other sources than {sdk_dir.name}/ holds now"
    return None
