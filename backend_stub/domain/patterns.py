"""Regular expressions of the ``regex`` and ``iregex`` lookups: RE2, in time linear in the text.

Python's own engine backtracks: ``(x+x+)+y`` against a 27-character name took 11 s, and one
such query held the whole server. RE2 (the ``google-re2`` package) never backtracks, so a match
costs time linear in the text whatever the pattern. Its dialect is Python's with three
differences: no backreferences (``\\1``), no look-around (``(?=``, ``(?!``, ``(?<=``,
``(?<!``), and the end of the text is written ``\\z`` (Python's ``\\Z``). ``\\w``, ``\\d`` and
``\\s`` are ASCII; ``\\pL`` is any letter. The syntax: https://github.com/google/re2/wiki/Syntax.

A pattern has at most :data:`MAX_PATTERN_LENGTH` characters, and its compiled program at most
:data:`MAX_PROGRAM_SIZE` instructions (``(x?){500}`` is short but large): together with the
length of stored text, that bounds what one row can cost. A pattern past either bound, or one
RE2 cannot read, is refused with a message that says why.

Compiling is bounded too, and it runs on the event loop: RE2 is given a memory budget
(:data:`COMPILE_MEMORY`) and gives up as soon as the program outgrows it. Without one,
``\\pN{700}|\\pS{700}`` built 472,508 instructions (1.2 s) before the size check could refuse it,
and twenty such filters in one request held every other merchant for seconds. The budget is
small enough that a refusal costs about a millisecond and large enough that every program within
:data:`MAX_PROGRAM_SIZE` still compiles. Refusals are remembered like compiled patterns, so a
client repeating its patterns does not make the server compile them again.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import re2

__all__ = ["COMPILE_MEMORY", "MAX_PATTERN_LENGTH", "MAX_PROGRAM_SIZE", "compile_pattern"]

MAX_PATTERN_LENGTH = 256
MAX_PROGRAM_SIZE = 2000
# RE2's budget while compiling (its default is 8 MiB). 64 KiB still compiles 3,400 instructions
# of large Unicode classes, well past MAX_PROGRAM_SIZE, and refuses \pL{1000} in 1-2 ms.
COMPILE_MEMORY = 64 * 1024
_TOO_LARGE = "pattern too large"
_UNANCHORED = re2._re2.RE2.Anchor.UNANCHORED
_NOT_SUPPORTED = (
    (("(?=", "(?!", "(?<=", "(?<!"), "look-around assertions ((?=...), (?!...), (?<=...), (?<!...))"),
    (tuple(f"\\{digit}" for digit in range(1, 10)), "backreferences (\\1 ... \\9)"),
)


def _refusal(detail: str) -> str:
    for markers, feature in _NOT_SUPPORTED:
        if any(marker in detail for marker in markers):
            return f"Regex lookups use RE2 syntax, which has no {feature}."
    if "\\Z" in detail:
        return "Regex lookups use RE2 syntax: write the end of the text \\z, not \\Z."
    if _TOO_LARGE in detail:
        return _too_complex(f"more than {MAX_PROGRAM_SIZE}")
    return f"Not a valid RE2 regular expression: {detail}."


def _too_complex(size: str) -> str:
    return (
        f"This regular expression is too complex ({size} RE2 instructions; at most"
        f" {MAX_PROGRAM_SIZE}): use smaller repetition counts or smaller classes."
    )


def compile_pattern(pattern: str, ignore_case: bool) -> Callable[[str], bool]:
    """``matches(text)``: whether ``pattern`` is found anywhere in ``text`` (as ``re.search``).

    Raises ValueError, with a message for the client, for a pattern RE2 refuses or one past the
    bounds.
    """
    compiled = _compiled(pattern, ignore_case)
    if isinstance(compiled, str):
        raise ValueError(compiled)
    return compiled


@functools.lru_cache(maxsize=256)
def _compiled(pattern: str, ignore_case: bool) -> Callable[[str], bool] | str:
    """The matcher, or the refusal's message (cached alike)."""
    if len(pattern) > MAX_PATTERN_LENGTH:
        return f"A regular expression has at most {MAX_PATTERN_LENGTH} characters."
    options = re2.Options()
    options.log_errors = False
    options.case_sensitive = not ignore_case
    options.max_mem = COMPILE_MEMORY
    try:
        compiled = re2.compile(pattern, options)
    except re2.error as exc:
        detail = exc.args[0] if exc.args else "unreadable"
        if isinstance(detail, bytes):
            detail = detail.decode("utf-8", "replace")
        return _refusal(detail)
    if compiled.programsize > MAX_PROGRAM_SIZE:
        return _too_complex(str(compiled.programsize))
    # The wrapper's search() builds a match object with str offsets: 20 us a row. Asking RE2
    # directly whether there is a match takes a fifth of that (google-re2 is pinned for it).
    regexp = compiled._regexp

    def matches(text: str) -> bool:
        data = text.encode("utf-8", "replace")
        return regexp.Match(_UNANCHORED, data, 0, len(data))[0][0] >= 0

    return matches
