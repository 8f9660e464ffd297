"""The loader's parts (sdk/loader/) and the one file the build joins them into.

eslint reads each part alone: a name a part takes from another (``/* global */``) it cannot see
defined, and a name a part gives (``/* exported */``) it cannot see used. Here the two lists are
held to each other, so an unknown or unused name between parts fails as it would in one file;
and every file of the folder is a part the build joins, in one function."""

from __future__ import annotations

import re
from pathlib import Path

from backend_stub.web.js_comments import without_comments
from sdk.tooling.loader_text import LOADER_DIR, PARTS, WRAPPER, joined, loader_source

_LIST = re.compile(r"/\* (global|exported) ([^*]+?) \*/", re.S)


def _names(kind: str, text: str) -> set[str]:
    found: set[str] = set()
    for match in _LIST.finditer(text):
        if match.group(1) == kind:
            names = match.group(2).split("--")[0]  # after `--`, eslint's reason
            found |= {name.strip() for name in names.split(",")} - {""}
    return found


def _parts() -> dict[str, str]:
    return {name: (LOADER_DIR / name).read_text(encoding="utf-8") for name in PARTS}


def test_every_file_of_the_folder_is_the_wrapper_or_a_part():
    assert sorted(path.name for path in LOADER_DIR.glob("*")) == sorted([WRAPPER, *PARTS])


def test_each_name_a_part_takes_another_gives_and_each_name_given_is_taken():
    parts = _parts()
    taken = {name: _names("global", text) - {"module"} for name, text in parts.items()}
    given = {name: _names("exported", text) for name, text in parts.items()}
    for part, names in taken.items():
        for name in sorted(names):
            givers = [other for other, gives in given.items() if name in gives]
            assert givers and part not in givers, f"{part} takes {name}, which {givers or 'no part'} gives"
    everything_taken = set().union(*taken.values())
    for part, names in given.items():
        assert names <= everything_taken, (
            f"{part} gives {sorted(names - everything_taken)}, which no part takes"
        )


def test_a_part_declares_each_name_it_gives():
    for part, text in _parts().items():
        for name in _names("exported", text):
            assert re.search(rf"^(?:var {name}\b|function {name}\()", text, re.M), (
                f"{part} gives {name} undeclared"
            )


def test_the_served_loader_is_one_function_without_comments():
    served = loader_source("/sdk/bridge.0123456789ab.html")
    assert served.startswith("/*! service SDK loader.")
    body = served.split("*/", 1)[1].strip()
    assert body.startswith("(function (window, document) {\n  'use strict';\n")
    assert body.endswith("})(window, document);")
    assert "__PARTS__" not in served and "/* global" not in served and "@param" not in served
    assert "__BRIDGE_PATH__" not in served and "__WATCH__" not in served
    # Each part whole, in its order: the last runs the loader, after every other has declared.
    whole = joined()
    positions = [whole.index(without_comments(text).strip()) for text in _parts().values()]
    assert positions == sorted(positions)
    assert len(joined(comments=True)) > len(served)


def test_each_part_has_its_own_jsdom_test_file():
    tests = Path(__file__).resolve().parents[1] / "loader"
    assert sorted(path.name for path in tests.glob("*.test.mjs")) == sorted(
        name.replace(".js", ".test.mjs") for name in PARTS
    )
