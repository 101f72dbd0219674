//! Perfect play and computer opponents for C.

use std::ffi::c_char;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use qttt::analysis::{
    GameCounter, Interrupted, Limits, OpponentKind, OpponentOptions, PerfectOpponent, Scoring,
    Solver,
};

use crate::game::{QTTT_MAX_LEGAL_ACTIONS, load};
use crate::memory::{Out, OutSlice, with_cancel, with_text};
use crate::status::*;

/// The most actions a game holds (9 moves and at most 4 collapses).
pub const QTTT_MAX_PLIES: usize = 13;
const _: () =
    assert!(QTTT_MAX_PLIES == qttt::MAX_PLIES && QTTT_MAX_LEGAL_ACTIONS == qttt::MAX_LEGAL_ACTIONS);

/// Scoring: RULES.md, a win, a draw or a loss (the core's `Scoring` index 0).
pub const QTTT_SCORING_SINGLE_RESULT: i32 = 0;
/// Scoring: Goff's points (lines for both players: the earlier 1, the other 1/2).
pub const QTTT_SCORING_GOFF_POINTS: i32 = 1;
/// Scoring: lines for both players at once count as a draw.
pub const QTTT_SCORING_COMPLETE_WIN: i32 = 2;

// The scoring constants are the core's indices (cbindgen needs literals).
const _: () = assert!(
    QTTT_SCORING_SINGLE_RESULT == Scoring::SingleResult.index() as i32
        && QTTT_SCORING_GOFF_POINTS == Scoring::GoffPoints.index() as i32
        && QTTT_SCORING_COMPLETE_WIN == Scoring::CompleteWin.index() as i32
);

/// Opponent: uniformly random legal actions.
pub const QTTT_OPPONENT_RANDOM: i32 = 0;
/// Opponent: Monte Carlo tree search with a budget of playouts.
pub const QTTT_OPPONENT_MCTS: i32 = 1;
/// Opponent: perfect play (the earlier-line rule).
pub const QTTT_OPPONENT_PERFECT: i32 = 2;

// The opponent constants are the core's indices (cbindgen needs literals).
const _: () = assert!(
    QTTT_OPPONENT_RANDOM == OpponentKind::Random.index() as i32
        && QTTT_OPPONENT_MCTS == OpponentKind::Mcts.index() as i32
        && QTTT_OPPONENT_PERFECT == OpponentKind::Perfect.index() as i32
);

/// Room for a scoring's or an opponent kind's name and its NUL.
const NAME_ROOM: usize = 16;

/// The core's scoring names as C strings, in index order.
static SCORING_NAMES: [[u8; NAME_ROOM]; Scoring::ALL.len()] = {
    let mut names = [[0; NAME_ROOM]; Scoring::ALL.len()];
    let mut i = 0;
    while i < names.len() {
        names[i] = nul_terminated(Scoring::ALL[i].name());
        i += 1;
    }
    names
};

/// The core's opponent kind names as C strings, in index order.
static OPPONENT_NAMES: [[u8; NAME_ROOM]; OpponentKind::ALL.len()] = {
    let mut names = [[0; NAME_ROOM]; OpponentKind::ALL.len()];
    let mut i = 0;
    while i < names.len() {
        names[i] = nul_terminated(OpponentKind::ALL[i].name());
        i += 1;
    }
    names
};

/// Entry `index` of a name table as a C string, or "unknown".
fn name_in(names: &'static [[u8; NAME_ROOM]], index: i32) -> *const c_char {
    static_text(|| {
        usize::try_from(index)
            .ok()
            .and_then(|i| names.get(i))
            .map_or(c"unknown".as_ptr(), |name| name.as_ptr().cast())
    })
}

