"""Stored answers of requests made under an idempotency key, per merchant, for a while.

A request under a key runs inside :meth:`IdempotencyStore.apply_with_key`: every write it makes
joins one transaction (a unit, :mod:`.writes`), and :meth:`KeyedWrite.keep` stores its answer in
that transaction and commits it all. The effect and the key's answer are one commit, so a kill, a
full disk or a failure to store the answer leaves both or neither: a request whose answer could
not be stored did nothing, and its retry runs once.

Every keyed ``POST`` stores one answer, so the cost of storing must not grow with the table:
- expired answers are deleted in batches of at most :data:`SWEEP_BATCH`, at most once every
  :data:`SWEEP_EVERY_S` (sooner while a whole batch was found), through an index on ``created``;
  :meth:`IdempotencyStore.find` never returns an expired answer, swept or not;
- each merchant keeps at most :data:`MAX_KEYS` answers and :data:`MAX_BYTES` of them: past
  either, its oldest answers are forgotten first, as few as make room (a retry of those runs
  again). The counts are kept in memory, read from an index once per merchant. The caller keeps
  no answer over :data:`MAX_ANSWER_BYTES`, so that no single answer empties a merchant's store.

1,549 keyed refunds once took each keyed POST from 1.8 to 552 ms: the expiry ran on every one
and read every stored answer, as ``created`` sat after the stored body.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from .database import Database
from .writes import Unit

__all__ = [
    "MAX_ANSWER_BYTES",
    "MAX_BYTES",
    "MAX_KEYS",
    "SWEEP_BATCH",
    "SWEEP_EVERY_S",
    "Forgotten",
    "IdempotencyStore",
    "KeyedWrite",
    "StoredAnswer",
    "stored_size",
]

MAX_KEYS = 10_000
MAX_BYTES = 32 * 1024**2
# The largest answer kept: the largest the API gives (a checkout of 200 articles with the longest
# names, in four-byte characters) fits, and 32 of them fit a merchant's MAX_BYTES.
MAX_ANSWER_BYTES = 1024**2
SWEEP_BATCH = 1000
SWEEP_EVERY_S = 60.0
# What a row holds besides its strings (its columns' headers, the indexes' entries), about.
_ROW_OVERHEAD = 100


@dataclass(frozen=True, slots=True)
class StoredAnswer:
    """What a request under a key was answered: its status and headers, and its data as JSON
    (None: no body), to be rendered again in the format the retry asks for."""

    fingerprint: str
    status: int
    headers: dict[str, str]
    data: bytes | None


def stored_size(key: str, answer: StoredAnswer) -> int:
    """The bytes an answer's row counts against its merchant's :data:`MAX_BYTES`, about."""
    headers = json.dumps(answer.headers)
    return _ROW_OVERHEAD + len(key) + len(headers) + len(answer.fingerprint) + len(answer.data or b"")


class Forgotten(Exception):
    """The store was forgotten (a reset) while the request ran: its writes were rolled back."""


@dataclass(slots=True)
class _Usage:
    keys: int
    bytes: int


class IdempotencyStore:
    """The ``idempotent_answers`` table. Times are Unix seconds, passed in by the caller."""

    def __init__(self, db: Database, lifetime_s: float) -> None:
        self.db = db
        self.lifetime_s = lifetime_s
        self._usage: dict[str, _Usage] = {}
        self._next_sweep = 0.0
        # Grows at each :meth:`forget`: an answer computed before it is not stored after it.
        self.generation = 0

    def find(self, merchant_id: str, key: str, now: float) -> StoredAnswer | None:
        """The answer stored under ``key`` by this merchant within the lifetime, or None."""
        row = self.db.query_one(
            "SELECT fingerprint, status, headers, data FROM idempotent_answers"
            " WHERE merchant_id = ? AND key = ? AND created > ?",
            (merchant_id, key, now - self.lifetime_s),
        )
        if row is None:
            return None
        data = row["data"]
        return StoredAnswer(
            row["fingerprint"],
            row["status"],
            json.loads(row["headers"]),
            None if data is None else bytes(data),
        )

    @contextmanager
    def apply_with_key(self, merchant_id: str, key: str, generation: int) -> Iterator[KeyedWrite]:
        """Until the block ends, every write of the calling task joins one transaction, which
        :meth:`KeyedWrite.keep` commits with the answer under ``key``; a block that ends
        without it (an error, an answer not kept) leaves nothing of the request written.
        ``generation`` is :attr:`generation` when the request began."""
        with self.db.unit() as unit:
            yield KeyedWrite(self, unit, merchant_id, key, generation)

    def _store(
        self,
        conn: sqlite3.Connection,
        merchant_id: str,
        key: str,
        answer: StoredAnswer,
        size: int,
        now: float,
    ) -> tuple[_Usage, list[tuple[int, int]]]:
        """Write the answer's row in the caller's transaction (replacing an expired one under
        the key), and forget the merchant's oldest past its bounds: its usage, and what went."""
        if self._sweep(conn, now):
            self._usage.clear()  # read again, below and later, as the sweep left them
        usage = self._usage_of(conn, merchant_id)
        replaced = conn.execute(
            "SELECT rowid, size FROM idempotent_answers WHERE merchant_id = ? AND key = ?",
            (merchant_id, key),
        ).fetchone()
        gone = [(replaced[0], replaced[1])] if replaced is not None else []
        gone += _oldest_beyond(conn, merchant_id, usage, size, gone)
        conn.executemany("DELETE FROM idempotent_answers WHERE rowid = ?", [(row,) for row, _ in gone])
        conn.execute(
            "INSERT INTO idempotent_answers"
            " (merchant_id, key, created, size, fingerprint, status, headers, data)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                merchant_id,
                key,
                now,
                size,
                answer.fingerprint,
                answer.status,
                json.dumps(answer.headers),
                answer.data,
            ),
        )
        return usage, gone

    def forget(self) -> None:
        """After the table was emptied (a reset): no count held, and answers still being made
        are not stored."""
        self._usage.clear()
        self._next_sweep = 0.0
        self.generation += 1

    def usage(self, merchant_id: str) -> tuple[int, int]:
        """The merchant's stored answers and their bytes, as counted against its bounds."""
        found = self._usage_of(self.db.connection, merchant_id)
        return found.keys, found.bytes

    def _usage_of(self, conn: sqlite3.Connection, merchant_id: str) -> _Usage:
        usage = self._usage.get(merchant_id)
        if usage is None:
            keys, size = conn.execute(
                "SELECT count(*), coalesce(sum(size), 0) FROM idempotent_answers WHERE merchant_id = ?",
                (merchant_id,),
            ).fetchone()
            usage = self._usage[merchant_id] = _Usage(keys, size)
        return usage

    def _sweep(self, conn: sqlite3.Connection, now: float) -> int:
        """Delete a batch of expired answers when one is due; how many were deleted."""
        if now < self._next_sweep:
            return 0
        rows = conn.execute(
            "SELECT rowid FROM idempotent_answers WHERE created <= ? ORDER BY created LIMIT ?",
            (now - self.lifetime_s, SWEEP_BATCH),
        ).fetchall()
        conn.executemany("DELETE FROM idempotent_answers WHERE rowid = ?", [(row[0],) for row in rows])
        self._next_sweep = now if len(rows) == SWEEP_BATCH else now + SWEEP_EVERY_S
        return len(rows)


