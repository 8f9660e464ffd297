"""Authentication: ``Authorization: Bearer <key>``, and which kind of key a route needs."""

from __future__ import annotations

from enum import Enum

from ..storage.merchants import Merchant, MerchantStore
from .errors import Forbidden, Unauthorized

__all__ = ["Access", "authenticate", "bearer_key"]


class Access(Enum):
    """The key a route needs."""

    PUBLIC = "public"  # the public key (the browser's) or the private key
    PRIVATE = "private"  # the private key only


_HOW = "send 'Authorization: Bearer <key>'"


def bearer_key(header: str) -> str | None:
    """The key of an ``Authorization: Bearer <key>`` header; None when it has another form."""
    scheme, _, key = header.strip().partition(" ")
    key = key.strip()
    return key if scheme.lower() == "bearer" and key and " " not in key else None


def _key_in(header: str | None) -> str:
    if not header:
        raise Unauthorized(f"The Authorization header is missing: {_HOW}.")
    key = bearer_key(header)
    if key is None:
        raise Unauthorized(f"The Authorization header is malformed: {_HOW}.")
    return key


def authenticate(header: str | None, access: Access, merchants: MerchantStore) -> Merchant:
    """The merchant the header's key belongs to; 401 for a missing, malformed or unknown key,
    403 for a public key where the private key is needed."""
    # The form every client sends, "Bearer <key>" exactly, is looked up as it is; any other
    # form is parsed (keys have no spaces, so both ways agree on every header).
    found = merchants.by_key(header[7:]) if header and header.startswith("Bearer ") else None
    if found is None:
        found = merchants.by_key(_key_in(header))
    if found is None:
        raise Unauthorized("The API key is not valid.")
    merchant, kind = found
    if access is Access.PRIVATE and kind != "private":
        raise Forbidden("This operation needs the private key; the public key only checks availability.")
    return merchant
