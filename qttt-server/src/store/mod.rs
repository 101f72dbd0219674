//! Where tables live between actions: one small trait ([`Store`]) and its
//! two implementations, embedded on SQLite ([`SqliteStore`]) and on a
//! PostgreSQL server ([`PgStore`]).
//!
//! The record is the stored truth: a game is its actions by ply, replayed
//! by the core when a table is loaded. Every write is committed and synced
//! before its future resolves, and a table's actions are acknowledged only
//! after that. The SQL is portable (`sql`: only `BIGINT` and `TEXT`, `$n`
//! parameters) and written once for every engine sqlx has a driver for.

/// The [`Store`] methods both stores answer alike, straight from their
/// portable SQL (`self.sql`, a [`sql::Sql`]): everything but writing,
/// notices and closing, where the two differ.
macro_rules! through_sql {
    () => {
        fn create_class(
            &self,
            code: String,
            created_at: i64,
        ) -> BoxFuture<'_, Result<bool, StoreError>> {
            Box::pin(self.sql.create_class(code, created_at))
        }

        fn class_exists(&self, code: String) -> BoxFuture<'_, Result<bool, StoreError>> {
            Box::pin(self.sql.class_exists(code))
        }

        fn class_tables(&self, code: String) -> BoxFuture<'_, Result<Vec<String>, StoreError>> {
            Box::pin(self.sql.class_tables(code))
        }

        fn create_table(&self, table: NewTable) -> BoxFuture<'_, Result<bool, StoreError>> {
            Box::pin(self.sql.create_table(table))
        }

        fn load_table(
            &self,
            code: String,
        ) -> BoxFuture<'_, Result<Option<StoredTable>, StoreError>> {
            Box::pin(self.sql.load_table(code))
        }

        fn load_game(
            &self,
            code: String,
            game_no: u32,
        ) -> BoxFuture<'_, Result<Option<StoredGame>, StoreError>> {
            Box::pin(async move { self.sql.load_game(&code, game_no).await })
        }

        fn unjoined_tables(
            &self,
            created_before: i64,
        ) -> BoxFuture<'_, Result<Vec<String>, StoreError>> {
            Box::pin(self.sql.unjoined_tables(created_before))
        }

        fn expire_table(
            &self,
            code: String,
            created_before: i64,
        ) -> BoxFuture<'_, Result<bool, StoreError>> {
            Box::pin(self.sql.expire_table(code, created_before))
        }

        fn create_event(&self, event: NewEvent) -> BoxFuture<'_, Result<bool, StoreError>> {
            Box::pin(self.sql.create_event(event))
        }

        fn class_event(&self, class: String) -> BoxFuture<'_, Result<Option<String>, StoreError>> {
            Box::pin(self.sql.class_event(class))
        }

        fn load_event(
            &self,
            code: String,
        ) -> BoxFuture<'_, Result<Option<StoredEvent>, StoreError>> {
            Box::pin(self.sql.load_event(code))
        }

        fn table_event(&self, table: String) -> BoxFuture<'_, Result<Option<String>, StoreError>> {
            Box::pin(self.sql.table_event(table))
        }

        fn write_event(&self, writes: Vec<EventWrite>) -> BoxFuture<'_, Result<(), StoreError>> {
            Box::pin(self.sql.write_event(writes))
        }
    };
}

mod event;
mod group_commit;
mod migrations;
mod postgres;
mod sql;
mod sqlite;

use futures_util::future::BoxFuture;
use tokio::sync::mpsc;

pub use event::{
    ArenaStep, EventKind, EventOutcome, EventSettings, EventWrite, NewEvent, NewPairing,
    RatingChange, Scoring, StoredEvent, StoredPairing, StoredPlayer, StoredRating, StoredRound,
};
pub use postgres::PgStore;
pub use sqlite::SqliteStore;

use crate::settings::{ClockSetting, SeatKind};

