"""Authentication: ``Authorization: Bearer <key>``, and which kind of key a route needs."""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum

from ..domain.keys import ASCII_WHITESPACE, read_key
from ..storage.merchants import KeyHolder, Merchant, MerchantStore
from .errors import Forbidden, Unauthorized

__all__ = ["Access", "authenticate", "authorize", "bearer_key", "key_holder"]


class Access(Enum):
    """The key a route needs."""

    PUBLIC = "public"  # the public key (the browser's) or the private key
    PRIVATE = "private"  # the private key only


_HOW = "send 'Authorization: Bearer <key>'"


def bearer_key(header: str) -> str | None:
    """The key of an ``Authorization: Bearer <key>`` header, read as the SDK reads keys
    (:func:`~backend_stub.domain.keys.read_key`); None when the header has another form."""
    scheme, _, key = header.strip(ASCII_WHITESPACE).partition(" ")
    return read_key(key) if scheme.lower() == "bearer" else None


def _refusal(header: str | None) -> Unauthorized:
    if not header:
        return Unauthorized(f"The Authorization header is missing: {_HOW}.")
    if bearer_key(header) is None:
        return Unauthorized(f"The Authorization header is malformed: {_HOW}.")
    return Unauthorized("The API key is not valid.")


def key_holder(header: str | None, merchants: MerchantStore) -> KeyHolder | None:
    """The merchant an ``Authorization`` header's key belongs to, and the key's kind; None when
    the header names no known key. Every spelling of a key gives the same answer."""
    if not header:
        return None
    # The form every client sends, "Bearer <key>" exactly, is looked up as it is; any other
    # form is parsed (keys have no spaces, so both ways agree on every header).
    found = merchants.by_key(header[7:]) if header.startswith("Bearer ") else None
    if found is None:
        key = bearer_key(header)
        found = merchants.by_key(key) if key else None
    return found


def authenticate(headers: Mapping[str, str], access: Access, merchants: MerchantStore) -> Merchant:
    """The merchant a request's key belongs to; 401 for a missing, malformed or unknown key,
    403 for a public key where the private key is needed."""
    return authorize(key_holder(headers.get("Authorization"), merchants), access, headers)


def authorize(found: KeyHolder | None, access: Access, headers: Mapping[str, str]) -> Merchant:
    """:func:`authenticate` for a key already looked up (``found``, by :func:`key_holder`):
    the sandbox gate looks every key up once, for its journal, its concurrency limit and this.
    ``headers`` are read only to say what was wrong."""
    if found is None:
        raise _refusal(headers.get("Authorization"))
    merchant, kind, _key = found
    if access is Access.PRIVATE and kind != "private":
        raise Forbidden("This operation needs the private key; the public key only checks availability.")
    return merchant
