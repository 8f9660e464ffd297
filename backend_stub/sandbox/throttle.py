"""The concurrency limit: how many API requests one key may have in flight at once.

A key is counted as the merchant's key it resolves to, however the Authorization header spells
it (``bearer  sk_test_demo`` is ``sk_test_demo``). Requests without a known key are counted by
their client's address (:func:`unknown_key_of`): they are refused with 401, but each still costs
an answer and a journal entry, and sixteen clients sending them without a limit once filled the
journal; counted together, one anonymous client could throttle every other.
"""

from __future__ import annotations

from typing import Any

from ..domain.errors import FieldErrors
from .fields import read_int, read_object

__all__ = ["Throttle", "unknown_key_of"]


def unknown_key_of(client: str | None) -> str:
    """What requests without a known key are counted as: their client (its address)."""
    return f"unknown key from {client}"


class Throttle:
    """Counts the in-flight requests of each key against the limit."""

    __slots__ = ("configured", "limit", "_in_flight")

    def __init__(self, limit: int) -> None:
        self.configured = limit
        self.limit = limit
        self._in_flight: dict[str, int] = {}

    def enter(self, key: str) -> bool:
        """Count one more request of ``key``; False (and nothing counted) if it is at its limit."""
        count = self._in_flight.get(key, 0)
        if count >= self.limit:
            return False
        self._in_flight[key] = count + 1
        return True

    def leave(self, key: str) -> None:
        """A request counted by :meth:`enter` is done."""
        count = self._in_flight[key] - 1
        if count:
            self._in_flight[key] = count
        else:
            del self._in_flight[key]

    @property
    def in_flight(self) -> int:
        """Requests in flight, all keys together."""
        return sum(self._in_flight.values())

    def update(self, data: object) -> None:
        """Apply ``{"concurrency": n}``; 400 naming every bad field."""
        errors = FieldErrors()
        body = read_object(data, "", errors, ("concurrency",)) or {}
        limit = read_int(body, "concurrency", errors, minimum=1)
        errors.raise_if_any()
        self.limit = limit or self.configured

    def reset(self) -> None:
        """Back to the configured limit; requests in flight stay counted until they end."""
        self.limit = self.configured

    def describe(self) -> dict[str, Any]:
        """The state as the limits endpoint shows it."""
        return {"concurrency": self.limit, "configured": self.configured, "in_flight": self.in_flight}
