//! Round robin: every pair once, by Berger's tables.

use crate::{Pairing, PlayerId, Round};

/// The rounds of a round robin of `players` players: every pair meets once.
///
/// Berger's tables (FIDE C.05, annex 1), made by the circle method: with
/// an even number `m` of places (the players, and one empty place when
/// their number is odd), the last place stays put and the others sit
/// around a circle of `m - 1` seats that turns by `m / 2` seats each
/// round, so that a player changes rows, and so colours, almost every
/// round. In each round the player on seat 0 meets the fixed place (the
/// fixed place has O in odd rounds, counted from 1, and X in even ones),
/// and seat `s` meets seat `m - 1 - s` with X on seat `s`. Each player's
/// X and O then differ by at most one over the event. A player drawn
/// against the empty place has the round's bye.
///
/// `m - 1` rounds; none for fewer than two players.
///
/// ```
/// use qttt_events::{round_robin, Pairing, PlayerId};
/// // Berger's table for four: 1-4 2-3, 4-3 1-2, 2-4 3-1 (from 0 here).
/// let p = |x, o| Pairing { x: PlayerId(x), o: PlayerId(o) };
/// let rounds = round_robin(4);
/// assert_eq!(rounds[0].pairings, [p(0, 3), p(1, 2)]);
/// assert_eq!(rounds[1].pairings, [p(3, 2), p(0, 1)]);
/// assert_eq!(rounds[2].pairings, [p(1, 3), p(2, 0)]);
/// ```
#[must_use]
pub fn round_robin(players: usize) -> Vec<Round> {
    if players < 2 {
        return Vec::new();
    }
    let places = players + players % 2;
    let seats = places - 1;
    let fixed = places - 1;
    let place = |index: usize| (index < players).then_some(PlayerId(index));
    (0..seats)
        .map(|round| {
            let turn = round * (places / 2) % seats;
            let on_seat = |seat: usize| (seat + turn) % seats;
            let mut pairings = Vec::with_capacity(places / 2);
            let mut bye = None;
            let mut meet = |x: usize, o: usize| match (place(x), place(o)) {
                (Some(x), Some(o)) => pairings.push(Pairing { x, o }),
                (Some(alone), None) | (None, Some(alone)) => bye = Some(alone),
                (None, None) => {}
            };
            if round % 2 == 0 {
                meet(on_seat(0), fixed);
            } else {
                meet(fixed, on_seat(0));
            }
            for seat in 1..places / 2 {
                meet(on_seat(seat), on_seat(places - 1 - seat));
            }
            Round { pairings, bye }
        })
        .collect()
}
