"""What the SDK bundle leaves out: docstrings, and the line tracking of the generated code.

Brython's generated code calls ``$B.set_lineno(frame, n)`` before every statement, and as the
first operand of every ``if`` and ``while`` test, so that a traceback can name the line. The SDK
never shows a traceback (every entry point of the bridge catches and reports the exception), so
those calls are only weight: about 600 calls, one per statement run. Docstrings serve ``help()``.
Without them tracebacks name the line where a function was entered; nothing else changes.
"""

from __future__ import annotations

import ast
import re

__all__ = ["SlimError", "without_docstrings", "without_line_tracking"]


class SlimError(RuntimeError):
    """Generated code in a form this module does not know: the bundle would be wrong."""


_STATEMENT = re.compile(r"^[ \t]*\$B\.set_lineno\(frame, \d+(?:, '\w+')?\);?[ \t]*\n", re.M)
_TEST = re.compile(r"\$B\.set_lineno\(frame, \d+\) && ")


def without_line_tracking(js: str) -> str:
    """``js`` (one module's generated code) without its ``$B.set_lineno`` calls."""
    slim = _TEST.sub("", _STATEMENT.sub("", js))
    if "set_lineno" in slim:
        line = next(line for line in slim.splitlines() if "set_lineno" in line)
        raise SlimError(f"a line-tracking call of an unknown form: {line.strip()[:120]}")
    return slim


def without_docstrings(source: str) -> str:
    """``source`` without its docstrings, each line kept at its number."""
    lines = source.splitlines(keepends=True)
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        first = node.body[0] if node.body else None
        if not (
            isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)
        ):
            continue
        assert first.end_lineno is not None and first.end_col_offset is not None  # set by ast.parse
        start, end = first.lineno - 1, first.end_lineno - 1
        # Offsets count UTF-8 bytes; what follows the docstring must be nothing or a comment.
        rest = lines[end].encode("utf-8")[first.end_col_offset :].decode("utf-8").strip()
        if rest and not rest.startswith("#"):
            raise SlimError(f"code after the docstring on line {end + 1}")
        # A block needs a statement: ``pass`` where the docstring was all of it.
        keep = "pass\n" if len(node.body) == 1 else "\n"
        lines[start] = lines[start].encode("utf-8")[: first.col_offset].decode("utf-8") + keep
        for index in range(start + 1, end + 1):
            lines[index] = "\n"
    return "".join(lines)
