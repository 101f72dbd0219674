//! The values of every position of one ply, counted from the positions
//! waiting for a move alone (issue #35, item 3): the table stores one of
//! each symmetry class of those, and every other position of a ply hangs
//! below one of them.
//!
//! A position of ply `P` waits for a move, has a collapse pending, or is a
//! finished game (docs/analysis.md, "Values of every position of plies 0
//! to 6", argues each case):
//!
//! - a position waiting for a move is counted at each of its plies
//!   ([`StateSpace::plies_of`]), once per class, weighted by its orbit;
//! - a pending collapse has one parent, the position before its newest
//!   mark (which closed the cycle): it is counted through that parent, at
//!   the ply after each of the parent's, the parent's orbit times over
//!   (each member of the orbit has its own images of the children), and
//!   its classes are the children's distinct canonical keys (two pending
//!   positions of one class have parents of one class);
//! - a finished game is a collapse's child, so it is found through the
//!   pending collapses below a waiting position two plies before; it may
//!   be found through several, so it is kept once, by its canonical key.
//!
//! Finished games that no collapse made (a board filled by moves alone)
//! occur only from mark 9 on; the count is for plies whose marks the table
//! stores.

use std::collections::HashMap;

use super::StateSpace;
use crate::Game;

/// The values under perfect play of every position of one ply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct PlyValueCount {
    /// Actions from the empty board.
    pub ply: usize,
    /// The distinct positions of the ply (as
    /// [`StateSpace::by_ply`] counts them).
    pub positions: u64,
    /// Those up to the 8 symmetries.
    pub orbits: u64,
    /// The positions with a collapse pending.
    pub pending: u64,
    /// The finished games.
    pub finished: u64,
    /// Per scoring of [`Scoring::ALL`](super::Scoring::ALL), the positions
    /// by X's value in half points under perfect play, index `value + 2`
    /// (as [`ScoringCensus::by_half_points`](super::ScoringCensus)).
    pub by_half_points: [[u64; 5]; 3],
}

impl PlyValueCount {
    fn add(&mut self, weight: u64, values: [i32; 3]) {
        self.positions += weight;
        for (classes, value) in self.by_half_points.iter_mut().zip(values) {
            classes[half_point_index(value)] += weight;
        }
    }
}

/// The index of X's value in half points (−2 to 2) in `by_half_points`.
fn half_point_index(value: i32) -> usize {
    usize::try_from(value + 2)
        .ok()
        .filter(|&i| i < 5)
        .expect("a value is −2 to 2 half points")
}

/// Counts one ply's positions by value from the positions waiting for a
/// move, one of each symmetry class given to [`PlyCounter::add`] (in any
/// order, on as many counters as threads, [`PlyCounter::merged`]).
///
/// ```
/// use qttt::Game;
/// use qttt::analysis::{PlyCounter, Scoring, Solver};
/// let mut solvers = Scoring::ALL.map(Solver::new);
/// let mut value_of = |game: &Game| -> [i32; 3] {
///     core::array::from_fn(|i| solvers[i].solve(game).value_half_points)
/// };
/// // At ply 4, two trees of spooky marks, {5, 8, 9} and {4, 6, 7}: 6 of
/// // move 5's 36 pairs close a cycle. No symmetry keeps the position, so
/// // its class has 8 members, each with 6 pending children at ply 5.
/// let game = Game::from_record("58 47 67 59")?;
/// let own = value_of(&game);
/// let mut counter = PlyCounter::new(5);
/// counter.add(&game, own, &mut value_of);
/// let count = counter.total();
/// assert_eq!((count.positions, count.pending, count.orbits), (48, 48, 6));
/// assert!(count.by_half_points.iter().all(|c| c.iter().sum::<u64>() == 48));
/// # Ok::<(), qttt::RecordError>(())
/// ```
#[derive(Clone, Debug)]
pub struct PlyCounter {
    count: PlyValueCount,
    /// The finished games found, by canonical key: their orbits and
    /// values (a game found again is not counted again).
    finished: HashMap<u128, (u64, [i32; 3])>,
}

impl PlyCounter {
    /// A counter of ply `ply`'s positions.
    #[must_use]
    pub fn new(ply: usize) -> PlyCounter {
        PlyCounter {
            count: PlyValueCount {
                ply,
                ..PlyValueCount::default()
            },
            finished: HashMap::new(),
        }
    }

    /// Adds what `game` accounts for: `game`, one of a symmetry class of
    /// positions waiting for a move (each class given once), whose values
    /// under [`Scoring::ALL`](super::Scoring::ALL) in half points are
    /// `own`; `value_of` gives the same of any other position. It is
    /// counted itself if it occurs at this ply, its pending children if it
    /// occurs at the ply before, and the finished games below them if it
    /// occurs two plies before.
    pub fn add(
        &mut self,
        game: &Game,
        own: [i32; 3],
        value_of: &mut impl FnMut(&Game) -> [i32; 3],
    ) {
        debug_assert!(game.collapse_options().is_none() && !game.is_over());
        let Some(plies) = StateSpace::plies_of(game.position_key().to_bits()) else {
            return;
        };
        let ply = self.count.ply;
        let weight = game.orbit_size();
        if plies.contains(&ply) {
            self.count.add(weight, own);
            self.count.orbits += 1;
        }
        let before = ply.checked_sub(1).is_some_and(|p| plies.contains(&p));
        let two_before = ply.checked_sub(2).is_some_and(|p| plies.contains(&p));
        if !(before || two_before) {
            return;
        }
        let mut classes: Vec<u128> = Vec::new();
        for action in game.legal_actions() {
            let child = game.apply_unchecked(action);
            if child.collapse_options().is_none() {
                continue;
            }
            if before {
                self.count.add(weight, value_of(&child));
                self.count.pending += weight;
                classes.push(child.canonical_key().to_bits());
            }
            if two_before {
                for choice in child.legal_actions() {
                    let end = child.apply_unchecked(choice);
                    if end.is_over() {
                        let key = end.canonical_key().to_bits();
                        self.finished
                            .entry(key)
                            .or_insert_with(|| (end.orbit_size(), value_of(&end)));
                    }
                }
            }
        }
        classes.sort_unstable();
        classes.dedup();
        self.count.orbits += classes.len() as u64;
    }

    /// The counts of this counter and `other` together (two shares of one
    /// ply's classes; a finished game both found counted once).
    #[must_use]
    pub fn merged(mut self, other: PlyCounter) -> PlyCounter {
        let mut sum = self.count;
        let more = other.count;
        sum.positions += more.positions;
        sum.orbits += more.orbits;
        sum.pending += more.pending;
        for (classes, extra) in sum.by_half_points.iter_mut().zip(more.by_half_points) {
            for (n, m) in classes.iter_mut().zip(extra) {
                *n += m;
            }
        }
        self.count = sum;
        for (key, found) in other.finished {
            self.finished.entry(key).or_insert(found);
        }
        self
    }

    /// The ply's figures: the positions given and found below them, the
    /// finished games among them each once.
    #[must_use]
    pub fn total(&self) -> PlyValueCount {
        let mut count = self.count;
        for &(weight, values) in self.finished.values() {
            count.add(weight, values);
            count.finished += weight;
            count.orbits += 1;
        }
        count
    }
}
