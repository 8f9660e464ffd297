"""Every parser of client input is total: whatever JSON value or query text it is given, it
returns or raises the domain's own errors (a 4xx), never anything that would become a 500.

This is the class behind finding 3 of issue 11 (``{"status": ["success"]}`` raised TypeError,
a timestamp past year 9999 in UTC raised OverflowError): generated values of every JSON type,
in the places each parser reads, with the characters and sizes that broke it before.
"""

from __future__ import annotations

from contextlib import suppress
from datetime import UTC, datetime

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backend_stub.domain.articles import ARTICLE_FILTER_FIELDS, parse_articles, parse_campaign_id
from backend_stub.domain.availability import parse_query
from backend_stub.domain.checkouts import parse_decision, parse_new_checkout
from backend_stub.domain.errors import DomainError, FieldErrors
from backend_stub.domain.filters import parse_filters
from backend_stub.domain.orders import ORDER_FILTER_FIELDS, parse_orders
from backend_stub.domain.pagination import parse_page_number
from backend_stub.domain.refunds import parse_amount_request
from backend_stub.domain.timestamps import parse_timestamp
from backend_stub.domain.urls import parse_http_url
from backend_stub.sandbox.faults import parse_fault
from backend_stub.sandbox.journal import parse_filter
from backend_stub.sandbox.maintenance import Maintenance
from backend_stub.sandbox.throttle import Throttle

NOW = datetime(2026, 11, 25, tzinfo=UTC)
RUNS = settings(max_examples=75, derandomize=True, database=None, suppress_health_check=list(HealthCheck))

HOSTILE_TEXT = st.sampled_from(
    [
        "9999-12-31T23:59:59-23:59",
        "0001-01-01T00:00:00+23:59",
        "1" * 4301,
        "²",
        "5\n",
        ".",
        "..",
        "a/b",
        "\x00",
        "\ufffe",
        "(x+x+)+y",
        "https://evil.example\\@shop.example",
        "success",
        "EUR",
        "pay_later",
    ]
)
TEXT = st.one_of(st.text(max_size=40), HOSTILE_TEXT)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True),
    TEXT,
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=8,
)


def _object(*names: str, value: st.SearchStrategy = JSON) -> st.SearchStrategy:
    """Objects with any of ``names`` holding anything, and sometimes other keys."""
    return st.fixed_dictionaries({}, optional={name: value for name in names}) | JSON


ORDER = _object("id", "name", "currency", "total_amount", "status", "created", "confirmed")
CHECKOUT = st.fixed_dictionaries(
    {},
    optional={
        "merchant": _object("success_url", "pending_url", "ko_url", "dismiss_url", "error_url"),
        "order": st.fixed_dictionaries(
            {},
            optional={
                "id": JSON,
                "currency": JSON,
                "total_amount": JSON,
                "name": JSON,
                "articles": st.lists(_object("name", "quantity", "unit_price"), max_size=3) | JSON,
            },
        ),
        "product": _object("type"),
    },
)
ARTICLE = _object("id", "name", "description", "url", "image_url")
FAULT = _object("match", "times", "status", "delay_ms", "drop") | st.fixed_dictionaries(
    {"match": _object("method", "path", "any_version")}
)
QUERY = st.lists(st.tuples(st.one_of(TEXT, st.sampled_from(["id-in", "created-gte", "name-regex"])), TEXT))


def total(parse, value) -> None:
    """Call ``parse``: a domain error is an answer (4xx); anything else fails the test."""
    with suppress(DomainError):
        parse(value)


@RUNS
@given(st.one_of(ORDER, st.lists(ORDER, max_size=3)))
def test_parse_orders(value):
    total(lambda data: parse_orders(data, now=NOW), value)


@RUNS
@given(CHECKOUT | JSON)
def test_parse_new_checkout(value):
    total(lambda data: parse_new_checkout(data, lambda *_: (1, 10**13), NOW), value)


@RUNS
@given(_object("status"))
def test_parse_decision(value):
    total(parse_decision, value)


@RUNS
@given(st.lists(ARTICLE, max_size=3) | JSON)
def test_parse_articles(value):
    total(parse_articles, value)


@RUNS
@given(_object("amount"))
def test_parse_amount_request(value):
    total(parse_amount_request, value)


@RUNS
@given(FAULT)
def test_parse_fault(value):
    total(lambda data: parse_fault(data, 1), value)


@RUNS
@given(_object("enabled", "retry_after"))
def test_maintenance_update(value):
    total(Maintenance().update, value)


@RUNS
@given(_object("concurrency"))
def test_throttle_update(value):
    total(Throttle(5).update, value)


@RUNS
@given(QUERY)
def test_parse_filters(pairs):
    total(lambda query: parse_filters(query, ORDER_FILTER_FIELDS), pairs)
    total(lambda query: parse_filters(query, ARTICLE_FILTER_FIELDS), pairs)


@RUNS
@given(st.dictionaries(st.sampled_from(["method", "path", "any_version", "since"]), TEXT))
def test_journal_filter(query):
    total(parse_filter, query)


@RUNS
@given(st.dictionaries(st.sampled_from(["amount", "currency", "product[type]"]), TEXT))
def test_availability_query(query):
    total(parse_query, query)


@RUNS
@given(TEXT)
def test_text_readers(text):
    total(parse_page_number, text)
    total(parse_campaign_id, text)
    moment = parse_timestamp(text)
    assert moment is None or moment.tzinfo is UTC
    parse_http_url(text, "url", FieldErrors(), required=False)
