//! The embedded store: SQLite in one file, with one group-commit writer.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::future::BoxFuture;
use sqlx::Sqlite;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};

use super::group_commit::{Committer, Writer};
use super::sql::Sql;
use super::{
    EventWrite, NewEvent, NewTable, Store, StoreError, StoredEvent, StoredGame, StoredTable, Write,
};
use crate::metrics::Metrics;

/// The embedded store: SQLite in WAL mode with `synchronous=FULL`, so a
/// commit is on disk when it returns. One writer task commits every write
/// waiting at that moment in one transaction (group commit, see
/// `group_commit`): durable actions of many tables share one sync.
#[derive(Clone, Debug)]
pub struct SqliteStore {
    sql: Sql<Sqlite>,
    writer: Writer,
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
        super::migrations::migrator().run(&pool).await?;
        let sql = Sql { pool };
        // One lane: SQLite has one writer at a time.
        let writer = Writer::start(
            [Checkpointing {
                sql: sql.clone(),
                checkpointed: Instant::now(),
            }],
            &metrics,
        );
        Ok(SqliteStore { sql, writer })
    }
}

/// How often the writer copies the write-ahead log into the database file.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(100);

/// The embedded store's commits, with checkpoints between them.
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
struct Checkpointing {
    sql: Sql<Sqlite>,
    checkpointed: Instant,
}

impl Committer for Checkpointing {
    fn commit<'a>(&'a mut self, writes: &'a [&'a Write]) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(self.sql.commit(writes, None))
    }

    fn after_batch(&mut self) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            if self.checkpointed.elapsed() < CHECKPOINT_EVERY {
                return;
            }
            if let Err(error) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
                .execute(&self.sql.pool)
                .await
            {
                tracing::warn!(%error, "checkpoint failed");
            }
            self.checkpointed = Instant::now();
        })
    }
}

impl Store for SqliteStore {
    through_sql!();

    fn write(&self, write: Write) -> BoxFuture<'_, Result<(), StoreError>> {
        Box::pin(self.writer.write(write))
    }

    fn close(&self) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            // Called once no table is left to write: every write has been
            // answered, so closing the pool loses nothing.
            self.sql.pool.close().await;
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::sql::{rounds, table_of};
    use super::super::{GameEnd, StoredAction};
    use super::*;
    use crate::settings::{ClockSetting, SeatKind};

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

    /// Game 1 of table `code` ended at `plies` by a resignation, `winner`
    /// winning: the write and the end.
    fn resigned(code: &str, plies: u32, winner: char) -> (Write, GameEnd) {
        let end = GameEnd {
            winner: Some(winner),
            ending: qttt::Ending::Resignation,
        };
        let write = Write::End {
            code: code.into(),
            game_no: 1,
            plies,
            end,
        };
        (write, end)
    }

    fn tokens(game: &StoredGame) -> Vec<&str> {
        game.actions.iter().map(|a| a.action.as_str()).collect()
    }

    #[test]
    fn rounds_keep_each_tables_order_and_go_by_code() {
        let a0 = action("A", 1, 0, "12");
        let a1 = Write::NewGame {
            code: "A".into(),
            game_no: 2,
            accepting: None,
        };
        let b0 = action("B", 1, 0, "34");
        let a2 = action("A", 2, 0, "56");
        let b1 = action("B", 1, 1, "78");
        // B's first: each round goes by the tables' codes.
        let writes = [&b0, &a0, &b1, &a1, &a2];
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
            ending: qttt::Ending::Line,
        };
        let resigned = GameEnd {
            winner: Some('O'),
            ending: qttt::Ending::Resignation,
        };
        let writes = [
            action("A", 1, 0, "12"),
            action("B", 1, 0, "34"),
            Write::End {
                code: "A".into(),
                game_no: 1,
                plies: 1,
                end: resigned,
            },
            ended(action("B", 1, 1, "78"), line),
            ended(action("C", 1, 0, "19"), line),
            Write::NewGame {
                code: "A".into(),
                game_no: 2,
                accepting: None,
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

    #[tokio::test]
    async fn a_paused_table_takes_no_action_and_its_games_end_ends_the_pause() {
        use crate::store::StoredPause;
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(&dir.path().join("t.db"), Arc::default())
            .await
            .unwrap();
        assert!(store.create_table(new_table("A")).await.unwrap());
        store.write(action("A", 1, 0, "12")).await.unwrap();
        let pause = |paused, plies| Write::Pause {
            code: "A".into(),
            paused,
            at: StoredPause {
                game_no: 1,
                plies,
                clocks: [4_000, 5_000],
            },
        };
        // A pause at a ply the game is past is a conflict.
        assert!(store.write(pause(true, 0)).await.unwrap_err().is_conflict());
        store.write(pause(true, 1)).await.unwrap();
        // Paused once only; and no action while paused.
        assert!(store.write(pause(true, 1)).await.unwrap_err().is_conflict());
        let refused = store.write(action("A", 1, 1, "34")).await.unwrap_err();
        assert!(refused.is_conflict(), "{refused}");
        let a = store.load_table("A".into()).await.unwrap().unwrap();
        assert_eq!((a.paused, tokens(&a.game)), (true, vec!["12"]));
        let at = StoredPause {
            game_no: 1,
            plies: 1,
            clocks: [4_000, 5_000],
        };
        assert_eq!(a.pause, Some(at));
        // Resumed: the action is taken.
        store.write(pause(false, 1)).await.unwrap();
        store.write(action("A", 1, 1, "34")).await.unwrap();
        store.write(pause(true, 2)).await.unwrap();
        // A resignation while paused ends the game and the pause.
        let (resignation, resigned) = resigned("A", 2, 'X');
        store.write(resignation).await.unwrap();
        let a = store.load_table("A".into()).await.unwrap().unwrap();
        assert_eq!((a.paused, a.game.end), (false, Some(resigned)));
    }

    #[tokio::test]
    async fn a_rematch_is_accepted_only_on_the_other_seats_offer() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(&dir.path().join("t.db"), Arc::default())
            .await
            .unwrap();
        assert!(store.create_table(new_table("A")).await.unwrap());
        let accept = |seat| Write::NewGame {
            code: "A".into(),
            game_no: 2,
            accepting: Some(seat),
        };
        let offer = |seat| Write::Offer {
            code: "A".into(),
            game_no: 1,
            seat,
        };
        // Neither an offer nor an acceptance while the game goes on.
        assert!(store.write(offer(0)).await.unwrap_err().is_conflict());
        assert!(store.write(accept(0)).await.unwrap_err().is_conflict());
        store.write(resigned("A", 0, 'O').0).await.unwrap();
        // Over, and nobody offered: no acceptance of either seat's offer.
        assert!(store.write(accept(0)).await.unwrap_err().is_conflict());
        assert!(store.write(accept(1)).await.unwrap_err().is_conflict());
        store.write(offer(0)).await.unwrap();
        // The second offer, of either seat, loses: one offer a game.
        assert!(store.write(offer(1)).await.unwrap_err().is_conflict());
        // Seat 0 offered: accepting seat 1's offer is refused, seat 0's
        // taken once.
        assert!(store.write(accept(1)).await.unwrap_err().is_conflict());
        let a = store.load_table("A".into()).await.unwrap().unwrap();
        assert_eq!(a.game.game_no, 1);
        store.write(accept(0)).await.unwrap();
        assert!(store.write(accept(0)).await.unwrap_err().is_conflict());
        let a = store.load_table("A".into()).await.unwrap().unwrap();
        assert_eq!((a.game.game_no, a.game.end), (2, None));
    }
}
