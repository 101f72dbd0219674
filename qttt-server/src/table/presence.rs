//! Who is at a table: the connections holding each seat, here and at the
//! other instances sharing the store, and the reconnect grace of a seat
//! whose holder went away.

use std::collections::HashMap;
use std::time::Duration;

use super::Table;
use crate::settings::Seat;

/// The connections at a table and each seat's reconnect grace. Pure: the
/// times come from the caller (the table's time source).
#[derive(Debug, Default)]
pub(super) struct Presence {
    /// Connections here per seat.
    present: [usize; 2],
    /// Other server instances' connections per seat (sharing a store),
    /// and when each last said so (real time: liveness, not a game clock).
    remote: HashMap<u64, ([u32; 2], tokio::time::Instant)>,
    /// Connections here in all, spectators included.
    connections: usize,
    /// Since when each taken seat has had no connection.
    away_since: [Option<Duration>; 2],
    /// Whether a seat's grace has passed (the game waits for it).
    grace_over: [bool; 2],
}

impl Presence {
    /// Whether anyone holds `seat` now, here or at another instance.
    pub(super) fn connected(&self, seat: Seat) -> bool {
        self.present[seat] > 0 || self.remote.values().any(|(seats, _)| seats[seat] > 0)
    }

    fn both_connected(&self) -> [bool; 2] {
        Seat::BOTH.map(|seat| self.connected(seat))
    }

    /// The connections here in all.
    pub(super) const fn connections(&self) -> usize {
        self.connections
    }

    /// The connections here that hold no seat.
    pub(super) fn spectators(&self) -> usize {
        self.connections
            .saturating_sub(self.present[0] + self.present[1])
    }

    /// The connections here holding each seat, as announced to the other
    /// instances; `None` when there are none.
    pub(super) fn seats_here(&self) -> Option<[u32; 2]> {
        (self.present != [0, 0]).then(|| {
            self.present
                .map(|count| u32::try_from(count).unwrap_or(u32::MAX))
        })
    }

    /// After the connections changed (`was`: whether each seat was held
    /// before): the reconnect grace starts when the last one goes and ends
    /// when one comes back. The seats whose state changed.
    fn note(&mut self, was: [bool; 2], now: Duration) -> Vec<Seat> {
        let mut changed = Vec::new();
        for seat in Seat::BOTH {
            let (was, is) = (was[seat], self.connected(seat));
            if was && !is {
                self.away_since[seat] = Some(now);
            } else if is && !was {
                self.away_since[seat] = None;
                self.grace_over[seat] = false;
            }
            if was != is {
                changed.push(seat);
            }
        }
        changed
    }

    /// A connection arrives, holding `seat` or watching; whether a seat's
    /// state changed.
    pub(super) fn arrive(&mut self, seat: Option<Seat>, now: Duration) -> bool {
        let was = self.both_connected();
        self.connections += 1;
        if let Some(seat) = seat {
            self.present[seat] += 1;
        }
        !self.note(was, now).is_empty()
    }

    /// A connection leaves; whether a seat's state changed.
    pub(super) fn leave(&mut self, seat: Option<Seat>, now: Duration) -> bool {
        let was = self.both_connected();
        self.connections = self.connections.saturating_sub(1);
        if let Some(seat) = seat {
            self.present[seat] = self.present[seat].saturating_sub(1);
        }
        !self.note(was, now).is_empty()
    }

    /// Another instance says how many of its connections hold each seat
    /// (`said`: when); whether a seat's state changed.
    pub(super) fn remote(
        &mut self,
        instance: u64,
        seats: [u32; 2],
        said: tokio::time::Instant,
        now: Duration,
    ) -> bool {
        let was = self.both_connected();
        if seats == [0, 0] {
            self.remote.remove(&instance);
        } else {
            self.remote.insert(instance, (seats, said));
        }
        !self.note(was, now).is_empty()
    }

    /// Drops the other instances' presence last said at or before `stale`
    /// (they died); whether a seat's state changed.
    pub(super) fn drop_stale(&mut self, stale: tokio::time::Instant, now: Duration) -> bool {
        let was = self.both_connected();
        self.remote.retain(|_, (_, said)| *said > stale);
        !self.note(was, now).is_empty()
    }

    /// Since when `seat`'s holder has been away, if they are.
    pub(super) const fn away_since(&self, seat: Seat) -> Option<Duration> {
        self.away_since[seat.index()]
    }

    /// The first seat whose `grace` has passed at `now` and has not been
    /// marked [`over`](Presence::mark_grace_over).
    pub(super) fn grace_passed(&self, grace: Duration, now: Duration) -> Option<Seat> {
        Seat::BOTH.into_iter().find(|&seat| {
            !self.grace_over[seat]
                && self.away_since[seat].is_some_and(|since| now >= since + grace)
        })
    }

    /// Notes that `seat`'s grace has passed (it is not waited for again).
    pub(super) fn mark_grace_over(&mut self, seat: Seat) {
        self.grace_over[seat] = true;
    }

