//! Perfect play and computer opponents for C.

use std::time::Duration;

use qttt::analysis::{
    GameCounter, Limits, MctsOpponent, Opponent, PerfectOpponent, RandomOpponent, Scoring, Solver,
};

use crate::game::{QTTT_MAX_LEGAL_ACTIONS, load};
use crate::memory::{cancel_flag, non_null, write};
use crate::status::{boundary, qttt_status};

/// The most actions a game holds (9 moves and at most 4 collapses).
pub const QTTT_MAX_PLIES: usize = 13;
const _: () =
    assert!(QTTT_MAX_PLIES == qttt::MAX_PLIES && QTTT_MAX_LEGAL_ACTIONS == qttt::MAX_LEGAL_ACTIONS);

/// Scoring: RULES.md, a win, a draw or a loss.
pub const QTTT_SCORING_SINGLE_RESULT: i32 = 0;
/// Scoring: Goff's points (lines for both players: the earlier 1, the other 1/2).
pub const QTTT_SCORING_GOFF_POINTS: i32 = 1;
/// Scoring: lines for both players at once count as a draw.
pub const QTTT_SCORING_COMPLETE_WIN: i32 = 2;

/// Opponent: uniformly random legal actions.
pub const QTTT_OPPONENT_RANDOM: i32 = 0;
/// Opponent: Monte Carlo tree search with a budget of playouts.
pub const QTTT_OPPONENT_MCTS: i32 = 1;
/// Opponent: perfect play (the earlier-line rule).
pub const QTTT_OPPONENT_PERFECT: i32 = 2;

/// A position's value under perfect play.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub struct qttt_solution {
    /// X's result in half points: 2 X wins, 0 draw, -2 O wins; with Goff's
    /// points also 1 and -1 (a half point).
    pub value_half_points: i8,
    /// The number of marks when the game ends under optimal play (the
    /// winner hurries, the loser delays).
    pub end_move: u8,
    /// How many entries of `optimal` are used.
    pub optimal_count: u8,
    /// Every optimal action id, ascending.
    pub optimal: [u8; QTTT_MAX_LEGAL_ACTIONS],
    /// How many entries of `variation` are used.
    pub variation_length: u8,
    /// A principal variation: optimal action ids to the end.
    pub variation: [u8; QTTT_MAX_PLIES],
    /// Positions searched.
    pub nodes: u64,
}

fn scoring(value: i32) -> Result<Scoring, qttt_status> {
    match value {
        QTTT_SCORING_SINGLE_RESULT => Ok(Scoring::SingleResult),
        QTTT_SCORING_GOFF_POINTS => Ok(Scoring::GoffPoints),
        QTTT_SCORING_COMPLETE_WIN => Ok(Scoring::CompleteWin),
        _ => Err(qttt_status::InvalidArgument),
    }
}

/// Solves `game` under `scoring` (QTTT_SCORING_*), taking as long as it
/// needs: `qttt_solve_limited` with no limits. The search allocates its
/// table and frees it before returning; from the empty board it takes
/// about 1.5 seconds and 0.1 GB (at most 1.1 GB, the table's bound), after
/// any first move under a second, a few moves in far less.
///
/// # Safety
/// `game` must be NULL or point to a `qttt_game`; `out` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_solve(
    game: *const crate::qttt_game,
    scoring_kind: i32,
    out: *mut qttt_solution,
) -> qttt_status {
    // SAFETY: the caller's guarantees are this function's; no cancel flag.
    unsafe { qttt_solve_limited(game, scoring_kind, 1, 0, std::ptr::null(), out) }
}

