//! The portable SQL of the stores, written once over sqlx's [`Database`]
//! so that the embedded store (SQLite) and the shared one (PostgreSQL) run
//! the very same statements. Only `BIGINT` and `TEXT`, `$n` parameters
//! (or [`QueryBuilder`]'s, each engine's own, for the statements of many rows),
//! `ON CONFLICT DO NOTHING`, `RETURNING` and row values (`(a, b) IN
//! ((..), (..))`), which both engines have.

use std::collections::HashMap;
use std::future::Future;

use qttt_events::{Accuracy, Rating};
use sqlx::{
    ColumnIndex, Database, Decode, Encode, Executor, IntoArguments, Pool, QueryBuilder, Row, Type,
    database::HasStatementCache,
};

use super::event::{
    ArenaStep, EventKind, EventOutcome, EventWrite, NewEvent, RatingChange, StoredEvent,
    StoredPairing, StoredPlayer, StoredRating, StoredRound,
};
use super::{
    GameEnd, NewTable, StoreError, StoredAction, StoredGame, StoredPause, StoredTable, Write,
    game_end, number,
};
use crate::settings::SeatKind;

/// A pool of either engine, with the statements every store shares.
#[derive(Debug)]
pub struct Sql<DB: Database> {
    /// The connections.
    pub pool: Pool<DB>,
}

impl<DB: Database> Clone for Sql<DB> {
    fn clone(&self) -> Sql<DB> {
        Sql {
            pool: self.pool.clone(),
        }
    }
}

/// The condition on `game_tables` of a table nobody joined, created before
/// the parameter `before`: no seat taken, no action in any game.
fn unjoined(before: &str) -> String {
    format!(
        "created_at < {before} AND seat0_token_hash IS NULL AND seat1_token_hash IS NULL \
         AND NOT EXISTS (SELECT 1 FROM actions WHERE actions.table_code = game_tables.code)"
    )
}

/// A change that must touch exactly one row did not: another writer got
/// there first (the game ended, the ply or the seat was taken).
fn touched(row: Option<impl Sized>, what: &str) -> Result<(), StoreError> {
    row.map(|_| ())
        .ok_or_else(|| StoreError::Conflict(what.to_owned()))
}

