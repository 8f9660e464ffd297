-- Answers to POSTs sent with an Idempotency-Key (api/idempotency.py): a retry within 24 hours
-- gets the stored answer again instead of a second effect. fingerprint is a hash of the method,
-- path and body the key was first used with; headers is a JSON object; data is the answer's
-- data as JSON (NULL: an answer without a body), rendered again in the format a retry asks for.
-- The small columns come first and data last, and expiry has its index: finding the expired
-- rows never reads a stored answer (the first layout, body before created, read them all).
DROP TABLE IF EXISTS idempotency_keys;  -- that first layout: its keys were a day's at most
CREATE TABLE IF NOT EXISTS idempotent_answers (
    merchant_id TEXT NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
    key         TEXT NOT NULL,
    created     REAL NOT NULL,  -- Unix time
    size        INTEGER NOT NULL,  -- bytes the row holds, about: counted against the merchant's bound
    fingerprint TEXT NOT NULL,
    status      INTEGER NOT NULL,
    headers     TEXT NOT NULL,
    data        BLOB,
    UNIQUE (merchant_id, key)
);
CREATE INDEX IF NOT EXISTS idempotent_answers_expiry ON idempotent_answers (created);
CREATE INDEX IF NOT EXISTS idempotent_answers_age ON idempotent_answers (merchant_id, created, size);
