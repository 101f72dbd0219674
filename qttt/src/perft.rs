//! Counting action sequences, the standard check of a move generator.

use crate::Game;

/// The number of action sequences of exactly `depth` actions from `game`
/// (a collapse choice is an action of its own; a finished game has no
/// continuations, so sequences that end early are not counted).
///
/// ```
/// use qttt::{perft, Game};
/// assert_eq!(perft(&Game::new(), 1), 36);
/// assert_eq!(perft(&Game::new(), 2), 1296);
/// assert_eq!(perft(&Game::new(), 3), 45432);
/// ```
#[must_use]
pub fn perft(game: &Game, depth: u32) -> u64 {
    let actions = game.legal_actions();
    match depth {
        0 => 1,
        1 => actions.len() as u64,
        _ => actions
            .iter()
            .map(|action| perft(&game.apply_unchecked(action), depth - 1))
            .sum(),
    }
}