    /// Starts again, at `now`, the grace of every seat whose holder is
    /// away and whose grace has not passed: the time a table was paused
    /// does not count.
    pub(super) fn restart_graces(&mut self, now: Duration) {
        for seat in Seat::BOTH {
            if !self.grace_over[seat] {
                if let Some(since) = self.away_since[seat].as_mut() {
                    *since = now;
                }
            }
        }
    }

    /// When the next `grace` still pending passes.
    pub(super) fn next_grace_end(&self, grace: Duration) -> Option<Duration> {
        Seat::BOTH
            .into_iter()
            .filter(|&seat| !self.grace_over[seat])
            .filter_map(|seat| self.away_since[seat])
            .map(|since| since + grace)
            .min()
    }
}

impl Table {
    /// Publishes after a change of presence that changed a seat's state.
    pub(super) fn presence_changed(&mut self, changed: bool) {
        if changed {
            self.publish();
        }
    }

    /// Tells the other instances sharing the store whom this one has here.
    pub(super) fn announce_presence(&self) {
        let seats = self.presence.seats_here().unwrap_or([0, 0]);
        self.shared.store.announce(&self.code, seats, false);
    }

    /// Repeats this instance's presence; drops another instance's that it
    /// has not repeated for three heartbeats (it died).
    pub(super) fn heartbeat(&mut self) {
        if self.presence.seats_here().is_some() {
            self.announce_presence();
        }
        if let Some(stale) = tokio::time::Instant::now().checked_sub(3 * crate::hub::PRESENCE_EVERY)
        {
            let changed = self.presence.drop_stale(stale, self.shared.time.now());
            self.presence_changed(changed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::{ManualTime, TimeSource};

    const GRACE: Duration = Duration::from_secs(60);

    #[test]
    fn a_seat_is_away_from_its_last_connection_until_one_comes_back() {
        let time = ManualTime::new();
        let mut presence = Presence::default();
        // A spectator changes no seat.
        assert!(!presence.arrive(None, time.now()));
        assert!(presence.arrive(Some(Seat::First), time.now()));
        // A second connection for the same seat changes nothing.
        assert!(!presence.arrive(Some(Seat::First), time.now()));
        assert_eq!(presence.connections(), 3);
        assert_eq!(presence.spectators(), 1);
        assert_eq!(presence.seats_here(), Some([2, 0]));
        assert!(!presence.leave(Some(Seat::First), time.now()));
        time.advance(Duration::from_secs(5));
        assert!(presence.leave(Some(Seat::First), time.now()));
        assert_eq!(
            presence.away_since(Seat::First),
            Some(Duration::from_secs(5))
        );
        assert_eq!(presence.away_since(Seat::Second), None);
        assert_eq!(presence.seats_here(), None);
        assert_eq!(
            presence.next_grace_end(GRACE),
            Some(Duration::from_secs(65))
        );
        time.advance(Duration::from_secs(59));
        assert_eq!(presence.grace_passed(GRACE, time.now()), None);
        time.advance(Duration::from_secs(1));
        assert_eq!(presence.grace_passed(GRACE, time.now()), Some(Seat::First));
        presence.mark_grace_over(Seat::First);
        assert_eq!(presence.grace_passed(GRACE, time.now()), None);
        assert_eq!(presence.next_grace_end(GRACE), None);
        // Back: the grace is over and forgotten.
        assert!(presence.arrive(Some(Seat::First), time.now()));
        assert_eq!(presence.away_since(Seat::First), None);
        presence.leave(Some(Seat::First), time.now());
        assert_eq!(
            presence.grace_passed(GRACE, time.now() + GRACE),
            Some(Seat::First)
        );
    }

    #[test]
    fn another_instances_connections_hold_a_seat_until_they_go_stale() {
        let time = ManualTime::new();
        let mut presence = Presence::default();
        let said = tokio::time::Instant::now();
        assert!(presence.remote(7, [0, 1], said, time.now()));
        assert!(presence.connected(Seat::Second));
        assert!(!presence.connected(Seat::First));
        // Nothing here: nothing to announce, no spectators.
        assert_eq!(presence.seats_here(), None);
        assert_eq!(presence.spectators(), 0);
        // A connection here for the same seat changes nothing.
        assert!(!presence.arrive(Some(Seat::Second), time.now()));
        assert!(!presence.leave(Some(Seat::Second), time.now()));
        // Not stale yet.
        assert!(!presence.drop_stale(said - Duration::from_secs(1), time.now()));
        time.advance(Duration::from_secs(3));
        assert!(presence.drop_stale(said, time.now()));
        assert_eq!(
            presence.away_since(Seat::Second),
            Some(Duration::from_secs(3))
        );
        // An instance saying it has nobody is forgotten.
        assert!(presence.remote(8, [1, 0], said, time.now()));
        assert!(presence.remote(8, [0, 0], said, time.now()));
        assert!(!presence.connected(Seat::First));
    }
}
