"""The server renders the bridge page's first answers with the same rules the SDK runs in its
worker (CONTRACT 5): the rules live in the server's package (``backend_stub.sdk_rules``), the
build bundles every one of them, and the compiled SDK the server serves was compiled from the
very files the server imports (the same digest)."""

from __future__ import annotations

import json
from pathlib import Path

import backend_stub.sdk_rules
from backend_stub.config import DEFAULT_SDK_DIR
from sdk.tooling.build import SHARED
from sdk.tooling.sources import digest

ROOT = Path(__file__).resolve().parents[2]
RULES = Path(backend_stub.sdk_rules.__file__).resolve().parent


def test_every_rule_the_server_runs_is_bundled_into_the_sdk():
    names = {f"backend_stub.sdk_rules.{path.stem}" for path in RULES.glob("*.py") if path.stem != "__init__"}
    assert names | {"backend_stub.sdk_rules"} <= set(SHARED)


def test_the_served_sdk_was_compiled_from_the_rules_the_server_imports():
    manifest = json.loads((DEFAULT_SDK_DIR / "manifest.json").read_text(encoding="utf-8"))
    assert set(SHARED) <= set(manifest["modules"])
    assert RULES == ROOT / "backend_stub" / "sdk_rules"  # the tree's files, which the digest covers
    assert manifest["sources"] == digest(ROOT / "sdk"), "stale SDK: run make build"
