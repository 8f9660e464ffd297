"""docs/testing-in-ci.md's table of ``Sandbox`` members names each method's parameters as the
method has them (issue 35: the table's ``call`` lacked the ``headers=`` its own example passes)."""

from __future__ import annotations

import inspect
import re

import pytest

from backend_stub.testkit.sandbox import Sandbox
from tests.docs.snippets import ROOT

SECTION = "### `Sandbox`: URLs, keys and controls"


def documented_methods() -> dict[str, list[str]]:
    """Each method the table shows with parentheses, and the parameter names it writes there."""
    text = (ROOT / "docs" / "testing-in-ci.md").read_text(encoding="utf-8")
    table = text.split(SECTION, 1)[1].split("\n\n", 2)[1]
    found = {}
    for row in table.splitlines():
        first_cell = row.strip("|").split("|")[0]
        for name, params in re.findall(r"`(\w+)\(([^`]*)\)`", first_cell):
            names = [p.split("=")[0].strip() for p in params.split(",")]
            found[name] = [p for p in names if p and p != "*"]
    return found


def test_the_table_shows_the_methods():
    assert {"call", "control", "create_checkout", "fault", "requests"} <= set(documented_methods())


@pytest.mark.parametrize("name", sorted(documented_methods()))
def test_each_method_is_documented_with_its_parameters(name: str):
    signature = inspect.signature(getattr(Sandbox, name))
    assert documented_methods()[name] == [p for p in signature.parameters if p != "self"]
