"""The trimmed Brython runtime: what it removes, and that a different brython.js stops the build."""

from importlib import resources

import pytest

from sdk.tooling.trim_runtime import COMPILER_CHAIN, TrimError, sections, trim

RUNTIME = resources.files("brython").joinpath("data", "brython.js").read_text(encoding="utf-8")


def test_the_compiler_goes_and_the_runtime_stays():
    trimmed, report = trim(RUNTIME)
    assert list(report["removed_sections"]) == COMPILER_CHAIN
    assert report["output_bytes"] < report["input_bytes"] * 0.7
    assert "$B.py2js=function" in trimmed and "$B.js_from_root=function" in trimmed  # kept
    assert "$B._PyPegen.parse=function(p)" not in trimmed  # the 420 kB grammar is gone
    assert "$lazy('tz_name'" in trimmed and "$lazy('local_storage'" in trimmed


def test_trimming_is_deterministic():
    assert trim(RUNTIME)[0] == trim(RUNTIME)[0]


def test_every_section_is_named_once():
    names = [name for name, _ in sections(RUNTIME)]
    assert len(names) == len(set(names)) == 50


@pytest.mark.parametrize(
    "change",
    [
        lambda text: text.replace("$B.Parser=function", "$B.Parsr=function"),  # a section not found
        lambda text: text.replace("var has_storage=typeof(Storage)", "var has_store=typeof(Storage)"),
    ],
    ids=["unknown section", "patched text moved"],
)
def test_another_brython_stops_the_build(change):
    with pytest.raises(TrimError):
        trim(change(RUNTIME))
