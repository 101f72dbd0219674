-- Version 5: events at a class (docs/events.md): a round robin, a Swiss
-- of N rounds or an arena of M minutes, its players, rounds, pairings
-- and results, kept with the tables. Portable SQL, as version 1.

-- An event: its kind ('round_robin', 'swiss' with rounds, 'arena' with
-- minutes), its settings (JSON: the clock of its games, the scoring),
-- the SHA-256 of the teacher's token (never the token itself), and when
-- it ended (NULL while it goes on).
CREATE TABLE events (
    code TEXT PRIMARY KEY,
    class_code TEXT NOT NULL REFERENCES classes (code),
    kind TEXT NOT NULL,
    rounds BIGINT,
    minutes BIGINT,
    settings TEXT NOT NULL,
    teacher_token_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    ended_at BIGINT
);

CREATE INDEX events_by_class ON events (class_code);

-- An event's players by pairing number (from 0, in the order they
-- joined): the name given, the SHA-256 of the player's token, and 1 once
-- the teacher removed them (0 before).
CREATE TABLE event_players (
    event_code TEXT NOT NULL REFERENCES events (code),
    player_no BIGINT NOT NULL,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    withdrawn BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (event_code, player_no),
    UNIQUE (event_code, name)
);

-- An event's rounds, numbered from 1: the player with the bye (NULL for
-- none), when it started and when it ended (NULL while it goes on).
CREATE TABLE event_rounds (
    event_code TEXT NOT NULL REFERENCES events (code),
    round_no BIGINT NOT NULL,
    bye BIGINT,
    started_at BIGINT NOT NULL,
    ended_at BIGINT,
    PRIMARY KEY (event_code, round_no)
);

-- A round's games by board (from 1): the players with X and O (seat 0
-- and seat 1 of game 1 at the table), the table the game is at, and its
-- result once the round ended: 'x', 'o', 'draw', or 'unfinished' (the
-- round was ended before the game, which then scores as a draw). While
-- the round goes on the result is the table's game 1 (games).
CREATE TABLE event_pairings (
    event_code TEXT NOT NULL,
    round_no BIGINT NOT NULL,
    board BIGINT NOT NULL,
    x_player BIGINT NOT NULL,
    o_player BIGINT NOT NULL,
    table_code TEXT NOT NULL REFERENCES game_tables (code),
    outcome TEXT,
    PRIMARY KEY (event_code, round_no, board),
    FOREIGN KEY (event_code, round_no) REFERENCES event_rounds (event_code, round_no)
);
