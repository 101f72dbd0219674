-- Version 2: a rematch offer is stored with the game it follows, so that
-- every server instance sharing the database sees it (and a restart keeps
-- it). rematch_offer is the seat (0 or 1) that offered, NULL for none.
-- Portable SQL, as version 1.
ALTER TABLE games ADD COLUMN rematch_offer BIGINT;
