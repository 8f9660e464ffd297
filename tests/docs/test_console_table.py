"""docs/sdk.md's table of console messages says what the SDK prints: every line the SDK's sources
can log has its row, and every row is a line they can log (issue 35: the docs promised lines that
no longer appeared).

The lines are read from the sources themselves: every string literal of the SDK's Python (the
modules the bridge runs, and the server's rendering of the bridge page) and of its scripts that
begins ``service: `` or ``service SDK ``, with what the code fills in at run time as a
placeholder, plus the start-up errors that the settings rules compose from parts. A row's
message is the beginning of a line, ``<...>`` standing for what varies and ``...`` for any text.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from backend_stub.sdk_rules.settings import CANNOT_START, parse_settings
from backend_stub.web.js_comments import without_comments
from sdk.messages import PREFIX
from tests.docs.snippets import ROOT

TABLE_SECTION = "## Errors and console messages"
PYTHON_SOURCES = [
    *sorted((ROOT / "sdk").glob("*.py")),
    *sorted((ROOT / "backend_stub" / "sdk_rules").glob("*.py")),
    ROOT / "backend_stub" / "web" / "first_answers.py",
]
SCRIPT_SOURCES = [*sorted((ROOT / "sdk" / "loader").glob("*.js")), ROOT / "sdk" / "bridge_page.js"]
BEGINNING = re.compile(r"service(?::| SDK) \S")
FILLED = "X"  # what the code puts in at run time
# What service.button() rejects with when no settings reached the bridge: its Promise's message.
NOT_LOGGED = ("service SDK is not configured",)
# The start-up errors the settings rules compose ("cannot start: " + the problems), one each.
SETTINGS = [
    {"sandbox": "true"},
    {"public_key": "pk test", "sandbox": "true"},
    {"public_key": "sk_test_demo", "sandbox": "true"},
    {"public_key": "pk_test_demo"},
    {"public_key": "pk_test_demo", "sandbox": "yes"},
    {"public_key": "pk_test_demo", "sandbox": "true", "checkout_timeout_ms": -1},
]


def _python_text(node: ast.expr) -> str | None:
    """A string literal as logged: f-string fields and ``{name}`` fields filled in."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return re.sub(r"\{[a-z_]+\}", FILLED, node.value)
    if isinstance(node, ast.JoinedStr):
        parts = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                parts.append(str(value.value))
            elif isinstance(value, ast.FormattedValue) and ast.unparse(value.value) == "PREFIX":
                parts.append(PREFIX)
            else:
                parts.append(FILLED)
        return "".join(parts)
    return None


def python_lines(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parts = {id(value) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for value in node.values}
    found = (_python_text(node) for node in ast.walk(tree) if id(node) not in parts)
    return [text for text in found if text and BEGINNING.match(text)]


_JS_STRING = re.compile(r"'((?:[^'\\]|\\.)*)'")


def _js_expression_end(source: str, start: int) -> int:
    """Where the expression starting at ``start`` ends: a comma, a closing bracket or a semicolon
    outside brackets and strings."""
    depth, index = 0, start
    while index < len(source):
        char = source[index]
        if char == "'":
            index = _JS_STRING.match(source, index).end()  # type: ignore[union-attr]
            continue
        if char in "([{":
            depth += 1
        elif char in ")]}":
            if depth == 0:
                return index
            depth -= 1
        elif char in ",;" and depth == 0:
            return index
        index += 1
    return index


def _concatenation(source: str, start: int) -> str:
    """The string an expression of literals and values joined by ``+`` makes, from ``start``."""
    expression = source[start : _js_expression_end(source, start)]
    parts = [part.strip() for part in re.split(r"\+(?=(?:[^']*'[^']*')*[^']*$)", expression)]
    return "".join(part[1:-1] if _JS_STRING.fullmatch(part) else FILLED for part in parts)


# The loader's start failures: cannotStart(code, why) logs CANNOT_START + why.
_CANNOT_START_CALL = re.compile(r"cannotStart\('\w+',\s*")


def script_lines(path: Path) -> list[str]:
    """Each console line a script writes, from its string concatenation: literals as they are,
    anything else as the placeholder."""
    source = without_comments(path.read_text(encoding="utf-8"))  # an apostrophe in a comment
    lines = [
        _concatenation(source, literal.start())
        for literal in _JS_STRING.finditer(source)
        if BEGINNING.match(literal.group(1))
    ]
    lines += [
        CANNOT_START + _concatenation(source, call.end()) for call in _CANNOT_START_CALL.finditer(source)
    ]
    return lines


def logged_lines() -> list[tuple[str, str]]:
    """``(where, line)`` for every console line the SDK can print."""
    lines = [(path.name, line) for path in PYTHON_SOURCES for line in python_lines(path)]
    lines += [(path.name, line) for path in SCRIPT_SOURCES for line in script_lines(path)]
    for raw in SETTINGS:
        settings, message = parse_settings(raw)
        assert settings is None, raw
        lines.append(("settings.py", message))
    # The prefixes alone are parts of lines, not lines; a rejection's message is not logged.
    parts = (PREFIX, CANNOT_START, CANNOT_START + FILLED, *NOT_LOGGED)
    return [(where, line) for where, line in lines if line not in parts]


def table_rows() -> list[str]:
    """The message column of docs/sdk.md's console table, one message per row."""
    text = (ROOT / "docs" / "sdk.md").read_text(encoding="utf-8")
    section = text.split(TABLE_SECTION, 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0] in ("error", "warn", "info"):
            (message,) = re.findall(r"`([^`]+)`", cells[1])  # one message per row
            rows.append(message)
    return rows


def row_pattern(message: str) -> re.Pattern[str]:
    """The row as a regular expression matching the beginning of a line."""
    pattern = ""
    for piece in re.split(r"(<[^>]*>|\.\.\.)", message):
        if piece == "...":
            pattern += ".*?"
        elif piece.startswith("<") and piece.endswith(">"):
            pattern += ".+?"
        else:
            pattern += re.escape(piece)
    return re.compile(pattern)


def test_the_sources_log_lines_and_the_table_has_rows():
    assert len(logged_lines()) >= 25 and len(table_rows()) >= 25


@pytest.mark.parametrize(
    ("where", "line"), [pytest.param(where, line, id=line[:70]) for where, line in logged_lines()]
)
def test_every_line_the_sdk_logs_has_its_row(where: str, line: str):
    rows = [row for row in table_rows() if row_pattern(row).match(line)]
    assert rows, f"docs/sdk.md's console table has no row for this line of {where}: {line}"


def test_every_row_is_a_line_the_sdk_logs():
    lines = [line for _, line in logged_lines()]
    stale = [row for row in table_rows() if not any(row_pattern(row).match(line) for line in lines)]
    assert stale == [], "rows of docs/sdk.md's console table that no source logs"
