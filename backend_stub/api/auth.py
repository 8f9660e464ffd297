"""Authentication: ``Authorization: Bearer <key>``, and which kind of key a route needs."""

from __future__ import annotations

from enum import Enum

from ..storage.merchants import Merchant, MerchantStore
from .errors import Forbidden, Unauthorized

__all__ = ["Access", "authenticate"]


class Access(Enum):
    """The key a route needs."""

    PUBLIC = "public"  # the public key (the browser's) or the private key
    PRIVATE = "private"  # the private key only


_HOW = "send 'Authorization: Bearer <key>'"


def authenticate(header: str | None, access: Access, merchants: MerchantStore) -> Merchant:
    """The merchant the header's key belongs to; 401 for a missing, malformed or unknown key,
    403 for a public key where the private key is needed."""
    if not header:
        raise Unauthorized(f"The Authorization header is missing: {_HOW}.")
    scheme, _, key = header.strip().partition(" ")
    key = key.strip()
    if scheme.lower() != "bearer" or not key or " " in key:
        raise Unauthorized(f"The Authorization header is malformed: {_HOW}.")
    found = merchants.by_key(key)
    if found is None:
        raise Unauthorized("The API key is not valid.")
    merchant, kind = found
    if access is Access.PRIVATE and kind != "private":
        raise Forbidden("This operation needs the private key; the public key only checks availability.")
    return merchant
