//! The collapse (RULES.md, Collapse), written twice on purpose: the sweep
//! that [`Game::apply`] uses, which needs nothing but the game, and the
//! walk of the random playout, which needs the marks in each square kept
//! up to date from move to move. The test below pins them together.

use crate::square_set::SquareSet;
use crate::{Game, Square};

/// The spooky marks in each square, one bit per mark (bit `n − 1` for
/// mark `n`), for [`Game::collapse_by_walk`].
pub(super) type MarksAt = [u16; 9];

impl Game {
    /// The newest mark lands in `square`; every mark connected to it is
    /// forced in turn: the marks of its component form a tree once the
    /// newest is placed, and each lands in the square it does not share
    /// with the squares already reached. Sweeps the older spooky marks
    /// until a sweep forces none.
    pub(super) fn collapse_by_sweep(&mut self, square: Square) {
        let newest = usize::from(self.move_number) - 2;
        self.spooky[newest] = SquareSet::EMPTY;
        self.set_classical(newest as u8 + 1, square);
        let masks = self.spooky;
        // The older spooky marks not yet forced; those of other components
        // are never reached and stay.
        let mut left = 0u16;
        for (mark, &squares) in masks.iter().enumerate().take(newest) {
            left |= u16::from(!squares.is_empty()) << mark;
        }
        let mut reached = SquareSet::of(square);
        while left != 0 {
            let before = left;
            let mut marks = left;
            while marks != 0 {
                let mark = marks.trailing_zeros() as usize;
                marks &= marks - 1;
                if masks[mark].meets(reached) {
                    let landing = masks[mark] - reached;
                    self.spooky[mark] = SquareSet::EMPTY;
                    left &= !(1 << mark);
                    // Both squares reached happens only in corrupted states.
                    if let Some(landing_square) = landing.first() {
                        self.set_classical(mark as u8 + 1, landing_square);
                        reached |= landing;
                    }
                }
            }
            if left == before {
                break; // the rest belong to other components
            }
        }
        self.end_collapse(reached);
    }

    /// The spooky marks in each square (see [`MarksAt`]).
    #[inline]
    pub(super) fn marks_at(&self) -> MarksAt {
        let mut marks_at = [0u16; 9];
        for (mark, &squares) in self.spooky.iter().enumerate() {
            if let Some((a, b)) = squares.ends() {
                marks_at[a.index()] |= 1 << mark;
                marks_at[b.index()] |= 1 << mark;
            }
        }
        marks_at
    }

    /// The same collapse as [`collapse_by_sweep`](Game::collapse_by_sweep):
    /// the newest mark lands in `first`. Without the newest mark its
    /// component is a tree, so a walk from `first` reaches each of its
    /// marks once, through one of its squares, and the mark lands in the
    /// other. Marks of other components are never reached and stay.
    /// `marks_at` is [`marks_at`](Game::marks_at) here, or a superset of
    /// it in classical squares (which the walk never enters). The playout
    /// keeps `marks_at` from move to move, which makes this walk cheaper
    /// than the sweeps; gathering `marks_at` afresh for one collapse would
    /// not (`apply` keeps the sweeps).
    #[inline]
    pub(super) fn collapse_by_walk(&mut self, first: Square, marks_at: &MarksAt) {
        let newest = usize::from(self.move_number) - 2;
        self.spooky[newest] = SquareSet::EMPTY;
        self.set_classical(newest as u8 + 1, first);
        let mut reached = SquareSet::of(first);
        let mut to_visit = reached;
        let mut landed = 1u16 << newest;
        while let Some(from) = to_visit.next() {
            let mut marks = marks_at[from.index()] & !landed;
            landed |= marks;
            while marks != 0 {
                let mark = marks.trailing_zeros() as usize;
                marks &= marks - 1;
                // A landing square already reached happens only in
                // corrupted states: no square is entered twice.
                let landing = self.spooky[mark] - reached;
                self.spooky[mark] = SquareSet::EMPTY;
                if let Some(landing_square) = landing.first() {
                    self.set_classical(mark as u8 + 1, landing_square);
                    reached |= landing;
                    to_visit |= landing;
                }
            }
        }
        self.end_collapse(reached);
    }

    /// After a collapse that turned the squares of `reached` classical:
    /// each is a component of its own again, and nothing is pending.
    #[inline]
    fn end_collapse(&mut self, reached: SquareSet) {
        for square in reached {
            self.component[square.index()] = square.index() as u8;
        }
        self.pending = 0;
    }
}

#[cfg(test)]
mod tests {
    use crate::Game;
    use crate::random::{SplitMix64, random_action};

    #[test]
    fn the_sweep_and_the_walk_collapse_alike() {
        // Every pending collapse along 5,000 random games, both choices:
        // the same game, byte for byte, from either routine.
        let mut rng = SplitMix64::new(21);
        let mut collapses = 0;
        for _ in 0..5_000 {
            let mut game = Game::new();
            while let Some(action) = random_action(&game, &mut rng) {
                if let Some(options) = game.collapse_options() {
                    for square in options {
                        let (mut sweep, mut walk) = (game, game);
                        sweep.collapse_by_sweep(square);
                        walk.collapse_by_walk(square, &game.marks_at());
                        assert_eq!(sweep.to_bytes(), walk.to_bytes(), "@{square} in {game:?}");
                        collapses += 1;
                    }
                }
                game.advance(action);
            }
        }
        assert!(collapses > 10_000);
    }
}