impl<DB> Sql<DB>
where
    DB: Database + HasStatementCache + RunBuilt,
    for<'c> &'c mut DB::Connection: Executor<'c, Database = DB>,
    for<'q> DB::Arguments<'q>: IntoArguments<'q, DB>,
    for<'q> i64: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> String: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> Option<String>: Encode<'q, DB>,
    for<'q> &'q str: Encode<'q, DB> + Type<DB>,
    for<'a> &'a str: ColumnIndex<DB::Row>,
{
    /// Applies `writes` in one transaction, all or nothing; with `notify`
    /// (a channel and payloads, PostgreSQL only) it also sends those
    /// notifications, which listeners get once the transaction commits.
    ///
    /// Writes of different tables are independent, and a table's own writes
    /// keep their order: the batch is cut into rounds (a table's first
    /// write in the batch is in the first round, its second in the second,
    /// and so on), and within a round, where each table has at most one
    /// write, writes of one kind share a statement (games that end the
    /// same way share one). A batch of N actions then costs a few
    /// statements instead of N, each statement being a round trip to the
    /// database.
    pub async fn commit(
        &self,
        writes: &[&Write],
        notify: Option<(&str, &[String])>,
    ) -> Result<(), StoreError> {
        let mut transaction = self.pool.begin().await?;
        for round in rounds(writes) {
            apply(&mut transaction, &round).await?;
        }
        if let Some((channel, payloads)) = notify {
            for payload in payloads {
                sqlx::query("SELECT pg_notify($1, $2)")
                    .bind(channel)
                    .bind(payload.as_str())
                    .execute(&mut *transaction)
                    .await?;
            }
        }
        transaction.commit().await?;
        Ok(())
    }

    /// Creates a class; `false` if the code is taken.
    pub async fn create_class(&self, code: String, created_at: i64) -> Result<bool, StoreError> {
        let row = sqlx::query(
            "INSERT INTO classes (code, created_at) VALUES ($1, $2) \
             ON CONFLICT DO NOTHING RETURNING code",
        )
        .bind(code)
        .bind(created_at)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.is_some())
    }

    /// Whether a class has this code.
    pub async fn class_exists(&self, code: String) -> Result<bool, StoreError> {
        Ok(sqlx::query("SELECT code FROM classes WHERE code = $1")
            .bind(code)
            .fetch_optional(&self.pool)
            .await?
            .is_some())
    }

    /// The codes of a class's tables, oldest first.
    pub async fn class_tables(&self, code: String) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT code FROM game_tables WHERE class_code = $1 ORDER BY created_at, code",
        )
        .bind(code)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| row.try_get("code").map_err(StoreError::from))
            .collect()
    }

    /// Creates a table and its first game; `false` if the code is taken.
    pub async fn create_table(&self, table: NewTable) -> Result<bool, StoreError> {
        let mut transaction = self.pool.begin().await?;
        let row = sqlx::query(
            "INSERT INTO game_tables (code, class_code, seat0_kind, seat1_kind, clock, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING code",
        )
        .bind(table.code.as_str())
        .bind(table.class)
        .bind(table.kinds[0].name())
        .bind(table.kinds[1].name())
        .bind(serde_json::to_string(&table.clock).expect("a clock setting serialises"))
        .bind(table.created_at)
        .fetch_optional(&mut *transaction)
        .await?;
        if row.is_none() {
            return Ok(false);
        }
        sqlx::query("INSERT INTO games (table_code, game_no) VALUES ($1, 1)")
            .bind(table.code.as_str())
            .execute(&mut *transaction)
            .await?;
        transaction.commit().await?;
        Ok(true)
    }

    /// The codes of the tables created before `created_before` that nobody
    /// joined (no seat taken, no action), oldest first.
    pub async fn unjoined_tables(&self, created_before: i64) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT code FROM game_tables WHERE {} ORDER BY created_at, code",
            unjoined("$1")
        ))
        .bind(created_before)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| row.try_get("code").map_err(StoreError::from))
            .collect()
    }

    /// Deletes a table and its game if it is still unjoined and created
    /// before `created_before`; whether it did.
    pub async fn expire_table(
        &self,
        code: String,
        created_before: i64,
    ) -> Result<bool, StoreError> {
        let mut transaction = self.pool.begin().await?;
        // The game first (it refers to the table), of a table that is
        // still unjoined: the table's delete below checks the same.
        sqlx::query(&format!(
            "DELETE FROM games WHERE table_code = $1 AND table_code IN \
             (SELECT code FROM game_tables WHERE code = $1 AND {})",
            unjoined("$2")
        ))
        .bind(code.as_str())
        .bind(created_before)
        .execute(&mut *transaction)
        .await?;
        let row = sqlx::query(&format!(
            "DELETE FROM game_tables WHERE code = $1 AND {} RETURNING code",
            unjoined("$2")
        ))
        .bind(code.as_str())
        .bind(created_before)
        .fetch_optional(&mut *transaction)
        .await?;
        if row.is_none() {
            return Ok(false);
        }
        transaction.commit().await?;
        Ok(true)
    }

    /// A table and its newest game, if the code is known.
    pub async fn load_table(&self, code: String) -> Result<Option<StoredTable>, StoreError> {
        // One statement, so one snapshot: the table, its newest game and
        // that game's actions as they stood at one moment (another
        // instance may commit between two statements).
        let rows = sqlx::query(
            "SELECT t.class_code, t.seat0_kind, t.seat1_kind, t.clock, t.seat0_token_hash, \
             t.seat1_token_hash, t.seat0_name, t.seat1_name, t.created_at, t.paused, \
             t.pause_game, t.pause_ply, t.pause_x_ms, t.pause_o_ms, \
             g.game_no, g.winner, g.ending, g.rematch_offer, a.ply, a.action, a.x_ms, a.o_ms \
             FROM game_tables t \
             LEFT JOIN games g ON g.table_code = t.code \
                 AND g.game_no = (SELECT MAX(game_no) FROM games WHERE table_code = t.code) \
             LEFT JOIN actions a ON a.table_code = g.table_code AND a.game_no = g.game_no \
             WHERE t.code = $1 ORDER BY a.ply",
        )
        .bind(code.as_str())
        .fetch_all(&self.pool)
        .await?;
        let Some(row) = rows.first() else {
            return Ok(None);
        };
        let kind = |column: &str| -> Result<SeatKind, StoreError> {
            let name: String = row.try_get(column)?;
            SeatKind::from_name(&name)
                .ok_or_else(|| StoreError::Failed(format!("unknown seat kind {name:?}")))
        };
        let clock: String = row.try_get("clock")?;
        let table = NewTable {
            class: row.try_get("class_code")?,
            kinds: [kind("seat0_kind")?, kind("seat1_kind")?],
            clock: serde_json::from_str(&clock)
                .map_err(|error| StoreError::Failed(format!("clock {clock:?}: {error}")))?,
            created_at: row.try_get("created_at")?,
            code,
        };
        let token_hashes = [
            row.try_get("seat0_token_hash")?,
            row.try_get("seat1_token_hash")?,
        ];
        let names = [row.try_get("seat0_name")?, row.try_get("seat1_name")?];
        let paused: i64 = row.try_get("paused")?;
        let pause_game: Option<i64> = row.try_get("pause_game")?;
        let pause_ply: Option<i64> = row.try_get("pause_ply")?;
        let pause_x: Option<i64> = row.try_get("pause_x_ms")?;
        let pause_o: Option<i64> = row.try_get("pause_o_ms")?;
        let pause = match (pause_game, pause_ply, pause_x, pause_o) {
            (Some(game_no), Some(plies), Some(x), Some(o)) => Some(StoredPause {
                game_no: number(game_no, "paused game")?,
                plies: number(plies, "paused ply")?,
                clocks: [x, o],
            }),
            _ => None,
        };
        let newest: Option<i64> = row.try_get("game_no")?;
        let newest = newest
            .ok_or_else(|| StoreError::Failed(format!("table {} has no game", table.code)))?;
        // A game without actions is one row without an action.
        let first_ply: Option<i64> = row.try_get("ply")?;
        let actions = if first_ply.is_some() { &rows[..] } else { &[] };
        let game = stored_game(&table.code, number(newest, "game number")?, row, actions)?;
        Ok(Some(StoredTable {
            table,
            token_hashes,
            names,
            game,
            paused: paused != 0,
            pause,
        }))
    }

    /// One game of a table.
    pub async fn load_game(
        &self,
        code: &str,
        game_no: u32,
    ) -> Result<Option<StoredGame>, StoreError> {
        let Some(row) = sqlx::query(
            "SELECT winner, ending, rematch_offer FROM games WHERE table_code = $1 AND game_no = $2",
        )
        .bind(code)
        .bind(i64::from(game_no))
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let actions = sqlx::query(
            "SELECT ply, action, x_ms, o_ms FROM actions \
             WHERE table_code = $1 AND game_no = $2 ORDER BY ply",
        )
        .bind(code)
        .bind(i64::from(game_no))
        .fetch_all(&self.pool)
        .await?;
        stored_game(code, game_no, &row, &actions).map(Some)
    }
}

