//! What the store keeps of an event at a class (`docs/events.md`): the
//! event as created, its players, rounds and pairings, and the changes
//! made to it ([`EventWrite`]), each committed before anyone is told.

use qttt_events::{Accuracy, Rating};
use serde::{Deserialize, Serialize};

use super::{GameEnd, NewTable};
use crate::settings::ClockSetting;

/// What kind of event, with its length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// Every pair once (Berger's tables).
    RoundRobin,
    /// A Swiss tournament of this many rounds.
    Swiss {
        /// The rounds (1 to 99).
        rounds: u32,
    },
    /// An arena of this many minutes.
    Arena {
        /// The minutes (1 to 1440).
        minutes: u32,
    },
}

impl EventKind {
    /// The stable name: `round_robin`, `swiss` or `arena`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            EventKind::RoundRobin => "round_robin",
            EventKind::Swiss { .. } => "swiss",
            EventKind::Arena { .. } => "arena",
        }
    }
}

/// How an event's games are scored in its standings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scoring {
    /// 1 point a win (and a bye), ½ a draw, 0 a loss.
    #[default]
    Standard,
}

/// An event's settings: the clock of every game, the scoring.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventSettings {
    /// The clock of each of its tables.
    pub clock: ClockSetting,
    /// The scoring.
    pub scoring: Scoring,
    /// The record every table of the event starts from (a puzzle or a
    /// lesson's position), if not the empty board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
}

/// An event as created.
#[derive(Clone, Debug)]
pub struct NewEvent {
    /// The event's code.
    pub code: String,
    /// The class it is held at.
    pub class: String,
    /// Its kind and length.
    pub kind: EventKind,
    /// Its settings.
    pub settings: EventSettings,
    /// The SHA-256 of the teacher's token.
    pub teacher_token_hash: String,
    /// Seconds since the Unix epoch.
    pub created_at: i64,
}

/// How a game of an event ended, as the event counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventOutcome {
    /// X won.
    X,
    /// O won.
    O,
    /// A draw.
    Draw,
    /// The round was ended before the game: scored as a draw.
    Unfinished,
}

impl EventOutcome {
    /// The stable name: `x`, `o`, `draw` or `unfinished`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            EventOutcome::X => "x",
            EventOutcome::O => "o",
            EventOutcome::Draw => "draw",
            EventOutcome::Unfinished => "unfinished",
        }
    }

    /// The outcome of this name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<EventOutcome> {
        [
            EventOutcome::X,
            EventOutcome::O,
            EventOutcome::Draw,
            EventOutcome::Unfinished,
        ]
        .into_iter()
        .find(|outcome| outcome.name() == name)
    }

    /// The outcome of a finished game (seat 0 played X in game 1).
    #[must_use]
    pub fn of_game(end: GameEnd) -> EventOutcome {
        match end.winner {
            Some('X') => EventOutcome::X,
            Some(_) => EventOutcome::O,
            None => EventOutcome::Draw,
        }
    }
}

/// A player of a stored event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredPlayer {
    /// The name given.
    pub name: String,
    /// The SHA-256 of the player's token.
    pub token_hash: String,
    /// Whether the teacher removed the player.
    pub withdrawn: bool,
}

/// A game of a stored round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredPairing {
    /// The pairing number of the player with X.
    pub x: u32,
    /// The pairing number of the player with O.
    pub o: u32,
    /// The table the game is at (game 1 there).
    pub table: String,
    /// The result stored for it: once the game was settled (its end
    /// seen, reviewed and rated), or at its round's end.
    pub outcome: Option<EventOutcome>,
    /// How game 1 at the table ended, once it has.
    pub game_end: Option<GameEnd>,
    /// What X's and O's actions lost by the game's review, once settled
    /// (`None` for a game that was not reviewed: unfinished).
    pub accuracy: Option<[Accuracy; 2]>,
}

/// A player's Glicko-2 rating at the class, as stored (by default a new
/// player's).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StoredRating {
    /// The rating (a new player's when `games` is 0).
    pub rating: Rating,
    /// The rated games that made it.
    pub games: u32,
}

/// A player's new rating after a rated game.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingChange {
    /// The player's name (a class's ratings are by name).
    pub name: String,
    /// The rated games the writer saw (the change is refused as a
    /// conflict if another changed the rating meanwhile).
    pub games_before: u32,
    /// The new rating.
    pub after: Rating,
}

/// A stored round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredRound {
    /// The pairing number of the player with the bye, if any.
    pub bye: Option<u32>,
    /// Seconds since the Unix epoch.
    pub started_at: i64,
    /// When it ended, once it has.
    pub ended_at: Option<i64>,
    /// Its games, board 1 first.
    pub pairings: Vec<StoredPairing>,
}

