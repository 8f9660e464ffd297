-- Checkouts (sandbox extension for the SDK). The order id is unique per merchant across
-- checkouts; the order itself is made when the checkout is decided.
CREATE TABLE IF NOT EXISTS checkouts (
    id           TEXT PRIMARY KEY,
    merchant_id  TEXT NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
    order_id     TEXT NOT NULL,
    order_name   TEXT NOT NULL,
    currency     TEXT NOT NULL,
    total_amount INTEGER NOT NULL,
    articles     TEXT NOT NULL,          -- JSON array of {name, quantity, unit_price}
    product_type TEXT NOT NULL,
    urls         TEXT NOT NULL,          -- JSON object of the five merchant URLs
    status       TEXT NOT NULL,          -- created, success, pending or ko
    created      TEXT NOT NULL,
    decided      TEXT,
    instalments  INTEGER,                -- the term chosen when deciding (instalments only)
    UNIQUE (merchant_id, order_id)
);
