//! Counters for `/metrics`, in the Prometheus text format.

use std::fmt::Write as _;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Upper bounds (seconds) of the store latency histogram's buckets.
const BUCKETS: [f64; 10] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0,
];

/// The server's counters and gauges; all updates are lock-free.
#[derive(Debug, Default)]
pub struct Metrics {
    tables_live: AtomicU64,
    connections: AtomicU64,
    actions: AtomicU64,
    refusals: AtomicU64,
    tables_expired: AtomicU64,
    table_reloads: AtomicU64,
    store_commits: AtomicU64,
    store_writes: AtomicU64,
    store_micros: AtomicU64,
    store_buckets: [AtomicU64; BUCKETS.len()],
}

/// The gauges that count things while they live.
#[derive(Clone, Copy, Debug)]
pub enum Gauge {
    /// Tables loaded in memory.
    TablesLive,
    /// Open WebSocket connections.
    Connections,
}

/// Holds a [`Gauge`] up by one while it lives.
#[derive(Debug)]
pub struct Held {
    metrics: Arc<Metrics>,
    gauge: Gauge,
}

impl Drop for Held {
    fn drop(&mut self) {
        self.metrics
            .gauge(self.gauge)
            .fetch_sub(1, Ordering::Relaxed);
    }
}

impl Metrics {
    fn gauge(&self, gauge: Gauge) -> &AtomicU64 {
        match gauge {
            Gauge::TablesLive => &self.tables_live,
            Gauge::Connections => &self.connections,
        }
    }

    /// Counts one more of `gauge` until the guard drops.
    #[must_use]
    pub fn hold(self: &Arc<Metrics>, gauge: Gauge) -> Held {
        self.gauge(gauge).fetch_add(1, Ordering::Relaxed);
        Held {
            metrics: Arc::clone(self),
            gauge,
        }
    }

    /// The number of open WebSocket connections.
    #[must_use]
    pub fn connections(&self) -> u64 {
        self.connections.load(Ordering::Relaxed)
    }

    /// The number of tables loaded.
    #[must_use]
    pub fn tables_live(&self) -> u64 {
        self.tables_live.load(Ordering::Relaxed)
    }

    /// Counts an accepted, stored action.
    pub fn action(&self) {
        self.actions.fetch_add(1, Ordering::Relaxed);
    }

    /// Counts a refused message.
    pub fn refusal(&self) {
        self.refusals.fetch_add(1, Ordering::Relaxed);
    }

    /// Counts a table deleted because nobody joined it.
    pub fn table_expired(&self) {
        self.tables_expired.fetch_add(1, Ordering::Relaxed);
    }

    /// The number of tables deleted because nobody joined them.
    #[must_use]
    pub fn tables_expired(&self) -> u64 {
        self.tables_expired.load(Ordering::Relaxed)
    }

    /// Counts a loaded table read again from the store (another instance
    /// changed it in a way its notice does not carry, or it lost a race).
    pub fn table_reload(&self) {
        self.table_reloads.fetch_add(1, Ordering::Relaxed);
    }

    /// The number of loaded tables read again from the store.
    #[must_use]
    pub fn table_reloads(&self) -> u64 {
        self.table_reloads.load(Ordering::Relaxed)
    }

    /// Records one commit of `writes` writes that took `took`.
    pub fn store_write(&self, took: Duration, writes: usize) {
        self.store_commits.fetch_add(1, Ordering::Relaxed);
        self.store_writes
            .fetch_add(writes as u64, Ordering::Relaxed);
        self.store_micros.fetch_add(
            u64::try_from(took.as_micros()).unwrap_or(u64::MAX),
            Ordering::Relaxed,
        );
        let seconds = took.as_secs_f64();
        if let Some(bucket) = BUCKETS.iter().position(|bound| seconds <= *bound) {
            self.store_buckets[bucket].fetch_add(1, Ordering::Relaxed);
        }
    }

    /// The metrics in the Prometheus text exposition format.
    #[must_use]
    pub fn render(&self) -> String {
        let load = |counter: &AtomicU64| counter.load(Ordering::Relaxed);
        let mut out = String::new();
        let mut metric = |name: &str, kind: &str, help: &str, value: u64| {
            let _ = writeln!(
                out,
                "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {value}"
            );
        };
        metric(
            "qttt_tables_live",
            "gauge",
            "Tables loaded in memory.",
            load(&self.tables_live),
        );
        metric(
            "qttt_connections",
            "gauge",
            "Open WebSocket connections.",
            load(&self.connections),
        );
        metric(
            "qttt_actions_total",
            "counter",
            "Actions accepted and stored.",
            load(&self.actions),
        );
        metric(
            "qttt_refusals_total",
            "counter",
            "Messages refused with an error frame.",
            load(&self.refusals),
        );
        metric(
            "qttt_tables_expired_total",
            "counter",
            "Tables deleted because nobody took a seat or acted.",
            load(&self.tables_expired),
        );
        metric(
            "qttt_table_reloads_total",
            "counter",
            "Loaded tables read again from the store after another instance's change.",
            load(&self.table_reloads),
        );
        metric(
            "qttt_store_writes_total",
            "counter",
            "Writes committed to the store.",
            load(&self.store_writes),
        );
        let _ = writeln!(
            out,
            "# HELP qttt_store_commit_seconds Time of one store commit (a batch of writes, synced).\n\
             # TYPE qttt_store_commit_seconds histogram"
        );
        let mut cumulative = 0;
        for (bound, bucket) in BUCKETS.iter().zip(&self.store_buckets) {
            cumulative += load(bucket);
            let _ = writeln!(
                out,
                "qttt_store_commit_seconds_bucket{{le=\"{bound}\"}} {cumulative}"
            );
        }
        let commits = load(&self.store_commits);
        let _ = writeln!(
            out,
            "qttt_store_commit_seconds_bucket{{le=\"+Inf\"}} {commits}"
        );
        let _ = writeln!(
            out,
            "qttt_store_commit_seconds_sum {}\nqttt_store_commit_seconds_count {commits}",
            load(&self.store_micros) as f64 / 1e6
        );
        out
    }
}
