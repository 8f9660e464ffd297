-- The sandbox server's data. Amounts are integers in minor units; timestamps ISO 8601 UTC text.
CREATE TABLE IF NOT EXISTS merchants (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    public_key  TEXT NOT NULL UNIQUE,
    private_key TEXT NOT NULL UNIQUE
);

CREATE TABLE IF NOT EXISTS limits (
    merchant_id  TEXT NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
    product_type TEXT NOT NULL,
    currency     TEXT NOT NULL,
    min_amount   INTEGER NOT NULL,
    max_amount   INTEGER NOT NULL,
    PRIMARY KEY (merchant_id, product_type, currency)
);
