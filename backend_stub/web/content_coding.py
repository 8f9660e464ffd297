"""Which content coding an answer goes in, from the request's ``Accept-Encoding`` (RFC 9110,
section 12.5.3).

The header is a list of codings, each with an optional weight: ``br;q=0, gzip`` refuses brotli
and takes gzip, ``*`` stands for any coding not named, ``identity`` (no coding) is acceptable
unless refused by name or by ``*;q=0``. Codings are whole tokens, without regard to case:
``xbrx`` is no ``br`` (a substring match once sent brotli to a client that had not asked for
it, and its pinned loader failed its integrity check). Of the codings the answer exists in, the
one with the highest weight wins, the server's order breaking ties (brotli, gzip, then none). A
member that is not a coding with a valid weight (``br;q=2``, ``gzip;level=9``) is ignored. No
header means no coding: a client that says nothing may decode nothing. When every coding the
answer has is refused, it goes without one, as RFC 9110 advises (even if ``identity`` was
refused too: there is nothing better to send).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["IDENTITY", "choose_coding"]

IDENTITY = "identity"
# RFC 9110's token characters, then an optional weight: q=0 to 1 with up to three decimals.
_MEMBER = re.compile(
    r"([!#$%&'*+.^_`|~0-9A-Za-z-]+)(?:[ \t]*;[ \t]*[qQ]=(0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?))?"
)
# Codings an older name is kept for (RFC 9110, section 8.4.1.3).
_ALIASES = {"x-gzip": "gzip"}


def _weights(header: str) -> dict[str, float]:
    """The weight the header gives each coding it names (lower case), ``*`` included."""
    weights: dict[str, float] = {}
    for member in header.split(","):
        found = _MEMBER.fullmatch(member.strip(" \t"))
        if found is None:
            continue
        coding = found[1].lower()
        weights[_ALIASES.get(coding, coding)] = float(found[2]) if found[2] is not None else 1.0
    return weights


def choose_coding(header: str | None, available: Sequence[str]) -> str:
    """The coding to send an answer in: one of ``available`` (the server's order of preference)
    or :data:`IDENTITY`, as the ``Accept-Encoding`` value ``header`` (None: absent) allows."""
    if header is None:
        return IDENTITY
    weights = _weights(header)
    anything = weights.get("*", 0.0)
    best, best_weight = IDENTITY, 0.0
    for coding in available:
        weight = weights.get(coding, anything)
        if weight > best_weight:
            best, best_weight = coding, weight
    # No coding unless one is acceptable; and none, too, when identity is named and preferred.
    return IDENTITY if weights.get(IDENTITY, 0.0) > best_weight else best
