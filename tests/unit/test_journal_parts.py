"""The journal's bound counts a request and the entries that are part of it as one."""

from __future__ import annotations

from backend_stub.sandbox.journal import Journal


def paths(journal: Journal) -> list[str]:
    return [entry.path for entry in journal.select()]


def test_a_request_and_its_parts_count_as_one_entry_against_the_bound():
    journal = Journal(capacity=3)
    journal.open("GET", "/a", "", None, None)
    first = journal.open("GET", "/sdk/first", "", None, None)
    for _ in range(20):
        journal.open("GET", "/checkout/button", "", None, None, part_of=first)
    journal.open("GET", "/c", "", None, None)
    assert paths(journal)[0] == "/a" and len(paths(journal)) == 23  # three counted: nothing went
    journal.open("GET", "/d", "", None, None)
    assert paths(journal)[0] == "/sdk/first"  # the oldest counted one went, and only it
    journal.open("GET", "/e", "", None, None)
    assert paths(journal) == ["/c", "/d", "/e"]  # the parts went with the next one


def test_parts_still_count_their_bytes():
    journal = Journal(capacity=100, max_bytes=3000)
    first = journal.open("GET", "/sdk/first", "", None, None)
    for _ in range(20):
        journal.open("GET", "/checkout/button", "", None, None, part_of=first)
    assert journal.bytes <= 3000 and len(paths(journal)) < 21
