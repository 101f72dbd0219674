//! The shared store: PostgreSQL, for several server instances on one
//! database. The same statements and migrations as the embedded store
//! (`sql`), and the same group-commit writer (`group_commit`: one
//! transaction for the writes waiting at once, so that many tables'
//! actions share one commit's WAL flush), here in [`WRITERS`] lanes side
//! by side so that one commit's round trips overlap another's; what
//! differs is said where it does:
//!
//! - Every connection of ours sets `synchronous_commit` to `on` when it
//!   opens, whatever the database's or the role's default: a commit then
//!   returns once the WAL is flushed, so an acknowledged action is
//!   durable.
//! - Every committed batch also sends notifications (`pg_notify` in the
//!   same transaction, delivered only if it commits) on [`CHANNEL`]: one
//!   line per write, naming the table (and carrying an action that does
//!   not end the game), as many lines to a notice as fit. The presence of
//!   seats is announced the same way, batched per instance: what changed
//!   since the last notice, the latest state of each table only. Each
//!   instance listens (sqlx's `PgListener`) and passes the other
//!   instances' notices to its tables as [`Change`]s, in order.

use std::collections::HashMap;
use std::str::FromStr;
use std::sync::{Arc, Mutex};

use futures_util::future::BoxFuture;
use sqlx::Postgres;
use sqlx::pool::PoolConnection;
use sqlx::postgres::{PgConnectOptions, PgListener, PgPoolOptions};
use tokio::sync::{Notify, mpsc};

use super::group_commit::{Committer, Writer};
use super::sql::{PAST_PLY, Sql, table_of};
use super::{
    Change, EventWrite, NewEvent, NewTable, Store, StoreError, StoredEvent, StoredGame,
    StoredTable, Write,
};
use crate::metrics::Metrics;

/// The notification channel of the tables.
pub const CHANNEL: &str = "qttt_tables";

/// The most connections an instance opens to PostgreSQL.
const MAX_CONNECTIONS: u32 = 16;

/// The group-commit writers side by side (`group_commit`'s lanes): each
/// holds one of the pool's connections while it commits.
const WRITERS: usize = 4;

/// The most bytes of a notice's text: PostgreSQL's limit is 8,000.
const NOTICE_BYTES: usize = 7_900;

/// The shared store on PostgreSQL.
#[derive(Debug)]
pub struct PgStore {
    sql: Sql<Postgres>,
    writer: Writer,
    changes: Mutex<Option<mpsc::Receiver<Change>>>,
    presence: Arc<Presence>,
}

/// The presence this instance has yet to announce: the latest of each
/// table (so it is bounded by the tables loaded here), and a wake-up for
/// the task that announces it.
#[derive(Debug)]
struct Presence {
    instance: u64,
    waiting: Mutex<HashMap<String, ([u32; 2], bool)>>,
    changed: Notify,
}

