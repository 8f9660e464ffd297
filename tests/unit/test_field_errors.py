"""One error answer lists at most MAX_LISTED_FIELDS fields and counts the errors it leaves out."""

from __future__ import annotations

import pytest

from backend_stub.api.errors import ValidationFailed, from_domain
from backend_stub.domain.errors import MAX_LISTED_FIELDS, FieldErrors, Invalid


def test_the_first_fields_are_listed_with_all_their_messages_and_the_rest_counted():
    errors = FieldErrors()
    for n in range(MAX_LISTED_FIELDS + 5):
        errors.add(f"f{n}", "Bad.")
    errors.add("f0", "Worse.")  # a field already listed keeps every message
    with pytest.raises(Invalid) as raised:
        errors.raise_if_any()
    body = from_domain(raised.value).body()["error"]
    assert list(body["fields"]) == [f"f{n}" for n in range(MAX_LISTED_FIELDS)]
    assert body["fields"]["f0"] == ["Bad.", "Worse."]
    assert body["errors_not_listed"] == 5


def test_exactly_the_most_fields_are_all_listed_and_nothing_is_said_left_out():
    errors = FieldErrors()
    for n in range(MAX_LISTED_FIELDS):
        errors.add(f"f{n}", "Bad.")
    with pytest.raises(Invalid) as raised:
        errors.raise_if_any()
    body = from_domain(raised.value).body()["error"]
    assert len(body["fields"]) == MAX_LISTED_FIELDS and "errors_not_listed" not in body


def test_fields_given_whole_are_cut_to_the_same_bound():
    fields = {f"f{n}": ["Bad.", "Worse."] for n in range(MAX_LISTED_FIELDS + 3)}
    body = ValidationFailed(fields=fields).body()["error"]
    assert len(body["fields"]) == MAX_LISTED_FIELDS
    assert body["errors_not_listed"] == 6
