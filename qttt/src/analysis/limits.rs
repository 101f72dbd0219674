//! Stopping long analyses: a budget of positions, a time limit and a
//! cancel flag.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// When a [`Solver::solve_with`](super::Solver::solve_with) or
/// [`GameCounter::count_with`](super::GameCounter::count_with) must give up:
/// after a number of positions, after a time limit, or as soon as another
/// thread sets a cancel flag. The default has none of them.
///
/// The budget of positions is exact and the same on every machine: a
/// solve or count with it stops at the same point every time (the
/// solver's helper threads each get the budget for their own search). The
/// time limit and the flag are looked at every few thousand positions, so
/// a search stops within about a millisecond of either.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use std::time::Duration;
/// use qttt::analysis::{Interrupted, Limits, Scoring, Solver};
/// let game = qttt::Game::new();
/// let cancel = AtomicBool::new(true); // already cancelled
/// let limits = Limits::new().time(Duration::from_secs(5)).cancel(&cancel);
/// let result = Solver::new(Scoring::SingleResult).solve_with(&game, &limits);
/// assert_eq!(result, Err(Interrupted::Cancelled));
///
/// // Far too few positions for the empty board under Goff's points.
/// let limits = Limits::new().positions(1_000);
/// let result = Solver::new(Scoring::GoffPoints).solve_with(&game, &limits);
/// assert_eq!(result, Err(Interrupted::PositionLimit));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits<'a> {
    positions: Option<u64>,
    time: Option<Duration>,
    cancel: Option<&'a AtomicBool>,
}

impl<'a> Limits<'a> {
    /// No limits.
    #[must_use]
    pub const fn new() -> Limits<'a> {
        Limits {
            positions: None,
            time: None,
            cancel: None,
        }
    }

    /// Gives up before searching more than `positions` positions (counted
    /// from the start of each solve or count; positions answered from a
    /// table or the opening book, or by the closed forms of the last marks,
    /// are not searched). The same limit stops at the same point on every
    /// machine.
    #[must_use]
    pub const fn positions(self, positions: u64) -> Limits<'a> {
        Limits {
            positions: Some(positions),
            ..self
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
            positions: self.positions.unwrap_or(u64::MAX),
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
    /// The budget of positions was spent.
    #[error("the analysis reached its position limit")]
    PositionLimit,
    /// The time limit passed.
    #[error("the analysis reached its time limit")]
    TimedOut,
    /// The cancel flag was set.
    #[error("the analysis was cancelled")]
    Cancelled,
}

/// Running limits: [`Watch::check`] is called once per position searched.
/// A clone keeps the same deadline and flag, and the budget of positions
/// left (for helper threads).
#[derive(Clone)]
pub(crate) struct Watch<'a> {
    /// The most positions to search (`u64::MAX` for no limit).
    positions: u64,
    deadline: Option<Instant>,
    cancel: Option<&'a AtomicBool>,
    /// Positions searched so far.
    checks: u64,
}

impl Watch<'_> {
    /// Whether to stop before searching one more position: once the budget
    /// is spent, or when the clock or the flag say so (looked at on the
    /// first call and every 4096th after it).
    #[inline]
    pub(crate) fn check(&mut self) -> Result<(), Interrupted> {
        if self.checks == self.positions {
            return Err(Interrupted::PositionLimit);
        }
        self.checks += 1;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_of_positions_allows_exactly_that_many() {
        let mut watch = Limits::new().positions(3).start();
        for _ in 0..3 {
            assert_eq!(watch.check(), Ok(()));
        }
        assert_eq!(watch.check(), Err(Interrupted::PositionLimit));
        assert_eq!(
            watch.check(),
            Err(Interrupted::PositionLimit),
            "and stays spent"
        );
        let mut none = Limits::new().positions(0).start();
        assert_eq!(none.check(), Err(Interrupted::PositionLimit));
    }

    #[test]
    fn a_flag_set_during_a_search_stops_it_within_4096_positions() {
        // What another thread's store does, between two positions.
        let cancel = AtomicBool::new(false);
        let mut watch = Limits::new().cancel(&cancel).start();
        assert_eq!(watch.check(), Ok(()));
        cancel.store(true, Ordering::Relaxed);
        let stopped_after = (1..=4096).find(|_| watch.check().is_err());
        assert_eq!(
            stopped_after,
            Some(4096),
            "the 4,097th position looks again"
        );
    }

    #[test]
    fn a_time_limit_of_zero_stops_at_the_first_position() {
        let mut watch = Limits::new().time(Duration::ZERO).start();
        assert_eq!(watch.check(), Err(Interrupted::TimedOut));
    }
}