/// An event as stored: as created, and all that happened since.
#[derive(Clone, Debug)]
pub struct StoredEvent {
    /// The event as created.
    pub event: NewEvent,
    /// When it ended, once it has.
    pub ended_at: Option<i64>,
    /// Whether the teacher has paused it.
    pub paused: bool,
    /// The players, by pairing number.
    pub players: Vec<StoredPlayer>,
    /// The rounds, round 1 first.
    pub rounds: Vec<StoredRound>,
    /// Each player's rating at the class (by its name), by pairing number.
    pub ratings: Vec<StoredRating>,
    /// An arena's steps, in order (none for another kind).
    pub steps: Vec<ArenaStep>,
}

/// One step of an arena, replayed by `qttt_events::Arena` in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArenaStep {
    /// The player (a pairing number) entered the arena.
    Join(u32),
    /// The game of this board (from 1) ended, with its settled result.
    Finish(u32),
    /// The player was removed (at once if waiting, else after its game).
    Leave(u32),
}

impl ArenaStep {
    /// The stored kind (`join`, `finish` or `leave`) and number.
    #[must_use]
    pub const fn parts(self) -> (&'static str, u32) {
        match self {
            ArenaStep::Join(player) => ("join", player),
            ArenaStep::Finish(board) => ("finish", board),
            ArenaStep::Leave(player) => ("leave", player),
        }
    }
}

/// A game of a round being started: its players and its new table, whose
/// seats are reserved for the two players' tokens.
#[derive(Clone, Debug)]
pub struct NewPairing {
    /// The pairing number of the player with X (seat 0).
    pub x: u32,
    /// The pairing number of the player with O (seat 1).
    pub o: u32,
    /// The table to create.
    pub table: NewTable,
    /// The token hashes of seat 0 and seat 1 (the players' event tokens).
    pub token_hashes: [String; 2],
    /// The names of seat 0 and seat 1 (the players' names).
    pub names: [String; 2],
    /// The actions game 1 starts with (the event's start position), each
    /// with both clocks full.
    pub start: Vec<super::StoredAction>,
}

/// One durable change to an event. Several are committed together, all
/// or nothing ([`Store::write_event`](super::Store::write_event)); each
/// that must find the event as its writer saw it fails with
/// [`StoreError::Conflict`](super::StoreError::Conflict) otherwise.
#[derive(Clone, Debug)]
pub enum EventWrite {
    /// A player joined (refused if the number or the name is taken).
    Join {
        /// The event.
        event: String,
        /// The new player's pairing number.
        player_no: u32,
        /// The name given.
        name: String,
        /// The SHA-256 of the player's token.
        token_hash: String,
    },
    /// The teacher removed a player (refused if removed already).
    Withdraw {
        /// The event.
        event: String,
        /// The player.
        player_no: u32,
    },
    /// A round ended: the results of its games not settled (refused if it
    /// had ended, or if a game's result is stored already).
    EndRound {
        /// The event.
        event: String,
        /// The round (from 1).
        round_no: u32,
        /// The boards (from 1) whose games were not settled, and their
        /// results (`unfinished`).
        outcomes: Vec<(u32, EventOutcome)>,
        /// Seconds since the Unix epoch.
        ended_at: i64,
    },
    /// A round started: its tables are created with it (refused if the
    /// round exists, or a table's code is taken).
    StartRound {
        /// The event.
        event: String,
        /// The round (from 1).
        round_no: u32,
        /// The player with the bye, if any.
        bye: Option<u32>,
        /// Its games, board 1 first.
        pairings: Vec<NewPairing>,
        /// Seconds since the Unix epoch.
        started_at: i64,
    },
    /// A finished game's result, its accuracy and the players' new
    /// ratings, stored together (refused if its result is stored already,
    /// or a rating changed meanwhile).
    Settle {
        /// The event.
        event: String,
        /// The event's class (whose ratings change).
        class: String,
        /// The round (from 1).
        round_no: u32,
        /// The board (from 1).
        board: u32,
        /// The result.
        outcome: EventOutcome,
        /// What X's and O's actions lost by the game's review.
        accuracy: [Accuracy; 2],
        /// The new ratings of the two players.
        ratings: Vec<RatingChange>,
    },
    /// Games of an arena paired after its start: new boards of round 1,
    /// their tables created with them (refused if a board exists, or a
    /// table's code is taken).
    AddGames {
        /// The event.
        event: String,
        /// The round (1).
        round_no: u32,
        /// The first new board (from 1).
        first_board: u32,
        /// The games, in the order paired.
        pairings: Vec<NewPairing>,
    },
    /// An arena's step (refused if its number is taken: another writer
    /// changed the arena first).
    Step {
        /// The event.
        event: String,
        /// The step's number (from 1).
        step_no: u32,
        /// The step.
        step: ArenaStep,
    },
    /// The teacher paused the event, or resumed it (refused if it was
    /// so already).
    Pause {
        /// The event.
        event: String,
        /// Paused (`true`) or resumed.
        paused: bool,
    },
    /// The teacher ended the event (refused if it had ended).
    EndEvent {
        /// The event.
        event: String,
        /// Seconds since the Unix epoch.
        ended_at: i64,
    },
}
