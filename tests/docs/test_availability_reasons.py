"""Why the SDK does not show an element, declared once (``backend_stub.sdk_rules.reasons``): the
TypeScript union merchants get, docs/sdk.md's table and what the loader says itself are that
declaration, word for word."""

from __future__ import annotations

import re

from backend_stub.sdk_rules.reasons import REASONS
from sdk.tooling.loader_text import joined
from tests.docs.snippets import ROOT


def test_the_declarations_union_is_the_vocabulary():
    text = (ROOT / "sdk" / "service.d.ts").read_text(encoding="utf-8")
    union = re.search(r"type UnavailableReason = ([^;]+);", text)
    assert union, "sdk/service.d.ts declares no UnavailableReason"
    assert re.findall(r"'(\w+)'", union.group(1)) == list(REASONS)


def test_the_docs_table_is_the_vocabulary():
    text = (ROOT / "docs" / "sdk.md").read_text(encoding="utf-8")
    after = text.split("| `detail.reason` |", 1)[1].splitlines()[2:]  # below the header's rule
    table = [line for line in after[: next(i for i, line in enumerate(after) if not line.startswith("|"))]]
    rows = [re.fullmatch(r"\| `(\w+)` \| (.+) \|", line) for line in table]
    assert all(rows), table
    assert {row.group(1): row.group(2) for row in rows if row} == REASONS


def test_the_loader_says_only_reasons_of_the_vocabulary():
    said = set(re.findall(r"hide\(record, '(\w+)'\)", joined(comments=True)))
    assert said == {"checking", "cannot_start"}
    assert said <= set(REASONS)