/// A store's failure.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The change was not made because the table is no longer as its
    /// writer saw it: another server instance changed it first (the
    /// database decided). Nothing was written; reload and check again.
    #[error("store: conflict: {0}")]
    Conflict(String),
    /// The store failed (unreachable, full, a bad record).
    #[error("store: {0}")]
    Failed(String),
}

impl StoreError {
    /// Whether another writer got there first.
    #[must_use]
    pub fn is_conflict(&self) -> bool {
        matches!(self, StoreError::Conflict(_))
    }
}

impl From<sqlx::Error> for StoreError {
    fn from(error: sqlx::Error) -> StoreError {
        match &error {
            sqlx::Error::Database(database) if database.is_unique_violation() => {
                StoreError::Conflict(error.to_string())
            }
            _ => StoreError::Failed(error.to_string()),
        }
    }
}

impl From<sqlx::migrate::MigrateError> for StoreError {
    fn from(error: sqlx::migrate::MigrateError) -> StoreError {
        StoreError::Failed(error.to_string())
    }
}

/// A table as created.
#[derive(Clone, Debug)]
pub struct NewTable {
    /// The table's code.
    pub code: String,
    /// The class it is listed under.
    pub class: Option<String>,
    /// Who plays seat 0 and seat 1.
    pub kinds: [SeatKind; 2],
    /// The clock.
    pub clock: ClockSetting,
    /// Seconds since the Unix epoch.
    pub created_at: i64,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// `'X'`, `'O'`, or `None` for a draw.
    pub winner: Option<char>,
    /// How: the core's `Ending` (`line`, `draw`, `resign` or `time`; the
    /// server never ends a game by `forfeit`).
    pub ending: qttt::Ending,
}

/// A stored action with the clocks right after it (milliseconds, X and O).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredAction {
    /// The action's token.
    pub action: String,
    /// X's and O's time left, in milliseconds.
    pub clocks: [i64; 2],
}

/// A stored game: its actions by ply and, once over, how it ended.
#[derive(Clone, Debug)]
pub struct StoredGame {
    /// The game's number at its table (from 1).
    pub game_no: u32,
    /// The actions, ply 0 first.
    pub actions: Vec<StoredAction>,
    /// How it ended, once it has.
    pub end: Option<GameEnd>,
    /// The seat (0 or 1) that offered a rematch after it ended, if any.
    pub rematch_offer: Option<usize>,
}

/// A stored table with its newest game.
#[derive(Clone, Debug)]
pub struct StoredTable {
    /// The table as created.
    pub table: NewTable,
    /// The token hash of each seat that has been taken.
    pub token_hashes: [Option<String>; 2],
    /// The name each seat's holder gave, if any (checked by
    /// [`crate::protocol::seat_name`]).
    pub names: [Option<String>; 2],
    /// The newest game.
    pub game: StoredGame,
    /// Whether the table is paused (no clock runs, no action is taken).
    pub paused: bool,
    /// The clocks as they stood at the table's last pause, if it has been
    /// paused.
    pub pause: Option<StoredPause>,
}

/// The clocks of a table as they stood when it was paused, and the game
/// and ply they are of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoredPause {
    /// The game it was paused in.
    pub game_no: u32,
    /// The game's actions when it was paused.
    pub plies: u32,
    /// X's and O's time left then, in milliseconds.
    pub clocks: [i64; 2],
}