/// A game from its row (`winner`, `ending`, `rematch_offer`) and its
/// actions' rows (`ply`, `action`, `x_ms`, `o_ms`, by ply), checked:
/// the plies are 0, 1, 2, ... with none missing.
fn stored_game<R>(
    code: &str,
    game_no: u32,
    game: &R,
    actions: &[R],
) -> Result<StoredGame, StoreError>
where
    R: Row,
    for<'a> &'a str: ColumnIndex<R>,
    for<'r> i64: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> String: Decode<'r, R::Database> + Type<R::Database>,
{
    let end = game_end(game.try_get("winner")?, game.try_get("ending")?)?;
    let offer: Option<i64> = game.try_get("rematch_offer")?;
    let rematch_offer = match offer {
        None => None,
        Some(seat @ 0..=1) => Some(seat as usize),
        Some(other) => {
            return Err(StoreError::Failed(format!("rematch offer by seat {other}")));
        }
    };
    let mut stored = Vec::with_capacity(actions.len());
    for (expected, row) in actions.iter().enumerate() {
        let ply: i64 = row.try_get("ply")?;
        if usize::try_from(ply).ok() != Some(expected) {
            return Err(StoreError::Failed(format!(
                "table {code} game {game_no}: ply {expected} missing"
            )));
        }
        stored.push(StoredAction {
            action: row.try_get("action")?,
            clocks: [row.try_get("x_ms")?, row.try_get("o_ms")?],
        });
    }
    Ok(StoredGame {
        game_no,
        actions: stored,
        end,
        rematch_offer,
    })
}

