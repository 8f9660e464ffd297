"""Answering a list request: filters and page from the query, the envelope in the answer.

Every list endpoint goes through :func:`render_list`, so they all share one page size, one
envelope and one filter grammar.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from aiohttp import web

from ..domain.filters import Condition, FieldType, parse_filters
from ..domain.pagination import Page, envelope, page_of, parse_page_number
from ..state import state_of
from .public_url import server_url
from .rendering import render
from .serving import MERCHANT

__all__ = ["render_list", "page_link"]

T = TypeVar("T")


def page_link(request: web.Request) -> Callable[[int], str]:
    """``link(n)``: the absolute URL of page ``n`` of this list, with every other parameter kept,
    on the server's own address (:func:`~.public_url.server_url`), never the ``Host`` header's."""
    base, target = server_url(request), request.rel_url
    return lambda number: base + str(target.update_query(page=str(number)))


async def render_list(
    request: web.Request,
    *,
    fields: Mapping[str, FieldType],
    count: Callable[[Sequence[Condition]], int],
    fetch: Callable[[Sequence[Condition], int, int], Sequence[T]],
    present: Callable[[T], dict[str, Any]],
) -> web.Response:
    """The page the query asks for: 400 for a bad filter, 404 for a page that does not exist,
    408 for a query that takes longer than the server allows.

    ``count(conditions)`` counts the matches and ``fetch(conditions, offset, limit)`` reads a
    slice. Both run on a reader thread of the database (:meth:`Database.read`), in one read
    transaction, so a slow filter never holds the event loop and the count fits the page.
    """
    conditions = parse_filters(request.query.items(), fields)
    number = parse_page_number(request.query.get("page"))

    def read() -> tuple[Page, Sequence[T]]:
        page = page_of(number, count(conditions))
        return page, fetch(conditions, page.offset, page.size)

    state = state_of(request)
    page, items = await state.db.read(
        read, lane=request[MERCHANT].id, deadline=time.monotonic() + state.config.query_timeout
    )
    return render(request, envelope(page, [present(item) for item in items], page_link(request)))