impl PgStore {
    /// Connects to the database at `url` (`postgres://user:password@host/db`),
    /// brings its schema up to date, and starts listening for the other
    /// instances' changes.
    ///
    /// Every connection it opens sets `synchronous_commit` to `on`; it
    /// checks that this took.
    ///
    /// # Errors
    /// When the database cannot be reached or migrated, or a commit would
    /// not wait for its WAL flush.
    pub async fn open(url: &str, metrics: Arc<Metrics>) -> Result<PgStore, StoreError> {
        let options = PgConnectOptions::from_str(url)?.options([("synchronous_commit", "on")]);
        let pool = PgPoolOptions::new()
            .max_connections(MAX_CONNECTIONS)
            // No ping (a round trip) before each use: a connection found
            // broken fails its statement, and the writer then commits each
            // write alone, on fresh connections.
            .test_before_acquire(false)
            .connect_with(options)
            .await?;
        let synchronous: String = sqlx::query_scalar("SHOW synchronous_commit")
            .fetch_one(&pool)
            .await?;
        if synchronous != "on" {
            return Err(StoreError::Failed(format!(
                "synchronous_commit is {synchronous:?} on our connections, not \"on\": \
                 an acknowledged action would not be durable"
            )));
        }
        super::migrations::migrator().run(&pool).await?;
        let mut listener = PgListener::connect_with(&pool).await?;
        listener.listen(CHANNEL).await?;
        let mut bytes = [0; 8];
        getrandom::fill(&mut bytes).map_err(|error| StoreError::Failed(error.to_string()))?;
        let instance = u64::from_le_bytes(bytes);
        let (sender, changes) = mpsc::channel(1024);
        tokio::spawn(listen(listener, instance, sender));
        let sql = Sql { pool };
        let presence = Arc::new(Presence {
            instance,
            waiting: Mutex::default(),
            changed: Notify::new(),
        });
        // Its own connection, opened now: an instance loading a table asks
        // the others whom they hold at once, not after a connection's
        // opening (tens of milliseconds on a loaded machine).
        let announcing = sql.pool.acquire().await?;
        tokio::spawn(announce(sql.clone(), announcing, Arc::clone(&presence)));
        let writer = Writer::start(
            (0..WRITERS).map(|_| Notifying {
                sql: sql.clone(),
                instance,
            }),
            &metrics,
        );
        Ok(PgStore {
            sql,
            writer,
            changes: Mutex::new(Some(changes)),
            presence,
        })
    }
}

/// The shared store's commits: each batch with the notices that tell the
/// other instances what it changed.
struct Notifying {
    sql: Sql<Postgres>,
    instance: u64,
}

impl Committer for Notifying {
    fn commit<'a>(&'a mut self, writes: &'a [&'a Write]) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(async move {
            let lines = writes
                .iter()
                .map(|write| Change::of(write).payload(self.instance));
            let notices = notices(lines);
            match Actions::of(writes) {
                Some(actions) => actions.commit(&self.sql.pool, &notices).await,
                None => self.sql.commit(writes, Some((CHANNEL, &notices))).await,
            }
        })
    }
}

/// A batch of actions only, each of another table (what a busy instance
/// commits nearly always), as the columns of [`ACTIONS`].
struct Actions<'a> {
    codes: Vec<&'a str>,
    games: Vec<i64>,
    plies: Vec<i64>,
    actions: Vec<&'a str>,
    x_ms: Vec<i64>,
    o_ms: Vec<i64>,
    winners: Vec<Option<String>>,
    endings: Vec<Option<&'static str>>,
}

/// The statement that commits a batch of [`Actions`] with its notices:
/// one statement, so one round trip and its own transaction (all of it
/// or none), prepared once per connection (the batch comes as arrays, so
/// its text never varies). It does what `sql::apply` does for actions:
/// each game's count of actions moves on from the action's ply, only
/// while the game goes on and its table is not paused (the row's lock
/// orders a concurrent change of the game, as there), with the game's
/// end if the action ended it; each action is inserted at its ply. An
/// action whose game did not move finds no row in `moved`, so its
/// `game_no` is NULL, which the column refuses: the whole statement fails
/// (the writer then commits each write alone, and the write alone that
/// fails so is the conflict [`PAST_PLY`]). The `ANY` conditions are there for the
/// plan: a statement prepared once is planned without its arrays, and
/// with them the games are found by their primary key, not by a scan.
const ACTIONS: &str = "\
WITH batch AS (
    SELECT * FROM unnest($1::text[], $2::int8[], $3::int8[], $4::text[], $5::int8[], \
        $6::int8[], $7::text[], $8::text[]) \
        AS b(table_code, game_no, ply, action, x_ms, o_ms, winner, ending)
), moved AS (
    UPDATE games SET plies = games.plies + 1, winner = batch.winner, ending = batch.ending \
    FROM batch \
    WHERE games.table_code = ANY ($1) AND games.game_no = ANY ($2) \
        AND games.table_code = batch.table_code AND games.game_no = batch.game_no \
        AND games.plies = batch.ply AND games.ending IS NULL \
        AND NOT EXISTS (SELECT FROM game_tables \
            WHERE game_tables.code = games.table_code AND game_tables.paused = 1) \
    RETURNING games.table_code, games.game_no
), recorded AS (
    INSERT INTO actions (table_code, game_no, ply, action, x_ms, o_ms) \
    SELECT batch.table_code, moved.game_no, batch.ply, batch.action, batch.x_ms, batch.o_ms \
    FROM batch LEFT JOIN moved \
        ON moved.table_code = batch.table_code AND moved.game_no = batch.game_no
)
SELECT pg_notify($9, notice) FROM unnest($10::text[]) AS notice";