impl<DB> Sql<DB>
where
    DB: Database + HasStatementCache,
    for<'c> &'c mut DB::Connection: Executor<'c, Database = DB>,
    for<'q> DB::Arguments<'q>: IntoArguments<'q, DB>,
    for<'q> i64: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> String: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> Option<String>: Encode<'q, DB>,
    for<'q> Option<i64>: Encode<'q, DB>,
    for<'q> &'q str: Encode<'q, DB> + Type<DB>,
    for<'a> &'a str: ColumnIndex<DB::Row>,
{
    /// Creates an event; `false` if the code is taken.
    pub async fn create_event(&self, event: NewEvent) -> Result<bool, StoreError> {
        let (rounds, minutes) = match event.kind {
            EventKind::RoundRobin => (None, None),
            EventKind::Swiss { rounds } => (Some(i64::from(rounds)), None),
            EventKind::Arena { minutes } => (None, Some(i64::from(minutes))),
        };
        let row = sqlx::query(
            "INSERT INTO events (code, class_code, kind, rounds, minutes, settings, \
             teacher_token_hash, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
             ON CONFLICT DO NOTHING RETURNING code",
        )
        .bind(event.code)
        .bind(event.class)
        .bind(event.kind.name())
        .bind(rounds)
        .bind(minutes)
        .bind(serde_json::to_string(&event.settings).expect("event settings serialise"))
        .bind(event.teacher_token_hash)
        .bind(event.created_at)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.is_some())
    }

    /// The code of a class's newest event that has not ended, if any.
    pub async fn class_event(&self, class: String) -> Result<Option<String>, StoreError> {
        let row = sqlx::query(
            "SELECT code FROM events WHERE class_code = $1 AND ended_at IS NULL \
             ORDER BY created_at DESC, code DESC",
        )
        .bind(class)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|row| row.try_get("code").map_err(StoreError::from))
            .transpose()
    }

    /// The event a table's game belongs to, if any.
    pub async fn table_event(&self, table: String) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT event_code FROM event_pairings WHERE table_code = $1")
            .bind(table)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|row| row.try_get("event_code").map_err(StoreError::from))
            .transpose()
    }

    /// An event with its players, rounds and pairings (each pairing with
    /// how game 1 at its table ended, if it has), if the code is known.
    pub async fn load_event(&self, code: String) -> Result<Option<StoredEvent>, StoreError> {
        // One snapshot for every read (a transaction; REPEATABLE READ on
        // PostgreSQL, whose default gives each statement its own): a
        // change committed between two of the reads (a game settled, an
        // arena's step) would give a torn event that does not replay.
        let mut snapshot = self.pool.begin().await?;
        if DB::NAME == "PostgreSQL" {
            sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                .execute(&mut *snapshot)
                .await?;
        }
        let Some(row) = sqlx::query(
            "SELECT class_code, kind, rounds, minutes, settings, teacher_token_hash, \
             created_at, ended_at, paused FROM events WHERE code = $1",
        )
        .bind(code.as_str())
        .fetch_optional(&mut *snapshot)
        .await?
        else {
            return Ok(None);
        };
        let kind: String = row.try_get("kind")?;
        let length = |column: &str| -> Result<u32, StoreError> {
            let value: Option<i64> = row.try_get(column)?;
            number(value.unwrap_or(-1), column)
        };
        let kind = match kind.as_str() {
            "round_robin" => EventKind::RoundRobin,
            "swiss" => EventKind::Swiss {
                rounds: length("rounds")?,
            },
            "arena" => EventKind::Arena {
                minutes: length("minutes")?,
            },
            other => return Err(StoreError::Failed(format!("unknown event kind {other:?}"))),
        };
        let settings: String = row.try_get("settings")?;
        let event = NewEvent {
            class: row.try_get("class_code")?,
            kind,
            settings: serde_json::from_str(&settings)
                .map_err(|error| StoreError::Failed(format!("settings {settings:?}: {error}")))?,
            teacher_token_hash: row.try_get("teacher_token_hash")?,
            created_at: row.try_get("created_at")?,
            code,
        };
        let ended_at: Option<i64> = row.try_get("ended_at")?;
        let paused: i64 = row.try_get("paused")?;
        let rows = sqlx::query(
            "SELECT player_no, name, token_hash, withdrawn FROM event_players \
             WHERE event_code = $1 ORDER BY player_no",
        )
        .bind(event.code.as_str())
        .fetch_all(&mut *snapshot)
        .await?;
        let mut players = Vec::with_capacity(rows.len());
        for (expected, row) in rows.iter().enumerate() {
            let player_no: i64 = row.try_get("player_no")?;
            if usize::try_from(player_no).ok() != Some(expected) {
                return Err(StoreError::Failed(format!(
                    "event {}: player {expected} missing",
                    event.code
                )));
            }
            let withdrawn: i64 = row.try_get("withdrawn")?;
            players.push(StoredPlayer {
                name: row.try_get("name")?,
                token_hash: row.try_get("token_hash")?,
                withdrawn: withdrawn != 0,
            });
        }
        let rows = sqlx::query(
            "SELECT round_no, bye, started_at, ended_at FROM event_rounds \
             WHERE event_code = $1 ORDER BY round_no",
        )
        .bind(event.code.as_str())
        .fetch_all(&mut *snapshot)
        .await?;
        let mut rounds = Vec::with_capacity(rows.len());
        for (expected, row) in rows.iter().enumerate() {
            let round_no: i64 = row.try_get("round_no")?;
            if usize::try_from(round_no).ok() != Some(expected + 1) {
                return Err(StoreError::Failed(format!(
                    "event {}: round {} missing",
                    event.code,
                    expected + 1
                )));
            }
            let bye: Option<i64> = row.try_get("bye")?;
            rounds.push(StoredRound {
                bye: bye.map(|bye| number(bye, "bye")).transpose()?,
                started_at: row.try_get("started_at")?,
                ended_at: row.try_get("ended_at")?,
                pairings: Vec::new(),
            });
        }
        // Each game's end from game 1 at its table: while a round goes on,
        // that is where its results are.
        let rows = sqlx::query(
            "SELECT p.round_no AS round_no, p.x_player AS x_player, p.o_player AS o_player, \
             p.table_code AS table_code, p.outcome AS outcome, g.winner AS winner, \
             g.ending AS ending, p.x_actions AS x_actions, p.x_lost AS x_lost, \
             p.o_actions AS o_actions, p.o_lost AS o_lost FROM event_pairings p LEFT JOIN games g \
             ON g.table_code = p.table_code AND g.game_no = 1 \
             WHERE p.event_code = $1 ORDER BY p.round_no, p.board",
        )
        .bind(event.code.as_str())
        .fetch_all(&mut *snapshot)
        .await?;
        for row in &rows {
            let round_no: i64 = row.try_get("round_no")?;
            let round = usize::try_from(round_no - 1)
                .ok()
                .and_then(|index| rounds.get_mut(index))
                .ok_or_else(|| StoreError::Failed(format!("pairing of round {round_no}")))?;
            let outcome: Option<String> = row.try_get("outcome")?;
            let outcome = outcome
                .map(|name| {
                    EventOutcome::from_name(&name)
                        .ok_or_else(|| StoreError::Failed(format!("unknown outcome {name:?}")))
                })
                .transpose()?;
            let counts: [Option<i64>; 4] = [
                row.try_get("x_actions")?,
                row.try_get("x_lost")?,
                row.try_get("o_actions")?,
                row.try_get("o_lost")?,
            ];
            let accuracy = match counts {
                [Some(x_actions), Some(x_lost), Some(o_actions), Some(o_lost)] => Some([
                    Accuracy {
                        actions: number(x_actions, "actions")?,
                        lost_half_points: number(x_lost, "lost")?,
                    },
                    Accuracy {
                        actions: number(o_actions, "actions")?,
                        lost_half_points: number(o_lost, "lost")?,
                    },
                ]),
                _ => None,
            };
            round.pairings.push(StoredPairing {
                x: number(row.try_get("x_player")?, "player")?,
                o: number(row.try_get("o_player")?, "player")?,
                table: row.try_get("table_code")?,
                outcome,
                game_end: game_end(row.try_get("winner")?, row.try_get("ending")?)?,
                accuracy,
            });
        }
        // The players' ratings at the class, by name.
        let rows = sqlx::query(
            "SELECT r.name AS name, r.rating AS rating, r.deviation AS deviation, \
             r.volatility AS volatility, r.games AS games FROM class_ratings r \
             JOIN event_players p ON p.name = r.name \
             WHERE p.event_code = $1 AND r.class_code = $2",
        )
        .bind(event.code.as_str())
        .bind(event.class.as_str())
        .fetch_all(&mut *snapshot)
        .await?;
        let mut ratings = vec![StoredRating::default(); players.len()];
        for row in &rows {
            let name: String = row.try_get("name")?;
            let decimal = |column: &str| -> Result<f64, StoreError> {
                let text: String = row.try_get(column)?;
                text.parse()
                    .map_err(|_| StoreError::Failed(format!("{column} {text:?}")))
            };
            let stored = StoredRating {
                rating: Rating {
                    rating: decimal("rating")?,
                    deviation: decimal("deviation")?,
                    volatility: decimal("volatility")?,
                },
                games: number(row.try_get("games")?, "games")?,
            };
            if let Some(index) = players.iter().position(|p| p.name == name) {
                ratings[index] = stored;
            }
        }
        let rows = sqlx::query(
            "SELECT step_no, kind, player_no, board FROM event_steps WHERE event_code = $1 \
             ORDER BY step_no",
        )
        .bind(event.code.as_str())
        .fetch_all(&mut *snapshot)
        .await?;
        let mut steps = Vec::with_capacity(rows.len());
        for (expected, row) in rows.iter().enumerate() {
            let step_no: i64 = row.try_get("step_no")?;
            let kind: String = row.try_get("kind")?;
            let player: Option<i64> = row.try_get("player_no")?;
            let board: Option<i64> = row.try_get("board")?;
            let step = match (kind.as_str(), player, board) {
                ("join", Some(player), None) => ArenaStep::Join(number(player, "player")?),
                ("leave", Some(player), None) => ArenaStep::Leave(number(player, "player")?),
                ("finish", None, Some(board)) => ArenaStep::Finish(number(board, "board")?),
                _ => return Err(StoreError::Failed(format!("a bad arena step {kind:?}"))),
            };
            if usize::try_from(step_no).ok() != Some(expected + 1) {
                return Err(StoreError::Failed(format!(
                    "event {}: step {} missing",
                    event.code,
                    expected + 1
                )));
            }
            steps.push(step);
        }
        snapshot.commit().await?;
        Ok(Some(StoredEvent {
            event,
            ended_at,
            paused: paused != 0,
            players,
            rounds,
            ratings,
            steps,
        }))
    }

    /// Applies `writes` to events in one transaction, all or nothing.
    pub async fn write_event(&self, writes: Vec<EventWrite>) -> Result<(), StoreError> {
        let mut transaction = self.pool.begin().await?;
        for write in writes {
            event_write(&mut transaction, write).await?;
        }
        transaction.commit().await?;
        Ok(())
    }
}

