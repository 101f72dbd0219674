//! The group-commit writer both stores write through: one task takes
//! every write waiting at that moment, commits them in one transaction
//! (one sync for all), then answers each. Durable actions of many tables
//! share one commit, and the queue in front of it is bounded, so a flood
//! of writes waits for room instead of growing memory.
//!
//! A store may run several such tasks side by side (lanes, each with its
//! own connection), so that one transaction's round trips to a database
//! server overlap another's; a table's writes always take the same lane,
//! so they commit in their order.

use std::sync::Arc;
use std::time::Instant;

use futures_util::future::BoxFuture;
use tokio::sync::{mpsc, oneshot};

use super::sql::table_of;
use super::{StoreError, Write};
use crate::metrics::Metrics;

/// The most writes committed in one transaction.
pub const MAX_BATCH: usize = 1024;

/// A write waiting for the writer, with its answer.
type Pending = (Write, oneshot::Sender<Result<(), StoreError>>);

/// How one store commits a batch, and what it does between batches.
pub trait Committer: Send + 'static {
    /// Applies `writes` in one transaction, all or nothing, in their order
    /// for each table.
    fn commit<'a>(&'a mut self, writes: &'a [&'a Write]) -> BoxFuture<'a, Result<(), StoreError>>;

    /// Runs after a batch's answers have gone out (SQLite checkpoints
    /// there); nothing by default.
    fn after_batch(&mut self) -> BoxFuture<'_, ()> {
        Box::pin(async {})
    }
}

/// The sending side of a writer: what a store's `write` calls.
#[derive(Clone, Debug)]
pub struct Writer {
    lanes: Vec<mpsc::Sender<Pending>>,
}

impl Writer {
    /// Starts one writer task for each of `committers` (at least one).
    pub fn start<C: Committer>(
        committers: impl IntoIterator<Item = C>,
        metrics: &Arc<Metrics>,
    ) -> Writer {
        let lanes: Vec<mpsc::Sender<Pending>> = committers
            .into_iter()
            .map(|committer| {
                let (writes, queue) = mpsc::channel(4 * MAX_BATCH);
                tokio::spawn(run(committer, queue, Arc::clone(metrics)));
                writes
            })
            .collect();
        assert!(!lanes.is_empty(), "a writer needs a committer");
        Writer { lanes }
    }

    /// The lane of a table's writes.
    fn lane(&self, write: &Write) -> &mpsc::Sender<Pending> {
        // FNV-1a of the code: stable, and spreads the random codes evenly.
        let hash = table_of(write)
            .bytes()
            .fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
                (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
            });
        let lanes = self.lanes.len() as u64;
        &self.lanes[usize::try_from(hash % lanes).expect("a lane index fits")]
    }

    /// Commits `write` with whatever else is waiting in its lane; resolves
    /// once it is committed and synced.
    pub async fn write(&self, write: Write) -> Result<(), StoreError> {
        let stopped = || StoreError::Failed("the writer has stopped".into());
        let (answer, answered) = oneshot::channel();
        self.lane(&write)
            .send((write, answer))
            .await
            .map_err(|_| stopped())?;
        answered.await.map_err(|_| stopped())?
    }
}

/// Commits the waiting writes in batches, answering each, until every
/// sender is gone.
async fn run(
    mut committer: impl Committer,
    mut queue: mpsc::Receiver<Pending>,
    metrics: Arc<Metrics>,
) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while queue.recv_many(&mut batch, MAX_BATCH).await > 0 {
        let started = Instant::now();
        let writes: Vec<&Write> = batch.iter().map(|(write, _)| write).collect();
        let committed = committer.commit(&writes).await;
        drop(writes);
        if committed.is_ok() {
            metrics.store_write(started.elapsed(), batch.len());
            for (_, answer) in batch.drain(..) {
                let _ = answer.send(Ok(()));
            }
        } else {
            // One bad write (or one that lost a race to another instance)
            // must not fail the others: commit each alone.
            for (write, answer) in batch.drain(..) {
                let started = Instant::now();
                let result = committer.commit(&[&write]).await;
                metrics.store_write(started.elapsed(), 1);
                let _ = answer.send(result);
            }
        }
        committer.after_batch().await;
    }
}
