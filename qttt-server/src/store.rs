//! Where tables live between actions: one small trait ([`Store`]) and its
//! embedded implementation on SQLite ([`SqliteStore`]).
//!
//! The record is the stored truth: a game is its actions by ply, replayed
//! by the core when a table is loaded. Every write is committed and synced
//! before its future resolves, and a table's actions are acknowledged only
//! after that. The SQL is portable (only `BIGINT` and `TEXT`, `$n`
//! parameters) so that a PostgreSQL store can share it.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::future::BoxFuture;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{QueryBuilder, Row, SqlitePool};
use tokio::sync::{mpsc, oneshot};

use crate::metrics::Metrics;
use crate::settings::{ClockSetting, SeatKind};

/// A store's failure.
#[derive(Debug, thiserror::Error)]
#[error("store: {0}")]
pub struct StoreError(String);

impl From<sqlx::Error> for StoreError {
    fn from(error: sqlx::Error) -> StoreError {
        StoreError(error.to_string())
    }
}

impl From<sqlx::migrate::MigrateError> for StoreError {
    fn from(error: sqlx::migrate::MigrateError) -> StoreError {
        StoreError(error.to_string())
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
    /// `"line"`, `"draw"`, `"resign"` or `"time"`.
    pub ending: &'static str,
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
}

/// A stored table with its newest game.
#[derive(Clone, Debug)]
pub struct StoredTable {
    /// The table as created.
    pub table: NewTable,
    /// The token hash of each seat that has been taken.
    pub token_hashes: [Option<String>; 2],
    /// The newest game.
    pub game: StoredGame,
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
    },
    /// A rematch: the table's next game.
    NewGame {
        /// The table.
        code: String,
        /// The new game's number.
        game_no: u32,
    },
}

/// Durable storage of classes, tables and games. All writes go through
/// [`write`](Store::write), which resolves only once the change is
/// committed and synced.
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
    /// Applies a change durably.
    fn write(&self, write: Write) -> BoxFuture<'_, Result<(), StoreError>>;
    /// Closes the store, once every write has been answered.
    fn close(&self) -> BoxFuture<'_, ()>;
}

/// A write waiting for the writer, with its answer.
type Pending = (Write, oneshot::Sender<Result<(), StoreError>>);

/// The most writes committed in one transaction.
const MAX_BATCH: usize = 1024;

/// The embedded store: SQLite in WAL mode with `synchronous=FULL`, so a
/// commit is on disk when it returns. One writer task commits every write
/// waiting at that moment in one transaction (group commit): durable
/// actions of many tables share one sync.
#[derive(Clone, Debug)]
pub struct SqliteStore {
    pool: SqlitePool,
    writes: mpsc::Sender<Pending>,
}

impl SqliteStore {
    /// Opens (creating if needed) the database file at `path` and brings
    /// its schema up to date.
    ///
    /// # Errors
    /// When the file cannot be opened or migrated.
    pub async fn open(path: &Path, metrics: Arc<Metrics>) -> Result<SqliteStore, StoreError> {
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10))
            // The writer checkpoints between its commits (see `writer`).
            .pragma("wal_autocheckpoint", "0");
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options)
            .await?;
        sqlx::migrate!("./migrations").run(&pool).await?;
        let (writes, queue) = mpsc::channel(4 * MAX_BATCH);
        tokio::spawn(writer(pool.clone(), queue, metrics));
        Ok(SqliteStore { pool, writes })
    }
}

/// How often the writer copies the write-ahead log into the database file.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(100);

