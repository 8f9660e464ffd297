"""The request journal: what reached the server, for tests to count and inspect.

Every request except the controls' own is entered when it arrives and completed when it is
answered, so a test also sees requests still in flight. The button checks the server makes for
the SDK's first answers are entered too, each ``part_of`` the request that made them, and counted
with it against the journal's number of entries: a request for the first answers of twenty
buttons counts one, not twenty-one (sixteen clients asking for them once left a merchant 7 of its
own 102 entries). Entries live in memory, oldest first,
up to a number of entries and a number of bytes (a flood of requests with long URLs and headers
cannot grow the server), the oldest going first. Sequence numbers keep growing across clears
and resets, so a mark taken before a clear stays valid. Of the key a request carried, only
its owner is kept: the merchant and the key's kind, never the key.

A reader gets the journal a page at a time (:data:`PAGE_ENTRIES` entries and about
:data:`PAGE_BYTES` of JSON at most), picked in time linear in the page and described a few
milliseconds at a time, other requests running in between (:func:`render_page`): a full journal
of long URLs once took 80 s to describe on the event loop, and every merchant waited. (On a
thread it would not help: describing is Python work, which holds the interpreter's lock.) Text
that is not UTF-8 (a header's raw bytes) is kept with U+FFFD in their place, so the answer is
strict JSON.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import islice
from typing import Any
from urllib.parse import unquote

import orjson

from ..domain.errors import FieldErrors
from ..storage.merchants import KeyHolder
from ..turns import next_turn
from .paths import variants

__all__ = [
    "DEFAULT_CAPACITY",
    "DEFAULT_MAX_BYTES",
    "PAGE_BYTES",
    "PAGE_ENTRIES",
    "IN_FLIGHT",
    "ANSWERED",
    "DROPPED",
    "FAILED",
    "UNREAD",
    "Entry",
    "Journal",
    "JournalFilter",
    "Page",
    "parse_filter",
    "render_page",
]

DEFAULT_CAPACITY = 10_000
DEFAULT_MAX_BYTES = 8 * 1024**2
# What one answer of GET /_sandbox/requests holds at most: entries, and bytes of their JSON
# (always at least one entry, which is at most about 64 KiB: a request head is 8 KiB a line).
PAGE_ENTRIES = 1000
PAGE_BYTES = 1024**2
# How long describing runs before it lets other requests run.
_SLICE_S = 0.002
# What an entry costs beyond its strings: the object, its slots and the strings' headers.
ENTRY_OVERHEAD = 400
# What became of a request: still being served, answered, cut off by a ``drop`` fault, ended
# without an answer (the client went away or the handler was cancelled), or answered but its
# answer not taken by the client within the write timeout (api.slow_readers).
IN_FLIGHT, ANSWERED, DROPPED, FAILED, UNREAD = "in_flight", "answered", "dropped", "failed", "unread"


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
        "part_of",
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
        part_of: int | None = None,
    ) -> None:
        self.seq = seq
        self.part_of = part_of
        self.started = time.time()
        self._clock = time.perf_counter()
        self.method = _strict(method)
        self.path = path = _strict(path)
        self.query_string = query_string = _strict(query_string)
        self.holder = holder
        origin = _strict(origin) if origin is not None else None
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
        """The entry as the journal endpoint shows it (time linear in its query string)."""
        values: dict[str, list[str]] = {}
        for name, value in _query_pairs(self.query_string):
            values.setdefault(name, []).append(value)
        query = {name: found[0] if len(found) == 1 else found for name, found in values.items()}
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
            "part_of": self.part_of,
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


def _query_pairs(query_string: str) -> Iterator[tuple[str, str]]:
    """What ``parse_qsl(query_string, keep_blank_values=True)`` gives, five times faster: only
    the parts with an escape are unescaped (8 KiB of ``a&a&...`` took parse_qsl 12 ms)."""
    for pair in query_string.split("&"):
        if not pair:
            continue
        name, _, value = pair.partition("=")
        yield _unescaped(name), _unescaped(value)


def _unescaped(part: str) -> str:
    if "+" in part:
        part = part.replace("+", " ")
    return unquote(part, errors="replace") if "%" in part else part


def _strict(text: str) -> str:
    """``text`` with U+FFFD for each lone surrogate (aiohttp's stand-in for a byte that is not
    UTF-8), which strict JSON parsers refuse."""
    if text.isascii():
        return text
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


@dataclass(frozen=True, slots=True)
class Page:
    """The entries one answer may hold, as they stand now, and where the journal ends."""

    entries: tuple[Entry, ...]
    states: tuple[tuple[int | None, str, float | None], ...]  # status, outcome, duration
    last_seq: int


async def render_page(page: Page) -> bytes:
    """The JSON answer for ``page``: its entries up to :data:`PAGE_ENTRIES` and about
    :data:`PAGE_BYTES`, and ``next_since``, the ``since`` that asks for the rest (null when
    nothing is left). Other requests run every few milliseconds of it; it reads only the page,
    so what happens meanwhile does not change the answer."""
    parts: list[bytes] = []
    size = 0
    await next_turn()
    slice_ends = time.perf_counter() + _SLICE_S
    for entry, (status, outcome, duration) in zip(page.entries, page.states, strict=True):
        if len(parts) == PAGE_ENTRIES or (parts and size >= PAGE_BYTES):
            break
        if time.perf_counter() > slice_ends:
            await next_turn()
            slice_ends = time.perf_counter() + _SLICE_S
        described = entry.describe()
        described.update(status=status, outcome=outcome, duration_ms=duration)
        parts.append(orjson.dumps(described))
        size += len(parts[-1]) + 1
    more = len(parts) < len(page.entries)
    tail = {"last_seq": page.last_seq, "next_since": page.entries[len(parts) - 1].seq if more else None}
    return b'{"requests":[' + b",".join(parts) + b"]," + orjson.dumps(tail)[1:]


class Journal:
    """The last requests, oldest first: at most ``capacity`` of them (an entry ``part_of``
    another counting with it) and about ``max_bytes``."""

    def __init__(self, capacity: int = DEFAULT_CAPACITY, max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        self._entries: deque[Entry] = deque()
        self.capacity, self.max_bytes = capacity, max_bytes
        self.bytes = 0  # what the entries kept hold, by Entry.size
        self.counted = 0  # the entries kept that are part of none
        self.last_seq = 0

    def open(
        self,
        method: str,
        path: str,
        query_string: str,
        holder: KeyHolder | None,
        origin: str | None,
        part_of: Entry | None = None,
    ) -> Entry:
        """Enter a request that just arrived (``part_of``: the request that made it), forgetting
        the oldest entries beyond the bounds."""
        self.last_seq += 1
        parent = None if part_of is None else part_of.seq
        entry = Entry(self.last_seq, method, path, query_string, holder, origin, parent)
        entries = self._entries
        entries.append(entry)
        self.bytes += entry.size
        self.counted += parent is None
        while self.counted > self.capacity or self.bytes > self.max_bytes:
            self._forget_oldest()
            # Parts left first have lost the request they were part of (it came before them).
            while entries and entries[0].part_of is not None:
                self._forget_oldest()
        return entry

    def _forget_oldest(self) -> None:
        gone = self._entries.popleft()
        self.bytes -= gone.size
        self.counted -= gone.part_of is None

    def select(self, wanted: JournalFilter = JournalFilter()) -> list[Entry]:
        """The entries the filter accepts, oldest first."""
        return [entry for entry in self._after(wanted.since) if wanted.accepts(entry)]

    def page(self, wanted: JournalFilter = JournalFilter()) -> Page:
        """The first entries the filter accepts, at most one more than a page holds (so that
        :func:`render_page` knows whether more follow), with their state now."""
        accepted = (entry for entry in self._after(wanted.since) if wanted.accepts(entry))
        chosen = tuple(islice(accepted, PAGE_ENTRIES + 1))
        states = tuple((entry.status, entry.outcome, entry.duration_ms) for entry in chosen)
        return Page(chosen, states, self.last_seq)

    async def answer(self, wanted: JournalFilter = JournalFilter()) -> bytes:
        """The JSON answer of :func:`render_page` for the page ``wanted`` selects, chosen in a
        turn of its own among long work (the states of 1,000 entries take about a millisecond)."""
        await next_turn()
        return await render_page(self.page(wanted))

    def _after(self, since: int) -> Iterator[Entry]:
        # Sequence numbers of the kept entries follow each other: the first wanted one is found
        # by arithmetic, and the ones before it are skipped in C.
        entries = self._entries
        if not entries:
            return iter(())
        return islice(entries, min(len(entries), max(0, since + 1 - entries[0].seq)), None)

    def clear(self) -> None:
        """Forget every entry; numbering goes on."""
        self._entries.clear()
        self.bytes = self.counted = 0


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
