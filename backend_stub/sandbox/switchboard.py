"""The switchboard: the mutable state of the gate's controls, one per server."""

from __future__ import annotations

from dataclasses import dataclass, field

from aiohttp import web

from .faults import Faults
from .journal import Journal
from .maintenance import Maintenance
from .throttle import Throttle

__all__ = ["SWITCHBOARD", "Switchboard"]


@dataclass
class Switchboard:
    """Journal, faults, maintenance and the concurrency limit of one server."""

    throttle: Throttle
    journal: Journal = field(default_factory=Journal)
    faults: Faults = field(default_factory=Faults)
    maintenance: Maintenance = field(default_factory=Maintenance)
    # How many resets began: work cut into parts (a seeding) compares it between parts, so that
    # nothing begun before a reset is written after it.
    resets: int = 0

    @classmethod
    def with_limits(cls, concurrency_limit: int, journal_max_bytes: int) -> Switchboard:
        """A switchboard with everything off, and these limits (the server's configuration's:
        the caller reads it, so the sandbox's state knows nothing of ``config``)."""
        return cls(Throttle(concurrency_limit), Journal(max_bytes=journal_max_bytes))

    def reset(self) -> None:
        """Everything off (requests held by a delay ended), the journal empty, the limit back to
        its configured value."""
        self.resets += 1
        self.faults.reset()
        self.journal.clear()
        self.maintenance.reset()
        self.throttle.reset()


SWITCHBOARD = web.AppKey("sandbox_switchboard", Switchboard)
