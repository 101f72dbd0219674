//! The random playout loop behind
//! [`random_playout`](crate::random::random_playout): the same games as
//! repeated [`random_action`](crate::random::random_action)s (the same
//! random numbers drawn for the same choices), played on the game's own
//! fields with what the loop already knows kept at hand.

use crate::action::{FIRST_CLASSICAL, FIRST_COLLAPSE, spooky_squares};
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
    /// square ([`collapse_by_walk`](Game::collapse_by_walk)) instead of
    /// sweeping every mark until nothing changes, as `apply` does
    /// ([`collapse_by_sweep`](Game::collapse_by_sweep)).
    pub(crate) fn play_out(&mut self, rng: &mut SplitMix64) {
        if self.is_over() {
            return;
        }
        let mut marks_at = self.marks_at();
        // A copy in registers, written back once at the end.
        let mut random = rng.clone();
        loop {
            if let Some(options) = self.collapse_options() {
                let square = options[random.below(2) as usize];
                self.collapse_by_walk(square, &marks_at);
                self.record.push(FIRST_COLLAPSE + square.index() as u8);
                if self.x_squares.lines() | self.o_squares.lines() != 0 {
                    break;
                }
            }
            let free = self.free_squares();
            let moves = ActionList::spooky_moves_ref(free);
            if moves.is_empty() {
                // One free square left (the classical move ends the game) or none.
                if let Some(square) = free.first() {
                    random.below(1); // a random pick among one still draws a number
                    self.set_classical(self.move_number, square);
                    self.move_number += 1;
                    self.record.push(FIRST_CLASSICAL + square.index() as u8);
                }
                break;
            }
            let id = moves.ids()[random.below(moves.len() as u32) as usize];
            let (a, b) = spooky_squares(id);
            let mark = 1 << (self.move_number - 1);
            marks_at[a.index()] |= mark;
            marks_at[b.index()] |= mark;
            self.place_spooky(a, b);
            self.record.push(id);
        }
        *rng = random;
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