/// One durable change.
#[derive(Clone, Debug)]
pub enum Write {
    /// An accepted action, and the end of the game if it ended it.
    Action {
        /// The table.
        code: String,
        /// The game.
        game_no: u32,
        /// The action's ply (0 for the first).
        ply: u32,
        /// The action and the clocks after it.
        action: StoredAction,
        /// The game's end, if this action ended it.
        end: Option<GameEnd>,
    },
    /// A game ended without an action (a resignation, a flag).
    End {
        /// The table.
        code: String,
        /// The game.
        game_no: u32,
        /// The game's actions when it ended (the end is refused if
        /// another instance has stored an action meanwhile).
        plies: u32,
        /// How it ended.
        end: GameEnd,
    },
    /// A seat was taken: the hash of its new token.
    Seat {
        /// The table.
        code: String,
        /// The seat (0 or 1).
        seat: usize,
        /// The token's hash.
        token_hash: String,
        /// The name its holder gave, if any.
        name: Option<String>,
    },
    /// A taken seat's holder, back with the seat's token, gave a new name.
    Name {
        /// The table.
        code: String,
        /// The seat (0 or 1).
        seat: usize,
        /// The token hash of the seat (the name is changed only while the
        /// seat is still that token's).
        token_hash: String,
        /// The new name.
        name: String,
    },
    /// A seat offers a rematch after the game ended.
    Offer {
        /// The table.
        code: String,
        /// The game that ended.
        game_no: u32,
        /// The seat that offers (0 or 1).
        seat: usize,
    },
    /// The table is paused (refused unless its game is going on at
    /// `plies`), or resumed.
    Pause {
        /// The table.
        code: String,
        /// Paused (`true`) or resumed.
        paused: bool,
        /// The game, its actions and the clocks at the pause (kept as
        /// they are at a resumption, written anew at a pause).
        at: StoredPause,
    },
    /// A rematch: the table's next game.
    NewGame {
        /// The table.
        code: String,
        /// The new game's number.
        game_no: u32,
        /// The seat (0 or 1) whose stored offer this accepts: refused
        /// unless the game before holds that seat's offer. `None` when the
        /// other seat is the computer's, which accepts without an offer.
        accepting: Option<usize>,
    },
}

/// What another server instance sharing the store did, as its notice
/// reaches this one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// Something of this table changed that no other notice says: reload
    /// it (the relay's notice when it dropped a table's notices).
    Stored {
        /// The table.
        code: String,
    },
    /// It committed an action (ending the game or not): apply it if the
    /// table is at that ply, else reload.
    Acted {
        /// The table.
        code: String,
        /// The game.
        game_no: u32,
        /// The action's ply.
        ply: u32,
        /// The action and the clocks after it.
        action: StoredAction,
    },
    /// A seat offered a rematch after the game ended: take the offer if
    /// the table is at that game, else reload.
    Offered {
        /// The table.
        code: String,
        /// The game that ended.
        game_no: u32,
        /// The seat that offered (0 or 1).
        seat: usize,
    },
    /// A game ended off the board (a resignation or a flag): end it if
    /// the table is at that game and ply, else reload.
    Ended {
        /// The table.
        code: String,
        /// The game.
        game_no: u32,
        /// Its actions when it ended.
        plies: u32,
        /// The winner and how.
        end: GameEnd,
    },
    /// The next game started (a rematch was accepted): start it if the
    /// table is at the game before, else reload.
    Started {
        /// The table.
        code: String,
        /// The new game.
        game_no: u32,
    },
    /// A seat was taken: take it too if it is free here, else reload.
    Seated {
        /// The table.
        code: String,
        /// The seat (0 or 1).
        seat: usize,
        /// The hash of its token.
        token_hash: String,
        /// The name its holder gave, if any.
        name: Option<String>,
    },
    /// A taken seat's holder gave a new name: take it if the seat is taken
    /// here, else reload.
    Named {
        /// The table.
        code: String,
        /// The seat (0 or 1).
        seat: usize,
        /// The new name.
        name: String,
    },
    /// The table was paused or resumed: follow if this table is at the
    /// game and ply of the pause, else reload.
    Paused {
        /// The table.
        code: String,
        /// Paused (`true`) or resumed.
        paused: bool,
        /// The game, its actions and the clocks at the pause.
        at: StoredPause,
    },
    /// Its connections to a table's seats.
    Presence {
        /// The table.
        code: String,
        /// The instance (an id of its own choosing).
        instance: u64,
        /// Its connections holding seat 0 and seat 1.
        seats: [u32; 2],
        /// It has just loaded the table and asks the others for theirs.
        asking: bool,
    },
    /// Notices may have been lost (the listener reconnected): reload
    /// every table.
    Missed,
}

