-- Version 9: a table's pause (an event's pause pauses its games; see
-- docs/events.md): paused is 1 while the table is paused, 0 otherwise.
-- The clocks as they stood when it was paused (milliseconds, X and O),
-- and the game and ply they are of: they are the table's clocks while
-- the game is still at that ply (paused, or resumed with no action since).
-- Portable SQL, as version 1.
ALTER TABLE game_tables ADD COLUMN paused BIGINT NOT NULL DEFAULT 0;
ALTER TABLE game_tables ADD COLUMN pause_game BIGINT;
ALTER TABLE game_tables ADD COLUMN pause_ply BIGINT;
ALTER TABLE game_tables ADD COLUMN pause_x_ms BIGINT;
ALTER TABLE game_tables ADD COLUMN pause_o_ms BIGINT;
