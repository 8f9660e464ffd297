"""The request journal: what reached the server, for tests to count and inspect.

Every request except the controls' own is entered when it arrives and completed when it is
answered, so a test also sees requests still in flight. Entries live in memory, oldest first,
up to a number of entries and a number of bytes (a flood of requests with long URLs and headers
cannot grow the server), the oldest going first. Sequence numbers keep growing across clears
and resets, so a mark taken before a clear stays valid. Of the key a request carried, only
its owner is kept: the merchant and the key's kind, never the key.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from urllib.parse import parse_qsl

from ..domain.errors import FieldErrors
from ..storage.merchants import KeyHolder
from .paths import variants

__all__ = [
    "DEFAULT_CAPACITY",
    "DEFAULT_MAX_BYTES",
    "IN_FLIGHT",
    "ANSWERED",
    "DROPPED",
    "FAILED",
    "Entry",
    "Journal",
    "JournalFilter",
    "parse_filter",
]

DEFAULT_CAPACITY = 10_000
DEFAULT_MAX_BYTES = 8 * 1024**2
# What an entry costs beyond its strings: the object, its slots and the strings' headers.
ENTRY_OVERHEAD = 400
# What became of a request: still being served, answered, cut off by a ``drop`` fault, or
# ended without an answer (the client went away or the handler was cancelled).
IN_FLIGHT, ANSWERED, DROPPED, FAILED = "in_flight", "answered", "dropped", "failed"


class Entry:
    """One request; filled in when it is answered."""

    __slots__ = (
        "seq",
        "started",
        "method",
        "path",
        "query_string",
        "holder",
        "size",
        "origin",
        "status",
        "outcome",
        "fault",
        "_clock",
        "_ended",
    )

    def __init__(
        self,
        seq: int,
        method: str,
        path: str,
        query_string: str,
        holder: KeyHolder | None,
        origin: str | None,
    ) -> None:
        self.seq = seq
        self.started = time.time()
        self._clock = time.perf_counter()
        self.method = method
        self.path = path
        self.query_string = query_string
        self.holder = holder
        # The bytes the entry holds, about: its request's strings and a fixed overhead.
        self.size = ENTRY_OVERHEAD + len(path) + len(query_string) + (len(origin) if origin else 0)
        self.origin = origin
        self.status: int | None = None
        self.outcome = IN_FLIGHT
        self.fault: int | None = None
        self._ended: float | None = None

    def finish(self, status: int | None, outcome: str = ANSWERED) -> None:
        """Record how the request ended; an outcome set before (a drop) stands."""
        self._ended = time.perf_counter()
        if self.outcome == IN_FLIGHT:
            self.status, self.outcome = status, outcome

    @property
    def duration_ms(self) -> float | None:
        """Milliseconds from arrival to answer; None while in flight."""
        if self._ended is None:
            return None
        return round((self._ended - self._clock) * 1000, 3)

    def describe(self) -> dict[str, Any]:
        """The entry as the journal endpoint shows it."""
        query: dict[str, str | list[str]] = {}
        for name, value in parse_qsl(self.query_string, keep_blank_values=True):
            known = query.get(name)
            if known is None:
                query[name] = value
            else:
                query[name] = [*known, value] if isinstance(known, list) else [known, value]
        return {
            "seq": self.seq,
            "time": datetime.fromtimestamp(self.started, UTC).isoformat(timespec="milliseconds"),
            "method": self.method,
            "path": self.path,
            "query": query,
            "query_string": self.query_string,
            "status": self.status,
            "outcome": self.outcome,
            "key": None if self.holder is None else {"merchant": self.holder[0].id, "kind": self.holder[1]},
            "origin": self.origin,
            "duration_ms": self.duration_ms,
            "fault": self.fault,
        }


@dataclass(frozen=True, slots=True)
class JournalFilter:
    """Which entries a reader wants; ``None`` means any."""

    method: str | None = None
    paths: frozenset[str] | None = None
    since: int = 0

    def accepts(self, entry: Entry) -> bool:
        return (
            entry.seq > self.since
            and (self.method is None or entry.method == self.method)
            and (self.paths is None or entry.path in self.paths)
        )


class Journal:
    """The last requests, oldest first: at most ``capacity`` of them and about ``max_bytes``."""

    def __init__(self, capacity: int = DEFAULT_CAPACITY, max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        self._entries: deque[Entry] = deque()
        self.capacity, self.max_bytes = capacity, max_bytes
        self.bytes = 0  # what the entries kept hold, by Entry.size
        self.last_seq = 0

    def open(
        self,
        method: str,
        path: str,
        query_string: str,
        holder: KeyHolder | None,
        origin: str | None,
    ) -> Entry:
        """Enter a request that just arrived, forgetting the oldest entries beyond the bounds."""
        self.last_seq += 1
        entry = Entry(self.last_seq, method, path, query_string, holder, origin)
        entries = self._entries
        entries.append(entry)
        self.bytes += entry.size
        while len(entries) > self.capacity or self.bytes > self.max_bytes:
            self.bytes -= entries.popleft().size
        return entry

    def select(self, wanted: JournalFilter = JournalFilter()) -> list[Entry]:
        """The entries the filter accepts, oldest first."""
        return [entry for entry in self._entries if wanted.accepts(entry)]

    def clear(self) -> None:
        """Forget every entry; numbering goes on."""
        self._entries.clear()
        self.bytes = 0


_TRUE, _FALSE = frozenset({"true", "1", "yes"}), frozenset({"false", "0", "no", ""})


def parse_filter(query: Mapping[str, str]) -> JournalFilter:
    """The filter a query string asks for: ``method``, ``path`` (+ ``any_version``), ``since``."""
    errors = FieldErrors()
    method = query.get("method") or None
    path = query.get("path") or None
    any_version = query.get("any_version", "").lower()
    if any_version not in _TRUE | _FALSE:
        errors.add("any_version", "Must be true or false.")
    if path is not None and not path.startswith("/"):
        errors.add("path", "Must be a path starting with '/'.")
    since = query.get("since", "0")
    # ASCII digits only, and at most a 64-bit number's: str.isdigit() also takes "²", which
    # int() refuses, and int() of thousands of digits is refused too.
    if not (since.isascii() and since.isdigit() and len(since) <= 19):
        errors.add("since", "Must be a sequence number (a non-negative integer).")
    errors.raise_if_any()
    paths = None
    if path is not None:
        paths = frozenset(variants(path) if any_version in _TRUE else (path,))
    return JournalFilter(method.upper() if method else None, paths, int(since))
