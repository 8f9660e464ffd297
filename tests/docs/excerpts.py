"""Checking blocks that quote an example's source (``example=<path>``): an app in a framework
(React, Vue) cannot run on its own in a document, so the document quotes the example that does,
whose own suite builds, type-checks and drives it (tests/examples). The block must be that file's
text, line for line (a quote may be indented less than the file, as an excerpt of a function's
body is): its parts, separated by lines that are only a comment of dots (``// ...``), each found
in the file in order."""

from __future__ import annotations

import re

from tests.docs.snippets import ROOT, Snippet

__all__ = ["unquoted"]

_ELISION = re.compile(r"^\s*(//|#|<!--)\s*\.\.\.\s*(-->)?\s*$")


def _parts(code: str) -> list[list[str]]:
    """The block's lines, stripped, in the parts its elision lines separate, without the blank
    lines at either end of a part."""
    parts: list[list[str]] = [[]]
    for line in code.splitlines():
        if _ELISION.match(line):
            parts.append([])
        else:
            parts[-1].append(line.strip())
    trimmed = ["\n".join(part).strip("\n").split("\n") for part in parts]
    return [part for part in trimmed if part != [""]]


def unquoted(snippet: Snippet) -> str | None:
    """The first part of the block that its example file does not hold (after the parts before
    it), or ``None`` when the block quotes the file faithfully."""
    source = [
        line.strip() for line in (ROOT / snippet.options["example"]).read_text(encoding="utf-8").splitlines()
    ]
    position = 0
    for part in _parts(snippet.code):
        found = next(
            (
                start
                for start in range(position, len(source) - len(part) + 1)
                if source[start : start + len(part)] == part
            ),
            None,
        )
        if found is None:
            return "\n".join(part)
        position = found + len(part)
    return None