/// The stable name of a scoring (QTTT_SCORING_*): "single", "goff" or
/// "complete" (the command-line program's `--scoring`, Python's
/// `scoring=`); "unknown" for another value. Never NULL; do not free.
#[unsafe(no_mangle)]
pub extern "C" fn qttt_scoring_name(scoring_kind: i32) -> *const c_char {
    name_in(&SCORING_NAMES, scoring_kind)
}

/// The stable name of an opponent kind (QTTT_OPPONENT_*): "random", "mcts"
/// or "perfect" (the command-line program's `--ai`); "unknown" for another
/// value. Never NULL; do not free.
#[unsafe(no_mangle)]
pub extern "C" fn qttt_opponent_name(opponent_kind: i32) -> *const c_char {
    name_in(&OPPONENT_NAMES, opponent_kind)
}

/// Writes the scoring (QTTT_SCORING_*) with this stable name into
/// `*scoring_kind`; QTTT_STATUS_INVALID_ARGUMENT for another name. The
/// name is NUL-terminated within `size` bytes (or pass QTTT_NUL_TERMINATED).
///
/// # Safety
/// `name` must be NULL or point to `size` readable bytes or to a
/// NUL-terminated string; `scoring_kind` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_scoring_from_name(
    name: *const c_char,
    size: usize,
    scoring_kind: *mut i32,
) -> qttt_status {
    boundary(|| {
        // SAFETY: both pointers keep the contract in this function's `# Safety`.
        let out = unsafe { Out::new(scoring_kind) }?;
        let scoring: Scoring = unsafe { with_text(name, size, |text| Ok(text.parse().ok())) }?
            .ok_or(Error(QTTT_STATUS_INVALID_ARGUMENT))?;
        out.write(i32::from(scoring.index()));
        Ok(())
    })
}

/// Writes the opponent kind (QTTT_OPPONENT_*) with this stable name into
/// `*opponent_kind`; QTTT_STATUS_INVALID_ARGUMENT for another name. The
/// name is NUL-terminated within `size` bytes (or pass QTTT_NUL_TERMINATED).
///
/// # Safety
/// `name` must be NULL or point to `size` readable bytes or to a
/// NUL-terminated string; `opponent_kind` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_opponent_from_name(
    name: *const c_char,
    size: usize,
    opponent_kind: *mut i32,
) -> qttt_status {
    boundary(|| {
        // SAFETY: both pointers keep the contract in this function's `# Safety`.
        let out = unsafe { Out::new(opponent_kind) }?;
        let kind: OpponentKind = unsafe { with_text(name, size, |text| Ok(text.parse().ok())) }?
            .ok_or(Error(QTTT_STATUS_INVALID_ARGUMENT))?;
        out.write(i32::from(kind.index()));
        Ok(())
    })
}

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

/// The scoring with this index (the core's `Scoring::index`).
fn scoring(value: i32) -> Result<Scoring, Error> {
    u8::try_from(value)
        .ok()
        .and_then(Scoring::from_index)
        .ok_or(Error(QTTT_STATUS_INVALID_ARGUMENT))
}

/// Writes whether `game` is over into `*over` and, if it is, X's result
/// under `scoring_kind` (QTTT_SCORING_*) in half points into
/// `*half_points`: 2 X wins, 0 draw, -2 O wins; with Goff's points also 1
/// or -1 when both players have lines; 0 while the game goes on.
///
/// # Safety
/// `game` must be NULL or point to a `qttt_game`; `over` and
/// `half_points` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_game_result(
    game: *const crate::qttt_game,
    scoring_kind: i32,
    over: *mut bool,
    half_points: *mut i8,
) -> qttt_status {
    boundary(|| {
        // SAFETY: the pointers keep the contract in this function's `# Safety`.
        let (over, half_points, game) =
            unsafe { (Out::new(over)?, Out::new(half_points)?, load(game)?) };
        let result = scoring(scoring_kind)?.result(&game);
        over.write(result.is_some());
        half_points.write(result.map_or(0, |r| i8::try_from(r).unwrap_or(0)));
        Ok(())
    })
}

