//! A table's clock: whose time runs, how much is left, and what happens
//! when a flag falls or a seat's grace passes.

use std::time::Duration;

use qttt::{Ending, Player};

use super::{Failure, Table};
use crate::settings::{ClockSetting, index, player_of_seat};
use crate::store::GameEnd;

pub(super) fn millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

pub(super) fn from_millis(millis: i64) -> Duration {
    Duration::from_millis(u64::try_from(millis).unwrap_or(0))
}

impl Table {
    pub(super) fn clock_running(&self) -> Option<Player> {
        if self.clock == ClockSetting::None
            || self.end.is_some()
            || !(self.filled(0) && self.filled(1))
        {
            return None;
        }
        self.game.current_player()
    }

    /// `player`'s time left at `now`.
    pub(super) fn time_left(&self, player: Player, now: Duration) -> Duration {
        let left = self.clocks[index(player)];
        if self.clock_running() == Some(player) {
            left.saturating_sub(now.saturating_sub(self.turn_started))
        } else {
            left
        }
    }

    /// The next time something happens by itself: a flag falls, a grace
    /// passes.
    pub(super) fn next_deadline(&self) -> Option<Duration> {
        let flag = self
            .clock_running()
            .map(|player| self.turn_started + self.clocks[index(player)]);
        let grace = (0..2)
            .filter(|&seat| self.end.is_none() && !self.grace_over[seat])
            .filter_map(|seat| self.away_since[seat])
            .map(|since| since + self.shared.config.grace)
            .min();
        let next = match (flag, grace) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        next.map(|at| self.backoff_until.map_or(at, |until| at.max(until)))
    }

    pub(super) async fn on_time(&mut self) {
        let now = self.shared.time.now();
        if let Some(player) = self.clock_running() {
            if self.time_left(player, now).is_zero() {
                self.flag(player).await;
                return;
            }
        }
        for seat in 0..2 {
            let Some(since) = self.away_since[seat] else {
                continue;
            };
            if self.end.is_some() || self.grace_over[seat] || now < since + self.shared.config.grace
            {
                continue;
            }
            if self.clock == ClockSetting::None {
                // Without a clock the game waits for the absent player.
                self.grace_over[seat] = true;
                self.publish();
            } else {
                self.flag(player_of_seat(seat, self.game_no)).await;
                if self.end.is_some() {
                    self.grace_over[seat] = true;
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
        let end = GameEnd {
            winner: Some(player.other().char()),
            ending: Ending::Time,
        };
        match self.finish(end).await {
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