/// `qttt_solve` on `threads` threads (0 or 1: one; more test the
/// position's actions in parallel, each with a copy of the table) within limits: gives up with QTTT_STATUS_INTERRUPTED after
/// `time_limit_ms` milliseconds (0: no limit) or soon after `*cancel`
/// becomes true (NULL: no flag). Limits are checked every few thousand
/// positions, so the call returns within about a millisecond of either.
///
/// # Safety
/// As for `qttt_solve`; `cancel` must be NULL or point to a `bool` (or
/// C11 `atomic_bool`) variable, not a constant, that stays valid during
/// the call and that other threads only set to true or false, atomically.
/// The library only reads it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_solve_limited(
    game: *const crate::qttt_game,
    scoring_kind: i32,
    threads: u32,
    time_limit_ms: u32,
    cancel: *const bool,
    out: *mut qttt_solution,
) -> qttt_status {
    boundary(|| {
        let out = non_null(out)?;
        let scoring = scoring(scoring_kind)?;
        let game = load(game)?;
        let solution = Solver::new(scoring)
            .threads(threads as usize)
            .solve_with(&game, &limits(time_limit_ms, cancel))?;
        let mut result = qttt_solution {
            value_half_points: solution.value_half_points as i8,
            end_move: solution.end_move,
            optimal_count: solution.optimal_actions.len() as u8,
            optimal: [0; QTTT_MAX_LEGAL_ACTIONS],
            variation_length: solution.principal_variation.len() as u8,
            variation: [0; QTTT_MAX_PLIES],
            nodes: solution.nodes,
        };
        for (slot, action) in result.optimal.iter_mut().zip(&solution.optimal_actions) {
            *slot = action.id();
        }
        for (slot, action) in result
            .variation
            .iter_mut()
            .zip(&solution.principal_variation)
        {
            *slot = action.id();
        }
        write(out, result);
        Ok(())
    })
}

/// Writes the number of complete games from `game` (every action sequence
/// to the end, a collapse choice being an action of its own; a finished
/// game counts 1) into `*games`. From the empty board it takes under a
/// minute and 0.4 GB; limits as for `qttt_solve_limited`.
///
/// # Safety
/// `game` must be NULL or point to a `qttt_game`; `cancel` as for
/// `qttt_solve_limited`; `games` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_count_games(
    game: *const crate::qttt_game,
    time_limit_ms: u32,
    cancel: *const bool,
    games: *mut u64,
) -> qttt_status {
    boundary(|| {
        let games = non_null(games)?;
        let game = load(game)?;
        let count = GameCounter::new().count_with(&game, &limits(time_limit_ms, cancel))?;
        write(games, count);
        Ok(())
    })
}

/// The limits of a C call: milliseconds (0 for none) and a cancel flag.
fn limits<'a>(time_limit_ms: u32, cancel: *const bool) -> Limits<'a> {
    let mut limits = Limits::new();
    if time_limit_ms > 0 {
        limits = limits.time(Duration::from_millis(u64::from(time_limit_ms)));
    }
    if let Some(flag) = cancel_flag(cancel) {
        limits = limits.cancel(flag);
    }
    limits
}

/// Writes the action a computer opponent (QTTT_OPPONENT_*) picks for
/// whoever acts in `game`: MCTS uses `playouts` playouts; random choices
/// and ties are seeded by `seed`. QTTT_STATUS_GAME_OVER for a finished game.
///
/// # Safety
/// `game` must be NULL or point to a `qttt_game`; `action` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_best_action(
    game: *const crate::qttt_game,
    opponent_kind: i32,
    playouts: u32,
    seed: u64,
    action: *mut u8,
) -> qttt_status {
    boundary(|| {
        let action = non_null(action)?;
        let mut opponent: Box<dyn Opponent> = match opponent_kind {
            QTTT_OPPONENT_RANDOM => Box::new(RandomOpponent::new(seed)),
            QTTT_OPPONENT_MCTS => Box::new(MctsOpponent::new(playouts, seed)),
            QTTT_OPPONENT_PERFECT => Box::new(PerfectOpponent::new(seed)),
            _ => return Err(qttt_status::InvalidArgument),
        };
        let chosen = opponent.choose(&load(game)?).ok_or(qttt_status::GameOver)?;
        write(action, chosen.id());
        Ok(())
    })
}
