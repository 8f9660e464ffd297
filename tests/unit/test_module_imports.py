"""Every module of the project imports, and no two modules import each other, even indirectly.

A module nothing imported once (``demo_store/screenshots.py`` kept a name ``launch.py`` had
dropped) fails here, not in the hands of whoever runs it next. Cycles are found on the
import statements as written (at the top, under ``TYPE_CHECKING`` or inside a function): a
cycle that a late import hides is still two modules that cannot be understood apart.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("backend_stub", "demo_store", "sdk")
# Brython's adapter imports `browser`, which exists only in the bridge (sdk/__init__.py); a
# package's __main__ runs its program when imported. The compiled SDK is data.
NOT_IMPORTABLE = {"sdk.bridge", "backend_stub.__main__", "demo_store.__main__"}
GENERATED = ("backend_stub/web/dist/",)


def _modules() -> dict[str, Path]:
    """Module name -> file, for every module of :data:`PACKAGES`."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            if "__pycache__" in relative or relative.startswith(GENERATED):
                continue
            parts = relative.removesuffix(".py").split("/")
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


MODULES = _modules()

_IMPORT_ALL = """
import importlib, json, sys, traceback
failures = {}
for name in sys.argv[1:]:
    try:
        importlib.import_module(name)
    except BaseException:
        failures[name] = traceback.format_exc(limit=-1).strip().splitlines()[-1]
print(json.dumps(failures))
"""


def test_every_module_imports():
    names = sorted(set(MODULES) - NOT_IMPORTABLE)
    # A fresh interpreter, as `python -c "import demo_store.screenshots"` is: nothing this
    # session imported first can hide a missing name.
    result = subprocess.run(
        [sys.executable, "-c", _IMPORT_ALL, *names], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {}
    assert len(names) > 100  # the walk found the packages


def _imported(name: str, path: Path) -> set[str]:
    """The project modules ``name`` (at ``path``) imports by name."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            # `from package import module` imports the module; `from module import name` the module.
            targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
        else:
            continue
        for target in targets:
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_module_imports_itself_through_others():
    graph = {name: _imported(name, path) for name, path in MODULES.items()}
    assert _cycles(graph) == []


def test_the_walk_sees_a_cycle_and_a_relative_import():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert "backend_stub.child_process" in _imported(
        "backend_stub.testkit.server", ROOT / "backend_stub/testkit/server.py"
    )
    assert "backend_stub.domain.value_rules" in _imported(
        "backend_stub.sdk_rules.attributes", ROOT / "backend_stub/sdk_rules/attributes.py"
    )