def _fits(keys: int, total: int) -> bool:
    """Whether a merchant's answers, ``keys`` of them in ``total`` bytes, are within its bounds."""
    return keys <= MAX_KEYS and total <= MAX_BYTES


def _oldest_beyond(
    conn: sqlite3.Connection, merchant_id: str, usage: _Usage, size: int, gone: list[tuple[int, int]]
) -> list[tuple[int, int]]:
    """The merchant's oldest answers (rowid, size) to forget so that one more of ``size`` bytes
    fits its bounds, besides those already ``gone``: as few as make room."""
    keys = usage.keys + 1 - len(gone)
    total = usage.bytes + size - sum(size_gone for _, size_gone in gone)
    oldest: list[tuple[int, int]] = []
    if _fits(keys, total):
        return oldest
    skipped = {rowid for rowid, _ in gone}
    rows = conn.execute(
        "SELECT rowid, size FROM idempotent_answers WHERE merchant_id = ? ORDER BY created", (merchant_id,)
    )
    for rowid, row_size in rows:
        if _fits(keys, total):
            break
        if rowid not in skipped:
            oldest.append((rowid, row_size))
            keys, total = keys - 1, total - row_size
    return oldest


class KeyedWrite:
    """A request under an idempotency key, running (:meth:`IdempotencyStore.apply_with_key`)."""

    __slots__ = ("_store", "_unit", "_merchant_id", "_key", "_generation")

    def __init__(
        self, store: IdempotencyStore, unit: Unit, merchant_id: str, key: str, generation: int
    ) -> None:
        self._store, self._unit = store, unit
        self._merchant_id, self._key, self._generation = merchant_id, key, generation

    def keep(self, answer: StoredAnswer, now: float) -> None:
        """Store ``answer`` under the key and commit it with the request's writes; the
        merchant's oldest answers go first past its bounds. :class:`Forgotten` (nothing
        written) when the store was forgotten since the request began; a failure to store
        (a full disk) raises, nothing written either."""
        store = self._store
        if self._generation != store.generation:
            raise Forgotten()
        size = stored_size(self._key, answer)
        if size > MAX_ANSWER_BYTES:  # it would cost the merchant's other keys their room
            raise ValueError(f"an answer of {size} bytes is over MAX_ANSWER_BYTES: keep a short one")
        try:
            usage, gone = self._unit.commit(
                lambda conn: store._store(conn, self._merchant_id, self._key, answer, size, now)
            )
        except BaseException:
            store._usage.clear()  # the counts may have gone ahead of a rolled-back transaction
            raise
        usage.keys += 1 - len(gone)
        usage.bytes += size - sum(size_gone for _, size_gone in gone)
