"""Content negotiation: which version and which format an API request asked for.

The Accept header selects both (``application/vnd.service.v1+json``), and the path may carry
the version too (``/v1/orders``). ``application/json``, ``*/*`` and no Accept at all mean the
latest version in JSON; ``application/xml`` and ``text/xml`` the latest version in XML (answered
as ``application/xml``). Anything else is a 406.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

from .errors import NotAcceptable

__all__ = ["MediaType", "LATEST_VERSION", "DEFAULT", "MAX_VERSION_DIGITS", "negotiate", "version_number"]

LATEST_VERSION = 1
SUPPORTED_VERSIONS = frozenset({1})

_VENDOR = re.compile(
    r"^application/vnd\.service(?P<sandbox>\.sandbox)?\.v(?P<version>\d{1,9})\+(?P<format>json|xml)$"
)
# Nine digits: int() of thousands of digits raises (Python's limit on converting huge numbers),
# and a version that long is no version: like any other unknown one, it is a 406.
MAX_VERSION_DIGITS = 9
_GENERIC_JSON = frozenset({"application/json", "application/*", "*/*"})
# The names the OpenAPI document offers XML under, which generated clients ask for.
_GENERIC_XML = frozenset({"application/xml", "text/xml"})


@dataclass(frozen=True, slots=True)
class MediaType:
    """What an answer is rendered as, and the names it goes by in headers."""

    version: int = LATEST_VERSION
    format: str = "json"
    sandbox: bool = False
    # Worked out once here: every answer carries them, and there are only a few media types.
    header: str = field(init=False, compare=False, repr=False)  # the value of X-Service-Media-Type
    content_type: str = field(init=False, compare=False, repr=False)  # of an answer with a body

    def __post_init__(self) -> None:
        header = f"service{'.sandbox' if self.sandbox else ''}.v{self.version}"
        object.__setattr__(self, "header", header)
        object.__setattr__(self, "content_type", f"application/{self.format}; charset=utf-8")


DEFAULT = MediaType()


def _ranges(accept: str) -> list[tuple[float, str]]:
    """Media ranges of an Accept header, best first (stable for equal weights)."""
    ranges = []
    for index, part in enumerate(accept.split(",")):
        media, *params = (piece.strip() for piece in part.split(";"))
        weight = 1.0
        for param in params:
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if media and weight > 0:
            ranges.append((-weight, index, media.lower()))
    return [(-w, media) for w, _, media in sorted(ranges)]


def version_number(digits: str) -> int:
    """The version ``digits`` name; 0 (no version) past :data:`MAX_VERSION_DIGITS` digits."""
    return int(digits) if len(digits) <= MAX_VERSION_DIGITS else 0


# Clients send few distinct Accept headers; every API request negotiates.
@functools.lru_cache(maxsize=512)
def negotiate(accept: str | None, path_version: int | None = None) -> MediaType:
    """The media type to answer with; raises :class:`NotAcceptable` when none fits."""
    if path_version is not None and path_version not in SUPPORTED_VERSIONS:
        raise NotAcceptable(f"API version {path_version} is not supported; use v{LATEST_VERSION}")
    version = path_version or LATEST_VERSION
    if not accept or not accept.strip():
        return MediaType(version)
    for _, media in _ranges(accept):
        if media in _GENERIC_JSON:
            return MediaType(version)
        if media in _GENERIC_XML:
            return MediaType(version, "xml")
        match = _VENDOR.match(media)
        if match is None:
            continue
        asked = int(match["version"])
        if asked in SUPPORTED_VERSIONS and path_version in (None, asked):
            return MediaType(asked, match["format"], bool(match["sandbox"]))
    raise NotAcceptable(
        f"Accept header {accept!r} is not supported; use application/vnd.service.v{LATEST_VERSION}+json"
        f", application/vnd.service.v{LATEST_VERSION}+xml, application/json or application/xml"
    )