/// Commits the waiting writes in batches, answering each.
///
/// Checkpoints (copying the log's pages into the database file and
/// syncing it) are the writer's too, between batches, after the last
/// batch's answers have gone out, at most every [`CHECKPOINT_EVERY`].
/// SQLite's automatic checkpoint would instead make the commit that takes
/// the log past 1,000 pages copy them all and sync the file before that
/// commit returns, with every write waiting behind it; a checkpoint of
/// 100 ms of writes is short. With no other writer meanwhile, each
/// checkpoint copies the whole log, so the next commit starts the log
/// afresh and the file stays small. Commits stay exactly as durable: a
/// commit is synced in the log before its answer; checkpoints only move
/// pages already synced.
async fn writer(pool: SqlitePool, mut queue: mpsc::Receiver<Pending>, metrics: Arc<Metrics>) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    let mut checkpointed = Instant::now();
    while queue.recv_many(&mut batch, MAX_BATCH).await > 0 {
        let started = Instant::now();
        let writes: Vec<&Write> = batch.iter().map(|(write, _)| write).collect();
        if commit(&pool, &writes).await.is_ok() {
            metrics.store_write(started.elapsed(), batch.len());
            for (_, answer) in batch.drain(..) {
                let _ = answer.send(Ok(()));
            }
        } else {
            // One bad write must not fail the others: commit each alone.
            for (write, answer) in batch.drain(..) {
                let started = Instant::now();
                let result = commit(&pool, &[&write]).await;
                metrics.store_write(started.elapsed(), 1);
                let _ = answer.send(result);
            }
        }
        if checkpointed.elapsed() >= CHECKPOINT_EVERY {
            if let Err(error) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
                .execute(&pool)
                .await
            {
                tracing::warn!(%error, "checkpoint failed");
            }
            checkpointed = Instant::now();
        }
    }
}

/// Commits `writes` in one transaction with one sync. Writes of different
/// tables are independent, and a table's own writes keep their order: the
/// batch is cut into rounds (a table's first write in the batch is in the
/// first round, its second in the second, and so on), and within a round,
/// where each table has at most one write, writes of one kind share a
/// statement (games that ended the same way share one). A batch of N
/// actions then costs a few statements instead of N, each statement being
/// a round trip to SQLite's thread.
async fn commit(pool: &SqlitePool, writes: &[&Write]) -> Result<(), StoreError> {
    let mut transaction = pool.begin().await?;
    for round in rounds(writes) {
        let new_games: Vec<(&str, u32)> = round
            .iter()
            .filter_map(|write| match write {
                Write::NewGame { code, game_no } => Some((code.as_str(), *game_no)),
                _ => None,
            })
            .collect();
        if !new_games.is_empty() {
            let mut insert = QueryBuilder::new("INSERT INTO games (table_code, game_no) ");
            insert.push_values(&new_games, |mut row, (code, game_no)| {
                row.push_bind(*code).push_bind(i64::from(*game_no));
            });
            insert
                .build()
                .persistent(false)
                .execute(&mut *transaction)
                .await?;
        }
        let actions: Vec<&Write> = round
            .iter()
            .copied()
            .filter(|write| matches!(write, Write::Action { .. }))
            .collect();
        if !actions.is_empty() {
            let mut insert = QueryBuilder::new(
                "INSERT INTO actions (table_code, game_no, ply, action, x_ms, o_ms) ",
            );
            insert.push_values(&actions, |mut row, write| {
                if let Write::Action {
                    code,
                    game_no,
                    ply,
                    action,
                    ..
                } = write
                {
                    row.push_bind(code.as_str())
                        .push_bind(i64::from(*game_no))
                        .push_bind(i64::from(*ply))
                        .push_bind(action.action.as_str())
                        .push_bind(action.clocks[0])
                        .push_bind(action.clocks[1]);
                }
            });
            insert
                .build()
                .persistent(false)
                .execute(&mut *transaction)
                .await?;
        }
        // Games that ended the same way share one UPDATE.
        let mut ends: Vec<(GameEnd, Vec<(&str, u32)>)> = Vec::new();
        for write in &round {
            match write {
                Write::Action {
                    code,
                    game_no,
                    end: Some(end),
                    ..
                }
                | Write::End { code, game_no, end } => {
                    let game = (code.as_str(), *game_no);
                    match ends.iter_mut().find(|(same, _)| same == end) {
                        Some((_, games)) => games.push(game),
                        None => ends.push((*end, vec![game])),
                    }
                }
                Write::Seat {
                    code,
                    seat,
                    token_hash,
                } => {
                    let column = if *seat == 0 {
                        "seat0_token_hash"
                    } else {
                        "seat1_token_hash"
                    };
                    sqlx::query(&format!(
                        "UPDATE game_tables SET {column} = $1 WHERE code = $2"
                    ))
                    .bind(token_hash)
                    .bind(code)
                    .execute(&mut *transaction)
                    .await?;
                }
                Write::Action { end: None, .. } | Write::NewGame { .. } => {}
            }
        }
        for (end, games) in &ends {
            let mut update = QueryBuilder::new("UPDATE games SET winner = ");
            update
                .push_bind(end.winner.map(String::from))
                .push(", ending = ")
                .push_bind(end.ending)
                .push(" WHERE (table_code, game_no) IN ");
            update.push_tuples(games, |mut row, (code, game_no)| {
                row.push_bind(*code).push_bind(i64::from(*game_no));
            });
            update
                .build()
                .persistent(false)
                .execute(&mut *transaction)
                .await?;
        }
    }
    transaction.commit().await?;
    Ok(())
}

