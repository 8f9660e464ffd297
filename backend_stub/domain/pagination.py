"""Pages of a list and the document's pagination envelope.

Pages hold :data:`PAGE_SIZE` items and are numbered from 1. A page number that is not a positive
integer, or a page past the last, does not exist (404); the first page of an empty list exists
and is empty. ``cursor.after`` is the next page and ``cursor.before`` the previous one, as the
document's example shows (its descriptions say the opposite; the example wins, CONTRACT 4.4).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .errors import NotFound

__all__ = ["PAGE_SIZE", "Page", "parse_page_number", "page_of", "envelope"]

PAGE_SIZE = 20


@dataclass(frozen=True, slots=True)
class Page:
    """Page ``number`` of a list of ``count`` items."""

    number: int
    count: int
    size: int = PAGE_SIZE

    @property
    def offset(self) -> int:
        """How many items come before this page."""
        return (self.number - 1) * self.size

    @property
    def last(self) -> int:
        """The last page's number (1 for an empty list)."""
        return max(1, -(-self.count // self.size))

    @property
    def next(self) -> int | None:
        return self.number + 1 if self.number < self.last else None

    @property
    def previous(self) -> int | None:
        return self.number - 1 if self.number > 1 else None


def parse_page_number(raw: str | None) -> int:
    """The page asked for (1 when absent); :class:`NotFound` unless a positive integer."""
    if raw is None:
        return 1
    # Eighteen digits are far past any last page, and keep int() away from huge inputs.
    if not raw.isascii() or not raw.isdigit() or len(raw) > 18 or int(raw) < 1:
        raise NotFound(f"There is no page {raw!r}: pages are numbered from 1.")
    return int(raw)


def page_of(number: int, count: int, size: int = PAGE_SIZE) -> Page:
    """Page ``number`` of ``count`` items; :class:`NotFound` when it is past the last page."""
    page = Page(number, count, size)
    if number > page.last:
        raise NotFound(f"There is no page {number}: the last page is {page.last}.")
    return page


def envelope(page: Page, results: list[Any], link: Callable[[int], str]) -> dict[str, Any]:
    """The document's envelope; ``link(n)`` is the absolute URL of page ``n``."""
    return {
        "cursor": {"after": page.next, "before": page.previous},
        "paging": {
            "count": page.count,
            "next": link(page.next) if page.next else None,
            "previous": link(page.previous) if page.previous else None,
        },
        "results": results,
    }
