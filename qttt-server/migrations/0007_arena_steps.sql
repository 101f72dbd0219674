-- Version 7: an arena's steps (docs/events.md). Portable SQL, as version 1.

-- An arena's steps, in order (from 1): a player entered ('join', at the
-- arena's start in pairing order, or when a late joiner joined), a game
-- ended ('finish', its board), a player was removed ('leave'). Replayed
-- by qttt_events::Arena, they give back every pairing made (each new
-- game is a board of round 1, in the order made) and who waits; the
-- primary key refuses a step number twice, so two writers cannot both
-- pair from one state.
CREATE TABLE event_steps (
    event_code TEXT NOT NULL REFERENCES events (code),
    step_no BIGINT NOT NULL,
    kind TEXT NOT NULL,
    player_no BIGINT,
    board BIGINT,
    PRIMARY KEY (event_code, step_no)
);