/// One change to an event inside a transaction.
async fn event_write<DB>(
    transaction: &mut sqlx::Transaction<'_, DB>,
    write: EventWrite,
) -> Result<(), StoreError>
where
    DB: Database + HasStatementCache,
    for<'c> &'c mut DB::Connection: Executor<'c, Database = DB>,
    for<'q> DB::Arguments<'q>: IntoArguments<'q, DB>,
    for<'q> i64: Encode<'q, DB> + Type<DB>,
    for<'q> String: Encode<'q, DB> + Type<DB>,
    for<'q> Option<String>: Encode<'q, DB>,
    for<'q> Option<i64>: Encode<'q, DB>,
    for<'q> &'q str: Encode<'q, DB> + Type<DB>,
{
    match write {
        EventWrite::Join {
            event,
            player_no,
            name,
            token_hash,
        } => {
            // The primary key refuses a number twice, the unique key a
            // name twice: a conflict.
            sqlx::query::<DB>(
                "INSERT INTO event_players (event_code, player_no, name, token_hash, withdrawn) \
                 VALUES ($1, $2, $3, $4, 0)",
            )
            .bind(event)
            .bind(i64::from(player_no))
            .bind(name)
            .bind(token_hash)
            .execute(&mut **transaction)
            .await?;
        }
        EventWrite::Withdraw { event, player_no } => {
            let row = sqlx::query::<DB>(
                "UPDATE event_players SET withdrawn = 1 WHERE event_code = $1 \
                 AND player_no = $2 AND withdrawn = 0 RETURNING player_no",
            )
            .bind(event)
            .bind(i64::from(player_no))
            .fetch_optional(&mut **transaction)
            .await?;
            touched(row, "the player was removed already")?;
        }
        EventWrite::EndRound {
            event,
            round_no,
            outcomes,
            ended_at,
        } => {
            let row = sqlx::query::<DB>(
                "UPDATE event_rounds SET ended_at = $1 WHERE event_code = $2 \
                 AND round_no = $3 AND ended_at IS NULL RETURNING round_no",
            )
            .bind(ended_at)
            .bind(event.as_str())
            .bind(i64::from(round_no))
            .fetch_optional(&mut **transaction)
            .await?;
            touched(row, "the round has ended already")?;
            for (board, outcome) in outcomes {
                let row = sqlx::query::<DB>(
                    "UPDATE event_pairings SET outcome = $1 WHERE event_code = $2 \
                     AND round_no = $3 AND board = $4 AND outcome IS NULL RETURNING board",
                )
                .bind(outcome.name())
                .bind(event.as_str())
                .bind(i64::from(round_no))
                .bind(i64::from(board))
                .fetch_optional(&mut **transaction)
                .await?;
                touched(row, "the game's result is stored already")?;
            }
        }
        EventWrite::Settle {
            event,
            class,
            round_no,
            board,
            outcome,
            accuracy: [x, o],
            ratings,
        } => {
            let row = sqlx::query::<DB>(
                "UPDATE event_pairings SET outcome = $1, x_actions = $2, x_lost = $3, \
                 o_actions = $4, o_lost = $5 WHERE event_code = $6 AND round_no = $7 \
                 AND board = $8 AND outcome IS NULL RETURNING board",
            )
            .bind(outcome.name())
            .bind(i64::from(x.actions))
            .bind(i64::from(x.lost_half_points))
            .bind(i64::from(o.actions))
            .bind(i64::from(o.lost_half_points))
            .bind(event.as_str())
            .bind(i64::from(round_no))
            .bind(i64::from(board))
            .fetch_optional(&mut **transaction)
            .await?;
            touched(row, "the game's result is stored already")?;
            for change in ratings {
                rate(transaction, &class, change).await?;
            }
        }
        EventWrite::StartRound {
            event,
            round_no,
            bye,
            pairings,
            started_at,
        } => {
            // The primary key refuses a round twice: a conflict.
            sqlx::query::<DB>(
                "INSERT INTO event_rounds (event_code, round_no, bye, started_at) \
                 VALUES ($1, $2, $3, $4)",
            )
            .bind(event.as_str())
            .bind(i64::from(round_no))
            .bind(bye.map(i64::from))
            .bind(started_at)
            .execute(&mut **transaction)
            .await?;
            insert_pairings(transaction, &event, round_no, 1, pairings).await?;
        }
        EventWrite::AddGames {
            event,
            round_no,
            first_board,
            pairings,
        } => insert_pairings(transaction, &event, round_no, first_board, pairings).await?,
        EventWrite::Step {
            event,
            step_no,
            step,
        } => {
            let (kind, number) = step.parts();
            let (player, board) = match step {
                ArenaStep::Finish(_) => (None, Some(i64::from(number))),
                _ => (Some(i64::from(number)), None),
            };
            // The primary key refuses a step twice: a conflict.
            sqlx::query::<DB>(
                "INSERT INTO event_steps (event_code, step_no, kind, player_no, board) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(event)
            .bind(i64::from(step_no))
            .bind(kind)
            .bind(player)
            .bind(board)
            .execute(&mut **transaction)
            .await?;
        }
        EventWrite::Pause { event, paused } => {
            let row = sqlx::query::<DB>(
                "UPDATE events SET paused = $1 WHERE code = $2 AND paused = $3 RETURNING code",
            )
            .bind(i64::from(paused))
            .bind(event)
            .bind(i64::from(!paused))
            .fetch_optional(&mut **transaction)
            .await?;
            touched(row, "the event was so already")?;
        }
        EventWrite::EndEvent { event, ended_at } => {
            let row = sqlx::query::<DB>(
                "UPDATE events SET ended_at = $1 WHERE code = $2 AND ended_at IS NULL \
                 RETURNING code",
            )
            .bind(ended_at)
            .bind(event)
            .fetch_optional(&mut **transaction)
            .await?;
            touched(row, "the event has ended already")?;
        }
    }
    Ok(())
}

/// A round's games from board `first_board` on, with their tables (game 1
/// at each, both seats reserved for the players' tokens).
async fn insert_pairings<DB>(
    transaction: &mut sqlx::Transaction<'_, DB>,
    event: &str,
    round_no: u32,
    first_board: u32,
    pairings: Vec<super::event::NewPairing>,
) -> Result<(), StoreError>
where
    DB: Database + HasStatementCache,
    for<'c> &'c mut DB::Connection: Executor<'c, Database = DB>,
    for<'q> DB::Arguments<'q>: IntoArguments<'q, DB>,
    for<'q> i64: Encode<'q, DB> + Type<DB>,
    for<'q> String: Encode<'q, DB> + Type<DB>,
    for<'q> Option<String>: Encode<'q, DB>,
    for<'q> &'q str: Encode<'q, DB> + Type<DB>,
{
    for (board, pairing) in (i64::from(first_board)..).zip(pairings) {
        let table = pairing.table;
        let [hash0, hash1] = pairing.token_hashes;
        let [name0, name1] = pairing.names;
        let row = sqlx::query::<DB>(
            "INSERT INTO game_tables (code, class_code, seat0_kind, seat1_kind, clock, \
             seat0_token_hash, seat1_token_hash, seat0_name, seat1_name, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
             ON CONFLICT DO NOTHING RETURNING code",
        )
        .bind(table.code.as_str())
        .bind(table.class)
        .bind(table.kinds[0].name())
        .bind(table.kinds[1].name())
        .bind(serde_json::to_string(&table.clock).expect("a clock setting serialises"))
        .bind(hash0)
        .bind(hash1)
        .bind(name0)
        .bind(name1)
        .bind(table.created_at)
        .fetch_optional(&mut **transaction)
        .await?;
        touched(row, "a table code is taken")?;
        sqlx::query::<DB>("INSERT INTO games (table_code, game_no, plies) VALUES ($1, 1, $2)")
            .bind(table.code.as_str())
            .bind(i64::try_from(pairing.start.len()).expect("a start of at most 27 plies"))
            .execute(&mut **transaction)
            .await?;
        for (ply, action) in (0_i64..).zip(&pairing.start) {
            sqlx::query::<DB>(
                "INSERT INTO actions (table_code, game_no, ply, action, x_ms, o_ms) \
                 VALUES ($1, 1, $2, $3, $4, $5)",
            )
            .bind(table.code.as_str())
            .bind(ply)
            .bind(action.action.as_str())
            .bind(action.clocks[0])
            .bind(action.clocks[1])
            .execute(&mut **transaction)
            .await?;
        }
        sqlx::query::<DB>(
            "INSERT INTO event_pairings (event_code, round_no, board, x_player, \
             o_player, table_code) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(event)
        .bind(i64::from(round_no))
        .bind(board)
        .bind(i64::from(pairing.x))
        .bind(i64::from(pairing.o))
        .bind(table.code.as_str())
        .execute(&mut **transaction)
        .await?;
    }
    Ok(())
}

/// A player's new rating at a class: a first one inserted (the primary
/// key refuses a second: a conflict), a later one changed only where the
/// stored count of games is still the one its writer saw.
async fn rate<DB>(
    transaction: &mut sqlx::Transaction<'_, DB>,
    class: &str,
    change: RatingChange,
) -> Result<(), StoreError>
where
    DB: Database + HasStatementCache,
    for<'c> &'c mut DB::Connection: Executor<'c, Database = DB>,
    for<'q> DB::Arguments<'q>: IntoArguments<'q, DB>,
    for<'q> i64: Encode<'q, DB> + Type<DB>,
    for<'q> String: Encode<'q, DB> + Type<DB>,
    for<'q> &'q str: Encode<'q, DB> + Type<DB>,
{
    let RatingChange {
        name,
        games_before,
        after,
    } = change;
    let games = i64::from(games_before) + 1;
    let [rating, deviation, volatility] =
        [after.rating, after.deviation, after.volatility].map(|value| value.to_string());
    if games_before == 0 {
        sqlx::query::<DB>(
            "INSERT INTO class_ratings (class_code, name, rating, deviation, volatility, games) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(class)
        .bind(name)
        .bind(rating)
        .bind(deviation)
        .bind(volatility)
        .bind(games)
        .execute(&mut **transaction)
        .await?;
    } else {
        let row = sqlx::query::<DB>(
            "UPDATE class_ratings SET rating = $1, deviation = $2, volatility = $3, games = $4 \
             WHERE class_code = $5 AND name = $6 AND games = $7 RETURNING games",
        )
        .bind(rating)
        .bind(deviation)
        .bind(volatility)
        .bind(games)
        .bind(class)
        .bind(name)
        .bind(i64::from(games_before))
        .fetch_optional(&mut **transaction)
        .await?;
        touched(row, "the rating changed meanwhile")?;
    }
    Ok(())
}

/// The conflict of a change at a ply its game is no longer at (or of a
/// game that is over).
pub const PAST_PLY: &str = "the game is over or past this ply";

/// The table a write changes.
pub fn table_of(write: &Write) -> &str {
    match write {
        Write::Action { code, .. }
        | Write::End { code, .. }
        | Write::Seat { code, .. }
        | Write::Name { code, .. }
        | Write::Offer { code, .. }
        | Write::Pause { code, .. }
        | Write::NewGame { code, .. } => code,
    }
}

/// The engines that run the statements of many rows [`QueryBuilder`]
/// writes (its placeholders are each engine's own). A trait, implemented
/// for each engine, because code generic over the engine cannot run a
/// built query: the statement borrows the builder for as long as its
/// arguments live, which only the engines' own types allow.
pub trait RunBuilt: Database {
    /// Runs the statement `builder` wrote, unprepared (its text varies
    /// with the number of rows), in `transaction`; the rows it returns.
    fn run_built<'t>(
        builder: QueryBuilder<'t, Self>,
        transaction: &'t mut sqlx::Transaction<'_, Self>,
    ) -> impl Future<Output = Result<Vec<Self::Row>, sqlx::Error>> + Send + 't;
}

/// The same body for each engine: only the engine's own types can run it.
macro_rules! run_built_for {
    ($($engine:ty),*) => {$(
        impl RunBuilt for $engine {
            async fn run_built(
                mut builder: QueryBuilder<'_, Self>,
                transaction: &mut sqlx::Transaction<'_, Self>,
            ) -> Result<Vec<Self::Row>, sqlx::Error> {
                builder
                    .build()
                    .persistent(false)
                    .fetch_all(&mut **transaction)
                    .await
            }
        }
    )*};
}

run_built_for!(sqlx::Sqlite, sqlx::Postgres);

/// `writes` in rounds: each table's n-th write (in order) in round n, a
/// round's writes in the order of their tables' codes. So two instances'
/// transactions take the rows of the tables they share in one order and
/// cannot deadlock on them: both seats' rematch offers, say, written at
/// once at two instances among other tables' writes (PostgreSQL finds a
/// deadlock only after its `deadlock_timeout`, a second, and then fails one
/// of the two).
pub fn rounds<'a>(writes: &[&'a Write]) -> Vec<Vec<&'a Write>> {
    let mut rounds: Vec<Vec<&Write>> = Vec::new();
    let mut seen: HashMap<&str, usize> = HashMap::with_capacity(writes.len());
    for write in writes {
        let round = seen.entry(table_of(write)).or_insert(0);
        if *round == rounds.len() {
            rounds.push(Vec::new());
        }
        rounds[*round].push(write);
        *round += 1;
    }
    for round in &mut rounds {
        round.sort_by_key(|write| table_of(write));
    }
    rounds
}

