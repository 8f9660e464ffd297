"""Merchants, their keys and their availability limits."""

from __future__ import annotations

from dataclasses import dataclass

from .database import Database

__all__ = ["Merchant", "Limit", "MerchantStore"]


@dataclass(frozen=True, slots=True)
class Merchant:
    id: str
    name: str
    public_key: str
    private_key: str


@dataclass(frozen=True, slots=True)
class Limit:
    product_type: str
    currency: str
    min_amount: int
    max_amount: int


class MerchantStore:
    """Reads merchants and limits. Both are cached: every API request looks a key up, and every
    availability check a limit (reading it from SQLite cost a fifth of the check's time); they
    change only when the fixture is loaded, which calls :meth:`invalidate`."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._by_key: dict[str, tuple[Merchant, str]] | None = None
        self._limits: dict[tuple[str, str, str], Limit] | None = None

    def invalidate(self) -> None:
        """Forget cached keys and limits (after a reset or a fixture load)."""
        self._by_key = None
        self._limits = None

    def by_key(self, key: str) -> tuple[Merchant, str] | None:
        """The merchant owning ``key`` and the key's kind (``public`` or ``private``)."""
        if self._by_key is None:
            self._by_key = {}
            for row in self.db.query("SELECT * FROM merchants"):
                merchant = Merchant(row["id"], row["name"], row["public_key"], row["private_key"])
                self._by_key[merchant.public_key] = (merchant, "public")
                self._by_key[merchant.private_key] = (merchant, "private")
        return self._by_key.get(key)

    def limit(self, merchant_id: str, product_type: str, currency: str) -> Limit | None:
        """The merchant's limit for a product type in a currency, if it has one."""
        if self._limits is None:
            rows = self.db.query(
                "SELECT merchant_id, product_type, currency, min_amount, max_amount FROM limits"
            )
            self._limits = {
                (row["merchant_id"], row["product_type"], row["currency"]): Limit(
                    row["product_type"], row["currency"], row["min_amount"], row["max_amount"]
                )
                for row in rows
            }
        return self._limits.get((merchant_id, product_type, currency))
