"""Finding the code blocks of the documentation, and which of them are runnable.

A fenced block is runnable when the word ``runnable`` follows its language in the info string;
``key=value`` words after it are options (quoted with shell rules when a value has spaces):

    ```html runnable expect-url=/thank-you

GitHub and other renderers read only the first word (the language), so the marker never shows.
docs/README.md describes the convention and what each language's check does.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["ROOT", "DOCUMENTS", "Snippet", "find_snippets", "all_snippets", "DOC_SERVICE_ORIGIN"]

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")))
# The service origin the documents write; checks put the sandbox server's URL in its place.
DOC_SERVICE_ORIGIN = "https://sandbox.service.example"

_OPEN = re.compile(r"^(?P<indent>\s*)(?P<fence>`{3,}|~{3,})(?P<info>[^`]*)$")


@dataclass(frozen=True)
class Snippet:
    """One fenced code block."""

    document: Path
    line: int  # of the opening fence, 1-based
    language: str
    runnable: bool
    options: dict[str, str] = field(default_factory=dict)
    code: str = ""

    @property
    def name(self) -> str:
        """``README.md:42``: how a test id and a failure name the block."""
        return f"{self.document.relative_to(ROOT)}:{self.line}"

    @property
    def stem(self) -> str:
        """A file-name-safe form of :attr:`name`."""
        return re.sub(r"\W+", "_", f"{self.document.stem}_{self.line}").strip("_").lower()


def _parse_info(info: str) -> tuple[str, bool, dict[str, str]]:
    words = shlex.split(info) if info.strip() else []
    language = words[0].lower() if words else ""
    runnable = len(words) > 1 and words[1] == "runnable"
    options = dict(word.split("=", 1) for word in words[2:] if "=" in word) if runnable else {}
    return language, runnable, options


def find_snippets(document: Path) -> list[Snippet]:
    """Every fenced block of a Markdown document, in order."""
    lines = document.read_text(encoding="utf-8").splitlines()
    found, index = [], 0
    while index < len(lines):
        opening = _OPEN.match(lines[index])
        if opening is None:
            index += 1
            continue
        indent, fence = opening["indent"], opening["fence"]
        closing = re.compile(rf"^\s*{re.escape(fence[0])}{{{len(fence)},}}\s*$")
        body, end = [], index + 1
        while end < len(lines) and not closing.match(lines[end]):
            # Blocks inside list items are indented: the block's own text starts at the fence.
            body.append(lines[end][len(indent) :] if lines[end].startswith(indent) else lines[end])
            end += 1
        language, runnable, options = _parse_info(opening["info"])
        found.append(Snippet(document, index + 1, language, runnable, options, "\n".join(body) + "\n"))
        index = end + 1
    return found


def all_snippets() -> list[Snippet]:
    """The blocks of README.md and docs/*.md."""
    return [snippet for document in DOCUMENTS for snippet in find_snippets(document)]
