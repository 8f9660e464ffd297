"""backend_stub.sandbox.throttle: how many requests each key may have in flight."""

from __future__ import annotations

import pytest

from backend_stub.domain.errors import Invalid
from backend_stub.sandbox.throttle import Throttle


def test_each_key_counts_apart_up_to_the_limit():
    throttle = Throttle(2)
    assert [throttle.enter("a"), throttle.enter("a"), throttle.enter("a")] == [True, True, False]
    assert throttle.enter("b")  # another key has its own count
    assert throttle.in_flight == 3  # the refused request was not counted
    throttle.leave("a")
    assert throttle.enter("a")
    for key in ("a", "a", "b"):
        throttle.leave(key)
    assert throttle.in_flight == 0


def test_a_changed_limit_holds_until_reset():
    throttle = Throttle(5)
    throttle.update({"concurrency": 1})
    assert throttle.describe() == {"concurrency": 1, "configured": 5, "in_flight": 0}
    assert throttle.enter("a") and not throttle.enter("a")
    throttle.reset()
    assert throttle.describe() == {"concurrency": 5, "configured": 5, "in_flight": 1}  # still counted
    assert throttle.enter("a")


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "concurrency"),
        ({"concurrency": 0}, "concurrency"),
        ({"concurrency": "3"}, "concurrency"),
        ({"concurrency": True}, "concurrency"),
        ({"concurrency": 3, "burst": 1}, "burst"),
        ([], "body"),
    ],
)
def test_a_bad_limit_is_refused_naming_the_field_and_changes_nothing(body: object, field: str):
    throttle = Throttle(5)
    with pytest.raises(Invalid) as raised:
        throttle.update(body)
    assert field in raised.value.fields
    assert throttle.limit == 5
