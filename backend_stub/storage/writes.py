"""Transactions on the writer connection: plain ones, and units that join a request's into one.

The server runs on one event loop, and the writer connection is used only there: a transaction
runs from ``BEGIN IMMEDIATE`` to ``COMMIT`` without giving the loop away, so no other request's
statements come between. Outside a transaction the connection is read-only (``PRAGMA
query_only``): nothing can write by autocommit, beside the transactions.

A *unit* (:meth:`Writes.unit`) joins every transaction its task opens into one, which its owner
commits with a last write of its own. That is how an answer kept under an idempotency key is
committed with the effect it answers (:mod:`.idempotency`): a crash, a full disk or an error
leaves both or neither. Each transaction inside a unit is a savepoint, so one that raises (a
refund refused for its amount) undoes its own writes only, and the refusal is kept as the answer.

A unit's transaction is open from its first write to its commit, and the owner must not give
the event loop away in between (a handler renders its answer synchronously after its write).
Should it do so, the next use of the writer by any other task rolls the unit back first, and
logs it: the owner's commit then raises :class:`Abandoned`, its request answers 500, and nothing
of it happened. No other request ever sees, or writes beside, another's uncommitted work.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar

__all__ = ["Abandoned", "Unit", "Writes"]

log = logging.getLogger(__name__)

T = TypeVar("T")

# The unit of the running task, if it opened one: its transactions join it.
_UNIT: ContextVar[Unit | None] = ContextVar("backend_stub.storage.unit", default=None)
_SAVEPOINT = "unit_part"


class Abandoned(RuntimeError):
    """A unit's transaction was rolled back before its owner committed it: nothing of it
    happened (another task needed the writer while it was open, or SQLite rolled it back)."""


class Writes:
    """The writer connection's transactions. ``after_commit`` runs after each commit."""

    def __init__(self, connection: sqlite3.Connection, after_commit: Callable[[], None]) -> None:
        self.connection = connection
        self._after_commit = after_commit
        self._open: Unit | None = None  # the unit whose transaction is open, if any
        connection.execute("PRAGMA query_only = ON")

    def claim(self) -> sqlite3.Connection:
        """The writer connection, for the calling task: a unit that another task left open is
        rolled back first."""
        held = self._open
        if held is not None and held is not _UNIT.get():
            log.error("a request gave the event loop away with its unit of writes open: rolled back")
            held.abandon()
        return self.connection

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """A write transaction: committed when the block ends, rolled back if it raises; inside
        the task's unit, a savepoint of the unit's transaction."""
        unit = _UNIT.get()
        if unit is not None and unit.writes is self:
            with unit.part() as connection:
                yield connection
            return
        connection = self.claim()
        self.begin()
        try:
            yield connection
        except BaseException:
            self.rollback()
            raise
        self.commit()

    @contextmanager
    def unit(self) -> Iterator[Unit]:
        """Join the calling task's transactions into one, until the block ends: committed by
        :meth:`Unit.commit`, rolled back if the block ends without it."""
        unit = Unit(self)
        token = _UNIT.set(unit)
        try:
            yield unit
        finally:
            _UNIT.reset(token)
            unit.close()

    @contextmanager
    def writable(self) -> Iterator[sqlite3.Connection]:
        """The connection with writes allowed outside a transaction, for the pragmas that write
        (an incremental vacuum)."""
        connection = self.claim()
        connection.execute("PRAGMA query_only = OFF")
        try:
            yield connection
        finally:
            connection.execute("PRAGMA query_only = ON")

    def begin(self) -> None:
        connection = self.connection
        connection.execute("PRAGMA query_only = OFF")
        try:
            connection.execute("BEGIN IMMEDIATE")
        except BaseException:
            connection.execute("PRAGMA query_only = ON")
            raise

    def commit(self) -> None:
        """Commit; a commit that fails (a full disk) is rolled back, never left open for the
        next transaction to commit."""
        try:
            self.connection.execute("COMMIT")
        except BaseException:
            self.rollback()
            raise
        self.connection.execute("PRAGMA query_only = ON")
        self._after_commit()

    def rollback(self) -> None:
        connection = self.connection
        # SQLite may have rolled back already (a full disk does): then there is nothing to undo.
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        connection.execute("PRAGMA query_only = ON")


class Unit:
    """One task's transactions joined into one (:meth:`Writes.unit`)."""

    __slots__ = ("writes", "_state")

    _IDLE, _OPEN, _ENDED = range(3)

    def __init__(self, writes: Writes) -> None:
        self.writes = writes
        self._state = self._IDLE

    def _connection(self) -> sqlite3.Connection:
        """The connection with the unit's transaction open (begun on first use)."""
        writes = self.writes
        if self._state == self._IDLE:
            connection = writes.claim()
            writes.begin()
            writes._open, self._state = self, self._OPEN
            return connection
        if self._state == self._OPEN and writes.connection.in_transaction:
            return writes.connection
        self._end()
        raise Abandoned("The unit's transaction was rolled back before its commit.")

    @contextmanager
    def part(self) -> Iterator[sqlite3.Connection]:
        """One transaction of the task, as a savepoint: undone alone if the block raises."""
        connection = self._connection()
        connection.execute(f"SAVEPOINT {_SAVEPOINT}")
        try:
            yield connection
        except BaseException:
            if self._state == self._OPEN and connection.in_transaction:
                connection.execute(f"ROLLBACK TO {_SAVEPOINT}")
                connection.execute(f"RELEASE {_SAVEPOINT}")
            raise
        self._connection().execute(f"RELEASE {_SAVEPOINT}")

    def commit(self, last: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``last`` in the unit's transaction and commit it all (beginning it if nothing was
        written before); if ``last`` or the commit fails, nothing of the unit happened."""
        connection = self._connection()
        try:
            result = last(connection)
        except BaseException:
            self._end()
            raise
        self.writes._open, self._state = None, self._ENDED
        self.writes.commit()
        return result

    def abandon(self) -> None:
        """Roll the unit's transaction back, before its owner commits it."""
        self._end()

    def close(self) -> None:
        """Roll back what was not committed."""
        if self._state == self._OPEN:
            self._end()
        self._state = self._ENDED

    def _end(self) -> None:
        if self._state == self._OPEN:
            self.writes._open = None
            self.writes.rollback()
        self._state = self._ENDED
