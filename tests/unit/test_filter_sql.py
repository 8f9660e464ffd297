"""backend_stub.storage.filtering: each lookup's SQL, run on a small SQLite table."""

from __future__ import annotations

import sqlite3

import pytest

from backend_stub.domain.filters import FieldType, parse_filters
from backend_stub.domain.text import fold
from backend_stub.storage.filtering import Column, install_functions, where, word_index

FIELDS = {"name": FieldType.TEXT, "total": FieldType.NUMBER, "at": FieldType.DATE}
COLUMNS = {"name": Column("name", "name_folded", "name_words"), "total": Column("total"), "at": Column("at")}
ROWS = [
    ("Blue shoes", 10, "2026-11-23T10:00:00.000000+00:00"),  # a Monday
    ("blue 100%_cotton", 20, "2025-02-01T23:59:59.999999+00:00"),  # a Saturday
    ("Straße", None, None),
    ("a.b*c?[d]", 30, "2026-01-31T00:00:00.000000+00:00"),
]


@pytest.fixture
def conn():
    connection = sqlite3.connect(":memory:")
    install_functions(connection)
    connection.execute("CREATE TABLE t (name, name_folded, name_words, total, at)")
    connection.executemany(
        "INSERT INTO t VALUES (?, ?, ?, ?, ?)",
        [(name, fold(name), word_index(name), total, at) for name, total, at in ROWS],
    )
    yield connection
    connection.close()


def _names(conn, *params):
    sql, values = where(parse_filters(params, FIELDS), COLUMNS)
    return [row[0] for row in conn.execute(f"SELECT name FROM t WHERE {sql} ORDER BY rowid", values)]


def test_no_conditions_select_everything(conn):
    assert where([], COLUMNS) == ("1", [])
    assert len(_names(conn)) == 4


@pytest.mark.parametrize(
    ("param", "value", "expected"),
    [
        ("name-contains", "blue", ["blue 100%_cotton"]),  # case-sensitive, unlike LIKE
        ("name-contains", "%", ["blue 100%_cotton"]),  # no LIKE wildcards
        ("name-contains", "_", ["blue 100%_cotton"]),
        ("name-startswith", "a.b*", ["a.b*c?[d]"]),  # no GLOB wildcards either
        ("name-endswith", "[d]", ["a.b*c?[d]"]),
        ("name-endswith", "", [row[0] for row in ROWS]),
        ("name-iexact", "STRASSE", ["Straße"]),  # Unicode case folding
        ("name-istartswith", "BLUE", ["Blue shoes", "blue 100%_cotton"]),
        ("name-iendswith", "SHOES", ["Blue shoes"]),
        ("name-icontains", "ss", ["Straße"]),
        ("name-search", "cotton", []),  # "100%_cotton" is not a word: "_" joins words
        ("name-search", "100 blue", ["blue 100%_cotton"]),  # "%" splits words
        ("name-search", "shoes BLUE", ["Blue shoes"]),
        ("name-regex", r"^[a-z]", ["blue 100%_cotton", "a.b*c?[d]"]),
        ("name-iregex", "^BLUE", ["Blue shoes", "blue 100%_cotton"]),
        ("name-in", "Straße,x", ["Straße"]),
        ("total-in", "10,30", ["Blue shoes", "a.b*c?[d]"]),
        ("total-isnull", "yes", ["Straße"]),
        ("total-gt", "10", ["blue 100%_cotton", "a.b*c?[d]"]),
        ("at-year", "2025", ["blue 100%_cotton"]),
        ("at-month", "1", ["a.b*c?[d]"]),
        ("at-day", "31", ["a.b*c?[d]"]),
        ("at-hour", "23", ["blue 100%_cotton"]),
        ("at-week_day", "monday", ["Blue shoes"]),
        ("at-week_day", "saturday", ["blue 100%_cotton", "a.b*c?[d]"]),
        ("at-lt", "2026-01-31T01:00:00+01:00", ["blue 100%_cotton"]),  # compared in UTC
        ("at-lte", "2026-01-31T01:00:00+01:00", ["blue 100%_cotton", "a.b*c?[d]"]),
        ("at", "2026-01-31T01:00:00+01:00", ["a.b*c?[d]"]),
        ("at-isnull", "yes", ["Straße"]),
    ],
)
def test_lookup(conn, param, value, expected):
    assert _names(conn, (param, value)) == expected


def test_conditions_are_combined_with_and(conn):
    assert _names(conn, ("name-icontains", "blue"), ("total-gte", "20")) == ["blue 100%_cotton"]


def test_values_are_bound_never_inlined():
    conditions = parse_filters([("name", "x'); DROP TABLE t; --")], FIELDS)
    sql, values = where(conditions, COLUMNS)
    assert "DROP" not in sql and values == ["x'); DROP TABLE t; --"]