/// Solves `game` under `scoring` (QTTT_SCORING_*), taking as long as it
/// needs: `qttt_solve_limited` with no limits. The search allocates its
/// table and frees it before returning. Under QTTT_SCORING_SINGLE_RESULT
/// the opening book answers positions with up to three marks: every
/// position takes milliseconds. Under the other scorings the empty board
/// takes about a second and 0.1 GB (at most 1.1 GB, the table's bound),
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
/// position's actions in parallel, each with a copy of the table) within
/// limits: gives up with QTTT_STATUS_INTERRUPTED after `time_limit_ms`
/// milliseconds (0: no limit) or soon after `qttt_cancel_request(cancel)`
/// (NULL: no cancel flag). Limits are checked every few thousand
/// positions, so the call returns within about a millisecond of either.
///
/// # Safety
/// As for `qttt_solve`; `cancel` must be NULL or point to a `qttt_cancel`
/// set up by `qttt_cancel_init` that stays valid during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_solve_limited(
    game: *const crate::qttt_game,
    scoring_kind: i32,
    threads: u32,
    time_limit_ms: u32,
    cancel: *const qttt_cancel,
    out: *mut qttt_solution,
) -> qttt_status {
    boundary(|| {
        // SAFETY: `out`, `game` and `cancel` keep the contract in this function's `# Safety`.
        let out = unsafe { Out::new(out) }?;
        let mut solver = Solver::new(scoring(scoring_kind)?).threads(threads as usize);
        let game = unsafe { load(game) }?;
        let solution =
            unsafe { with_limits(time_limit_ms, cancel, |l| solver.solve_with(&game, l)) }?;
        out.write(solution_of(&solution));
        Ok(())
    })
}

/// The C form of a solution.
fn solution_of(solution: &qttt::analysis::Solution) -> qttt_solution {
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
    result
}

/// A cancel flag for the analysis functions: one thread calls
/// `qttt_cancel_request` while another runs a solve or count with a
/// pointer to it. A plain value (declare it anywhere, nothing to free),
/// but only the qttt_cancel_* functions may touch it, since the library
/// reads it atomically while the call runs; set it up with
/// `qttt_cancel_init`. It must be a variable the program can write (not in
/// read-only memory), alive for every call that receives it.
#[repr(C)]
#[allow(non_camel_case_types)]
pub struct qttt_cancel {
    /// Opaque; use the qttt_cancel_* functions.
    pub opaque: bool,
}

/// Runs `f` on the flag behind a caller's `qttt_cancel` (NULL is an error),
/// lent for the call only.
///
/// # Safety
/// `cancel` is NULL or points to a `qttt_cancel` alive for the call.
unsafe fn with_flag<R>(
    cancel: *mut qttt_cancel,
    f: impl FnOnce(&AtomicBool) -> R,
) -> Result<R, Error> {
    let cancel = crate::memory::non_null(cancel)?;
    // SAFETY: `qttt_cancel` is a repr(C) struct of one `bool`, which has the
    // size, alignment and validity of `AtomicBool`; the pointer is valid
    // (this function's contract) and only ever accessed atomically by qttt
    // functions. The reference lives only as long as `f`.
    Ok(f(unsafe {
        AtomicBool::from_ptr(cancel.as_ptr().cast::<bool>())
    }))
}

/// Sets up (or resets) a cancel flag: not requested.
///
/// # Safety
/// `cancel` must be NULL or point to writable memory for a `qttt_cancel`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_cancel_init(cancel: *mut qttt_cancel) -> qttt_status {
    boundary(|| {
        // SAFETY: `cancel` keeps the contract in this function's `# Safety`.
        unsafe { Out::new(cancel) }?.write(qttt_cancel { opaque: false });
        Ok(())
    })
}