/// A game (its table and number) at a ply.
type GameAt<'a> = (&'a str, u32, u32);

/// One round of writes (at most one per table) inside a transaction.
///
/// Each write that must find its table as its writer saw it says so in
/// its `WHERE` and fails with [`StoreError::Conflict`] when it does not:
/// with one instance that never happens (a table's task writes one change
/// at a time), with several the database decides which of two concurrent
/// changes wins. An action moves its game's count of actions on, only
/// from its own ply and while the game goes on (in PostgreSQL this locks
/// the game's row, so a concurrent change of the game waits and then finds
/// the count moved), and the primary key (table, game, ply) refuses a
/// second action at a ply; an end is made only at the ply its writer saw;
/// a seat is taken and a rematch offered only once; a name is changed only
/// while the seat holds the token it was given with.
async fn apply<DB>(
    transaction: &mut sqlx::Transaction<'_, DB>,
    round: &[&Write],
) -> Result<(), StoreError>
where
    DB: Database + HasStatementCache + RunBuilt,
    for<'c> &'c mut DB::Connection: Executor<'c, Database = DB>,
    for<'q> DB::Arguments<'q>: IntoArguments<'q, DB>,
    for<'q> i64: Encode<'q, DB> + Type<DB>,
    for<'q> String: Encode<'q, DB> + Type<DB>,
    for<'q> Option<String>: Encode<'q, DB>,
    for<'q> &'q str: Encode<'q, DB> + Type<DB>,
{
    let new_games: Vec<(&str, u32)> = round
        .iter()
        .filter_map(|write| match write {
            Write::NewGame {
                code,
                game_no,
                accepting: None,
            } => Some((code.as_str(), *game_no)),
            _ => None,
        })
        .collect();
    for write in round {
        if let Write::NewGame {
            code,
            game_no,
            accepting: Some(seat),
        } = write
        {
            // Only on the offer it accepts; the primary key refuses a game
            // twice.
            let row = sqlx::query::<DB>(
                "INSERT INTO games (table_code, game_no) SELECT $1, $2 WHERE EXISTS \
                 (SELECT 1 FROM games WHERE table_code = $1 AND game_no = $3 \
                 AND rematch_offer = $4) RETURNING game_no",
            )
            .bind(code.as_str())
            .bind(i64::from(*game_no))
            .bind(i64::from(game_no.saturating_sub(1)))
            .bind(i64::from(*seat == 1))
            .fetch_optional(&mut **transaction)
            .await?;
            touched(row, "the other seat offered no rematch")?;
        }
    }
    if !new_games.is_empty() {
        // The primary key refuses a game twice: a conflict.
        let mut insert = QueryBuilder::<DB>::new("INSERT INTO games (table_code, game_no) ");
        insert.push_values(&new_games, |mut row, (code, game_no)| {
            row.push_bind(*code).push_bind(i64::from(*game_no));
        });
        DB::run_built(insert, transaction).await?;
    }
    let actions: Vec<(&str, u32, u32, &StoredAction)> = round
        .iter()
        .filter_map(|write| match write {
            Write::Action {
                code,
                game_no,
                ply,
                action,
                ..
            } => Some((code.as_str(), *game_no, *ply, action)),
            _ => None,
        })
        .collect();
    if !actions.is_empty() {
        let mut moved = QueryBuilder::<DB>::new(
            "UPDATE games SET plies = plies + 1 WHERE ending IS NULL \
             AND NOT EXISTS (SELECT 1 FROM game_tables \
                 WHERE game_tables.code = games.table_code AND game_tables.paused = 1) \
             AND (table_code, game_no, plies) IN",
        );
        moved
            .push_tuples(&actions, |mut row, (code, game_no, ply, _)| {
                row.push_bind(*code)
                    .push_bind(i64::from(*game_no))
                    .push_bind(i64::from(*ply));
            })
            .push("RETURNING game_no");
        let rows = DB::run_built(moved, transaction).await?;
        if rows.len() != actions.len() {
            return Err(StoreError::Conflict(PAST_PLY.into()));
        }
        let mut insert = QueryBuilder::<DB>::new(
            "INSERT INTO actions (table_code, game_no, ply, action, x_ms, o_ms) ",
        );
        insert.push_values(&actions, |mut row, (code, game_no, ply, action)| {
            row.push_bind(*code)
                .push_bind(i64::from(*game_no))
                .push_bind(i64::from(*ply))
                .push_bind(action.action.as_str())
                .push_bind(action.clocks[0])
                .push_bind(action.clocks[1]);
        });
        DB::run_built(insert, transaction).await?;
    }
    // Games that end the same way share one UPDATE; each at its own ply.
    let mut ends: Vec<(GameEnd, Vec<GameAt<'_>>)> = Vec::new();
    for write in round {
        let (code, game_no, plies, end) = match write {
            Write::Action {
                code,
                game_no,
                ply,
                end: Some(end),
                ..
            } => (code, *game_no, ply + 1, end),
            Write::End {
                code,
                game_no,
                plies,
                end,
            } => (code, *game_no, *plies, end),
            Write::Seat {
                code,
                seat,
                token_hash,
                name,
            } => {
                let seat = usize::from(*seat == 1);
                let row = sqlx::query::<DB>(&format!(
                    "UPDATE game_tables SET seat{seat}_token_hash = $1, seat{seat}_name = $2 \
                     WHERE code = $3 AND seat{seat}_token_hash IS NULL RETURNING code"
                ))
                .bind(token_hash.as_str())
                .bind(name.clone())
                .bind(code.as_str())
                .fetch_optional(&mut **transaction)
                .await?;
                touched(row, "the seat is taken")?;
                continue;
            }
            Write::Name {
                code,
                seat,
                token_hash,
                name,
            } => {
                // Only while the seat is still the token's (it always is:
                // a seat's token never changes once taken).
                let seat = usize::from(*seat == 1);
                let row = sqlx::query::<DB>(&format!(
                    "UPDATE game_tables SET seat{seat}_name = $1 \
                     WHERE code = $2 AND seat{seat}_token_hash = $3 RETURNING code"
                ))
                .bind(name.as_str())
                .bind(code.as_str())
                .bind(token_hash.as_str())
                .fetch_optional(&mut **transaction)
                .await?;
                touched(row, "the seat is not this token's")?;
                continue;
            }
            Write::Offer {
                code,
                game_no,
                seat,
            } => {
                let row = sqlx::query::<DB>(
                    "UPDATE games SET rematch_offer = $1 WHERE table_code = $2 AND game_no = $3 \
                     AND ending IS NOT NULL AND rematch_offer IS NULL RETURNING game_no",
                )
                .bind(i64::from(*seat == 1))
                .bind(code.as_str())
                .bind(i64::from(*game_no))
                .fetch_optional(&mut **transaction)
                .await?;
                touched(row, "a rematch was offered already")?;
                continue;
            }
            Write::Pause { code, paused, at } => {
                if *paused {
                    // Only while the game goes on at the ply seen (in
                    // PostgreSQL this locks the game's row, as an action).
                    let row = sqlx::query::<DB>(
                        "UPDATE games SET plies = plies WHERE table_code = $1 AND game_no = $2 \
                         AND plies = $3 AND ending IS NULL RETURNING game_no",
                    )
                    .bind(code.as_str())
                    .bind(i64::from(at.game_no))
                    .bind(i64::from(at.plies))
                    .fetch_optional(&mut **transaction)
                    .await?;
                    touched(row, PAST_PLY)?;
                }
                let row = sqlx::query::<DB>(
                    "UPDATE game_tables SET paused = $1, pause_game = $2, pause_ply = $3, \
                     pause_x_ms = $4, pause_o_ms = $5 WHERE code = $6 AND paused = $7 \
                     RETURNING code",
                )
                .bind(i64::from(*paused))
                .bind(i64::from(at.game_no))
                .bind(i64::from(at.plies))
                .bind(at.clocks[0])
                .bind(at.clocks[1])
                .bind(code.as_str())
                .bind(i64::from(!*paused))
                .fetch_optional(&mut **transaction)
                .await?;
                touched(row, "the table was paused or resumed meanwhile")?;
                continue;
            }
            Write::Action { end: None, .. } | Write::NewGame { .. } => continue,
        };
        if let Write::End { code, .. } = write {
            // A game ended while paused (a resignation) ends the pause.
            sqlx::query::<DB>("UPDATE game_tables SET paused = 0 WHERE code = $1 AND paused = 1")
                .bind(code.as_str())
                .execute(&mut **transaction)
                .await?;
        }
        let game = (code.as_str(), game_no, plies);
        match ends.iter_mut().find(|(same, _)| same == end) {
            Some((_, games)) => games.push(game),
            None => ends.push((*end, vec![game])),
        }
    }
    for (end, games) in &ends {
        let mut update = QueryBuilder::<DB>::new("UPDATE games SET winner = ");
        update
            .push_bind(end.winner.map(String::from))
            .push(", ending = ")
            .push_bind(end.ending.name())
            .push(" WHERE ending IS NULL AND (table_code, game_no, plies) IN")
            .push_tuples(games, |mut row, (code, game_no, plies)| {
                row.push_bind(*code)
                    .push_bind(i64::from(*game_no))
                    .push_bind(i64::from(*plies));
            })
            .push("RETURNING game_no");
        let rows = DB::run_built(update, transaction).await?;
        if rows.len() != games.len() {
            return Err(StoreError::Conflict(PAST_PLY.into()));
        }
    }
    Ok(())
}
