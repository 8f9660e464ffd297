"""backend_stub.domain.pagination: page numbers, page bounds and the envelope."""

from __future__ import annotations

import pytest

from backend_stub.domain.errors import NotFound
from backend_stub.domain.pagination import PAGE_SIZE, Page, envelope, page_of, parse_page_number


def _link(number: int) -> str:
    return f"https://api.example/orders?page={number}"


def test_page_size_is_20():
    assert PAGE_SIZE == 20


@pytest.mark.parametrize(("raw", "number"), [(None, 1), ("1", 1), ("7", 7), ("007", 7)])
def test_page_numbers(raw, number):
    assert parse_page_number(raw) == number


@pytest.mark.parametrize("raw", ["0", "-1", "x", "1.0", "", " 2", "²", "9" * 19])
def test_a_page_number_that_is_not_a_positive_integer_is_not_found(raw):
    with pytest.raises(NotFound):
        parse_page_number(raw)


@pytest.mark.parametrize(("count", "last"), [(0, 1), (1, 1), (20, 1), (21, 2), (45, 3)])
def test_last_page(count, last):
    assert Page(1, count).last == last
    page_of(last, count)
    with pytest.raises(NotFound):
        page_of(last + 1, count)


def test_offsets():
    assert [Page(n, 100).offset for n in (1, 2, 5)] == [0, 20, 80]


def test_first_page_envelope():
    assert envelope(Page(1, 45), ["a"], _link) == {
        "cursor": {"after": 2, "before": None},
        "paging": {"count": 45, "next": _link(2), "previous": None},
        "results": ["a"],
    }


def test_middle_page_envelope_follows_the_document_s_example():
    # The document's example for page=2: after = 3, before = 1.
    body = envelope(Page(2, 45), [], _link)
    assert body["cursor"] == {"after": 3, "before": 1}
    assert (body["paging"]["next"], body["paging"]["previous"]) == (_link(3), _link(1))


def test_last_page_envelope():
    body = envelope(Page(3, 45), [], _link)
    assert body["cursor"] == {"after": None, "before": 2}
    assert body["paging"]["next"] is None


def test_empty_list_envelope():
    body = envelope(page_of(1, 0), [], _link)
    assert body == {
        "cursor": {"after": None, "before": None},
        "paging": {"count": 0, "next": None, "previous": None},
        "results": [],
    }
