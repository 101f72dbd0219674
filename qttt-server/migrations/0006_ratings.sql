-- Version 6: each event game's accuracy, and the class's Glicko-2
-- ratings (docs/events.md). Portable SQL, as version 1: BIGINT and TEXT.

-- A game's result is stored once it is known (settled), no longer only at
-- its round's end, with what each side's actions lost under perfect play
-- by the core's review: the number of the side's actions and the half
-- points they lost in all (NULL for a game not reviewed: unfinished).
ALTER TABLE event_pairings ADD COLUMN x_actions BIGINT;
ALTER TABLE event_pairings ADD COLUMN x_lost BIGINT;
ALTER TABLE event_pairings ADD COLUMN o_actions BIGINT;
ALTER TABLE event_pairings ADD COLUMN o_lost BIGINT;

-- A class's Glicko-2 ratings, one per player's name (no accounts: the
-- same name at the same class is the same player, event after event).
-- rating, deviation and volatility are decimal text (Rust's shortest
-- form that reads back exactly); games counts the rated games, and each
-- change is made only where it is still the count its writer saw. A name
-- without a row has a new player's rating (1500, 350, 0.06).
CREATE TABLE class_ratings (
    class_code TEXT NOT NULL REFERENCES classes (code),
    name TEXT NOT NULL,
    rating TEXT NOT NULL,
    deviation TEXT NOT NULL,
    volatility TEXT NOT NULL,
    games BIGINT NOT NULL,
    PRIMARY KEY (class_code, name)
);