/// PostgreSQL's code for a NULL in a column that refuses it.
const NOT_NULL_VIOLATION: &str = "23502";

impl<'a> Actions<'a> {
    /// `writes` as columns, if they are all actions and of different
    /// tables (a table's second write must see its first: `sql::commit`
    /// puts them in rounds), in the order of their tables' codes (the
    /// order the games' rows are locked in, as `sql::rounds` says why).
    fn of(writes: &[&'a Write]) -> Option<Actions<'a>> {
        let mut writes = writes.to_vec();
        writes.sort_by_key(|write| table_of(write));
        if writes
            .windows(2)
            .any(|pair| table_of(pair[0]) == table_of(pair[1]))
        {
            return None;
        }
        let mut batch = Actions {
            codes: Vec::with_capacity(writes.len()),
            games: Vec::with_capacity(writes.len()),
            plies: Vec::with_capacity(writes.len()),
            actions: Vec::with_capacity(writes.len()),
            x_ms: Vec::with_capacity(writes.len()),
            o_ms: Vec::with_capacity(writes.len()),
            winners: Vec::with_capacity(writes.len()),
            endings: Vec::with_capacity(writes.len()),
        };
        for write in &writes {
            let Write::Action {
                code,
                game_no,
                ply,
                action,
                end,
            } = write
            else {
                return None;
            };
            batch.codes.push(code);
            batch.games.push(i64::from(*game_no));
            batch.plies.push(i64::from(*ply));
            batch.actions.push(&action.action);
            batch.x_ms.push(action.clocks[0]);
            batch.o_ms.push(action.clocks[1]);
            batch
                .winners
                .push(end.and_then(|end| end.winner).map(String::from));
            batch.endings.push(end.map(|end| end.ending.name()));
        }
        Some(batch)
    }

    /// Commits the batch and its notices in one statement.
    async fn commit(self, pool: &sqlx::PgPool, notices: &[String]) -> Result<(), StoreError> {
        sqlx::query(ACTIONS)
            .bind(self.codes)
            .bind(self.games)
            .bind(self.plies)
            .bind(self.actions)
            .bind(self.x_ms)
            .bind(self.o_ms)
            .bind(self.winners)
            .bind(self.endings)
            .bind(CHANNEL)
            .bind(notices)
            .execute(pool)
            .await
            .map_err(|error| match &error {
                // Only an action whose game did not move makes a NULL.
                sqlx::Error::Database(database)
                    if database.code().as_deref() == Some(NOT_NULL_VIOLATION) =>
                {
                    StoreError::Conflict(PAST_PLY.into())
                }
                _ => error.into(),
            })?;
        Ok(())
    }
}

/// Joins notice lines into as few notices as fit [`NOTICE_BYTES`] each,
/// in their order.
fn notices(lines: impl Iterator<Item = String>) -> Vec<String> {
    let mut notices: Vec<String> = Vec::new();
    for line in lines {
        match notices.last_mut() {
            Some(notice) if notice.len() + 1 + line.len() <= NOTICE_BYTES => {
                notice.push('\n');
                notice.push_str(&line);
            }
            _ => notices.push(line),
        }
    }
    notices
}

/// Reads the notifications, skipping this instance's own, until the
/// receiving side is gone. After a lost connection (notifications may
/// have been missed meanwhile) it says so with [`Change::Missed`].
async fn listen(mut listener: PgListener, instance: u64, changes: mpsc::Sender<Change>) {
    loop {
        let change = match listener.try_recv().await {
            Ok(Some(notification)) => {
                for line in notification.payload().split('\n') {
                    let Some(change) = Change::parse(line, instance) else {
                        continue;
                    };
                    if changes.send(change).await.is_err() {
                        return;
                    }
                }
                continue;
            }
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

/// Announces the presence that changed, in batches: whatever waits when
/// it wakes goes out in as few notices as fit, until the store is closed.
/// On a connection of its own (`connection`, taken from the pool again
/// after a failure), so that no announcement waits for one.
async fn announce(
    sql: Sql<Postgres>,
    connection: PoolConnection<Postgres>,
    presence: Arc<Presence>,
) {
    let mut connection = Some(connection);
    loop {
        presence.changed.notified().await;
        if sql.pool.is_closed() {
            return;
        }
        let waiting = std::mem::take(&mut *presence.waiting.lock().expect("presence lock"));
        let lines = waiting.into_iter().map(|(code, (seats, asking))| {
            Change::Presence {
                code,
                instance: presence.instance,
                seats,
                asking,
            }
            .payload(presence.instance)
        });
        for notice in notices(lines) {
            let held = match connection.as_mut() {
                Some(held) => held,
                None => match sql.pool.acquire().await {
                    Ok(fresh) => connection.insert(fresh),
                    Err(sqlx::Error::PoolClosed) => return,
                    Err(error) => {
                        tracing::warn!(%error, "announcing the seats' presence failed");
                        continue;
                    }
                },
            };
            let sent = sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(notice)
                .execute(&mut **held)
                .await;
            if let Err(error) = sent {
                // The connection may be broken: a fresh one next time.
                connection = None;
                tracing::warn!(%error, "announcing the seats' presence failed");
            }
        }
    }
}

impl Store for PgStore {
    through_sql!();

    fn write(&self, write: Write) -> BoxFuture<'_, Result<(), StoreError>> {
        Box::pin(self.writer.write(write))
    }

    fn changes(&self) -> Option<mpsc::Receiver<Change>> {
        self.changes.lock().expect("changes lock").take()
    }

    fn announce(&self, code: &str, seats: [u32; 2], asking: bool) {
        let mut waiting = self.presence.waiting.lock().expect("presence lock");
        let entry = waiting.entry(code.to_owned()).or_insert((seats, false));
        // The latest seats; asking stays asked until it is sent.
        *entry = (seats, entry.1 || asking);
        drop(waiting);
        self.presence.changed.notify_one();
    }

    fn close(&self) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            // Marks the pool closed at once, then waits for its connections.
            let closing = self.sql.pool.close();
            // Wakes the announcing task to see the pool closed and end,
            // giving back the connection it holds.
            self.presence.changed.notify_one();
            closing.await;
        })
    }
}

#[cfg(test)]
mod tests {
    use super::{NOTICE_BYTES, notices};

    #[test]
    fn notice_lines_fill_notices_in_order_each_within_the_limit() {
        // 100-byte lines: 78 fit one notice (78 * 100 + 77 newlines = 7,877
        // bytes; a 79th would make 7,978 > 7,900).
        let lines: Vec<String> = (0..200).map(|n| format!("{n:0>100}")).collect();
        let sent = notices(lines.iter().cloned());
        let counts: Vec<usize> = sent
            .iter()
            .map(|notice| notice.split('\n').count())
            .collect();
        assert_eq!(counts, [78, 78, 44]);
        assert!(sent.iter().all(|notice| notice.len() <= NOTICE_BYTES));
        let back: Vec<&str> = sent.iter().flat_map(|notice| notice.split('\n')).collect();
        assert_eq!(back, lines);
        assert!(notices(std::iter::empty()).is_empty());
    }
}
