"""Absolute ``http(s)`` URLs, the only kind the service stores (a page may navigate to them)."""

from __future__ import annotations

from urllib.parse import urlsplit

from .errors import REQUIRED, FieldErrors

__all__ = ["MAX_URL_LENGTH", "parse_http_url"]

MAX_URL_LENGTH = 2048
_MESSAGE = "Must be an absolute http or https URL, such as https://shop.example/item."


def _is_http_url(value: str) -> bool:
    # Whitespace or control characters would be read differently by browsers and servers.
    if not value.isprintable() or " " in value:
        return False
    try:
        parts = urlsplit(value)
        parts.port  # noqa: B018 -- raises ValueError for a port that is not a number in range
        return parts.scheme in ("http", "https") and bool(parts.hostname)
    except ValueError:  # e.g. a malformed IPv6 host or port
        return False


def parse_http_url(value: object, field: str, errors: FieldErrors, *, required: bool = True) -> str | None:
    """An absolute ``http:`` or ``https:`` URL with a host; None when absent and optional."""
    if value is None or value == "":
        if required:
            errors.add(field, REQUIRED)
        return None
    if not isinstance(value, str) or len(value) > MAX_URL_LENGTH:
        errors.add(field, f"Must be a URL string of at most {MAX_URL_LENGTH} characters.")
        return None
    if not _is_http_url(value):
        errors.add(field, _MESSAGE)
        return None
    return value
