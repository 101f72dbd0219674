//! The embedded store: SQLite in one file, with one group-commit writer.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::future::BoxFuture;
use sqlx::Sqlite;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use tokio::sync::{mpsc, oneshot};

use super::sql::Sql;
use super::{NewTable, Store, StoreError, StoredGame, StoredTable, Write};
use crate::metrics::Metrics;

/// A write waiting for the writer, with its answer.
type Pending = (Write, oneshot::Sender<Result<(), StoreError>>);

/// The most writes committed in one transaction.
const MAX_BATCH: usize = 256;

/// The embedded store: SQLite in WAL mode with `synchronous=FULL`, so a
/// commit is on disk when it returns. One writer task commits every write
/// waiting at that moment in one transaction (group commit): durable
/// actions of many tables share one sync.
#[derive(Clone, Debug)]
pub struct SqliteStore {
    sql: Sql<Sqlite>,
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
            .busy_timeout(Duration::from_secs(10));
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options)
            .await?;
        sqlx::migrate!("./migrations").run(&pool).await?;
        let sql = Sql { pool };
        let (writes, queue) = mpsc::channel(4 * MAX_BATCH);
        tokio::spawn(writer(sql.clone(), queue, metrics));
        Ok(SqliteStore { sql, writes })
    }
}

/// Commits the waiting writes in batches, answering each.
async fn writer(sql: Sql<Sqlite>, mut queue: mpsc::Receiver<Pending>, metrics: Arc<Metrics>) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while queue.recv_many(&mut batch, MAX_BATCH).await > 0 {
        let started = Instant::now();
        let writes: Vec<&Write> = batch.iter().map(|(write, _)| write).collect();
        if sql.commit(&writes, None).await.is_ok() {
            metrics.store_write(started.elapsed(), batch.len());
            for (_, answer) in batch.drain(..) {
                let _ = answer.send(Ok(()));
            }
        } else {
            // One bad write must not fail the others: commit each alone.
            for (write, answer) in batch.drain(..) {
                let started = Instant::now();
                let result = sql.commit(&[&write], None).await;
                metrics.store_write(started.elapsed(), 1);
                let _ = answer.send(result);
            }
        }
    }
}

impl Store for SqliteStore {
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

    fn load_table(&self, code: String) -> BoxFuture<'_, Result<Option<StoredTable>, StoreError>> {
        Box::pin(self.sql.load_table(code))
    }

    fn load_game(
        &self,
        code: String,
        game_no: u32,
    ) -> BoxFuture<'_, Result<Option<StoredGame>, StoreError>> {
        Box::pin(async move { self.sql.load_game(&code, game_no).await })
    }

    fn write(&self, write: Write) -> BoxFuture<'_, Result<(), StoreError>> {
        Box::pin(async move {
            let stopped = || StoreError::Failed("the writer has stopped".into());
            let (answer, answered) = oneshot::channel();
            self.writes
                .send((write, answer))
                .await
                .map_err(|_| stopped())?;
            answered.await.map_err(|_| stopped())?
        })
    }

    fn close(&self) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            // Called once no table is left to write: every write has been
            // answered, so closing the pool loses nothing.
            self.sql.pool.close().await;
        })
    }
}
