"""Filter conditions as SQL: one table maps each lookup to a fragment with bound parameters.

Text fields are stored with two derived columns, written with every row: the case-folded text
(for the ``i``-lookups, so case-insensitivity is Unicode-aware and still a plain comparison) and
its words as ``" w1 w2 "`` (for ``search``, a substring test per word). Case-sensitive lookups
use ``instr``/``substr`` because SQLite's LIKE ignores ASCII case. Timestamps are stored in one
fixed-width UTC form, so ranges are text comparisons that can use an index.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..domain.filters import Condition
from ..domain.patterns import compile_pattern
from ..domain.text import fold, words
from ..domain.timestamps import format_timestamp

__all__ = ["Column", "word_index", "where", "install_functions"]


@dataclass(frozen=True, slots=True)
class Column:
    """Where a filterable field lives: its column, and for text its folded and word columns."""

    name: str
    folded: str | None = None
    words: str | None = None


def word_index(text: str) -> str:
    """The value of a word column: the folded words between spaces, so ``" blue "`` finds one."""
    return " " + " ".join(words(text)) + " "


def _sql_value(value: object) -> object:
    return format_timestamp(value) if isinstance(value, datetime) else value


# Each lookup: (column, typed value) -> (SQL fragment, parameters).
Fragment = tuple[str, list[object]]


def _compare(operator: str) -> Callable[[Column, object], Fragment]:
    return lambda column, value: (f"{column.name} {operator} ?", [_sql_value(value)])


def _contains(column: Column, value: str) -> Fragment:
    return f"instr({column.name}, ?) > 0", [value]


def _icontains(column: Column, value: str) -> Fragment:
    return f"instr({column.folded}, ?) > 0", [fold(value)]


def _starts(name: str | None, value: str) -> Fragment:
    return f"substr({name}, 1, ?) = ?", [len(value), value]


def _ends(name: str | None, value: str) -> Fragment:
    # substr(x, length(x) - n + 1) is the last n characters ('' for n = 0).
    return f"substr({name}, length({name}) - ? + 1) = ?", [len(value), value]


def _in(column: Column, values: tuple[Any, ...]) -> Fragment:
    return f"{column.name} IN ({', '.join('?' * len(values))})", [_sql_value(v) for v in values]


def _regex(ignore_case: bool) -> Callable[[Column, str], Fragment]:
    return lambda column, pattern: (f"svc_regexp(?, {column.name}, ?)", [pattern, int(ignore_case)])


def _search(column: Column, terms: tuple[str, ...]) -> Fragment:
    return " AND ".join(f"instr({column.words}, ?) > 0" for _ in terms), [f" {term} " for term in terms]


def _isnull(column: Column, yes: bool) -> Fragment:
    return f"{column.name} IS {'' if yes else 'NOT '}NULL", []


def _year(column: Column, year: int) -> Fragment:
    # Every stored timestamp of year Y lies in ['Y-', 'Y.'): '.' sorts right after '-'.
    return f"({column.name} >= ? AND {column.name} < ?)", [f"{year:04d}-", f"{year:04d}."]


def _part(start: int) -> Callable[[Column, int], Fragment]:
    # Month, day and hour sit at fixed places of the stored form 2026-11-23T10:00:00.000000+00:00.
    return lambda column, number: (f"substr({column.name}, {start}, 2) = ?", [f"{number:02d}"])


def _week_day(column: Column, monday_first: int) -> Fragment:
    # strftime('%w') counts from Sunday = 0; the domain counts from Monday = 0.
    return f"strftime('%w', substr({column.name}, 1, 19)) = ?", [str((monday_first + 1) % 7)]


# A lookup's value has the type domain/filters.py parsed it to for that lookup: hence Any.
LOOKUP_SQL: dict[str, Callable[[Column, Any], Fragment]] = {
    "exact": _compare("="),
    "gt": _compare(">"),
    "gte": _compare(">="),
    "lt": _compare("<"),
    "lte": _compare("<="),
    "iexact": lambda column, value: (f"{column.folded} = ?", [fold(value)]),
    "contains": _contains,
    "icontains": _icontains,
    "startswith": lambda column, value: _starts(column.name, value),
    "istartswith": lambda column, value: _starts(column.folded, fold(value)),
    "endswith": lambda column, value: _ends(column.name, value),
    "iendswith": lambda column, value: _ends(column.folded, fold(value)),
    "in": _in,
    "regex": _regex(False),
    "iregex": _regex(True),
    "search": _search,
    "isnull": _isnull,
    "year": _year,
    "month": _part(6),
    "day": _part(9),
    "hour": _part(12),
    "week_day": _week_day,
}


_CALLS_PYTHON = frozenset({"regex", "iregex"})


def where(conditions: Iterable[Condition], columns: Mapping[str, Column]) -> Fragment:
    """The conditions AND-ed as one SQL fragment (``1`` when there are none) and its parameters."""
    parts, params = [], []
    # Regular expressions call back into Python for each row: test them after the cheap terms,
    # which SQLite evaluates first, so they only see rows that passed.
    for condition in sorted(conditions, key=lambda condition: condition.lookup in _CALLS_PYTHON):
        sql, values = LOOKUP_SQL[condition.lookup](columns[condition.field], condition.value)
        parts.append(f"({sql})")
        params.extend(values)
    return (" AND ".join(parts) or "1"), params


def install_functions(connection: sqlite3.Connection, should_stop: Callable[[], bool] | None = None) -> None:
    """Register the SQL functions the fragments use on a connection.

    ``should_stop()`` is asked before each row a regular expression tests: SQLite's progress
    handler sees one step in a call, and a call can take milliseconds, so the function itself
    stops a query past its deadline (storage.database).
    """

    def regexp(pattern: str, value: str | None, ignore_case: int) -> bool:
        # re.search's meaning, as Django's regex lookup on SQLite; NULL never matches.
        if should_stop is not None and should_stop():
            raise InterruptedError("the query's deadline passed")
        return value is not None and compile_pattern(pattern, bool(ignore_case))(value)

    connection.create_function("svc_regexp", 3, regexp, deterministic=True)
