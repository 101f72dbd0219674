//! The shared store: PostgreSQL, for several server instances on one
//! database. The same statements and migrations as the embedded store
//! (`sql`); what differs is said where it does:
//!
//! - No writer task of our own: every write is its own transaction on a
//!   pool of connections, and PostgreSQL commits concurrent transactions
//!   with one WAL flush between them (its own group commit). A commit
//!   returns once the WAL is flushed (`synchronous_commit` on, the
//!   server's default), so an acknowledged action is durable.
//! - Every committed change also sends a notification (`pg_notify` in the
//!   same transaction, delivered only if it commits) on [`CHANNEL`] naming
//!   the table (and carrying an action that does not end the game), and
//!   the presence of seats is announced the same way. Each
//!   instance listens (sqlx's `PgListener`) and passes the other
//!   instances' notices to its tables as [`Change`]s.

use std::sync::{Arc, Mutex};
use std::time::Instant;

use futures_util::future::BoxFuture;
use sqlx::Postgres;
use sqlx::postgres::{PgListener, PgPoolOptions};
use tokio::sync::mpsc;

use super::sql::Sql;
use super::{Change, NewTable, Store, StoreError, StoredGame, StoredTable, Write};
use crate::metrics::Metrics;

/// The notification channel of the tables.
pub const CHANNEL: &str = "qttt_tables";

/// The most connections an instance opens to PostgreSQL.
const MAX_CONNECTIONS: u32 = 16;

/// The shared store on PostgreSQL.
#[derive(Debug)]
pub struct PgStore {
    sql: Sql<Postgres>,
    /// This instance's id in notifications (random), to skip its own.
    instance: u64,
    changes: Mutex<Option<mpsc::Receiver<Change>>>,
    announcements: mpsc::UnboundedSender<String>,
    metrics: Arc<Metrics>,
}

impl PgStore {
    /// Connects to the database at `url` (`postgres://user:password@host/db`),
    /// brings its schema up to date, and starts listening for the other
    /// instances' changes.
    ///
    /// # Errors
    /// When the database cannot be reached or migrated.
    pub async fn open(url: &str, metrics: Arc<Metrics>) -> Result<PgStore, StoreError> {
        let pool = PgPoolOptions::new()
            .max_connections(MAX_CONNECTIONS)
            .connect(url)
            .await?;
        super::migrations::migrator().run(&pool).await?;
        let mut listener = PgListener::connect_with(&pool).await?;
        listener.listen(CHANNEL).await?;
        let mut bytes = [0; 8];
        getrandom::fill(&mut bytes).map_err(|error| StoreError::Failed(error.to_string()))?;
        let instance = u64::from_le_bytes(bytes);
        let (sender, changes) = mpsc::channel(1024);
        tokio::spawn(listen(listener, instance, sender));
        let (announcements, queue) = mpsc::unbounded_channel();
        let sql = Sql { pool };
        tokio::spawn(announce(sql.clone(), queue));
        Ok(PgStore {
            sql,
            instance,
            changes: Mutex::new(Some(changes)),
            announcements,
            metrics,
        })
    }
}

/// Reads the notifications, skipping this instance's own, until the
/// receiving side is gone. After a lost connection (notifications may
/// have been missed meanwhile) it says so with [`Change::Missed`].
async fn listen(mut listener: PgListener, instance: u64, changes: mpsc::Sender<Change>) {
    loop {
        let change = match listener.try_recv().await {
            Ok(Some(notification)) => match Change::parse(notification.payload(), instance) {
                Some(change) => change,
                None => continue,
            },
            // The connection was lost; the next call reconnects.
            Ok(None) => Change::Missed,
            // The store was closed: the server is stopping.
            Err(sqlx::Error::PoolClosed) => return,
            Err(error) => {
                tracing::warn!(%error, "listening for other instances failed; retrying");
                tokio::time::sleep(std::time::Duration::from_millis(500)).await;
                Change::Missed
            }
        };
        if changes.send(change).await.is_err() {
            return;
        }
    }
}

/// Sends the presence announcements one at a time, in order.
async fn announce(sql: Sql<Postgres>, mut queue: mpsc::UnboundedReceiver<String>) {
    while let Some(payload) = queue.recv().await {
        let sent = sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CHANNEL)
            .bind(payload)
            .execute(&sql.pool)
            .await;
        if let Err(error) = sent {
            tracing::warn!(%error, "announcing a seat's presence failed");
        }
    }
}

impl Store for PgStore {
    through_sql!();

    fn write(&self, write: Write) -> BoxFuture<'_, Result<(), StoreError>> {
        Box::pin(async move {
            let started = Instant::now();
            let payload = Change::of(&write).payload(self.instance);
            let result = self.sql.commit(&[&write], Some((CHANNEL, &payload))).await;
            self.metrics.store_write(started.elapsed(), 1);
            result
        })
    }

    fn changes(&self) -> Option<mpsc::Receiver<Change>> {
        self.changes.lock().expect("changes lock").take()
    }

    fn announce(&self, code: &str, seats: [u32; 2], asking: bool) {
        let change = Change::Presence {
            code: code.to_owned(),
            instance: self.instance,
            seats,
            asking,
        };
        let _ = self.announcements.send(change.payload(self.instance));
    }

    fn close(&self) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            self.sql.pool.close().await;
        })
    }
}
