"""What the SDK bundle leaves out: docstrings (lines keep their numbers) and line tracking."""

import ast
from pathlib import Path

import pytest

from sdk.tooling.slim_bundle import SlimError, without_docstrings, without_line_tracking

SDK = Path(__file__).resolve().parents[2] / "sdk"


def docstrings(source: str) -> list[str]:
    tree = ast.parse(source)
    kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    return [doc for node in ast.walk(tree) if isinstance(node, kinds) and (doc := ast.get_docstring(node))]


@pytest.mark.parametrize("path", sorted(SDK.glob("*.py")), ids=lambda path: path.name)
def test_the_sdk_modules_lose_their_docstrings_and_keep_their_lines(path: Path):
    source = path.read_text(encoding="utf-8")
    slim = without_docstrings(source)
    assert docstrings(source) and not docstrings(slim)
    assert len(slim.splitlines()) == len(source.splitlines())
    # Every other line is the same, at the same number.
    doc_lines = {
        line for line, (a, b) in enumerate(zip(source.splitlines(), slim.splitlines(), strict=True)) if a != b
    }
    assert all(slim.splitlines()[line].strip() in ("", "pass") for line in doc_lines)


def test_a_block_that_was_only_a_docstring_keeps_a_statement():
    source = (
        'class Empty:\n    """Nothing else."""\n\n\ndef f():\n    """Several\n    lines."""\n    return 1\n'
    )
    slim = without_docstrings(source)
    assert slim == "class Empty:\n    pass\n\n\ndef f():\n    \n\n    return 1\n"
    namespace: dict = {}
    exec(compile(slim, "slim", "exec"), namespace)
    assert namespace["f"]() == 1 and namespace["Empty"].__doc__ is None


def test_code_after_a_docstring_on_its_line_is_refused():
    with pytest.raises(SlimError):
        without_docstrings('def f():\n    """Doc."""; return 1\n')


def test_line_tracking_goes_and_the_tests_stay():
    js = (
        "  $B.set_lineno(frame, 3)\n"
        "  locals.x = 1\n"
        "  $B.set_lineno(frame, 5, 'ClassDef')\n"
        "  if($B.set_lineno(frame, 7) && $B.$bool(locals.x)){\n"
        "  }else if($B.set_lineno(frame, 9) && $B.$bool(locals.y)){\n"
        "  while($B.set_lineno(frame, 11) && $B.$bool(locals.z)){\n"
        "  $B.set_lineno(frame, 12);\n"
    )
    assert without_line_tracking(js) == (
        "  locals.x = 1\n"
        "  if($B.$bool(locals.x)){\n"
        "  }else if($B.$bool(locals.y)){\n"
        "  while($B.$bool(locals.z)){\n"
    )


def test_a_line_tracking_call_of_another_form_stops_the_build():
    with pytest.raises(SlimError):
        without_line_tracking("  x = $B.set_lineno(frame, 3) || y\n")
