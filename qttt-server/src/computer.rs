//! The computer seats: the core's opponents, run on a blocking-work thread
//! under a time limit.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use qttt::analysis::{
    Limits, MctsOpponent, Opponent, OpponentKind, OpponentOptions, PerfectOpponent,
};
use qttt::{Action, Game};

use crate::secret::new_seed;

/// An action for the player to act by the opponent of `kind`, within
/// about `limit`: perfect play stops at the limit or when `cancel` is set,
/// and the tree search stands in for it then; the others take
/// milliseconds.
#[must_use]
pub fn choose(
    kind: OpponentKind,
    game: &Game,
    limit: Duration,
    cancel: &AtomicBool,
) -> Option<Action> {
    let seed = new_seed();
    if kind == OpponentKind::Perfect {
        let limits = Limits::new().time(limit).cancel(cancel);
        if let Ok(action) = PerfectOpponent::new(seed).choose_with(game, &limits) {
            return action;
        }
        return MctsOpponent::new(MctsOpponent::DEFAULT_PLAYOUTS, seed).choose(game);
    }
    kind.opponent(OpponentOptions::new().seed(seed))
        .choose(game)
}
