"""One SQLite connection, its schema and its transactions.

The server runs on one event loop and every write happens inside one synchronous
``BEGIN IMMEDIATE`` transaction, so a check-then-write (a refund against a limit) can never
interleave with another one, whatever the number of concurrent requests.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path

__all__ = ["Database"]


def _schema() -> str:
    return "\n".join(
        resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
        for name in sorted(
            entry.name for entry in resources.files(__package__).iterdir() if entry.name.endswith(".sql")
        )
    )


# Columns added after a release: a database made before gets them when opened (added last).
_ADDED_COLUMNS = {"orders": {"product_type": "TEXT"}}


def _add_new_columns(connection: sqlite3.Connection) -> None:
    for table, columns in _ADDED_COLUMNS.items():
        present = {row[1] for row in connection.execute(f"PRAGMA table_info({table})")}
        for name, kind in columns.items():
            if name not in present:
                connection.execute(f"ALTER TABLE {table} ADD COLUMN {name} {kind}")


class Database:
    """The server's SQLite database (a file, or ``:memory:`` for a throw-away run)."""

    def __init__(self, path: str | Path = ":memory:") -> None:
        self.path = str(path)
        self.connection = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.connection.row_factory = sqlite3.Row
        self.connection.execute("PRAGMA foreign_keys = ON")
        if self.path != ":memory:":
            # WAL keeps every committed transaction across a killed process (SIGKILL) while
            # letting readers go on during writes.
            self.connection.execute("PRAGMA journal_mode = WAL")
            self.connection.execute("PRAGMA synchronous = NORMAL")
        self.connection.executescript(_schema())
        _add_new_columns(self.connection)

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """A write transaction: committed when the block ends, rolled back if it raises."""
        self.connection.execute("BEGIN IMMEDIATE")
        try:
            yield self.connection
        except BaseException:
            self.connection.execute("ROLLBACK")
            raise
        self.connection.execute("COMMIT")

    def query(self, sql: str, params: tuple | list | dict = ()) -> list[sqlite3.Row]:
        """All rows of a read query."""
        return self.connection.execute(sql, params).fetchall()

    def query_one(self, sql: str, params: tuple | list | dict = ()) -> sqlite3.Row | None:
        """The first row of a read query, or None."""
        return self.connection.execute(sql, params).fetchone()

    def tables(self) -> list[str]:
        """Names of the data tables, children first (the order to empty them in)."""
        rows = self.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        names = [row["name"] for row in rows]
        # Tables created later reference earlier ones; emptying in reverse keeps keys valid.
        return list(reversed(names))

    def close(self) -> None:
        self.connection.close()