/// The table a write is about.
fn table_of(write: &Write) -> &str {
    match write {
        Write::Action { code, .. }
        | Write::End { code, .. }
        | Write::Seat { code, .. }
        | Write::NewGame { code, .. } => code,
    }
}

/// `writes` in rounds: each table's n-th write (in order) in round n.
fn rounds<'a>(writes: &[&'a Write]) -> Vec<Vec<&'a Write>> {
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
    rounds
}

/// The endings a store may hold.
const ENDINGS: [&str; 4] = ["line", "draw", "resign", "time"];

fn game_end(winner: Option<String>, ending: Option<String>) -> Result<Option<GameEnd>, StoreError> {
    let Some(ending) = ending else {
        return Ok(None);
    };
    let ending = ENDINGS
        .into_iter()
        .find(|known| *known == ending)
        .ok_or_else(|| StoreError(format!("unknown ending {ending:?}")))?;
    let winner = match winner.as_deref() {
        None => None,
        Some("X") => Some('X'),
        Some("O") => Some('O'),
        Some(other) => return Err(StoreError(format!("unknown winner {other:?}"))),
    };
    Ok(Some(GameEnd { winner, ending }))
}

fn number(value: i64, what: &str) -> Result<u32, StoreError> {
    u32::try_from(value).map_err(|_| StoreError(format!("{what} {value} out of range")))
}

impl SqliteStore {
    async fn game(&self, code: &str, game_no: u32) -> Result<Option<StoredGame>, StoreError> {
        let Some(row) =
            sqlx::query("SELECT winner, ending FROM games WHERE table_code = $1 AND game_no = $2")
                .bind(code)
                .bind(i64::from(game_no))
                .fetch_optional(&self.pool)
                .await?
        else {
            return Ok(None);
        };
        let end = game_end(row.try_get("winner")?, row.try_get("ending")?)?;
        let rows = sqlx::query(
            "SELECT ply, action, x_ms, o_ms FROM actions \
             WHERE table_code = $1 AND game_no = $2 ORDER BY ply",
        )
        .bind(code)
        .bind(i64::from(game_no))
        .fetch_all(&self.pool)
        .await?;
        let mut actions = Vec::with_capacity(rows.len());
        for (expected, row) in rows.iter().enumerate() {
            let ply: i64 = row.try_get("ply")?;
            if usize::try_from(ply).ok() != Some(expected) {
                return Err(StoreError(format!(
                    "table {code} game {game_no}: ply {expected} missing"
                )));
            }
            actions.push(StoredAction {
                action: row.try_get("action")?,
                clocks: [row.try_get("x_ms")?, row.try_get("o_ms")?],
            });
        }
        Ok(Some(StoredGame {
            game_no,
            actions,
            end,
        }))
    }
}