impl Change {
    /// The table it concerns; `None` for [`Change::Missed`] (every table).
    #[must_use]
    pub fn table(&self) -> Option<&str> {
        match self {
            Change::Stored { code }
            | Change::Acted { code, .. }
            | Change::Offered { code, .. }
            | Change::Ended { code, .. }
            | Change::Started { code, .. }
            | Change::Seated { code, .. }
            | Change::Named { code, .. }
            | Change::Paused { code, .. }
            | Change::Presence { code, .. } => Some(code),
            Change::Missed => None,
        }
    }

    /// The change a committed write tells the other instances of.
    #[must_use]
    pub fn of(write: &Write) -> Change {
        match write {
            Write::Action {
                code,
                game_no,
                ply,
                action,
                ..
            } => Change::Acted {
                code: code.clone(),
                game_no: *game_no,
                ply: *ply,
                action: action.clone(),
            },
            Write::Offer {
                code,
                game_no,
                seat,
            } => Change::Offered {
                code: code.clone(),
                game_no: *game_no,
                seat: *seat,
            },
            Write::NewGame { code, game_no, .. } => Change::Started {
                code: code.clone(),
                game_no: *game_no,
            },
            Write::End {
                code,
                game_no,
                plies,
                end,
            } => Change::Ended {
                code: code.clone(),
                game_no: *game_no,
                plies: *plies,
                end: *end,
            },
            Write::Seat {
                code,
                seat,
                token_hash,
                name,
            } => Change::Seated {
                code: code.clone(),
                seat: *seat,
                token_hash: token_hash.clone(),
                name: name.clone(),
            },
            Write::Name {
                code, seat, name, ..
            } => Change::Named {
                code: code.clone(),
                seat: *seat,
                name: name.clone(),
            },
            Write::Pause { code, paused, at } => Change::Paused {
                code: code.clone(),
                paused: *paused,
                at: *at,
            },
        }
    }

    /// The notice's text, sent by instance `from`: `FROM stored CODE`,
    /// `FROM acted CODE GAME PLY ACTION X_MS O_MS`,
    /// `FROM offered CODE GAME SEAT`, `FROM ended CODE GAME PLIES WINNER
    /// ENDING` (the winner `X`, `O` or `-`, the ending by its name),
    /// `FROM started CODE GAME`, `FROM seated CODE SEAT HASH [NAME]`,
    /// `FROM named CODE SEAT NAME` (a name last, as it may hold spaces),
    /// `FROM paused CODE 1|0 GAME PLIES X_MS O_MS` or
    /// `FROM presence CODE N0 N1 ask|tell`.
    #[must_use]
    pub fn payload(&self, from: u64) -> String {
        match self {
            Change::Stored { code } => format!("{from:016x} stored {code}"),
            Change::Acted {
                code,
                game_no,
                ply,
                action,
            } => format!(
                "{from:016x} acted {code} {game_no} {ply} {} {} {}",
                action.action, action.clocks[0], action.clocks[1]
            ),
            Change::Offered {
                code,
                game_no,
                seat,
            } => format!("{from:016x} offered {code} {game_no} {seat}"),
            Change::Ended {
                code,
                game_no,
                plies,
                end,
            } => format!(
                "{from:016x} ended {code} {game_no} {plies} {} {}",
                end.winner.unwrap_or('-'),
                end.ending.name()
            ),
            Change::Started { code, game_no } => format!("{from:016x} started {code} {game_no}"),
            Change::Seated {
                code,
                seat,
                token_hash,
                name,
            } => match name {
                Some(name) => format!("{from:016x} seated {code} {seat} {token_hash} {name}"),
                None => format!("{from:016x} seated {code} {seat} {token_hash}"),
            },
            Change::Named { code, seat, name } => {
                format!("{from:016x} named {code} {seat} {name}")
            }
            Change::Paused { code, paused, at } => format!(
                "{from:016x} paused {code} {} {} {} {} {}",
                u8::from(*paused),
                at.game_no,
                at.plies,
                at.clocks[0],
                at.clocks[1]
            ),
            Change::Presence {
                code,
                seats,
                asking,
                ..
            } => {
                let verb = if *asking { "ask" } else { "tell" };
                format!(
                    "{from:016x} presence {code} {} {} {verb}",
                    seats[0], seats[1]
                )
            }
            Change::Missed => format!("{from:016x} missed"),
        }
    }

