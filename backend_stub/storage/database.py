"""The SQLite database: a writer on the event loop, and readers on worker threads.

Writes, and reads of single objects, happen on the event loop's own connection. The server
runs on one event loop and every write happens inside one synchronous ``BEGIN IMMEDIATE``
transaction, so a check-then-write (a refund against a limit) can never interleave with
another one, whatever the number of concurrent requests.

Queries whose cost the client chooses (lists with filters: a regular expression over every
order) run in :meth:`Database.read`, on a pool of reader threads, each with a connection of its
own, so they never hold the event loop: one merchant's slow list does not delay another
merchant's requests. Each runs in one read transaction (its count and its page agree) and
stops at a deadline with :class:`~backend_stub.domain.errors.DeadlineExceeded`. Each merchant
(a *lane*) has at most half the readers, so one merchant's slow lists cannot take them all.

WAL lets readers see every committed write, and keeps every committed transaction across a
killed process (SIGKILL). Once the write-ahead log holds more than :data:`WAL_SIZE_LIMIT`, a
thread copies it into the database (never the writer's commit, on the event loop), and it is
cut back to that size when it starts again (SQLite's ``journal_size_limit``); and
:meth:`Database.give_back_space` returns the pages a reset freed to the file system. A
``:memory:`` database is a private file in a temporary folder, removed on close, so that readers
can open it too: every database works the same way.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import tempfile
import threading
import time
from collections.abc import Callable, Hashable
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import AbstractContextManager, suppress
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from ..domain.errors import DeadlineExceeded
from ..turns import next_turn
from .filtering import install_functions
from .writes import Unit, Writes

__all__ = ["Database", "READERS", "WAL_SIZE_LIMIT"]

T = TypeVar("T")

READERS = 4
WAL_SIZE_LIMIT = 4 * 1024**2
# Free pages (4 KiB each) past which a reset rebuilds the file: below, the rebuild would cost
# more than the space is worth, and every test resets the server.
_SPARE_PAGES = 2048
# Free pages given back per step of a reset's incremental vacuum (a few milliseconds each).
_PAGES_PER_STEP = 256
_INCREMENTAL = 2  # PRAGMA auto_vacuum's value for incremental
_BUSY_TIMEOUT_MS = 5000
# SQLite calls the deadline check every this many virtual-machine steps (well under a millisecond);
# the SQL functions that call Python (regular expressions) also check it on every row.
_STEPS_PER_CHECK = 10_000


def _schema() -> str:
    return "\n".join(
        resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
        for name in sorted(
            entry.name for entry in resources.files(__package__).iterdir() if entry.name.endswith(".sql")
        )
    )


# Running totals, which schema.sql's triggers keep with every refund and capture written.
_ORDER_TOTALS = (
    "refund_count",
    "refunded_amount",
    "capture_count",
    "captured_amount",
    "order_refunded_amount",
    "credited_amount",
)
_CAPTURE_TOTALS = ("refund_count", "refunded_amount")
_TOTAL = "INTEGER NOT NULL DEFAULT 0"

# Columns added after a release: a database made before gets them when opened (added last).
_ADDED_COLUMNS = {
    # An order's payments start as NULL (the agreed plan's): refunds made before this column
    # lowered no payment, so such an order shows its agreed plan; later refunds lower it.
    "orders": {
        "product_type": "TEXT",
        "instalments": "INTEGER",
        **dict.fromkeys(_ORDER_TOTALS, _TOTAL),
        "payments": "TEXT",
    },
    "captures": dict.fromkeys(_CAPTURE_TOTALS, _TOTAL),
    "checkouts": {"instalments": "INTEGER"},
}

# How a database made before the totals computes them, once, from the rows it holds: the table's
# totals, and the statement that fills them (it writes only the rows that have any history).
_FILLED_TOTALS = {
    "orders": (
        _ORDER_TOTALS,
        "UPDATE orders SET"
        " (refund_count, refunded_amount, order_refunded_amount, credited_amount) = (SELECT count(*),"
        "  coalesce(sum(refunds.amount), 0),"
        "  coalesce(sum(CASE WHEN refunds.capture_id IS NULL THEN refunds.amount END), 0),"
        "  coalesce(sum(refunds.credit_to_customer), 0)"
        "  FROM refunds WHERE refunds.merchant_id = orders.merchant_id AND refunds.order_id = orders.id),"
        " (capture_count, captured_amount) = (SELECT count(*), coalesce(sum(captures.amount), 0)"
        "  FROM captures WHERE captures.merchant_id = orders.merchant_id AND captures.order_id = orders.id)"
        " WHERE (merchant_id, id) IN"
        " (SELECT merchant_id, order_id FROM refunds UNION SELECT merchant_id, order_id FROM captures)",
    ),
    "captures": (
        _CAPTURE_TOTALS,
        "UPDATE captures SET"
        " (refund_count, refunded_amount) = (SELECT count(*), coalesce(sum(refunds.amount), 0)"
        "  FROM refunds WHERE refunds.merchant_id = captures.merchant_id"
        "  AND refunds.order_id = captures.order_id AND refunds.capture_id = captures.id)"
        " WHERE (merchant_id, order_id, id) IN"
        " (SELECT merchant_id, order_id, capture_id FROM refunds WHERE capture_id IS NOT NULL)",
    ),
}


def _add_new_columns(connection: sqlite3.Connection) -> None:
    """Give a database made before a release the columns added since, and the running totals
    among them their values: in one transaction, as a process stopped between the two would
    leave totals of 0 that no later start computes again. An up-to-date database writes nothing."""
    missing = {
        table: [name for name in columns if name not in _column_names(connection, table)]
        for table, columns in _ADDED_COLUMNS.items()
    }
    if not any(missing.values()):
        return
    connection.execute("BEGIN IMMEDIATE")
    try:
        for table, added in missing.items():
            for name in added:
                connection.execute(f"ALTER TABLE {table} ADD COLUMN {name} {_ADDED_COLUMNS[table][name]}")
            totals, fill = _FILLED_TOTALS.get(table, ((), ""))
            if any(name in totals for name in added):
                connection.execute(fill)
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")


def _column_names(connection: sqlite3.Connection, table: str) -> set[str]:
    return {row[1] for row in connection.execute(f"PRAGMA table_info({table})")}


class _Deadline:
    """When the query running on a reader must stop: a moment, or its request going away."""

    __slots__ = ("moment", "cancelled", "closing")

    def __init__(self, moment: float, closing: threading.Event) -> None:
        self.moment = moment
        self.cancelled = False
        self.closing = closing

    def passed(self) -> bool:
        return self.cancelled or self.closing.is_set() or time.monotonic() > self.moment


class Database:
    """The server's SQLite database (a file, or ``:memory:`` for a throw-away run)."""

    def __init__(self, path: str | Path = ":memory:", *, readers: int = READERS) -> None:
        self._scratch: tempfile.TemporaryDirectory[str] | None = None
        durable = str(path) != ":memory:"
        if not durable:
            self._scratch = tempfile.TemporaryDirectory(prefix="service-stub-")
            path = os.path.join(self._scratch.name, "service.sqlite3")
        self.path = str(path)
        self._writer = self._connect()
        # Only a new file takes this (before its first table): a reset's free pages then go back
        # a few at a time (give_back_space).
        self._writer.execute("PRAGMA auto_vacuum = INCREMENTAL")
        self._writer.execute("PRAGMA journal_mode = WAL")
        # A throw-away database need not survive a crash; a file must keep what was committed.
        self._writer.execute(f"PRAGMA synchronous = {'NORMAL' if durable else 'OFF'}")
        self._writer.execute(f"PRAGMA journal_size_limit = {WAL_SIZE_LIMIT}")
        # Copying the log into the database happens on a thread (_checkpoint_if_big), not in
        # the writer's commit on the event loop: after a big write it copied megabytes there.
        self._writer.execute("PRAGMA wal_autocheckpoint = 0")
        self._writer.executescript(_schema())
        _add_new_columns(self._writer)
        install_functions(self._writer)
        self._writes = Writes(self._writer, self._checkpoint_if_big)
        self._local = threading.local()
        self._readers: list[sqlite3.Connection] = []
        self._readers_lock = threading.Lock()
        self._closing = threading.Event()
        self._pool = ThreadPoolExecutor(readers, "service-stub-reader", initializer=self._open_reader)
        self._checkpointer = ThreadPoolExecutor(1, "service-stub-checkpoint")
        self._checkpointing: Future[None] | None = None
        self._per_lane = max(1, readers // 2)
        self._lanes: dict[Hashable, asyncio.Semaphore] = {}

    def _connect(self) -> sqlite3.Connection:
        connection = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        connection.row_factory = sqlite3.Row
        connection.execute("PRAGMA foreign_keys = ON")
        connection.execute(f"PRAGMA busy_timeout = {_BUSY_TIMEOUT_MS}")
        return connection

    def _open_reader(self) -> None:
        connection = self._connect()
        connection.execute("PRAGMA query_only = ON")
        self._local.connection = connection
        self._local.deadline = None
        install_functions(connection, self._deadline_passed)
        with self._readers_lock:
            self._readers.append(connection)

    def _deadline_passed(self) -> bool:
        deadline = self._local.deadline
        return deadline is not None and deadline.passed()

    @property
    def connection(self) -> sqlite3.Connection:
        """The calling thread's connection: a reader's inside :meth:`read`, else the writer."""
        reader: sqlite3.Connection | None = getattr(self._local, "connection", None)
        return reader if reader is not None else self._writes.claim()

    def transaction(self) -> AbstractContextManager[sqlite3.Connection]:
        """A write transaction: committed when the block ends, rolled back if it raises (in a
        unit, a part of the unit's transaction: :mod:`.writes`)."""
        return self._writes.transaction()

    def unit(self) -> AbstractContextManager[Unit]:
        """Every transaction of the calling task joined into one until the block ends,
        committed by :meth:`~.writes.Unit.commit` with a last write (:mod:`.writes`)."""
        return self._writes.unit()

    def _checkpoint_if_big(self) -> None:
        """Once the log holds more than :data:`WAL_SIZE_LIMIT`, copy it into the database on a
        thread; after that copy, the few frames committed meanwhile here, so that the next write
        starts the log again (and SQLite cuts it back to the limit)."""
        running = self._checkpointing
        if running is not None and not running.done():
            return
        try:
            size = os.stat(self.path + "-wal").st_size
        except OSError:
            return
        if size <= WAL_SIZE_LIMIT:
            return
        if running is None:
            self._checkpointing = self._checkpointer.submit(self._checkpoint, truncate=False)
        else:
            self._checkpointing = None
            self._writer.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()

    async def give_back_space(self) -> None:
        """Return free pages to the file system, and empty the write-ahead log, when many pages
        are free (after a reset of a large database: 63,341 of 63,365 pages once stayed, 260 MB).

        Never for long on the event loop: the free pages go back :data:`_PAGES_PER_STEP` at a
        time (incremental vacuum), other requests running between steps, and the log is copied
        into the database on a thread. A full ``VACUUM`` of 288 MB once held every request for
        18 s. A file made before incremental vacuum keeps its free pages (for its next rows).

        With few pages free, the log is still copied and emptied when the files hold more than
        the database: a log past its limit, or a file that a vacuum under load cut in the log
        only (a reset under a soak's load left 23 MB where the next one found 1 MB of pages).
        """
        free = self.connection.execute("PRAGMA freelist_count").fetchone()[0]
        if free >= _SPARE_PAGES:
            if self.connection.execute("PRAGMA auto_vacuum").fetchone()[0] == _INCREMENTAL:
                for _ in range(free):  # each step frees at least one page
                    await next_turn()
                    with self._writes.writable() as writer:
                        # executescript runs the pragma to its end; execute() runs one step of
                        # it, which frees one page: 8,000 steps, each a turn, for 32 MB.
                        writer.executescript(f"PRAGMA incremental_vacuum({_PAGES_PER_STEP});")
                    self._checkpoint_if_big()  # a step writes a megabyte of log
                    if not self.connection.execute("PRAGMA freelist_count").fetchone()[0]:
                        break
        elif not self._files_outgrown():
            return
        await asyncio.to_thread(self._checkpoint)

    def _files_outgrown(self) -> bool:
        """Whether the log is past its limit, or the database file longer than its pages."""
        page_size = self.connection.execute("PRAGMA page_size").fetchone()[0]
        pages = self.connection.execute("PRAGMA page_count").fetchone()[0]
        try:
            database, log = os.stat(self.path).st_size, os.stat(self.path + "-wal").st_size
        except OSError:
            return False
        return log > WAL_SIZE_LIMIT or database > pages * page_size

    def _checkpoint(self, *, truncate: bool = True) -> None:
        # A connection of its own, on a thread: a PASSIVE checkpoint copies the log into the
        # database beside the writer (the next write then starts the log again, cut back to
        # the limit); TRUNCATE empties it now if nobody is in the way (it does not wait).
        connection = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            connection.execute("PRAGMA busy_timeout = 0")
            connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            if truncate:
                connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        finally:
            connection.close()

    def query(self, sql: str, params: tuple[Any, ...] | list[Any] | dict[str, Any] = ()) -> list[sqlite3.Row]:
        """All rows of a read query."""
        return self.connection.execute(sql, params).fetchall()

    def query_one(
        self, sql: str, params: tuple[Any, ...] | list[Any] | dict[str, Any] = ()
    ) -> sqlite3.Row | None:
        """The first row of a read query, or None."""
        return self.connection.execute(sql, params).fetchone()

    def count(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> int:
        """The number a ``SELECT count(*) ...`` query gives (it always gives one row)."""
        return int(self.connection.execute(sql, params).fetchone()[0])

    async def read(self, work: Callable[[], T], *, lane: Hashable, deadline: float) -> T:
        """``work()``'s result, run on a reader thread, where this database's queries use the
        reader's connection, in one read transaction.

        ``lane`` is whose work it is (a merchant): each lane has at most half the readers.
        ``deadline`` is a :func:`time.monotonic` moment: waiting for a reader counts, and past
        it the work stops with :class:`DeadlineExceeded`, as it does when its caller is
        cancelled (the client went away).
        """
        slots = self._lanes.get(lane)
        if slots is None:
            slots = self._lanes[lane] = asyncio.Semaphore(self._per_lane)
        await _take(slots, deadline)
        stop = _Deadline(deadline, self._closing)
        loop = asyncio.get_running_loop()
        try:
            job = self._pool.submit(self._run, work, stop)
        except BaseException:
            slots.release()
            raise
        # The lane's slot is free once the thread is, not when a cancelled caller leaves.
        job.add_done_callback(lambda _job: _call_soon(loop, slots.release))
        try:
            return await asyncio.wrap_future(job)
        except asyncio.CancelledError:
            stop.cancelled = True
            raise

    def _run(self, work: Callable[[], T], stop: _Deadline) -> T:
        connection: sqlite3.Connection = self._local.connection
        if stop.passed():
            raise DeadlineExceeded()
        self._local.deadline = stop
        connection.set_progress_handler(stop.passed, _STEPS_PER_CHECK)
        connection.execute("BEGIN")
        try:
            return work()
        except sqlite3.OperationalError:
            if stop.passed():  # SQLite's "interrupted", or a function refusing to go on
                raise DeadlineExceeded() from None
            raise
        finally:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            connection.set_progress_handler(None, 0)
            self._local.deadline = None

    def tables(self) -> list[str]:
        """Names of the data tables, children first (the order to empty them in)."""
        rows = self.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        names = [row["name"] for row in rows]
        # Tables created later reference earlier ones; emptying in reverse keeps keys valid.
        return list(reversed(names))

    def close(self) -> None:
        """Stop the readers (a query running stops at its next check), close every connection,
        and remove a ``:memory:`` database's file."""
        self._closing.set()
        self._pool.shutdown(wait=True, cancel_futures=True)
        self._checkpointer.shutdown(wait=True)
        for connection in self._readers:
            connection.close()
        self._writer.close()
        if self._scratch is not None:
            self._scratch.cleanup()


async def _take(slots: asyncio.Semaphore, deadline: float) -> None:
    """One of a lane's slots, waiting at most until ``deadline`` (DeadlineExceeded past it).

    Not ``asyncio.wait_for``: on Python 3.11 it can time out just after the semaphore granted
    the slot, and the slot would never be given back.
    """
    if not slots.locked():
        await slots.acquire()  # a free slot is taken at once, without waiting
        return
    waiting = asyncio.ensure_future(slots.acquire())
    try:
        done, _ = await asyncio.wait({waiting}, timeout=max(0.0, deadline - time.monotonic()))
    except BaseException:
        await _abandon(waiting, slots)
        raise
    if not done:
        await _abandon(waiting, slots)
        raise DeadlineExceeded()


async def _abandon(waiting: asyncio.Future[Any], slots: asyncio.Semaphore) -> None:
    waiting.cancel()
    try:
        await waiting
    except asyncio.CancelledError:
        return
    slots.release()  # granted before the cancellation landed: give it back


def _call_soon(loop: asyncio.AbstractEventLoop, callback: Callable[[], object]) -> None:
    with suppress(RuntimeError):  # the loop closed while a reader finished: nobody waits
        loop.call_soon_threadsafe(callback)
