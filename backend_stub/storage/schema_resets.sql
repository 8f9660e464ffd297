-- A reset under way (storage/fixture.py): its first transaction writes this row, its last one
-- deletes it with everything else. A server killed between the two finds the row when it opens
-- the file again and finishes the reset before it answers, so a reset is all or nothing: no
-- start finds keys deleted beside the refunds they protect, or totals beside their rows.
CREATE TABLE IF NOT EXISTS reset_under_way (
    started REAL NOT NULL  -- Unix time
);