    /// A notice's change, unless it is `own` instance's or not understood.
    #[must_use]
    pub fn parse(payload: &str, own: u64) -> Option<Change> {
        let mut words = payload.split(' ');
        let from = u64::from_str_radix(words.next()?, 16).ok()?;
        if from == own {
            return None;
        }
        let change = match (words.next()?, words.next()) {
            ("stored", Some(code)) => Change::Stored {
                code: code.to_owned(),
            },
            ("acted", Some(code)) => Change::Acted {
                code: code.to_owned(),
                game_no: words.next()?.parse().ok()?,
                ply: words.next()?.parse().ok()?,
                action: StoredAction {
                    action: words.next()?.to_owned(),
                    clocks: [words.next()?.parse().ok()?, words.next()?.parse().ok()?],
                },
            },
            ("offered", Some(code)) => Change::Offered {
                code: code.to_owned(),
                game_no: words.next()?.parse().ok()?,
                seat: seat_word(words.next()?)?,
            },
            ("ended", Some(code)) => Change::Ended {
                code: code.to_owned(),
                game_no: words.next()?.parse().ok()?,
                plies: words.next()?.parse().ok()?,
                end: {
                    let winner = Some(words.next()?).filter(|&w| w != "-");
                    let ending = words.next()?;
                    game_end(winner.map(String::from), Some(ending.to_owned())).ok()??
                },
            },
            ("started", Some(code)) => Change::Started {
                code: code.to_owned(),
                game_no: words.next()?.parse().ok()?,
            },
            // A name is the rest of the notice (it may hold spaces).
            ("seated", Some(code)) => {
                let seat = seat_word(words.next()?)?;
                let token_hash = words.next()?.to_owned();
                return Some(Change::Seated {
                    code: code.to_owned(),
                    seat,
                    token_hash,
                    name: rest(payload, 5).map(str::to_owned),
                });
            }
            ("named", Some(code)) => {
                let seat = seat_word(words.next()?)?;
                return Some(Change::Named {
                    code: code.to_owned(),
                    seat,
                    name: rest(payload, 4)?.to_owned(),
                });
            }
            ("paused", Some(code)) => Change::Paused {
                code: code.to_owned(),
                paused: match words.next()? {
                    "1" => true,
                    "0" => false,
                    _ => return None,
                },
                at: StoredPause {
                    game_no: words.next()?.parse().ok()?,
                    plies: words.next()?.parse().ok()?,
                    clocks: [words.next()?.parse().ok()?, words.next()?.parse().ok()?],
                },
            },
            ("presence", Some(code)) => Change::Presence {
                code: code.to_owned(),
                instance: from,
                seats: [words.next()?.parse().ok()?, words.next()?.parse().ok()?],
                asking: match words.next()? {
                    "ask" => true,
                    "tell" => false,
                    _ => return None,
                },
            },
            _ => return None,
        };
        words.next().is_none().then_some(change)
    }
}

