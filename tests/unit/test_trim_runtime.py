"""The trimmed Brython runtime: what moves out, what stays, and that a different brython.js or a
section whose effects a trap cannot stand for stops the build.

The effects here are made up (the build measures the real ones in Chromium; tests/e2e/
test_runtime.py runs the result): each section sets nothing but what the core keeps of it.
"""

import copy
from importlib import resources

import pytest

from sdk.tooling.trim_runtime import CORE_PARTS, LAZY_FILE, LAZY_GROUPS, TrimError, sections, trim

RUNTIME = resources.files("brython").joinpath("data", "brython.js").read_text(encoding="utf-8")
NAMES = [name for name, _ in sections(RUNTIME)]


def effects() -> dict:
    made = {name: {"B": {}, "b": {}, "objects": {}} for name in NAMES}
    for section, (_, provided) in CORE_PARTS.items():
        made[section]["B"] = dict.fromkeys(provided, "function")
    return {"sections": made, "origin": {"b:bytes": "builtin_types_data"}}


def test_the_compiler_and_what_the_sdk_never_calls_move_to_the_lazy_file():
    trimmed = trim(RUNTIME, effects())
    report = trimmed.report
    assert set(report["moved_sections"]) == {section for group in LAZY_GROUPS.values() for section in group}
    assert list(report["dropped_sections"]) == ["builtins_docstrings"]
    assert report["output_bytes"] < report["input_bytes"] * 0.45
    assert "$B._PyPegen.parse=function(p)" not in trimmed.core  # the 420 kB grammar moved...
    assert "$B._PyPegen.parse=function(p)" in trimmed.lazy  # ...to the lazy file
    for group in LAZY_GROUPS:  # each group leaves a trap in the core and its code in the lazy file
        assert f'__BRYTHON__.lazy.section("{group}",' in trimmed.core
        assert f'"{group}":[function($B){{' in trimmed.lazy
    # What the start needs of moved sections stays: isdigit's Unicode tables, imports' names.
    assert "$B.in_unicode_category=function" in trimmed.core and "$B.scope_name=function" in trimmed.core
    assert "$B.tokenizer=function" not in trimmed.core
    assert "$lazy('tz_name'" in trimmed.core and "$lazy('local_storage'" in trimmed.core
    assert "var make_html=(function($B)" in trimmed.core  # browser.html is made on first import


def test_the_core_names_the_lazy_file_once_linked():
    trimmed = trim(RUNTIME, effects())
    assert trimmed.core.count(LAZY_FILE) == 1
    linked = trimmed.linked("brython-3.15.0-lazy.0123456789ab.js")
    assert LAZY_FILE not in linked and "'brython-3.15.0-lazy.0123456789ab.js'" in linked


def test_traps_name_what_the_moved_sections_set():
    measured = effects()
    measured["sections"]["py_bytes"] = {
        "B": {"fast_bytes": "function"},
        "b": {},
        "objects": {"b:bytes": ["tp_new"]},
    }
    measured["sections"]["finalize_types"]["objects"] = {"b:bytes": ["tp_mro"]}
    measured["sections"]["py_eval"]["b"] = {"exec": "function"}
    trimmed = trim(RUNTIME, measured)
    assert (
        '__BRYTHON__.lazy.section("bytes",["fast_bytes"],[],[["b","bytes",["tp_mro","tp_new"]]])'
        in trimmed.core
    )
    assert '__BRYTHON__.lazy.section("compiler",[],["exec"],[])' in trimmed.core
    assert trimmed.lazy_names == {"$B.fast_bytes": "bytes", "_b_.exec": "compiler"}


def test_trimming_is_deterministic():
    assert trim(RUNTIME, effects()) == trim(RUNTIME, effects())


def test_every_section_is_named_once():
    assert len(NAMES) == len(set(NAMES)) == 50


@pytest.mark.parametrize(
    "change",
    [
        lambda text: text.replace("$B.Parser=function", "$B.Parsr=function"),  # a section not found
        lambda text: text.replace("var has_storage=typeof(Storage)", "var has_store=typeof(Storage)"),
        lambda text: text.replace("$B.scope_name=function(name)", "$B.scope_name=function(n)"),
    ],
    ids=["unknown section", "patched text moved", "kept helper changed"],
)
def test_another_brython_stops_the_build(change):
    with pytest.raises(TrimError):
        trim(change(RUNTIME), effects())


def _with(**changes: dict) -> dict:
    """Made-up effects where each named section sets what it is given (B, b and objects)."""
    measured = copy.deepcopy(effects())
    for section, sets in changes.items():
        measured["sections"][section].update(sets)
    return measured


@pytest.mark.parametrize(
    "measured",
    [
        # measured on another brython.js: a section is missing
        {"sections": {name: {"B": {}, "b": {}, "objects": {}} for name in NAMES[1:]}, "origin": {}},
        # a moved section no longer defines what the core keeps of it
        _with(python_tokenizer={"B": {}}),
        # a core section after a moved one sets the same name: its value would have won
        _with(py_bytes={"B": {"decode": "function"}}, py_string={"B": {"decode": "function"}}),
        # a moved section completes an object that no core section makes
        _with(py_complex={"objects": {"created_types:Thing": ["tp_new"]}}),
        # a moved section defines a builtin that a function stub cannot stand for
        _with(py_io={"b": {"open": "object"}}),
    ],
    ids=[
        "other brython",
        "kept part gone",
        "later core section clashes",
        "object made lazily",
        "builtin not a function",
    ],
)
def test_effects_a_trap_cannot_stand_for_stop_the_build(measured):
    with pytest.raises(TrimError):
        trim(RUNTIME, measured)
