"""Faults: the next N requests matching a method and a path get a status, a delay or a drop.

Faults apply to every path except the controls' own (the API, the SDK files, the hosted
checkout page). A fault without a method matches every method except ``OPTIONS``: faulting
the CORS preflight would make the browser fail before the real request is even sent, so a
test that wants that says ``"method": "OPTIONS"``. When several faults match, the oldest wins.

A delay holds the request; clearing the faults (or the server stopping) releases every held
request at once, so a test can hold requests as long as it needs and no longer. A reset ends
them instead (:meth:`Faults.end_held`): they answer an error and are never served, so a refund
held across a reset is not applied to the fresh data.

Every request is checked against the active faults, on the event loop, and a glob is compiled
to a regular expression when it is added, so both are bounded: at most :data:`MAX_FAULTS`
active faults (409 past it), and a glob of at most :data:`MAX_GLOB_LENGTH` characters with
:data:`MAX_WILDCARDS` wildcards (a 1,000-character glob of ``?*`` took 115 ms to compile).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from ..api.errors import STATUSES
from ..domain.errors import Conflict, FieldErrors
from .fields import read_bool, read_int, read_object, read_str
from .paths import CONTROL_PREFIX, GLOB_CHARACTERS, PathPattern

__all__ = [
    "FAULT_STATUSES",
    "MAX_DELAY_MS",
    "MAX_FAULTS",
    "MAX_GLOB_LENGTH",
    "MAX_WILDCARDS",
    "Fault",
    "Faults",
    "parse_fault",
]

MAX_DELAY_MS = 3_600_000
MAX_FAULTS = 100
MAX_GLOB_LENGTH = 256
MAX_WILDCARDS = 32


# The statuses a fault can answer with: those the API has an error type for.
FAULT_STATUSES = STATUSES


@dataclass(slots=True)
class Fault:
    """One registered fault and how many more requests it will hit."""

    id: int
    method: str | None
    path: PathPattern | None
    times: int
    status: int | None = None
    delay_ms: int = 0
    drop: bool = False
    remaining: int = 0

    def matches(self, method: str, path: str) -> bool:
        """Whether a request with this method and path gets the fault."""
        if self.method is None:
            if method == "OPTIONS":
                return False
        elif method != self.method:
            return False
        return self.path is None or self.path.matches(path)

    def describe(self) -> dict[str, Any]:
        """The fault as the faults endpoint shows it."""
        return {
            "id": self.id,
            "match": {
                "method": self.method,
                "path": self.path.text if self.path else None,
                "any_version": self.path.any_version if self.path else False,
            },
            "times": self.times,
            "remaining": self.remaining,
            "status": self.status,
            "delay_ms": self.delay_ms,
            "drop": self.drop,
        }


def parse_fault(data: object, fault_id: int) -> Fault:
    """The fault a ``POST /_sandbox/faults`` body describes; 400 naming every bad field."""
    errors = FieldErrors()
    body = read_object(data, "", errors, ("match", "times", "status", "delay_ms", "drop")) or {}
    match = read_object(body.get("match", {}), "match", errors, ("method", "path", "any_version")) or {}
    method = read_str(match, "method", errors, default=None, prefix="match")
    path = read_str(match, "path", errors, default=None, prefix="match")
    any_version = read_bool(match, "any_version", errors, default=False, prefix="match")
    if path is not None and (not path.startswith("/") or path.startswith(CONTROL_PREFIX)):
        errors.add("match.path", f"Must be a path starting with '/', outside {CONTROL_PREFIX}.")
    elif path is not None and not GLOB_CHARACTERS.isdisjoint(path):
        wildcards = sum(path.count(character) for character in GLOB_CHARACTERS)
        if len(path) > MAX_GLOB_LENGTH or wildcards > MAX_WILDCARDS:
            errors.add(
                "match.path",
                f"A glob has at most {MAX_GLOB_LENGTH} characters and {MAX_WILDCARDS} of * ? [.",
            )
    times = read_int(body, "times", errors, default=1, minimum=1)
    status = read_int(body, "status", errors, default=None, minimum=400, maximum=599)
    if status is not None and status not in FAULT_STATUSES:
        errors.add("status", "Must be one of: " + ", ".join(map(str, FAULT_STATUSES)) + ".")
    delay_ms = read_int(body, "delay_ms", errors, default=0, maximum=MAX_DELAY_MS)
    drop = read_bool(body, "drop", errors, default=False)
    if isinstance(data, dict) and status is None and not delay_ms and not drop and not errors:
        errors.add("body", "Give at least one of status, delay_ms or drop.")
    if status is not None and drop:
        errors.add("drop", "A dropped connection has no status: give status or drop, not both.")
    errors.raise_if_any()
    return Fault(
        id=fault_id,
        method=method.upper() if method else None,
        path=PathPattern(path, bool(any_version)) if path else None,
        times=times or 1,
        status=status,
        delay_ms=delay_ms or 0,
        drop=bool(drop),
        remaining=times or 1,
    )


class _Release:
    """What the requests held now wait for, and whether it ends them rather than lets them go on."""

    __slots__ = ("event", "ended")

    def __init__(self) -> None:
        self.event = asyncio.Event()
        self.ended = False


class Faults:
    """The active faults, oldest first, and the requests their delays hold."""

    def __init__(self) -> None:
        self.active: list[Fault] = []
        self._last_id = 0
        self._release = _Release()

    def add(self, data: object) -> Fault:
        """Register the fault a control request describes; :class:`Conflict` when
        :data:`MAX_FAULTS` are active already."""
        fault = parse_fault(data, self._last_id + 1)
        if len(self.active) >= MAX_FAULTS:
            raise Conflict(f"{MAX_FAULTS} faults are active: clear them (DELETE /_sandbox/faults) first.")
        self._last_id = fault.id
        self.active.append(fault)
        return fault

    def take(self, method: str, path: str) -> Fault | None:
        """The fault this request gets, if any, counted as used."""
        for fault in self.active:
            if fault.matches(method, path):
                fault.remaining -= 1
                if not fault.remaining:
                    self.active.remove(fault)
                return fault
        return None

    async def hold(self, delay_ms: int) -> bool:
        """Wait ``delay_ms``, or less if the held requests are released first; True when they
        were ended (:meth:`end_held`): the request must then not be served."""
        release = self._release
        try:
            async with asyncio.timeout(delay_ms / 1000):
                await release.event.wait()
        except TimeoutError:
            return False
        return release.ended

    def release(self, *, ended: bool = False) -> None:
        """Let every delay now running go on (or end it, ``ended``); later delays wait again."""
        self._release.ended = ended
        self._release.event.set()
        self._release = _Release()

    def end_held(self) -> None:
        """End every delay now running: those requests answer an error, unserved."""
        self.release(ended=True)

    def clear(self) -> None:
        """Forget every fault and release the requests they hold; ids go on from the last one."""
        self.active.clear()
        self.release()

    def reset(self) -> None:
        """Forget every fault and end the requests they hold; the next fault is number 1 again,
        as on a new server.

        A reset also empties the journal, so no entry is left naming an older fault.
        """
        self.active.clear()
        self.end_held()
        self._last_id = 0
