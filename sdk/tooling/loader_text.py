"""The loader's text as served: the parts of ``sdk/loader/`` joined into the one function of
``sdk/loader/wrapper.js``, without their comments, with what the build writes into it (the
bridge page's address, what the SDK's rules watch). Pure text work, no browser: the build writes
it, and :mod:`.releases` records it without building.

Each part is a script of its own for tsc and eslint (``make lint``), which see the names one part
takes from another (``/* global */``) and gives them (``/* exported */``); in the served file they
are the locals of one function, in the order of :data:`PARTS`. Every part only declares, except
the last, which runs the loader."""

from __future__ import annotations

import json
from pathlib import Path

from backend_stub.sdk_rules import attributes
from backend_stub.web.js_comments import ScriptError, without_comments

__all__ = ["LOADER_DIR", "PARTS", "joined", "loader_source", "script", "watched"]

SDK_DIR = Path(__file__).resolve().parent.parent
LOADER_DIR = SDK_DIR / "loader"
WRAPPER = "wrapper.js"
PLACE = "__PARTS__;"
# By concern: the state machines, the start (settings, first answers, the bridge), the page's
# elements, what showing and hiding change on them, the bridge's commands, the checkout overlay,
# and the public object, which runs last.
PARTS = ("machines.js", "start.js", "elements.js", "visibility.js", "commands.js", "overlay.js", "service.js")


def script(name: str) -> str:
    """A script of sdk/ as browsers get it: without its comments and JSDoc types (``/*!`` kept)."""
    try:
        return without_comments((SDK_DIR / name).read_text(encoding="utf-8"))
    except ScriptError as error:
        raise SystemExit(f"cannot build the SDK: sdk/{name}: {error}") from None


def joined(folder: Path = LOADER_DIR, *, comments: bool = False) -> str:
    """The loader's parts in its wrapper, without comments (as served) or with them (as tsc
    reads a copy of the whole, tests/unit/test_bridge_protocol.py)."""

    def read(name: str) -> str:
        text = (folder / name).read_text(encoding="utf-8")
        if comments:
            return text
        try:
            return without_comments(text)
        except ScriptError as error:
            raise SystemExit(f"cannot build the SDK: sdk/loader/{name}: {error}") from None

    wrapper = read(WRAPPER)
    if wrapper.count(PLACE) != 1:
        raise SystemExit(f"cannot build the SDK: sdk/loader/{WRAPPER} must hold {PLACE} once")
    return wrapper.replace(PLACE, "".join(read(name) for name in PARTS).strip("\n"))


def watched() -> str:
    """What the loader's ``__WATCH__`` becomes: the selector of the elements the SDK's rules read
    and their attributes, the attribute that makes a button and those its availability answer is
    for, as a JavaScript object (bench/answers_floor/ reads the same)."""
    return json.dumps(
        {
            "selector": attributes.SELECTOR,
            "attributes": list(attributes.WATCHED),
            "button": attributes.BUTTON,
            "checked": list(attributes.CHECKED),
        }
    )


def loader_source(bridge_path: str) -> str:
    """``sdk.js`` as served: the loader, without comments, pointing at the bridge page at
    ``bridge_path`` and watching what the SDK's rules read (tests/loader runs it so)."""
    return joined().replace("__BRIDGE_PATH__", bridge_path).replace("__WATCH__", watched())