/// Requests that every solve or count watching this flag stop (they return
/// QTTT_STATUS_INTERRUPTED soon after). Safe to call from any thread while
/// they run.
///
/// # Safety
/// `cancel` must be NULL or point to a `qttt_cancel` set up by `qttt_cancel_init`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_cancel_request(cancel: *mut qttt_cancel) -> qttt_status {
    boundary(|| {
        // SAFETY: `cancel` keeps the contract in this function's `# Safety`.
        unsafe { with_flag(cancel, |flag| flag.store(true, Ordering::Relaxed)) }
    })
}

/// Writes whether a stop was requested since `qttt_cancel_init`.
///
/// # Safety
/// `cancel` must be NULL or point to a `qttt_cancel` set up by
/// `qttt_cancel_init`; `requested` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_cancel_is_requested(
    cancel: *const qttt_cancel,
    requested: *mut bool,
) -> qttt_status {
    boundary(|| {
        // SAFETY: both pointers keep the contract in this function's `# Safety`.
        let requested = unsafe { Out::new(requested) }?;
        requested
            .write(unsafe { with_flag(cancel.cast_mut(), |flag| flag.load(Ordering::Relaxed)) }?);
        Ok(())
    })
}

/// A solver that keeps its table of solved positions from call to call, so
/// a game against the perfect player (or hints on every move) solves the
/// opening once and answers later positions from the table. Made by
/// `qttt_solver_new`, freed by `qttt_solver_free`; one thread at a time.
// Opaque to C and to the ABI check (no fields to compare): a handle to the
// core's `PerfectOpponent` (a solver and its seeded generator), whose
// layout may change in any release.
#[allow(non_camel_case_types)]
pub struct qttt_solver {
    _opaque: [u8; 0],
}

/// Makes a solver for `scoring` (QTTT_SCORING_*) that uses `threads`
/// threads (0 or 1: one) and picks among equally good actions with a
/// generator seeded by `seed`; writes it into `*out`. The one allocation
/// of the analysis API: free it with `qttt_solver_free`. Its table grows
/// with what it solves (about 0.1 GB after the empty board, at most 1.1 GB).
///
/// # Safety
/// `out` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_solver_new(
    scoring_kind: i32,
    threads: u32,
    seed: u64,
    out: *mut *mut qttt_solver,
) -> qttt_status {
    boundary(|| {
        // SAFETY: `out` keeps the contract in this function's `# Safety`.
        let out = unsafe { Out::new(out) }?;
        let solver = Solver::new(scoring(scoring_kind)?).threads(threads as usize);
        let opponent = PerfectOpponent::with_solver(solver, seed);
        out.write(Box::into_raw(Box::new(opponent)).cast::<qttt_solver>());
        Ok(())
    })
}

/// Frees a solver made by `qttt_solver_new` (NULL: nothing to do).
///
/// # Safety
/// `solver` must be NULL or a solver from `qttt_solver_new` not yet freed,
/// not in use by another call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_solver_free(solver: *mut qttt_solver) {
    if !solver.is_null() {
        // SAFETY: a pointer from `Box::into_raw` in `qttt_solver_new`, not
        // yet freed (this function's contract). Dropping frees the table;
        // no panic can occur in it.
        drop(unsafe { Box::from_raw(solver.cast::<PerfectOpponent>()) });
    }
}

/// Runs `f` on the solver behind a caller's pointer (NULL is an error),
/// lent for the call only.
///
/// # Safety
/// `solver` is NULL or a live solver from `qttt_solver_new` that no other
/// call uses meanwhile.
unsafe fn with_solver<R>(
    solver: *mut qttt_solver,
    f: impl FnOnce(&mut PerfectOpponent) -> Result<R, Error>,
) -> Result<R, Error> {
    let mut solver = crate::memory::non_null(solver.cast::<PerfectOpponent>())?;
    // SAFETY: from `Box::into_raw` and exclusively ours for the call (this
    // function's contract); the reference lives only as long as `f`.
    f(unsafe { solver.as_mut() })
}

