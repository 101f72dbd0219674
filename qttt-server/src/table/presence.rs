//! Who is at a table: the connections holding each seat, here and at the
//! other instances sharing the store, and the reconnect grace of a seat
//! whose holder went away.

use super::Table;

impl Table {
    /// Whether anyone holds `seat` now, here or at another instance.
    pub(super) fn connected(&self, seat: usize) -> bool {
        self.present[seat] > 0 || self.remote.values().any(|(seats, _)| seats[seat] > 0)
    }

    /// After the connections holding `seat` changed (`was`: whether anyone
    /// held it before): the reconnect grace starts when the last one goes
    /// and ends when one comes back.
    pub(super) fn presence_changed(&mut self, seat: usize, was: bool) {
        if self.note_presence(seat, was) {
            self.publish();
        }
    }

    /// [`presence_changed`](Table::presence_changed) without publishing;
    /// whether the seat's state changed (and needs publishing).
    pub(super) fn note_presence(&mut self, seat: usize, was: bool) -> bool {
        let now = self.connected(seat);
        if was && !now {
            self.away_since[seat] = Some(self.shared.time.now());
        } else if now && !was {
            self.away_since[seat] = None;
            self.grace_over[seat] = false;
        }
        was != now
    }

    /// The connections here that hold no seat.
    pub(super) fn spectators(&self) -> usize {
        self.connections
            .saturating_sub(self.present[0] + self.present[1])
    }

    /// Tells the other instances sharing the store whom this one has here.
    pub(super) fn announce_presence(&self) {
        let seats = self
            .present
            .map(|count| u32::try_from(count).unwrap_or(u32::MAX));
        self.shared.store.announce(&self.code, seats, false);
    }

    /// Repeats this instance's presence; drops another instance's that it
    /// has not repeated for three heartbeats (it died).
    pub(super) fn heartbeat(&mut self) {
        if self.present != [0, 0] {
            self.announce_presence();
        }
        let was = [self.connected(0), self.connected(1)];
        if let Some(stale) = tokio::time::Instant::now().checked_sub(3 * crate::hub::PRESENCE_EVERY)
        {
            self.remote.retain(|_, (_, said)| *said > stale);
        }
        for (seat, was) in was.into_iter().enumerate() {
            self.presence_changed(seat, was);
        }
    }
}
