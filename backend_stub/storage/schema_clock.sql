-- The sandbox's clock: how many days it runs ahead of the real one (POST /_sandbox/clock). No
-- row means none; a reset empties it like every table, which puts the clock back.
CREATE TABLE IF NOT EXISTS sandbox_clock (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    offset_days INTEGER NOT NULL CHECK (offset_days >= 0)
);
