-- Version 4: the name each person seat's holder gave (docs/protocol.md:
-- trimmed, 1 to 24 characters, no control or text-direction characters),
-- NULL for none (no name given, the seat free, or a computer's seat). A
-- later join with the seat's token may change it. Portable SQL, as
-- version 1.
ALTER TABLE game_tables ADD COLUMN seat0_name TEXT;
ALTER TABLE game_tables ADD COLUMN seat1_name TEXT;