/// Turns the opening book on (`on` true, the default of every solver) or
/// off: with it, positions with up to three marks are read from the book
/// shipped in the library (under QTTT_SCORING_SINGLE_RESULT) instead of
/// searched. Off is for research and benchmarks; results are the same.
///
/// # Safety
/// `solver` as for `qttt_solver_free` (not freed).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_solver_set_opening_book(
    solver: *mut qttt_solver,
    on: bool,
) -> qttt_status {
    boundary(|| {
        // SAFETY: `solver` keeps the contract in this function's `# Safety`.
        unsafe {
            with_solver(solver, |opponent| {
                let solver = opponent.solver();
                let old = core::mem::replace(solver, Solver::new(solver.scoring()));
                *solver = old.opening_book(on);
                Ok(())
            })
        }
    })
}

/// `qttt_solve_limited` with a solver that remembers: positions solved by
/// earlier calls are answered from its table.
///
/// # Safety
/// `solver` as for `qttt_solver_free` (not freed); `game`, `cancel` and
/// `out` as for `qttt_solve_limited`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_solver_solve(
    solver: *mut qttt_solver,
    game: *const crate::qttt_game,
    time_limit_ms: u32,
    cancel: *const qttt_cancel,
    out: *mut qttt_solution,
) -> qttt_status {
    boundary(|| {
        // SAFETY: the pointers keep the contract in this function's `# Safety`.
        let out = unsafe { Out::new(out) }?;
        unsafe {
            with_solver(solver, |opponent| {
                let game = load(game)?;
                let solver = opponent.solver();
                let solution = with_limits(time_limit_ms, cancel, |l| solver.solve_with(&game, l))?;
                out.write(solution_of(&solution));
                Ok(())
            })
        }
    })
}

/// Writes an optimal action for whoever acts in `game` (the winner
/// hurries, the loser delays), chosen among equals with the solver's seeded
/// generator; QTTT_STATUS_GAME_OVER for a finished game. Limits as for
/// `qttt_solve_limited`.
///
/// # Safety
/// As for `qttt_solver_solve`; `action` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_solver_best_action(
    solver: *mut qttt_solver,
    game: *const crate::qttt_game,
    time_limit_ms: u32,
    cancel: *const qttt_cancel,
    action: *mut u8,
) -> qttt_status {
    boundary(|| {
        // SAFETY: the pointers keep the contract in this function's `# Safety`.
        let action = unsafe { Out::new(action) }?;
        unsafe {
            with_solver(solver, |opponent| {
                let game = load(game)?;
                let chosen =
                    with_limits(time_limit_ms, cancel, |l| opponent.choose_with(&game, l))?;
                action.write(chosen.ok_or(Error(QTTT_STATUS_GAME_OVER))?.id());
                Ok(())
            })
        }
    })
}

/// One entry of `qttt_solver_action_values`: a legal action and the value
/// of the game after it under perfect play.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub struct qttt_action_value {
    /// The action's id.
    pub action: u8,
    /// X's result of the game after it, in half points (as
    /// `qttt_solution.value_half_points`).
    pub value_half_points: i8,
    /// The number of marks when that game ends under optimal play.
    pub end_move: u8,
}

