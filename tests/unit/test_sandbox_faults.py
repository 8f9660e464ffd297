"""backend_stub.sandbox.faults: reading a ``POST /_sandbox/faults`` body, and which requests the
faults it makes hit (the delays themselves are exercised over HTTP in tests/api)."""

from __future__ import annotations

from typing import Any

import pytest

from backend_stub.domain.errors import Invalid
from backend_stub.sandbox.faults import MAX_DELAY_MS, Faults, parse_fault


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"status": 503}, {"method": None, "path": None, "times": 1, "status": 503, "delay_ms": 0}),
        (
            {"match": {"method": "post", "path": "/orders/*"}, "times": 3, "drop": True},
            {"method": "POST", "path": "/orders/*", "times": 3, "status": None, "drop": True},
        ),
        ({"delay_ms": MAX_DELAY_MS}, {"delay_ms": MAX_DELAY_MS, "remaining": 1}),
        ({"match": {"path": "/x", "any_version": True}, "status": 429}, {"any_version": True}),
        ({"status": 500, "delay_ms": 10}, {"status": 500, "delay_ms": 10}),
    ],
)
def test_a_fault_as_described(body: dict[str, Any], expected: dict[str, Any]):
    described = parse_fault(body, 7).describe()
    flat = {**described, **described.pop("match")}
    assert flat["id"] == 7
    assert {name: flat[name] for name in expected} == expected


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ([], "body"),
        ({}, "body"),  # a fault that does nothing
        ({"status": 503, "colour": "red"}, "colour"),
        ({"status": 503, "match": {"verb": "GET"}}, "match.verb"),
        ({"status": 503, "match": "GET"}, "match"),
        ({"status": 503, "match": {"path": "orders"}}, "match.path"),
        ({"status": 503, "match": {"path": "/_sandbox/reset"}}, "match.path"),
        ({"status": 503, "match": {"method": 5}}, "match.method"),
        ({"status": 503, "match": {"any_version": "yes"}}, "match.any_version"),
        ({"status": 200}, "status"),
        ({"status": 600}, "status"),
        ({"status": 499}, "status"),  # no error type of the document answers 499
        ({"status": "503"}, "status"),
        ({"status": True}, "status"),
        ({"status": 503, "times": 0}, "times"),
        ({"status": 503, "times": 1.5}, "times"),
        ({"delay_ms": -1}, "delay_ms"),
        ({"delay_ms": MAX_DELAY_MS + 1}, "delay_ms"),
        ({"drop": "true"}, "drop"),
        ({"status": 503, "drop": True}, "drop"),
    ],
)
def test_a_bad_body_is_refused_naming_the_field(body: object, field: str):
    with pytest.raises(Invalid) as raised:
        parse_fault(body, 1)
    assert field in raised.value.fields


def test_a_request_meets_the_oldest_matching_fault_and_uses_it_up():
    faults = Faults()
    first = faults.add({"match": {"path": "/orders"}, "status": 503, "times": 2})
    second = faults.add({"status": 500})
    assert (first.id, second.id) == (1, 2)
    assert faults.take("GET", "/checkout") is second  # only the catch-all matches
    assert faults.take("GET", "/orders") is first
    assert faults.take("GET", "/orders") is first
    assert faults.take("GET", "/orders") is None  # both used up
    assert faults.active == []


@pytest.mark.parametrize(
    ("match", "method", "hit"),
    [
        ({}, "GET", True),
        ({}, "OPTIONS", False),  # a preflight is the browser's, not the page's request
        ({"method": "OPTIONS"}, "OPTIONS", True),
        ({"method": "get"}, "GET", True),
        ({"method": "POST"}, "GET", False),
    ],
)
def test_which_methods_a_fault_hits(match: dict[str, str], method: str, hit: bool):
    faults = Faults()
    faults.add({"match": match, "status": 503})
    assert (faults.take(method, "/orders") is not None) is hit


def test_ids_go_on_after_a_clear_and_start_again_after_a_reset():
    faults = Faults()
    faults.add({"status": 503})
    faults.clear()
    assert faults.add({"status": 503}).id == 2
    faults.reset()
    assert faults.active == []
    assert faults.add({"status": 503}).id == 1
