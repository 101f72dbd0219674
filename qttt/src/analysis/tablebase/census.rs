//! The values of every stored position, by layer ([`Tablebase::layers`]):
//! each canonical entry weighted by the size of its orbit under the eight
//! symmetries, so that every position waiting for a move before mark 8
//! (not only one per symmetry class) is counted once.

use super::layered::{game_of_key, layer_of};
use super::{LAST_STORED_MOVE, Tablebase, score_in};
use crate::Game;
use crate::analysis::solve::score_parts;
use crate::analysis::{PlyCounter, PlyValueCount, Scoring};

/// The last ply whose positions [`Tablebase::ply_values`] counts: its
/// waiting positions have at most 6 marks, all stored.
pub const LAST_COUNTED_PLY: usize = 6;

/// The values under perfect play of the positions of one layer of a
/// table: those with `marks` marks placed, waiting for the next (no
/// collapse pending, the game not over).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct LayerValues {
    /// Marks placed, 0 to 6.
    pub marks: u8,
    /// The table's entries of the layer: one per symmetry class.
    pub orbits: u64,
    /// The positions they stand for: each entry counted as many times as
    /// its class has members.
    pub positions: u64,
    /// Per scoring of [`Scoring::ALL`], the positions by X's value in half
    /// points under perfect play, index `value + 2` (as
    /// [`ScoringCensus::by_half_points`](crate::analysis::ScoringCensus)).
    pub by_half_points: [[u64; 5]; 3],
}

impl LayerValues {
    /// These figures and `other`'s added up (the marks are these): two
    /// parts of one layer, or two layers into a total.
    #[must_use]
    pub fn merged(&self, other: &LayerValues) -> LayerValues {
        let mut sum = *self;
        sum.orbits += other.orbits;
        sum.positions += other.positions;
        for (classes, more) in sum.by_half_points.iter_mut().zip(other.by_half_points) {
            for (n, m) in classes.iter_mut().zip(more) {
                *n += m;
            }
        }
        sum
    }
}

impl Tablebase {
    /// The values of every position the table stands for, by layer (marks
    /// placed, 0 to 6, the empty layers of a reduced table included), on
    /// `threads` threads (at least one): of the complete table, every
    /// position waiting for a move before mark 8 (1,161,408,961). The
    /// figures do not depend on the threads.
    #[must_use]
    pub fn layers(&self, threads: usize) -> Vec<LayerValues> {
        let threads = threads.max(1);
        let bytes = (*self.storage).as_ref();
        let len = self.len;
        let count = |first: usize| {
            let mut layers: Vec<LayerValues> = (0..LAST_STORED_MOVE)
                .map(|marks| LayerValues {
                    marks,
                    ..LayerValues::default()
                })
                .collect();
            for index in (first..len).step_by(threads) {
                let key = self.key_at(bytes, index);
                let code = self.code_at(bytes, index);
                let weight = game_of_key(key).orbit_size();
                let layer = &mut layers[usize::from(layer_of(key))];
                layer.orbits += 1;
                layer.positions += weight;
                for (classes, scoring) in layer.by_half_points.iter_mut().zip(Scoring::ALL) {
                    let (result, _) = score_parts(score_in(code, scoring));
                    classes[(result + 2) as usize] += weight;
                }
            }
            layers
        };
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|first| scope.spawn(move || count(first)))
                .collect();
            let mut total: Option<Vec<LayerValues>> = None;
            for worker in workers {
                let part = worker.join().expect("a census thread does not panic");
                total = Some(match total {
                    None => part,
                    Some(sum) => sum.iter().zip(&part).map(|(a, b)| a.merged(b)).collect(),
                });
            }
            total.expect("at least one thread")
        })
    }

    /// The values of every position of ply `ply` (as
    /// [`StateSpace::by_ply`](crate::analysis::StateSpace::by_ply) counts
    /// them): the waiting positions the table stores at their plies, the
    /// pending collapses below those of the ply before and the finished
    /// games below those of two plies before ([`PlyCounter`]), on
    /// `threads` threads (at least one). `None` unless the table is
    /// complete and `ply` is at most [`LAST_COUNTED_PLY`]; the figures do
    /// not depend on the threads.
    #[must_use]
    pub fn ply_values(&self, ply: usize, threads: usize) -> Option<PlyValueCount> {
        if !self.complete || ply > LAST_COUNTED_PLY {
            return None;
        }
        let threads = threads.max(1);
        let bytes = (*self.storage).as_ref();
        let len = self.len;
        let count = |first: usize| {
            let mut counter = PlyCounter::new(ply);
            let mut value_of = |game: &Game| {
                self.values(game)
                    .expect("the complete table values every position")
                    .map(|value| value.value_half_points)
            };
            for index in (first..len).step_by(threads) {
                let key = self.key_at(bytes, index);
                // A waiting position with `marks` marks is at ply `marks`
                // or later.
                if usize::from(layer_of(key)) > ply {
                    continue;
                }
                let code = self.code_at(bytes, index);
                let own = Scoring::ALL.map(|scoring| score_parts(score_in(code, scoring)).0);
                counter.add(&game_of_key(key), own, &mut value_of);
            }
            counter
        };
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|first| scope.spawn(move || count(first)))
                .collect();
            workers
                .into_iter()
                .map(|worker| worker.join().expect("a census thread does not panic"))
                .reduce(PlyCounter::merged)
                .map(|counter| counter.total())
        })
    }
}
