"""Which request paths a control means: exact paths, globs, and their versioned variants.

A pattern without ``*``, ``?`` or ``[`` is an exact path; with one it is a shell-style glob
(:func:`fnmatch.fnmatchcase`, where ``*`` also crosses ``/``). With ``any_version`` the pattern
also matches the same path under every version prefix: ``/checkout/button`` then matches
``/v1/checkout/button`` too, whichever of the two the pattern names.
"""

from __future__ import annotations

import fnmatch
import re

from ..api.routing import VERSION_PREFIXES

__all__ = ["CONTROL_PREFIX", "GLOB_CHARACTERS", "PathPattern", "variants"]

CONTROL_PREFIX = "/_sandbox/"
GLOB_CHARACTERS = frozenset("*?[")


def _unversioned(path: str) -> str:
    for prefix in VERSION_PREFIXES:
        if prefix and path.startswith(prefix + "/"):
            return path[len(prefix) :]
    return path


def variants(path: str) -> tuple[str, ...]:
    """The path under each version prefix (``/orders`` and ``/v1/orders``)."""
    base = _unversioned(path)
    return tuple(prefix + base for prefix in VERSION_PREFIXES)


class PathPattern:
    """A compiled path pattern; matching an exact path is a set lookup, a glob one regex match."""

    __slots__ = ("text", "any_version", "_exact", "_glob")

    def __init__(self, text: str, any_version: bool = False) -> None:
        self.text = text
        self.any_version = any_version
        patterns = variants(text) if any_version else (text,)
        self._exact: frozenset[str] = frozenset()
        self._glob: re.Pattern[str] | None = None
        if GLOB_CHARACTERS.isdisjoint(text):
            self._exact = frozenset(patterns)
        else:
            self._glob = re.compile("|".join(fnmatch.translate(pattern) for pattern in patterns))

    def matches(self, path: str) -> bool:
        """Whether ``path`` is one the pattern means."""
        if self._glob is None:
            return path in self._exact
        return self._glob.match(path) is not None
