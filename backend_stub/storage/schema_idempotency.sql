-- Answers to POSTs sent with an Idempotency-Key (api/idempotency.py): a retry within 24 hours
-- gets the stored answer again instead of a second effect. fingerprint is a hash of the method,
-- path and body the key was first used with; headers is a JSON object.
CREATE TABLE IF NOT EXISTS idempotency_keys (
    merchant_id TEXT NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
    key         TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    status      INTEGER NOT NULL,
    headers     TEXT NOT NULL,
    body        BLOB NOT NULL,
    created     REAL NOT NULL,  -- Unix time
    PRIMARY KEY (merchant_id, key)
) WITHOUT ROWID;
