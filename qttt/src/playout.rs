//! The random playout loop behind
//! [`random_playout`](crate::random::random_playout): the same games as
//! repeated [`random_action`](crate::random::random_action)s (the same
//! random numbers drawn for the same choices), played on the game's own
//! fields with what the loop already knows kept at hand.

use crate::action::{FIRST_CLASSICAL, FIRST_COLLAPSE, spooky_squares};
use crate::outcome::lines_in;
use crate::random::SplitMix64;
use crate::{ActionList, Game};

impl Game {
    /// Plays uniformly random legal actions until the game is over.
    ///
    /// What it skips against `random_action` + `advance`: actions stay ids
    /// (no `Action` to build and take apart again); the lines are looked
    /// for only after a collapse, the one action that adds classical marks
    /// before the last move; and the marks in each square are kept from
    /// move to move, so that a collapse walks its tree from the chosen
    /// square ([`collapse_from`](Game::collapse_from)) instead of sweeping
    /// every mark until nothing changes, as `apply` does.
    pub(crate) fn play_out(&mut self, rng: &mut SplitMix64) {
        if self.is_over() {
            return;
        }
        let mut marks_at = self.marks_at();
        // A copy in registers, written back once at the end.
        let mut random = rng.clone();
        loop {
            if let Some(options) = self.collapse_options() {
                let square = options[random.below(2) as usize].index();
                self.collapse_from(square, &marks_at);
                self.record.push(FIRST_COLLAPSE + square as u8);
                if lines_in(self.x_squares) | lines_in(self.o_squares) != 0 {
                    break;
                }
            }
            let free = self.free_squares();
            let moves = ActionList::spooky_moves_ref(free);
            if moves.is_empty() {
                // One free square left (the classical move ends the game) or none.
                if free != 0 {
                    random.below(1); // a random pick among one still draws a number
                    let square = free.trailing_zeros() as u8;
                    self.set_classical(self.move_number, usize::from(square));
                    self.move_number += 1;
                    self.record.push(FIRST_CLASSICAL + square);
                }
                break;
            }
            let id = moves.ids()[random.below(moves.len() as u32) as usize];
            let (a, b) = spooky_squares(id);
            let (a, b) = (a.index(), b.index());
            let mark = 1 << (self.move_number - 1);
            marks_at[a] |= mark;
            marks_at[b] |= mark;
            self.place_spooky(a, b);
            self.record.push(id);
        }
        *rng = random;
    }

    /// The spooky marks in each square, one bit per mark (bit `n − 1` for
    /// mark `n`).
    #[inline]
    fn marks_at(&self) -> [u16; 9] {
        let mut marks_at = [0u16; 9];
        for (mark, &squares) in self.spooky.iter().enumerate() {
            if squares != 0 {
                marks_at[squares.trailing_zeros() as usize] |= 1 << mark;
                marks_at[15 - squares.leading_zeros() as usize] |= 1 << mark;
            }
        }
        marks_at
    }

    /// The collapse: the newest mark lands in square `first`, and every
    /// mark connected to it is forced in turn. Without the newest mark its
    /// component is a tree, so a walk from `first` reaches each of its
    /// marks once, through one of its squares, and the mark lands in the
    /// other. Marks of other components are never reached and stay.
    /// `marks_at` is [`marks_at`](Game::marks_at) here, or a superset of
    /// it in classical squares (which the walk never enters). The playout
    /// keeps `marks_at` from move to move, which makes this walk cheaper
    /// than `resolve_collapse`'s sweeps; gathering `marks_at` afresh for
    /// one collapse would not (`apply` keeps the sweeps).
    #[inline]
    fn collapse_from(&mut self, first: usize, marks_at: &[u16; 9]) {
        let newest = usize::from(self.move_number) - 2;
        self.spooky[newest] = 0;
        self.set_classical(newest as u8 + 1, first);
        let mut reached = 1u16 << first;
        let mut to_visit = reached;
        let mut landed = 1u16 << newest;
        while to_visit != 0 {
            let from = to_visit.trailing_zeros() as usize;
            to_visit &= to_visit - 1;
            let mut marks = marks_at[from] & !landed;
            landed |= marks;
            while marks != 0 {
                let mark = marks.trailing_zeros() as usize;
                marks &= marks - 1;
                // A landing square already reached happens only in
                // corrupted states: no square is entered twice.
                let landing = self.spooky[mark] & !reached;
                self.spooky[mark] = 0;
                if landing != 0 {
                    self.set_classical(mark as u8 + 1, landing.trailing_zeros() as usize);
                    reached |= landing;
                    to_visit |= landing;
                }
            }
        }
        self.end_collapse(reached);
    }
}

#[cfg(test)]
mod tests {
    use crate::Game;
    use crate::random::{SplitMix64, random_action, random_playout};

    /// The games of `random_action` played one action at a time with the
    /// checked `apply`: the documented definition of a random playout.
    fn step_by_step(game: &Game, rng: &mut SplitMix64) -> Game {
        let mut game = *game;
        while let Some(action) = random_action(&game, rng) {
            game = game.apply(action).expect("random actions are legal");
        }
        game
    }

    #[test]
    fn playouts_are_repeated_random_actions_byte_for_byte() {
        // From the empty board and from every position along other random
        // games (pending collapses, late positions, finished games): the
        // same final game, field for field, and the same random numbers
        // drawn (the generators stay in step).
        let (mut fast, mut slow) = (SplitMix64::new(5), SplitMix64::new(5));
        let mut starts = SplitMix64::new(6);
        let mut compared = 0;
        for _ in 0..3_000 {
            let mut start = Game::new();
            loop {
                let a = random_playout(&start, &mut fast);
                let b = step_by_step(&start, &mut slow);
                assert_eq!(a.to_bytes(), b.to_bytes(), "from {}", start.record());
                assert_eq!(fast, slow);
                compared += 1;
                match random_action(&start, &mut starts) {
                    Some(action) => start = start.apply(action).unwrap(),
                    None => break,
                }
            }
        }
        assert!(compared > 30_000);
    }
}
