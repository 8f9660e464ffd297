"""backend_stub.web.js_comments: what a browser downloads keeps every token of the script and
loses only its comments; what the stripper cannot read safely stops the build instead."""

from __future__ import annotations

from pathlib import Path

import pytest

from backend_stub.web.js_comments import ScriptError, without_comments
from sdk.tooling.loader_text import LOADER_DIR


@pytest.mark.parametrize(
    ("source", "served"),
    [
        ("var a = 1; // why\n", "var a = 1;\n"),
        ("// a whole line\nvar a = 1;\n", "var a = 1;\n"),
        ("/*! header */\nvar a;\n", "/*! header */\nvar a;\n"),
        ("f(/** @type {X} */ (b));\n", "f( (b));\n"),
        ("  /** @param {X} a */ function (a) {}\n", "  function (a) {}\n"),
        ("a/**/b\n", "a b\n"),  # tokens it separated stay apart
        # A comment holding a line break is one to the parser: `return` keeps its own line.
        ("return /*\n*/ x\n", "return\n x\n"),
        ("var s = 'not // a comment';\n", "var s = 'not // a comment';\n"),
        ('var t = "nor /* this */";\n', 'var t = "nor /* this */";\n'),
        ("var q = 'it\\'s // text';\n", "var q = 'it\\'s // text';\n"),
        ("ok = /^https?:\\/\\/[^/?#]+$/.test(o); // end\n", "ok = /^https?:\\/\\/[^/?#]+$/.test(o);\n"),
        ("if (!/[/]\\//g.test(x)) y();\n", "if (!/[/]\\//g.test(x)) y();\n"),
        ("var half = total / 2; // a division\n", "var half = total / 2;\n"),
        ("var r = (a) / b / c;\n", "var r = (a) / b / c;\n"),
        ("return /x\\/\\/y/.test(s);\n", "return /x\\/\\/y/.test(s);\n"),
    ],
)
def test_only_comments_go(source: str, served: str):
    assert without_comments(source) == served


@pytest.mark.parametrize(
    ("source", "problem"),
    [
        ("var t = `a ${b}`;\n", "template literal"),
        ("var s = 'open;\n", "unterminated string"),
        ("/* never closed\n", "unterminated comment"),
        ("x = /open;\n", "unterminated regular expression"),
        ("var s = 'a\\\nb';\n", "continues on the next line"),
        ("var a;\r\n", "carriage returns"),
    ],
)
def test_what_it_cannot_read_safely_is_refused(source: str, problem: str):
    with pytest.raises(ScriptError, match=problem):
        without_comments(source)


SCRIPTS = (
    *(f"sdk/loader/{name}" for name in sorted(path.name for path in LOADER_DIR.glob("*.js"))),
    "sdk/bridge_page.js",
    "sdk/bridge_worker.js",
    "backend_stub/web/static/checkout.js",
)


@pytest.mark.parametrize("path", SCRIPTS)
def test_every_script_browsers_get_is_read_and_loses_its_types(path: str):
    source = (Path(__file__).resolve().parents[2] / path).read_text(encoding="utf-8")
    served = without_comments(source)
    assert "@type" not in served and "@param" not in served
    assert served.startswith("/*!") == source.startswith("/*!"), "a header stays"