/// Durable storage of classes, tables and games. All writes go through
/// [`write`](Store::write), which resolves only once the change is
/// committed and synced, and fails with [`StoreError::Conflict`] when the
/// table is no longer as the writer saw it (only when several server
/// instances share the store).
pub trait Store: Send + Sync + 'static {
    /// Creates a class; `false` if the code is taken.
    fn create_class(
        &self,
        code: String,
        created_at: i64,
    ) -> BoxFuture<'_, Result<bool, StoreError>>;
    /// Whether a class has this code.
    fn class_exists(&self, code: String) -> BoxFuture<'_, Result<bool, StoreError>>;
    /// The codes of a class's tables, oldest first.
    fn class_tables(&self, code: String) -> BoxFuture<'_, Result<Vec<String>, StoreError>>;
    /// Creates a table and its first game; `false` if the code is taken.
    fn create_table(&self, table: NewTable) -> BoxFuture<'_, Result<bool, StoreError>>;
    /// A table and its newest game, if the code is known.
    fn load_table(&self, code: String) -> BoxFuture<'_, Result<Option<StoredTable>, StoreError>>;
    /// One game of a table.
    fn load_game(
        &self,
        code: String,
        game_no: u32,
    ) -> BoxFuture<'_, Result<Option<StoredGame>, StoreError>>;
    /// The codes of the tables created before `created_before` (Unix
    /// seconds) that nobody joined: no seat taken, no action.
    fn unjoined_tables(
        &self,
        created_before: i64,
    ) -> BoxFuture<'_, Result<Vec<String>, StoreError>>;
    /// Deletes a table and its game if nobody has joined it still and it
    /// was created before `created_before`; whether it did.
    fn expire_table(
        &self,
        code: String,
        created_before: i64,
    ) -> BoxFuture<'_, Result<bool, StoreError>>;
    /// Creates an event; `false` if the code is taken.
    fn create_event(&self, event: NewEvent) -> BoxFuture<'_, Result<bool, StoreError>>;
    /// The code of a class's newest event that has not ended, if any.
    fn class_event(&self, class: String) -> BoxFuture<'_, Result<Option<String>, StoreError>>;
    /// An event with its players, rounds and pairings, each pairing with
    /// how game 1 at its table ended (if it has), if the code is known.
    fn load_event(&self, code: String) -> BoxFuture<'_, Result<Option<StoredEvent>, StoreError>>;
    /// The code of the event whose game is at this table, if any.
    fn table_event(&self, table: String) -> BoxFuture<'_, Result<Option<String>, StoreError>>;
    /// Applies changes to events in one transaction, all or nothing,
    /// committed and synced before it resolves (a round's tables are
    /// created with it). Event changes are few (a handful a round), so
    /// they commit on their own, as a table's creation does, not through
    /// the group-commit writer of the actions.
    fn write_event(&self, writes: Vec<EventWrite>) -> BoxFuture<'_, Result<(), StoreError>>;
    /// Applies a change durably.
    fn write(&self, write: Write) -> BoxFuture<'_, Result<(), StoreError>>;
    /// The other instances' changes, for a store that several server
    /// instances share (once: later calls get `None`); `None` for a store
    /// only this process writes.
    fn changes(&self) -> Option<mpsc::Receiver<Change>> {
        None
    }
    /// Tells the other instances sharing the store how many of this
    /// instance's connections hold each seat of a table (a
    /// [`Change::Presence`] with this instance's id); nothing for a store
    /// only this process uses.
    fn announce(&self, code: &str, seats: [u32; 2], asking: bool) {
        let _ = (code, seats, asking);
    }
    /// Closes the store, once every write has been answered.
    fn close(&self) -> BoxFuture<'_, ()>;
}

/// The endings a store may hold, stored by their names (`Ending::name`).
const ENDINGS: [qttt::Ending; 4] = [
    qttt::Ending::Line,
    qttt::Ending::Draw,
    qttt::Ending::Resignation,
    qttt::Ending::Time,
];

fn game_end(winner: Option<String>, ending: Option<String>) -> Result<Option<GameEnd>, StoreError> {
    let Some(ending) = ending else {
        return Ok(None);
    };
    let ending = ENDINGS
        .into_iter()
        .find(|known| known.name() == ending)
        .ok_or_else(|| StoreError::Failed(format!("unknown ending {ending:?}")))?;
    let winner = match winner.as_deref() {
        None => None,
        Some("X") => Some('X'),
        Some("O") => Some('O'),
        Some(other) => return Err(StoreError::Failed(format!("unknown winner {other:?}"))),
    };
    Ok(Some(GameEnd { winner, ending }))
}

/// A seat in a notice: `0` or `1`.
fn seat_word(word: &str) -> Option<usize> {
    match word {
        "0" => Some(0),
        "1" => Some(1),
        _ => None,
    }
}

