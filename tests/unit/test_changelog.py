"""CHANGELOG.md tells a merchant who pins a loader what changed: every version the server serves
(each file of sdk/releases/, listed in ``/sdk.json``'s ``supported``) has an entry of its own."""

from __future__ import annotations

import re
from pathlib import Path

from sdk.tooling import releases

CHANGELOG = Path(__file__).resolve().parents[2] / "CHANGELOG.md"
ENTRY = re.compile(r"^### ([0-9a-f]{12}) \(\d{4}-\d{2}-\d{2}\)$", re.MULTILINE)


def _entries() -> list[str]:
    return ENTRY.findall(CHANGELOG.read_text(encoding="utf-8"))


def test_every_served_loader_version_has_a_changelog_entry():
    served = {version for version, _ in releases.kept()}
    missing = sorted(served - set(_entries()))
    assert not missing, (
        f"CHANGELOG.md has no entry for the loader version(s) {', '.join(missing)}: add one under"
        " 'Loader versions' saying what a merchant who pins it needs to know."
    )


def test_the_newest_entry_is_the_loader_this_tree_builds():
    assert _entries()[0] == releases.version_of(releases.current())
