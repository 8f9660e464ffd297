"""Stored answers of requests made under an idempotency key, per merchant, for a while."""

from __future__ import annotations

import json
from dataclasses import dataclass

from .database import Database

__all__ = ["StoredAnswer", "IdempotencyStore"]


@dataclass(frozen=True, slots=True)
class StoredAnswer:
    """What a request under a key was answered: kept to be given again, byte for byte."""

    fingerprint: str
    status: int
    headers: dict[str, str]
    body: bytes


class IdempotencyStore:
    """The ``idempotency_keys`` table. Times are Unix seconds, passed in by the caller."""

    def __init__(self, db: Database, lifetime_s: float) -> None:
        self.db = db
        self.lifetime_s = lifetime_s

    def find(self, merchant_id: str, key: str, now: float) -> StoredAnswer | None:
        """The answer stored under ``key`` by this merchant within the lifetime, or None."""
        row = self.db.query_one(
            "SELECT fingerprint, status, headers, body FROM idempotency_keys"
            " WHERE merchant_id = ? AND key = ? AND created > ?",
            (merchant_id, key, now - self.lifetime_s),
        )
        if row is None:
            return None
        return StoredAnswer(row["fingerprint"], row["status"], json.loads(row["headers"]), bytes(row["body"]))

    def keep(self, merchant_id: str, key: str, answer: StoredAnswer, now: float) -> None:
        """Store ``answer`` under ``key`` (replacing an expired one), and forget the merchant's
        expired keys, so the table holds at most a lifetime of keys."""
        with self.db.transaction() as conn:
            conn.execute(
                "DELETE FROM idempotency_keys WHERE merchant_id = ? AND created <= ?",
                (merchant_id, now - self.lifetime_s),
            )
            conn.execute(
                "INSERT OR REPLACE INTO idempotency_keys"
                " (merchant_id, key, fingerprint, status, headers, body, created)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    merchant_id,
                    key,
                    answer.fingerprint,
                    answer.status,
                    json.dumps(answer.headers),
                    answer.body,
                    now,
                ),
            )
