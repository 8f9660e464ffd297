"""Measurements of what a page shows, for the tests of its layout (Playwright, in the browser):
how many lines a text takes, and how a list's items sit in rows."""

from __future__ import annotations

from playwright.sync_api import Locator

__all__ = ["text_lines", "rows"]

# The distinct tops of the line boxes of each element's text.
_TEXT_LINES = """(elements) => elements.map((e) => { const range = document.createRange();
  range.selectNodeContents(e);
  return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size; })"""
_BOXES = "(elements) => elements.map((e) => { const r = e.getBoundingClientRect(); return [r.top, r.left]; })"


def text_lines(elements: Locator) -> list[int]:
    """How many lines the text of each element takes (1: not wrapped)."""
    return elements.evaluate_all(_TEXT_LINES)


def rows(items: Locator) -> list[int]:
    """How many of the items sit on each row, top to bottom, after checking that they read in
    order: left to right along a row, then down to the next (not down a column first)."""
    boxes = [(round(top), left) for top, left in items.evaluate_all(_BOXES)]
    assert boxes, "no item to measure"
    counts: list[int] = []
    previous: tuple[int, float] | None = None
    for top, left in boxes:
        if previous is not None and top == previous[0]:
            assert left > previous[1], f"items out of reading order: {boxes}"
            counts[-1] += 1
        else:
            assert previous is None or top > previous[0], f"items read down a column first: {boxes}"
            counts.append(1)
        previous = (top, left)
    return counts
