"""Timestamps as the API shows them: ISO 8601 with microseconds and a UTC offset, always in UTC.

Stored timestamps use one fixed-width form (``2026-11-23T10:00:00.123456+00:00``), so comparing
them as text orders them in time; that lets range filters use an index.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

__all__ = ["TIMESTAMP_RULE", "now", "format_timestamp", "parse_timestamp"]

TIMESTAMP_RULE = (
    "Must be an ISO 8601 timestamp from year 1 to 9999 in UTC, such as 2026-11-23T10:00:00.000000+00:00."
)

# An unencoded "+" in a URL query arrives as a space: "10:00:00 02:00" meant "10:00:00+02:00".
_SPACE_FOR_PLUS = re.compile(r"(T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?) (\d{2}(?::?\d{2})?)$")


def now() -> datetime:
    """The current moment, in UTC."""
    return datetime.now(UTC)


def format_timestamp(moment: datetime) -> str:
    """The API form of a moment: UTC, microseconds, offset ``+00:00``."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def parse_timestamp(text: object) -> datetime | None:
    """An ISO 8601 date or date-time as an aware UTC datetime, or None if it is not one, or if
    it lies outside the years 1 to 9999 once in UTC.

    A value without an offset is taken as UTC; a date alone means its midnight, UTC.
    """
    if not isinstance(text, str) or not 10 <= len(text) <= 40:
        return None
    try:
        moment = datetime.fromisoformat(_SPACE_FOR_PLUS.sub(r"\1+\2", text.strip()))
        # 9999-12-31T23:59:59-23:59 is a valid local time past the last UTC moment there is.
        return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
    except (ValueError, OverflowError):
        return None
