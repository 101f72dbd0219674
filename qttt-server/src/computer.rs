//! The computer seats: the core's opponents, run on a blocking-work thread
//! under a time limit.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use qttt::analysis::{Limits, MctsOpponent, Opponent, RandomOpponent, Scoring, Solver};
use qttt::{Action, Game};

use crate::secret::new_seed;
use crate::settings::SeatKind;

/// The tree search's playouts per choice: a few milliseconds a move.
const MCTS_PLAYOUTS: u32 = 3000;

/// An action for the player to act, by the opponent of `kind`, within
/// about `limit` (the solver stops at the limit or when `cancel` is set,
/// and the tree search stands in for it then).
#[must_use]
pub fn choose(kind: SeatKind, game: &Game, limit: Duration, cancel: &AtomicBool) -> Option<Action> {
    let seed = new_seed();
    match kind {
        SeatKind::Person => None,
        SeatKind::Random => RandomOpponent::new(seed).choose(game),
        SeatKind::Mcts => MctsOpponent::new(MCTS_PLAYOUTS, seed).choose(game),
        SeatKind::Perfect => {
            let limits = Limits::new().time(limit).cancel(cancel);
            match Solver::new(Scoring::SingleResult).solve_with(game, &limits) {
                Ok(solution) => solution.optimal_actions.first().copied(),
                Err(_) => MctsOpponent::new(MCTS_PLAYOUTS, seed).choose(game),
            }
        }
    }
}
