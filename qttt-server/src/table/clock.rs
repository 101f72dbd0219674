//! A table's clock: whose time runs, how much is left, and what happens
//! when a flag falls or a seat's grace passes.

use std::time::Duration;

use qttt::{Ending, Player};

use super::{Failure, Table, won_by};
use crate::settings::{ClockSetting, Seat, index};

/// A duration in milliseconds, as the store keeps the clocks.
pub(super) fn millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

/// A stored clock's milliseconds (a negative number as none).
pub(super) fn from_millis(millis: i64) -> Duration {
    Duration::from_millis(u64::try_from(millis).unwrap_or(0))
}

/// A running clock's time left at `now`: `left` when it started, at
/// `started`, less the time since (never below zero).
pub(super) fn running_down(left: Duration, started: Duration, now: Duration) -> Duration {
    left.saturating_sub(now.saturating_sub(started))
}

/// The earlier of two deadlines, either of which may be missing.
pub(super) fn earliest(a: Option<Duration>, b: Option<Duration>) -> Option<Duration> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

impl Table {
    /// Whose clock runs: the player to act, with a clock set, both seats
    /// filled, the game going and the table not paused.
    pub(super) fn clock_running(&self) -> Option<Player> {
        if self.clock == ClockSetting::None
            || self.end.is_some()
            || self.paused
            || !Seat::BOTH.iter().all(|&seat| self.filled(seat))
        {
            return None;
        }
        self.game.current_player()
    }

    /// `player`'s time left at `now`.
    pub(super) fn time_left(&self, player: Player, now: Duration) -> Duration {
        let left = self.clocks[index(player)];
        if self.clock_running() == Some(player) {
            running_down(left, self.turn_started, now)
        } else {
            left
        }
    }

    /// The next time something happens by itself: a flag falls, a grace
    /// passes (neither while the table is paused).
    pub(super) fn next_deadline(&self) -> Option<Duration> {
        let flag = self
            .clock_running()
            .map(|player| self.turn_started + self.clocks[index(player)]);
        let grace = (self.end.is_none() && !self.paused)
            .then(|| self.presence.next_grace_end(self.shared.config.grace))
            .flatten();
        earliest(flag, grace).map(|at| self.backoff_until.map_or(at, |until| at.max(until)))
    }

    /// A deadline came: a flag fell, a grace passed, or a backoff ended.
    pub(super) async fn on_time(&mut self) {
        let now = self.shared.time.now();
        if let Some(player) = self.clock_running() {
            if self.time_left(player, now).is_zero() {
                self.flag(player).await;
                return;
            }
        }
        let passed = (self.end.is_none() && !self.paused)
            .then(|| self.presence.grace_passed(self.shared.config.grace, now))
            .flatten();
        if let Some(seat) = passed {
            if self.clock == ClockSetting::None {
                // Without a clock the game waits for the absent player.
                self.presence.mark_grace_over(seat);
                self.publish();
            } else {
                self.flag(seat.player(self.game_no)).await;
                if self.end.is_some() {
                    self.presence.mark_grace_over(seat);
                }
            }
            return;
        }
        // The deadline was a backoff: try again at the next one.
        self.backoff_until = None;
    }

    /// `player` loses on time (the flag fell, or they stayed away past the
    /// grace with a clock running).
    pub(super) async fn flag(&mut self, player: Player) {
        match self.finish(won_by(player.other(), Ending::Time)).await {
            Ok(()) => self.backoff_until = None,
            // Another instance acted or ended the game first: its record
            // decides, and the timers are checked again on it.
            Err(Failure::Conflict) => self.reload().await,
            Err(Failure::Refused(_)) => {
                tracing::error!(table = %self.code, "store write failed; retrying in a second");
                self.backoff_until = Some(self.shared.time.now() + Duration::from_secs(1));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::{ManualTime, TimeSource};

    #[test]
    fn a_running_clock_counts_down_to_zero_and_no_further() {
        let time = ManualTime::new();
        time.advance(Duration::from_secs(100));
        let started = time.now();
        let left = Duration::from_secs(30);
        assert_eq!(running_down(left, started, time.now()), left);
        time.advance(Duration::from_millis(12_500));
        assert_eq!(
            running_down(left, started, time.now()),
            Duration::from_millis(17_500)
        );
        time.advance(Duration::from_secs(60));
        assert_eq!(running_down(left, started, time.now()), Duration::ZERO);
        // A time before the start (a clock reloaded) charges nothing.
        assert_eq!(running_down(left, started, Duration::from_secs(1)), left);
    }

    #[test]
    fn the_earliest_deadline_is_either_or_the_earlier() {
        let (a, b) = (Duration::from_secs(3), Duration::from_secs(5));
        assert_eq!(earliest(None, None), None);
        assert_eq!(earliest(Some(b), None), Some(b));
        assert_eq!(earliest(None, Some(a)), Some(a));
        assert_eq!(earliest(Some(b), Some(a)), Some(a));
    }

    #[test]
    fn stored_clocks_are_whole_milliseconds() {
        assert_eq!(millis(Duration::from_micros(1_999)), 1);
        assert_eq!(from_millis(1_500), Duration::from_millis(1_500));
        assert_eq!(from_millis(-5), Duration::ZERO);
    }
}
