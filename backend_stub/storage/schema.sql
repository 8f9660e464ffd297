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

-- The nominal rate (TIN, percent a year, as exact decimal text) of a product's term, by the
-- number of payments; a term without a row has no interest (the plan rule: domain/schedules.py).
CREATE TABLE IF NOT EXISTS rates (
    merchant_id  TEXT NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
    product_type TEXT NOT NULL,
    payments     INTEGER NOT NULL,
    tin          TEXT NOT NULL,
    PRIMARY KEY (merchant_id, product_type, payments)
);

-- Orders. Text fields carry derived columns for filters, written with every row: *_folded is the
-- case-folded text (i-lookups), *_words its words as ' w1 w2 ' (search). Timestamps use one
-- fixed-width UTC form ('2026-11-23T10:00:00.123456+00:00'), so text order is time order.
-- The table is clustered in list order (newest first): a merchant's orders are one contiguous
-- range, so any filter is at worst one sequential scan of that range, pages stop early, and
-- created ranges are key ranges. (Secondary indexes on total_amount or confirmed made broad
-- ranges slower than that scan, so there are none.)
CREATE TABLE IF NOT EXISTS orders (
    merchant_id  TEXT NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
    id           TEXT NOT NULL,
    name         TEXT NOT NULL,
    currency     TEXT NOT NULL,
    total_amount INTEGER NOT NULL CHECK (total_amount > 0),
    status       TEXT NOT NULL CHECK (status IN ('pending', 'confirmed', 'denied', 'canceled')),
    created      TEXT NOT NULL,
    confirmed    TEXT,
    id_folded    TEXT NOT NULL,
    id_words     TEXT NOT NULL,
    name_folded  TEXT NOT NULL,
    name_words   TEXT NOT NULL,
    product_type TEXT,  -- the payment product it was made with; NULL when not known
    instalments  INTEGER,  -- the term in months an instalments order was agreed over; else NULL
    -- Running totals of the order's refunds (on the order and on its captures together) and of
    -- its captures, kept by the triggers below: a refund or a capture reads them instead of
    -- summing the order's history (its two sums took 170 ms at 300,000 one-cent refunds).
    refund_count    INTEGER NOT NULL DEFAULT 0,
    refunded_amount INTEGER NOT NULL DEFAULT 0,
    capture_count   INTEGER NOT NULL DEFAULT 0,
    captured_amount INTEGER NOT NULL DEFAULT 0,
    -- Of refunded_amount, the refunds made on the order itself (not on a capture): they take the
    -- uncaptured part first, so they bound what stays capturable (domain/payments.py).
    order_refunded_amount INTEGER NOT NULL DEFAULT 0,
    -- What the order's refunds paid back to the customer (their credit_to_customer).
    credited_amount INTEGER NOT NULL DEFAULT 0,
    -- The amounts of the order's payments, space-separated, first to last, as its refunds left
    -- them; NULL while they are the agreed plan's (domain/payments.py). Dates never change.
    payments TEXT,
    PRIMARY KEY (merchant_id, created DESC, id),
    UNIQUE (merchant_id, id)
) WITHOUT ROWID;
-- Status is the usual narrow filter (counts of one status read this index alone). It carries
-- total_amount too, so amount filters are tested in the index, without a lookup per row: a count
-- of status + amount + created range over 100,000 orders went from 10 to 5 ms, amount alone from
-- 43 to 13 ms (bench/server.py's data). A database made before keeps its older index.
CREATE INDEX IF NOT EXISTS orders_by_status ON orders (merchant_id, status, created DESC, id, total_amount);

-- Captures of an order (sandbox extension). seq keeps creation order when timestamps tie.
CREATE TABLE IF NOT EXISTS captures (
    seq         INTEGER PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    order_id    TEXT NOT NULL,
    id          TEXT NOT NULL,
    amount      INTEGER NOT NULL CHECK (amount > 0),
    created     TEXT NOT NULL,
    -- Running totals of the capture's refunds (kept by the triggers below).
    refund_count    INTEGER NOT NULL DEFAULT 0,
    refunded_amount INTEGER NOT NULL DEFAULT 0,
    UNIQUE (merchant_id, order_id, id),
    FOREIGN KEY (merchant_id, order_id) REFERENCES orders (merchant_id, id) ON DELETE CASCADE
);
-- An order's newest captures first (seq is the rowid, which the index holds in order): without
-- it each page sorted all of the order's captures (175 ms for page 1 of 100,000 captures).
CREATE INDEX IF NOT EXISTS captures_newest ON captures (merchant_id, order_id);

-- Refund records, of an order (capture_id NULL) or of one of its captures.
CREATE TABLE IF NOT EXISTS refunds (
    seq                    INTEGER PRIMARY KEY,
    merchant_id            TEXT NOT NULL,
    order_id               TEXT NOT NULL,
    capture_id             TEXT,
    id                     TEXT NOT NULL UNIQUE,
    amount                 INTEGER NOT NULL CHECK (amount > 0),
    pending_amount         INTEGER NOT NULL,
    accrual_date           TEXT NOT NULL,
    credit_to_customer     INTEGER NOT NULL,
    completed              INTEGER NOT NULL,
    completed_but_defaults INTEGER NOT NULL,
    created                TEXT NOT NULL,
    FOREIGN KEY (merchant_id, order_id) REFERENCES orders (merchant_id, id) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS refunds_by_order ON refunds (merchant_id, order_id, capture_id);
-- An order's newest refunds first (seq is the rowid, which the index holds in order).
CREATE INDEX IF NOT EXISTS refunds_newest ON refunds (merchant_id, order_id);

-- The running totals follow every refund and capture written, in the statement that writes it,
-- whatever code writes it. Refunds and captures are never updated, and never deleted apart from
-- their order (ON DELETE CASCADE), whose row takes its totals along; between the steps of a
-- reset, an order's totals may still count rows already deleted (until the order goes), which
-- refuses a refund, never allows one too many. A database made before these columns gets them
-- computed once from its rows (database.py, _add_new_columns).
CREATE TRIGGER IF NOT EXISTS refunds_counted AFTER INSERT ON refunds BEGIN
    UPDATE orders SET refund_count = refund_count + 1, refunded_amount = refunded_amount + NEW.amount
    WHERE merchant_id = NEW.merchant_id AND id = NEW.order_id;
END;
CREATE TRIGGER IF NOT EXISTS capture_refunds_counted AFTER INSERT ON refunds
WHEN NEW.capture_id IS NOT NULL BEGIN
    UPDATE captures SET refund_count = refund_count + 1, refunded_amount = refunded_amount + NEW.amount
    WHERE merchant_id = NEW.merchant_id AND order_id = NEW.order_id AND id = NEW.capture_id;
END;
CREATE TRIGGER IF NOT EXISTS refunds_paid_back AFTER INSERT ON refunds BEGIN
    UPDATE orders SET
        order_refunded_amount = order_refunded_amount + CASE WHEN NEW.capture_id IS NULL THEN NEW.amount ELSE 0 END,
        credited_amount = credited_amount + NEW.credit_to_customer
    WHERE merchant_id = NEW.merchant_id AND id = NEW.order_id;
END;
CREATE TRIGGER IF NOT EXISTS captures_counted AFTER INSERT ON captures BEGIN
    UPDATE orders SET capture_count = capture_count + 1, captured_amount = captured_amount + NEW.amount
    WHERE merchant_id = NEW.merchant_id AND id = NEW.order_id;
END;

-- Campaigns exist once articles are posted to them (the document shows no creation).
CREATE TABLE IF NOT EXISTS campaigns (
    merchant_id TEXT NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
    id          TEXT NOT NULL,
    PRIMARY KEY (merchant_id, id)
);

-- Articles keep the position of their first post (seq); a repost of an id updates it in place.
CREATE TABLE IF NOT EXISTS articles (
    seq          INTEGER PRIMARY KEY,
    merchant_id  TEXT NOT NULL,
    campaign_id  TEXT NOT NULL,
    id           TEXT NOT NULL,
    name         TEXT NOT NULL,
    description  TEXT,
    url          TEXT NOT NULL,
    image_url    TEXT,
    id_folded    TEXT NOT NULL,
    id_words     TEXT NOT NULL,
    name_folded  TEXT NOT NULL,
    name_words   TEXT NOT NULL,
    UNIQUE (merchant_id, campaign_id, id),
    FOREIGN KEY (merchant_id, campaign_id) REFERENCES campaigns (merchant_id, id) ON DELETE CASCADE
);
