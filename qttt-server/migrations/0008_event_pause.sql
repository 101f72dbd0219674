-- Version 8: an event's pause (docs/events.md): 1 while the teacher has
-- paused it (no round starts, an arena pairs no one), 0 otherwise.
-- Portable SQL, as version 1.
ALTER TABLE events ADD COLUMN paused BIGINT NOT NULL DEFAULT 0;
