"""Absolute ``http(s)`` URLs, the only kind the service stores (a page may navigate to them)."""

from __future__ import annotations

from urllib.parse import urlsplit

from .errors import FieldErrors
from .text import read_text

__all__ = ["MAX_URL_LENGTH", "parse_http_url"]

MAX_URL_LENGTH = 2048
_MESSAGE = (
    "Must be an absolute http or https URL, such as https://shop.example/item: an ASCII host"
    " (punycode for international names), no user@ part, no backslash, space or control character."
)
_HOST_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-.")


def _is_http_url(value: str) -> bool:
    # A URL must go where it reads as going, for every parser: browsers read a backslash as a
    # slash, so "https://evil.example\@shop.example" takes a browser to evil.example while
    # Python reads shop.example as its host; whitespace and control characters are dropped by
    # some parsers and not others; a user@ part hides the host behind a name that looks like one.
    if not value.isprintable() or " " in value or "\\" in value:
        return False
    try:
        parts = urlsplit(value)
        parts.port  # noqa: B018 -- raises ValueError for a port that is not a number in range
    except ValueError:  # e.g. a malformed IPv6 host or port
        return False
    host = parts.hostname
    if parts.scheme not in ("http", "https") or not host or "@" in parts.netloc:
        return False
    return _HOST_CHARACTERS.issuperset(host) or parts.netloc.startswith("[")


def parse_http_url(value: object, field: str, errors: FieldErrors, *, required: bool = True) -> str | None:
    """An absolute ``http:`` or ``https:`` URL with a host; None when absent and optional."""
    text = read_text(value, field, errors, maximum=MAX_URL_LENGTH, required=required)
    if text is not None and not _is_http_url(text):
        errors.add(field, _MESSAGE)
        return None
    return text
