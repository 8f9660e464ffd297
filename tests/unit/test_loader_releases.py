"""Every loader that ships stays served (PCI DSS 4.0 pinning, docs/pci.md): the loader this tree
builds must be recorded in sdk/releases/, so a change to it cannot drop the version merchants
pinned out of ``/sdk.json``'s ``supported`` without anyone deciding so (review finding 11)."""

from __future__ import annotations

from pathlib import Path

from sdk.tooling import releases

RECORD = (
    "The loader changed: version {version} (what this tree builds) is not recorded in sdk/releases/."
    " Run `python -m sdk.tooling.releases keep` and commit the file it writes; the versions recorded"
    " before it stay served, each for 12 months after its successor ships (docs/pci.md)."
)


def test_the_loader_this_tree_builds_is_recorded_as_a_release():
    loader = releases.current()
    version = releases.version_of(loader)
    recorded = dict(releases.kept())
    assert version in recorded, RECORD.format(version=version)
    assert recorded[version] == loader


def test_keep_records_the_loader_this_tree_builds(tmp_path: Path):
    written = releases.keep(tmp_path)
    assert written.read_bytes() == releases.current()
    assert [version for version, _ in releases.kept(tmp_path)] == [releases.version_of(releases.current())]


def test_the_pinned_loader_looks_for_the_bridge_at_the_one_address():
    assert releases.BRIDGE_ADDRESS.encode() in releases.current()
    assert b"__BRIDGE_PATH__" not in releases.current()