/// Writes every legal action of `game` with its value under perfect play
/// into `values` (room for `capacity` entries; QTTT_MAX_LEGAL_ACTIONS is
/// always enough) and their number into `*count`, best first for the
/// player who acts: a higher result first; among equal results, a win
/// that ends sooner and a loss that ends later first; then ascending by
/// id (the core's `Solver::action_values`, the order of every hint list).
/// A finished game has none. Limits (one budget for all the actions) as
/// for `qttt_solve_limited`; on QTTT_STATUS_INTERRUPTED, or
/// QTTT_STATUS_BUFFER_TOO_SMALL when they do not fit, nothing is written.
///
/// # Safety
/// As for `qttt_solver_solve`; `values` must be NULL or point to
/// `capacity` writable entries; `count` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_solver_action_values(
    solver: *mut qttt_solver,
    game: *const crate::qttt_game,
    time_limit_ms: u32,
    cancel: *const qttt_cancel,
    values: *mut qttt_action_value,
    capacity: usize,
    count: *mut usize,
) -> qttt_status {
    boundary(|| {
        // SAFETY: the pointers keep the contract in this function's `# Safety`.
        let (out, count) = unsafe { (OutSlice::new(values, capacity)?, Out::new(count)?) };
        unsafe {
            with_solver(solver, |opponent| {
                let game = load(game)?;
                let solver = opponent.solver();
                let found = with_limits(time_limit_ms, cancel, |l| {
                    solver.action_values_with(&game, l)
                })?;
                let entries: Vec<qttt_action_value> = found
                    .iter()
                    .map(|v| qttt_action_value {
                        action: v.action.id(),
                        value_half_points: v.value_half_points as i8,
                        end_move: v.end_move,
                    })
                    .collect();
                out.write(&entries)?;
                count.write(entries.len());
                Ok(())
            })
        }
    })
}

/// Writes the number of complete games from `game` (every action sequence
/// to the end, a collapse choice being an action of its own; a finished
/// game counts 1) into `*games`. From the empty board it takes about ten
/// seconds and 0.4 GB; limits as for `qttt_solve_limited`.
///
/// # Safety
/// `game` must be NULL or point to a `qttt_game`; `cancel` as for
/// `qttt_solve_limited`; `games` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_count_games(
    game: *const crate::qttt_game,
    time_limit_ms: u32,
    cancel: *const qttt_cancel,
    games: *mut u64,
) -> qttt_status {
    boundary(|| {
        // SAFETY: the pointers keep the contract in this function's `# Safety`.
        let games = unsafe { Out::new(games) }?;
        let game = unsafe { load(game) }?;
        let count = unsafe {
            with_limits(time_limit_ms, cancel, |l| {
                GameCounter::new().count_with(&game, l)
            })
        }?;
        games.write(count);
        Ok(())
    })
}

/// Runs `f` within the limits of a C call: milliseconds (0 for none) and
/// a cancel flag (NULL for none).
///
/// # Safety
/// `cancel` is NULL or points to a `qttt_cancel` alive for the call.
unsafe fn with_limits<R>(
    time_limit_ms: u32,
    cancel: *const qttt_cancel,
    f: impl FnOnce(&Limits<'_>) -> Result<R, Interrupted>,
) -> Result<R, Error> {
    // SAFETY: `cancel` keeps the contract in this function's `# Safety`.
    let result = unsafe {
        with_cancel(cancel, |flag| {
            let mut limits = Limits::new();
            if time_limit_ms > 0 {
                limits = limits.time(Duration::from_millis(u64::from(time_limit_ms)));
            }
            if let Some(flag) = flag {
                limits = limits.cancel(flag);
            }
            f(&limits)
        })
    };
    Ok(result?)
}

/// Writes the action a computer opponent (QTTT_OPPONENT_*) picks for
/// whoever acts in `game`: MCTS uses `playouts` playouts (0: the core's
/// default, 2,000); random choices
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
        // SAFETY: `action` keeps the contract in this function's `# Safety`.
        let action = unsafe { Out::new(action) }?;
        let kind = u8::try_from(opponent_kind)
            .ok()
            .and_then(OpponentKind::from_index)
            .ok_or(Error(QTTT_STATUS_INVALID_ARGUMENT))?;
        let mut options = OpponentOptions::new().seed(seed);
        if playouts > 0 {
            options = options.playouts(playouts);
        }
        let chosen = kind
            .opponent(options)
            .choose(&unsafe { load(game) }?)
            .ok_or(Error(QTTT_STATUS_GAME_OVER))?;
        action.write(chosen.id());
        Ok(())
    })
}
