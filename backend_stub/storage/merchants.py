"""Merchants, their keys, their availability limits and their rates."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal

from .database import Database

__all__ = ["KeyHolder", "Merchant", "MerchantStore"]


@dataclass(frozen=True, slots=True)
class Merchant:
    """A merchant, with the inclusive amount limits of each product it offers in each currency,
    and the nominal rate (TIN) of each product's terms, by number of payments."""

    id: str
    name: str
    public_key: str
    private_key: str
    limits: Mapping[tuple[str, str], tuple[int, int]] = field(default_factory=dict, compare=False, repr=False)
    rates: Mapping[str, Mapping[int, Decimal]] = field(default_factory=dict, compare=False, repr=False)

    def limit_for(self, product_type: str, currency: str) -> tuple[int, int] | None:
        """The (minimum, maximum) amount of ``product_type`` in ``currency``; None if not offered."""
        return self.limits.get((product_type, currency))

    def tins(self, product_type: str) -> Mapping[int, Decimal]:
        """The TIN of each term of ``product_type`` the merchant charges interest on (number of
        payments → percent a year); a term not in it has none."""
        return self.rates.get(product_type, {})


# The merchant a key belongs to, the key's kind ("public" or "private"), and the key as the
# merchant has it: however a request spells a key, this names it (the concurrency limit counts
# by it), and as the very string the cache is keyed by, its hash is already known.
KeyHolder = tuple[Merchant, str, str]


class MerchantStore:
    """Reads merchants, with their limits, by key. They are cached: every API request looks a key
    up, and every availability check a limit (reading it from SQLite cost a fifth of the check's
    time); they change only when the fixture is loaded, which calls :meth:`invalidate`."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._by_key: dict[str, KeyHolder] | None = None

    def invalidate(self) -> None:
        """Forget cached merchants (after a reset or a fixture load)."""
        self._by_key = None

    def by_key(self, key: str) -> KeyHolder | None:
        """The merchant owning ``key``, the key's kind (``public`` or ``private``) and the key."""
        if self._by_key is None:
            self._by_key = self._load()
        return self._by_key.get(key)

    def by_id(self, merchant_id: str) -> Merchant | None:
        """The merchant of that id, or None."""
        if self._by_key is None:
            self._by_key = self._load()
        return next((holder[0] for holder in self._by_key.values() if holder[0].id == merchant_id), None)

    def _load(self) -> dict[str, KeyHolder]:
        limits: dict[str, dict[tuple[str, str], tuple[int, int]]] = {}
        rows = self.db.query("SELECT merchant_id, product_type, currency, min_amount, max_amount FROM limits")
        for row in rows:
            bounds = (row["min_amount"], row["max_amount"])
            limits.setdefault(row["merchant_id"], {})[row["product_type"], row["currency"]] = bounds
        rates: dict[str, dict[str, dict[int, Decimal]]] = {}
        for row in self.db.query("SELECT merchant_id, product_type, payments, tin FROM rates"):
            terms = rates.setdefault(row["merchant_id"], {}).setdefault(row["product_type"], {})
            terms[row["payments"]] = Decimal(row["tin"])
        by_key = {}
        for row in self.db.query("SELECT id, name, public_key, private_key FROM merchants"):
            merchant = Merchant(
                row["id"],
                row["name"],
                row["public_key"],
                row["private_key"],
                limits.get(row["id"], {}),
                rates.get(row["id"], {}),
            )
            by_key[merchant.public_key] = (merchant, "public", merchant.public_key)
            by_key[merchant.private_key] = (merchant, "private", merchant.private_key)
        return by_key
