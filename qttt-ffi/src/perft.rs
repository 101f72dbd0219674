//! Perft: the number of action sequences of a given length from a game.

use crate::game::{load, qttt_game};
use crate::memory::Out;
use crate::status::*;

/// Writes the number of action sequences of exactly `depth` actions from
/// the game (a collapse choice counts as an action; finished games have no
/// continuations). Runs in time exponential in `depth`.
///
/// # Safety
/// `game` must be NULL or point to a `qttt_game`; `count` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_perft(
    game: *const qttt_game,
    depth: u32,
    count: *mut u64,
) -> qttt_status {
    boundary(|| {
        // SAFETY: `count` keeps the contract in this function's `# Safety`.
        let count = unsafe { Out::new(count) }?;
        // SAFETY: `game` keeps the contract in this function's `# Safety`.
        count.write(qttt::perft(&unsafe { load(game) }?, depth));
        Ok(())
    })
}
