"""The SDK's modules import only what the bridge has: Brython runs them without its standard
library, so a stray ``import typing`` would pass every CPython test and break the bridge.

What the browser may import (sdk/__init__.py): the package's own modules, ``browser`` and
``javascript`` in the adapter (``bridge.py``), and the server's rules the build bundles with it.
Imports under ``if TYPE_CHECKING:`` reach only mypy (``TYPE_CHECKING`` is False at run time).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from sdk.tooling.build import SHARED

SDK_DIR = Path(__file__).resolve().parents[2] / "sdk"
ADAPTER_ONLY = {"browser", "javascript"}


def _run_time_imports(tree: ast.Module) -> list[tuple[int, str, int]]:
    """(line, module, level) of every import Brython would run: not those under TYPE_CHECKING."""
    found = []
    for node in tree.body:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            continue
        for inner in ast.walk(node):
            if isinstance(inner, ast.Import):
                found += [(inner.lineno, alias.name, 0) for alias in inner.names]
            elif isinstance(inner, ast.ImportFrom):
                found.append((inner.lineno, inner.module or "", inner.level))
    return found


@pytest.mark.parametrize("path", sorted(SDK_DIR.glob("*.py")), ids=lambda path: path.name)
def test_an_sdk_module_imports_only_what_the_bridge_has(path: Path):
    allowed = set(SHARED) | (ADAPTER_ONLY if path.name == "bridge.py" else set())
    wrong = [
        f"line {line}: {module}"
        for line, module, level in _run_time_imports(ast.parse(path.read_text(encoding="utf-8")))
        if level == 0 and module.split(".")[0] != "sdk" and module not in allowed
    ]
    assert not wrong, f"{path.name} imports what Brython does not have: {wrong}"


def test_the_check_sees_an_import_outside_type_checking():
    tree = ast.parse("TYPE_CHECKING = False\nif TYPE_CHECKING:\n    import typing\nimport json\n")
    assert [module for _, module, _ in _run_time_imports(tree)] == ["json"]
