"""Answering a list request: filters and page from the query, the envelope in the answer.

Every list endpoint goes through :func:`render_list`, so they all share one page size, one
envelope and one filter grammar.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from aiohttp import web

from ..domain.filters import Condition, FieldType, parse_filters
from ..domain.pagination import envelope, page_of, parse_page_number
from .rendering import render

__all__ = ["render_list", "page_link"]

T = TypeVar("T")


def page_link(request: web.Request) -> Callable[[int], str]:
    """``link(n)``: the absolute URL of page ``n`` of this list, with every other parameter kept."""
    return lambda number: str(request.url.update_query(page=str(number)))


def render_list(
    request: web.Request,
    *,
    fields: Mapping[str, FieldType],
    count: Callable[[Sequence[Condition]], int],
    fetch: Callable[[Sequence[Condition], int, int], Sequence[T]],
    present: Callable[[T], dict],
) -> web.Response:
    """The page the query asks for: 400 for a bad filter, 404 for a page that does not exist.

    ``count(conditions)`` counts the matches and ``fetch(conditions, offset, limit)`` reads a slice.
    """
    conditions = parse_filters(request.query.items(), fields)
    number = parse_page_number(request.query.get("page"))
    page = page_of(number, count(conditions))
    items = fetch(conditions, page.offset, page.size)
    return render(request, envelope(page, [present(item) for item in items], page_link(request)))
