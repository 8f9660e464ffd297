"""The loader's text as served: ``sdk/loader.js`` without its comments, with what the build
writes into it (the bridge page's address, what the SDK's rules watch). Pure text work, no
browser: the build writes it, and :mod:`.releases` records it without building."""

from __future__ import annotations

import json
from pathlib import Path

from backend_stub.sdk_rules import attributes
from backend_stub.web.js_comments import ScriptError, without_comments

__all__ = ["loader_source", "script", "watched"]

SDK_DIR = Path(__file__).resolve().parent.parent


def script(name: str) -> str:
    """A script of sdk/ as browsers get it: without its comments and JSDoc types (``/*!`` kept)."""
    try:
        return without_comments((SDK_DIR / name).read_text(encoding="utf-8"))
    except ScriptError as error:
        raise SystemExit(f"cannot build the SDK: sdk/{name}: {error}") from None


def watched() -> str:
    """What the loader's ``__WATCH__`` becomes: the selector of the elements the SDK's rules read
    and their attributes, as a JavaScript object (bench/answers_floor/ reads the same)."""
    return json.dumps({"selector": attributes.SELECTOR, "attributes": list(attributes.WATCHED)})


def loader_source(bridge_path: str) -> str:
    """``sdk.js`` as served: the loader, without comments, pointing at the bridge page at
    ``bridge_path`` and watching what the SDK's rules read (tests/loader runs it so)."""
    loader = script("loader.js")
    return loader.replace("__BRIDGE_PATH__", bridge_path).replace("__WATCH__", watched())
