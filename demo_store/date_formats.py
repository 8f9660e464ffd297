"""One way to write a date for each audience of the store, the same on every machine (no locale).

Shoppers read ``27 Nov 2026``, as the service's payment window writes it; the back office reads
``2026-11-27`` (and ``2026-11-27 09:15`` where the time matters, always UTC), as the API's dates
and the back office's date filters are written: sortable, and never read as 11 July.
"""

from __future__ import annotations

from datetime import date, datetime

__all__ = ["shopper_day", "office_day", "office_time"]


def shopper_day(day: date) -> str:
    """``27 Nov 2026``."""
    return f"{day.day} {day:%b %Y}"


def office_day(day: date | str) -> str:
    """``2026-11-27``, from a date or the API's ISO 8601 date or timestamp."""
    return (datetime.fromisoformat(day).date() if isinstance(day, str) else day).isoformat()


def office_time(stamp: str) -> str:
    """The API's ISO 8601 timestamp as ``2026-11-27 09:15`` (the time it carries: UTC)."""
    return f"{datetime.fromisoformat(stamp):%Y-%m-%d %H:%M}"
