"""The sandbox's clock: the real clock, moved forward by whole days for tests.

The sandbox collects an order's payments as their due dates pass on this clock, and every moment
the server records (a checkout's creation and decision, a refund, a capture, a seeded order's
default times) is read from it, so an order agreed after the clock moved starts its plan on the
clock's day. The offset lives in the database (it survives a restart on the same file) and in
this object, which reads it once: a reset empties the table, and :meth:`SandboxClock.load` reads
it again.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

from ..domain.timestamps import now as real_now
from .database import Database

__all__ = ["MAX_OFFSET_DAYS", "SandboxClock"]

# A hundred years ahead at most: far beyond any plan, far from the last date a timestamp holds.
MAX_OFFSET_DAYS = 36_500


class SandboxClock:
    """One server's clock, over its database."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.offset_days = 0
        self.load()

    def load(self) -> None:
        """Read the offset the database holds (none after a reset)."""
        row = self.db.query_one("SELECT offset_days FROM sandbox_clock WHERE id = 1")
        self.offset_days = 0 if row is None else int(row[0])

    def now(self) -> datetime:
        """The sandbox's moment: the real one, ``offset_days`` later."""
        return real_now() + timedelta(days=self.offset_days)

    def today(self) -> date:
        """The sandbox's day, in UTC: a payment due on it or before is collected."""
        return self.now().date()

    def advance(self, days: int) -> None:
        """Move the clock ``days`` forward, durably."""
        with self.db.transaction() as conn:
            conn.execute(
                "INSERT INTO sandbox_clock (id, offset_days) VALUES (1, ?)"
                " ON CONFLICT (id) DO UPDATE SET offset_days = offset_days + excluded.offset_days",
                (days,),
            )
            (offset,) = conn.execute("SELECT offset_days FROM sandbox_clock WHERE id = 1").fetchone()
        self.offset_days = int(offset)