impl Store for SqliteStore {
    fn create_class(
        &self,
        code: String,
        created_at: i64,
    ) -> BoxFuture<'_, Result<bool, StoreError>> {
        Box::pin(async move {
            let done = sqlx::query(
                "INSERT INTO classes (code, created_at) VALUES ($1, $2) ON CONFLICT DO NOTHING",
            )
            .bind(code)
            .bind(created_at)
            .execute(&self.pool)
            .await?;
            Ok(done.rows_affected() == 1)
        })
    }

    fn class_exists(&self, code: String) -> BoxFuture<'_, Result<bool, StoreError>> {
        Box::pin(async move {
            Ok(sqlx::query("SELECT code FROM classes WHERE code = $1")
                .bind(code)
                .fetch_optional(&self.pool)
                .await?
                .is_some())
        })
    }

    fn class_tables(&self, code: String) -> BoxFuture<'_, Result<Vec<String>, StoreError>> {
        Box::pin(async move {
            let rows = sqlx::query(
                "SELECT code FROM game_tables WHERE class_code = $1 ORDER BY created_at, code",
            )
            .bind(code)
            .fetch_all(&self.pool)
            .await?;
            rows.iter()
                .map(|row| row.try_get("code").map_err(StoreError::from))
                .collect()
        })
    }

    fn create_table(&self, table: NewTable) -> BoxFuture<'_, Result<bool, StoreError>> {
        Box::pin(async move {
            let mut transaction = self.pool.begin().await?;
            let done = sqlx::query(
                "INSERT INTO game_tables (code, class_code, seat0_kind, seat1_kind, clock, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
            )
            .bind(&table.code)
            .bind(&table.class)
            .bind(table.kinds[0].name())
            .bind(table.kinds[1].name())
            .bind(serde_json::to_string(&table.clock).expect("a clock setting serialises"))
            .bind(table.created_at)
            .execute(&mut *transaction)
            .await?;
            if done.rows_affected() != 1 {
                return Ok(false);
            }
            sqlx::query("INSERT INTO games (table_code, game_no) VALUES ($1, 1)")
                .bind(&table.code)
                .execute(&mut *transaction)
                .await?;
            transaction.commit().await?;
            Ok(true)
        })
    }

    fn load_table(&self, code: String) -> BoxFuture<'_, Result<Option<StoredTable>, StoreError>> {
        Box::pin(async move {
            let Some(row) = sqlx::query(
                "SELECT class_code, seat0_kind, seat1_kind, clock, seat0_token_hash, \
                 seat1_token_hash, created_at FROM game_tables WHERE code = $1",
            )
            .bind(&code)
            .fetch_optional(&self.pool)
            .await?
            else {
                return Ok(None);
            };
            let kind = |column: &str| -> Result<SeatKind, StoreError> {
                let name: String = row.try_get(column)?;
                SeatKind::from_name(&name)
                    .ok_or_else(|| StoreError(format!("unknown seat kind {name:?}")))
            };
            let clock: String = row.try_get("clock")?;
            let table = NewTable {
                class: row.try_get("class_code")?,
                kinds: [kind("seat0_kind")?, kind("seat1_kind")?],
                clock: serde_json::from_str(&clock)
                    .map_err(|error| StoreError(format!("clock {clock:?}: {error}")))?,
                created_at: row.try_get("created_at")?,
                code,
            };
            let token_hashes = [
                row.try_get("seat0_token_hash")?,
                row.try_get("seat1_token_hash")?,
            ];
            let newest: i64 =
                sqlx::query_scalar("SELECT MAX(game_no) FROM games WHERE table_code = $1")
                    .bind(&table.code)
                    .fetch_one(&self.pool)
                    .await?;
            let game = self
                .game(&table.code, number(newest, "game number")?)
                .await?
                .ok_or_else(|| StoreError(format!("table {} has no game", table.code)))?;
            Ok(Some(StoredTable {
                table,
                token_hashes,
                game,
            }))
        })
    }

    fn load_game(
        &self,
        code: String,
        game_no: u32,
    ) -> BoxFuture<'_, Result<Option<StoredGame>, StoreError>> {
        Box::pin(async move { self.game(&code, game_no).await })
    }

    fn write(&self, write: Write) -> BoxFuture<'_, Result<(), StoreError>> {
        Box::pin(async move {
            let (answer, answered) = oneshot::channel();
            self.writes
                .send((write, answer))
                .await
                .map_err(|_| StoreError("the writer has stopped".into()))?;
            answered
                .await
                .map_err(|_| StoreError("the writer has stopped".into()))?
        })
    }

    fn close(&self) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            // Called once no table is left to write: every write has been
            // answered, so closing the pool loses nothing.
            self.pool.close().await;
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn action(code: &str, game_no: u32, ply: u32, token: &str) -> Write {
        Write::Action {
            code: code.into(),
            game_no,
            ply,
            action: StoredAction {
                action: token.into(),
                clocks: [0, 0],
            },
            end: None,
        }
    }

    fn ended(mut write: Write, game_end: GameEnd) -> Write {
        if let Write::Action { end, .. } = &mut write {
            *end = Some(game_end);
        }
        write
    }

    fn new_table(code: &str) -> NewTable {
        NewTable {
            code: code.into(),
            class: None,
            kinds: [SeatKind::Person; 2],
            clock: ClockSetting::None,
            created_at: 0,
        }
    }

    fn tokens(game: &StoredGame) -> Vec<&str> {
        game.actions.iter().map(|a| a.action.as_str()).collect()
    }

    #[test]
    fn rounds_keep_each_tables_order() {
        let a0 = action("A", 1, 0, "12");
        let a1 = Write::NewGame {
            code: "A".into(),
            game_no: 2,
        };
        let b0 = action("B", 1, 0, "34");
        let a2 = action("A", 2, 0, "56");
        let b1 = action("B", 1, 1, "78");
        let writes = [&a0, &b0, &a1, &b1, &a2];
        let rounds = rounds(&writes);
        let codes: Vec<Vec<&str>> = rounds
            .iter()
            .map(|round| round.iter().map(|write| table_of(write)).collect())
            .collect();
        assert_eq!(codes, [vec!["A", "B"], vec!["A", "B"], vec!["A"]]);
        assert!(std::ptr::eq(rounds[1][0], &a1));
        assert!(std::ptr::eq(rounds[2][0], &a2));
    }

    #[tokio::test]
    async fn a_batch_with_several_writes_per_table_commits_them_in_order() {
        let dir = tempfile::tempdir().unwrap();
        let metrics = Arc::new(Metrics::default());
        let store = SqliteStore::open(&dir.path().join("t.db"), Arc::clone(&metrics))
            .await
            .unwrap();
        for code in ["A", "B", "C"] {
            assert!(store.create_table(new_table(code)).await.unwrap());
        }
        // Two games that end the same way in one batch, a third another way.
        let line = GameEnd {
            winner: Some('X'),
            ending: "line",
        };
        let resigned = GameEnd {
            winner: Some('O'),
            ending: "resign",
        };
        let writes = [
            action("A", 1, 0, "12"),
            action("B", 1, 0, "34"),
            Write::End {
                code: "A".into(),
                game_no: 1,
                end: resigned,
            },
            ended(action("B", 1, 1, "78"), line),
            ended(action("C", 1, 0, "19"), line),
            Write::NewGame {
                code: "A".into(),
                game_no: 2,
            },
            action("A", 2, 0, "56"),
        ];
        // Sent at once, so that the writer finds them waiting together.
        let results =
            futures_util::future::join_all(writes.into_iter().map(|w| store.write(w))).await;
        assert!(results.iter().all(Result::is_ok), "{results:?}");
        // One commit (the test's runtime has one thread: the writer ran
        // only once every write was waiting).
        assert!(
            metrics
                .render()
                .contains("qttt_store_commit_seconds_count 1\n")
        );
        let a = store.load_table("A".into()).await.unwrap().unwrap();
        assert_eq!(
            (a.game.game_no, tokens(&a.game), a.game.end),
            (2, vec!["56"], None)
        );
        let first = store.load_game("A".into(), 1).await.unwrap().unwrap();
        assert_eq!((tokens(&first), first.end), (vec!["12"], Some(resigned)));
        let b = store.load_table("B".into()).await.unwrap().unwrap();
        assert_eq!(
            (tokens(&b.game), b.game.end),
            (vec!["34", "78"], Some(line))
        );
        let c = store.load_table("C".into()).await.unwrap().unwrap();
        assert_eq!((tokens(&c.game), c.game.end), (vec!["19"], Some(line)));
    }

    #[tokio::test]
    async fn a_bad_write_fails_alone() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(&dir.path().join("t.db"), Arc::default())
            .await
            .unwrap();
        assert!(store.create_table(new_table("A")).await.unwrap());
        // The second repeats a ply: the primary key refuses it, not the first.
        let writes = [action("A", 1, 0, "12"), action("A", 1, 0, "34")];
        let results =
            futures_util::future::join_all(writes.into_iter().map(|w| store.write(w))).await;
        assert!(results[0].is_ok() && results[1].is_err(), "{results:?}");
        let a = store.load_table("A".into()).await.unwrap().unwrap();
        assert_eq!(tokens(&a.game), ["12"]);
    }
}
