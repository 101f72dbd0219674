//! Where the tables' clocks read the time: the system's monotonic clock, or
//! a manual one that tests move by hand (no sleeps in tests).

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use futures_util::future::BoxFuture;
use tokio::sync::watch;

/// A monotonic time source: the time since some fixed origin, and a way to
/// wait until a given time. Game clocks, the reconnect grace and the rate
/// limit all read it, so a test that controls it controls them.
pub trait TimeSource: Send + Sync + 'static {
    /// The time elapsed since this source's origin.
    fn now(&self) -> Duration;
    /// Resolves once [`now`](TimeSource::now) is at least `at`.
    fn sleep_until(&self, at: Duration) -> BoxFuture<'static, ()>;
    /// The calendar time in seconds since the Unix epoch: when a table or
    /// class was created, and so when a table nobody joined expires. By
    /// default the system's clock.
    fn unix_seconds(&self) -> i64 {
        system_unix_seconds()
    }
}

/// The system's calendar time in seconds since the Unix epoch.
fn system_unix_seconds() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| {
            i64::try_from(since.as_secs()).unwrap_or(i64::MAX)
        })
}

/// The system's monotonic clock (tokio's), counted from its creation.
#[derive(Clone, Debug)]
pub struct MonotonicTime {
    origin: tokio::time::Instant,
}

impl MonotonicTime {
    /// A source whose origin is now.
    #[must_use]
    pub fn new() -> MonotonicTime {
        MonotonicTime {
            origin: tokio::time::Instant::now(),
        }
    }
}

impl Default for MonotonicTime {
    fn default() -> MonotonicTime {
        MonotonicTime::new()
    }
}

impl TimeSource for MonotonicTime {
    fn now(&self) -> Duration {
        self.origin.elapsed()
    }

    fn sleep_until(&self, at: Duration) -> BoxFuture<'static, ()> {
        Box::pin(tokio::time::sleep_until(self.origin + at))
    }
}

/// A clock that stands still until [`advance`](ManualTime::advance) moves
/// it; every sleeper whose time has come then wakes. Its calendar time is
/// the system's at its creation, moved on as much. Clones share the time.
#[derive(Clone, Debug)]
pub struct ManualTime {
    now: Arc<watch::Sender<Duration>>,
    epoch_seconds: i64,
}

impl ManualTime {
    /// A manual clock at time zero.
    #[must_use]
    pub fn new() -> ManualTime {
        ManualTime {
            now: Arc::new(watch::Sender::new(Duration::ZERO)),
            epoch_seconds: system_unix_seconds(),
        }
    }

    /// Moves the clock forward by `by`.
    pub fn advance(&self, by: Duration) {
        self.now.send_modify(|now| *now += by);
    }
}

impl Default for ManualTime {
    fn default() -> ManualTime {
        ManualTime::new()
    }
}

impl TimeSource for ManualTime {
    fn now(&self) -> Duration {
        *self.now.borrow()
    }

    fn sleep_until(&self, at: Duration) -> BoxFuture<'static, ()> {
        let mut now = self.now.subscribe();
        Box::pin(async move {
            // The sender lives as long as any clone of the clock; if it is
            // gone, the time never comes.
            if now.wait_for(|now| *now >= at).await.is_err() {
                std::future::pending::<()>().await;
            }
        })
    }

    fn unix_seconds(&self) -> i64 {
        let since = i64::try_from(self.now().as_secs()).unwrap_or(i64::MAX);
        self.epoch_seconds.saturating_add(since)
    }
}
