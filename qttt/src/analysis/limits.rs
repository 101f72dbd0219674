//! Stopping long analyses: a time limit and a cancel flag.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// When a [`Solver::solve_with`](super::Solver::solve_with) or
/// [`GameCounter::count_with`](super::GameCounter::count_with) must give up:
/// after a time limit, or as soon as another thread sets a cancel flag.
/// The default has neither. Limits are checked every few thousand
/// positions, so a search stops within about a millisecond.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use std::time::Duration;
/// use qttt::analysis::{Interrupted, Limits, Scoring, Solver};
/// let cancel = AtomicBool::new(true); // already cancelled
/// let limits = Limits::new().time(Duration::from_secs(5)).cancel(&cancel);
/// let result = Solver::new(Scoring::SingleResult).solve_with(&qttt::Game::new(), &limits);
/// assert_eq!(result, Err(Interrupted::Cancelled));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits<'a> {
    time: Option<Duration>,
    cancel: Option<&'a AtomicBool>,
}

impl<'a> Limits<'a> {
    /// No limits.
    #[must_use]
    pub const fn new() -> Limits<'a> {
        Limits {
            time: None,
            cancel: None,
        }
    }

    /// Gives up after `time` (counted from the start of each solve or count).
    #[must_use]
    pub const fn time(self, time: Duration) -> Limits<'a> {
        Limits {
            time: Some(time),
            ..self
        }
    }

    /// Gives up once `flag` is true (set it from another thread).
    pub const fn cancel(self, flag: &'a AtomicBool) -> Limits<'a> {
        Limits {
            cancel: Some(flag),
            ..self
        }
    }

    /// The limits as a clock started now.
    pub(crate) fn start(&self) -> Watch<'a> {
        Watch {
            deadline: self.time.map(|time| Instant::now() + time),
            cancel: self.cancel,
            checks: 0,
        }
    }
}

/// Why an analysis stopped before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum Interrupted {
    /// The time limit passed.
    #[error("the analysis reached its time limit")]
    TimedOut,
    /// The cancel flag was set.
    #[error("the analysis was cancelled")]
    Cancelled,
}

/// Running limits: [`Watch::check`] is called once per position. A clone
/// keeps the same deadline and flag (for helper threads).
#[derive(Clone)]
pub(crate) struct Watch<'a> {
    deadline: Option<Instant>,
    cancel: Option<&'a AtomicBool>,
    checks: u32,
}

impl Watch<'_> {
    /// Whether to stop; looks at the clock and the flag on the first call
    /// and every 4096th after it.
    #[inline]
    pub(crate) fn check(&mut self) -> Result<(), Interrupted> {
        self.checks = self.checks.wrapping_add(1);
        if self.checks % 4096 != 1 {
            return Ok(());
        }
        if self.cancel.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
            return Err(Interrupted::Cancelled);
        }
        if self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            return Err(Interrupted::TimedOut);
        }
        Ok(())
    }
}
