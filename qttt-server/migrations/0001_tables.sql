-- The tables' store, version 1. Portable SQL (SQLite and PostgreSQL):
-- BIGINT and TEXT only, no engine-specific types or defaults.

-- A teacher's class: tables created under its code are listed together.
CREATE TABLE classes (
    code TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL
);

-- A table: who plays its two seats (seat 0 plays X in odd games), its
-- clock (JSON of the clock setting), and the SHA-256 of each person
-- seat's token once someone has taken it (never the token itself).
CREATE TABLE game_tables (
    code TEXT PRIMARY KEY,
    class_code TEXT REFERENCES classes (code),
    seat0_kind TEXT NOT NULL,
    seat1_kind TEXT NOT NULL,
    clock TEXT NOT NULL,
    seat0_token_hash TEXT,
    seat1_token_hash TEXT,
    created_at BIGINT NOT NULL
);

CREATE INDEX game_tables_by_class ON game_tables (class_code);

-- The games of a table, numbered from 1 (a rematch is the next number).
-- winner is 'X', 'O' or NULL (a draw, or still going); ending is NULL
-- while the game goes on, else 'line', 'draw', 'resign' or 'time'.
CREATE TABLE games (
    table_code TEXT NOT NULL REFERENCES game_tables (code),
    game_no BIGINT NOT NULL,
    winner TEXT,
    ending TEXT,
    PRIMARY KEY (table_code, game_no)
);

-- Every accepted action: the game's record is its actions by ply (the
-- stored truth, replayed by the core when a table is loaded), with both
-- clocks in milliseconds as they stood right after the action.
CREATE TABLE actions (
    table_code TEXT NOT NULL,
    game_no BIGINT NOT NULL,
    ply BIGINT NOT NULL,
    action TEXT NOT NULL,
    x_ms BIGINT NOT NULL,
    o_ms BIGINT NOT NULL,
    PRIMARY KEY (table_code, game_no, ply),
    FOREIGN KEY (table_code, game_no) REFERENCES games (table_code, game_no)
);
