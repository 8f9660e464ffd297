"""docs/sdk.md "How the SDK starts" names the loader's states as its code does: each of the
tables of ``sdk/loader/machines.js`` (the start's phases, the first answers, an element's
lifecycle) is a table of the section, state by state, with the same next states."""

from __future__ import annotations

import re

import pytest

from sdk.tooling.loader_text import LOADER_DIR
from tests.docs.snippets import ROOT

SECTION = "## How the SDK starts"
MACHINES = ("START_MOVES", "FIRST_MOVES", "ELEMENT_MOVES")


def code_table(name: str) -> dict[str, list[str]]:
    """A machine's table as machines.js writes it: state -> the states it may move to."""
    text = (LOADER_DIR / "machines.js").read_text(encoding="utf-8")
    body = re.search(rf"var {name} = \{{(.*?)\n\}};", text, re.S)
    assert body, f"machines.js has no {name}"
    return {
        state: re.findall(r"'(\w+)'", moves)
        for state, moves in re.findall(r"^  (\w+): \[([^\]]*)\]", body.group(1), re.M)
    }


def docs_tables() -> list[dict[str, list[str]]]:
    """Every table of the section whose first column is a state: state -> its next states."""
    text = (ROOT / "docs" / "sdk.md").read_text(encoding="utf-8")
    section = text.split(SECTION, 1)[1].split("\n## ", 1)[0]
    tables: list[dict[str, list[str]]] = []
    current: dict[str, list[str]] | None = None
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")] if line.startswith("|") else []
        state = re.fullmatch(r"`(\w+)`", cells[0]) if cells else None
        if state is None:
            if not cells and current:
                tables.append(current)
                current = None
            continue
        current = current if current is not None else {}
        current[state.group(1)] = re.findall(r"`(\w+)`", cells[-1])
    if current:
        tables.append(current)
    return tables


@pytest.mark.parametrize("name", MACHINES)
def test_the_docs_have_each_machine_state_by_state(name: str):
    table = code_table(name)
    assert len(table) >= 5, table
    assert table in docs_tables(), f'docs/sdk.md "How the SDK starts" should list {table}'


def test_the_docs_have_no_other_state_table():
    assert len(docs_tables()) == len(MACHINES)