/// What follows a notice's first `words` words, if anything does.
fn rest(payload: &str, words: usize) -> Option<&str> {
    payload
        .splitn(words + 1, ' ')
        .nth(words)
        .filter(|rest| !rest.is_empty())
}

fn number(value: i64, what: &str) -> Result<u32, StoreError> {
    u32::try_from(value).map_err(|_| StoreError::Failed(format!("{what} {value} out of range")))
}

#[cfg(test)]
mod tests {
    use super::{Change, GameEnd, StoredAction, StoredPause};

    #[test]
    fn notices_read_back_as_sent_and_an_instance_skips_its_own() {
        let changes = [
            Change::Stored {
                code: "K7QF2M".into(),
            },
            Change::Acted {
                code: "K7QF2M".into(),
                game_no: 3,
                ply: 5,
                action: StoredAction {
                    action: "@8".into(),
                    clocks: [299_000, 301_500],
                },
            },
            Change::Offered {
                code: "K7QF2M".into(),
                game_no: 3,
                seat: 1,
            },
            Change::Started {
                code: "K7QF2M".into(),
                game_no: 4,
            },
            Change::Ended {
                code: "K7QF2M".into(),
                game_no: 4,
                plies: 9,
                end: GameEnd {
                    winner: Some('O'),
                    ending: qttt::Ending::Time,
                },
            },
            Change::Ended {
                code: "K7QF2M".into(),
                game_no: 4,
                plies: 0,
                end: GameEnd {
                    winner: None,
                    ending: qttt::Ending::Draw,
                },
            },
            Change::Presence {
                code: "K7QF2M".into(),
                instance: 7,
                seats: [1, 2],
                asking: true,
            },
            Change::Seated {
                code: "K7QF2M".into(),
                seat: 1,
                token_hash: "9f86d081".into(),
                name: Some("Ada  de la Mar".into()),
            },
            Change::Seated {
                code: "K7QF2M".into(),
                seat: 0,
                token_hash: "9f86d081".into(),
                name: None,
            },
            Change::Named {
                code: "K7QF2M".into(),
                seat: 0,
                name: "Grace Hopper".into(),
            },
            Change::Paused {
                code: "K7QF2M".into(),
                paused: true,
                at: StoredPause {
                    game_no: 2,
                    plies: 6,
                    clocks: [41_000, 0],
                },
            },
            Change::Paused {
                code: "K7QF2M".into(),
                paused: false,
                at: StoredPause {
                    game_no: 1,
                    plies: 0,
                    clocks: [0, 0],
                },
            },
        ];
        for change in changes {
            let payload = change.payload(7);
            assert_eq!(Change::parse(&payload, 8), Some(change), "{payload}");
            assert_eq!(Change::parse(&payload, 7), None, "{payload}");
        }
        assert_eq!(Change::parse("0000000000000007 stored", 8), None);
        assert_eq!(Change::parse("0000000000000007 stored A B", 8), None);
        assert_eq!(Change::parse("not hex stored A", 8), None);
        assert_eq!(Change::parse("0000000000000007 offered A 3 2", 8), None);
        assert_eq!(Change::parse("0000000000000007 started A", 8), None);
        assert_eq!(
            Change::parse("0000000000000007 ended A 1 3 Z resign", 8),
            None
        );
        assert_eq!(
            Change::parse("0000000000000007 ended A 1 3 X forfeit", 8),
            None
        );
        assert_eq!(Change::parse("0000000000000007 ended A 1 3 X", 8), None);
        assert_eq!(Change::parse("0000000000000007 seated A 2 h", 8), None);
        assert_eq!(Change::parse("0000000000000007 seated A 0", 8), None);
        assert_eq!(Change::parse("0000000000000007 named A 1", 8), None);
        assert_eq!(Change::parse("0000000000000007 named A 1 ", 8), None);
        assert_eq!(
            Change::parse("0000000000000007 paused A 2 1 0 5 5", 8),
            None
        );
        assert_eq!(Change::parse("0000000000000007 paused A 1 1 0 5", 8), None);
    }
}
