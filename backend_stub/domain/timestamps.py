"""Timestamps as the API shows them: ISO 8601 with microseconds and a UTC offset, always in UTC.

Stored timestamps use one fixed-width form (``2026-11-23T10:00:00.123456+00:00``), so comparing
them as text orders them in time; that lets range filters use an index.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

__all__ = ["now", "format_timestamp", "parse_timestamp"]

# An unencoded "+" in a URL query arrives as a space: "10:00:00 02:00" meant "10:00:00+02:00".
_SPACE_FOR_PLUS = re.compile(r"(T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?) (\d{2}(?::?\d{2})?)$")


def now() -> datetime:
    """The current moment, in UTC."""
    return datetime.now(UTC)


def format_timestamp(moment: datetime) -> str:
    """The API form of a moment: UTC, microseconds, offset ``+00:00``."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def parse_timestamp(text: object) -> datetime | None:
    """An ISO 8601 date or date-time as an aware UTC datetime, or None if it is not one.

    A value without an offset is taken as UTC; a date alone means its midnight, UTC.
    """
    if not isinstance(text, str) or not 10 <= len(text) <= 40:
        return None
    try:
        moment = datetime.fromisoformat(_SPACE_FOR_PLUS.sub(r"\1+\2", text.strip()))
    except ValueError:
        return None
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)
