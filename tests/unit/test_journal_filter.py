"""backend_stub.sandbox.journal: the query a journal reader sends, and the entries it selects."""

from __future__ import annotations

import pytest

from backend_stub.domain.errors import Invalid
from backend_stub.sandbox.journal import Journal, parse_filter

REQUESTS = [
    ("GET", "/checkout/button"),
    ("GET", "/v1/checkout/button"),
    ("POST", "/checkout"),
    ("GET", "/orders"),
]


def _journal() -> Journal:
    journal = Journal()
    for method, path in REQUESTS:
        journal.open(method, path, "", None, None)
    return journal


@pytest.mark.parametrize(
    ("query", "selected"),
    [
        ({}, [1, 2, 3, 4]),
        ({"method": "get"}, [1, 2, 4]),
        ({"path": "/checkout/button"}, [1]),
        ({"path": "/checkout/button", "any_version": "true"}, [1, 2]),
        ({"path": "/v1/checkout/button", "any_version": "1"}, [1, 2]),
        ({"path": "/checkout/button", "any_version": "no"}, [1]),
        ({"path": "/checkout/*"}, []),  # the journal's path is exact, not a glob
        ({"since": "2"}, [3, 4]),
        ({"since": "4"}, []),
        ({"since": "9" * 19}, []),
        ({"method": "GET", "path": "/orders", "since": "1"}, [4]),
        ({"method": "", "path": ""}, [1, 2, 3, 4]),  # empty means any
    ],
)
def test_which_entries_a_filter_selects(query: dict[str, str], selected: list[int]):
    assert [entry.seq for entry in _journal().select(parse_filter(query))] == selected


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"any_version": "maybe"}, "any_version"),
        ({"path": "checkout"}, "path"),
        ({"since": "-1"}, "since"),
        ({"since": "1.5"}, "since"),
        ({"since": "²"}, "since"),  # a digit to str.isdigit(), not to int()
        ({"since": "1" * 20}, "since"),
    ],
)
def test_a_bad_query_is_refused_naming_the_field(query: dict[str, str], field: str):
    with pytest.raises(Invalid) as raised:
        parse_filter(query)
    assert field in raised.value.fields


def test_the_journal_keeps_the_newest_within_its_bounds_and_numbering_goes_on():
    journal = Journal(capacity=2)
    for method, path in REQUESTS:
        journal.open(method, path, "", None, None)
    assert [entry.seq for entry in journal.select()] == [3, 4]
    journal.clear()
    assert journal.select() == [] and journal.bytes == 0
    assert journal.open("GET", "/orders", "", None, None).seq == 5


def test_the_journal_forgets_the_oldest_past_its_byte_budget():
    small = Journal(max_bytes=1000)  # about two entries of the fixed overhead
    for seq in range(5):
        small.open("GET", f"/orders/{seq}", "", None, None)
    kept = small.select()
    assert [entry.seq for entry in kept] == [4, 5]
    assert small.bytes == sum(entry.size for entry in kept) <= 1000
