-- Version 3: each game counts its actions, so that a change can say in
-- its WHERE at which ply it saw the game. Two server instances sharing
-- the database then cannot both change one game at one ply: an action
-- moves the count on (and the primary key of actions refuses a second
-- action at a ply), and an end (a resignation, a flag) at ply n is
-- refused once an action has moved the game past n. Portable SQL.
ALTER TABLE games ADD COLUMN plies BIGINT NOT NULL DEFAULT 0;
UPDATE games SET plies = (
    SELECT COUNT(*) FROM actions
    WHERE actions.table_code = games.table_code AND actions.game_no = games.game_no
);
