//! Analysis (feature `std`): perfect play, computer opponents and
//! random-play statistics.
//!
//! [`Solver`] finds the exact value of any position under perfect play,
//! its optimal actions and a principal variation, under any [`Scoring`].
//! It is an alpha-beta search over symmetry-canonical positions with a
//! transposition table and the history heuristic for move ordering. From
//! the empty board it reproduces the published results (the first player
//! wins under the earlier-line rule, using all nine moves; a draw under the
//! "complete win" criterion; a win by half a point under Goff's points) in
//! under a second per scoring on one core, with a table of a few million
//! positions (figures in docs/performance.md).
//!
//! [`Solver::best_action`] picks a perfect action and
//! [`Solver::action_values`] lists every legal action with its value in
//! the one order of every hint list.
//!
//! [`Opponent`] is the one interface of the computer players:
//! [`RandomOpponent`], [`MctsOpponent`] (a budget of playouts) and
//! [`PerfectOpponent`] (solver-backed); [`OpponentKind`] names them
//! (`random`, `mcts`, `perfect`) and builds one from [`OpponentOptions`].
//!
//! [`RandomStats`] plays seeded random games on several threads and
//! reports win, draw and both-lines shares and Goff's mean score, with
//! standard errors.
//!
//! [`GameCounter`] counts complete games exactly (18,227,289,232,224 from
//! the empty board) over symmetry-reduced position shapes, and draws
//! complete games uniformly at random.
//!
//! [`StateSpace`] counts the distinct reachable positions exactly, by ply
//! and over the whole game, and up to symmetry, without listing them.
//!
//! [`PositionSampler`] draws positions uniformly at random among the
//! distinct reachable ones (or within one ply), and [`Dataset`] labels
//! them with every legal action's exact value under each scoring.
//!
//! [`value_census`] counts the values under perfect play of every
//! position of the first plies, listed exhaustively.
//!
//! [`Review`] judges every action of a game by perfect play (the value
//! before and after, what a mistake gave away, the best line) and writes
//! it as an annotated game file ([`crate::gamefile`]).
//!
//! [`Tablebase`] stores the value of every position waiting for a move
//! before mark 8 (up to symmetry) under all three scorings, and answers any
//! position from it in about a microsecond: [`Tablebase::open`] maps a file
//! (checked: damage is an error, never a wrong value),
//! [`Tablebase::build_from`] builds a reduced table below given positions.
//!
//! Long analyses take [`Limits`] (a budget of positions, a time limit, a
//! cancel flag) through
//! [`Solver::solve_with`] and [`GameCounter::count_with`], and stop with
//! [`Interrupted`]; the solver's table is bounded ([`DEFAULT_TABLE_LIMIT`]).
//!
//! ```
//! use qttt::analysis::{Scoring, Solver};
//! let game = qttt::Game::from_record("58 47 67 59 48 68")?;
//! let solution = Solver::new(Scoring::SingleResult).solve(&game);
//! assert_eq!(solution.value_half_points, 2); // X wins...
//! assert_eq!(solution.optimal_actions[0].to_string(), "@8"); // ...by choosing @8 now
//! # Ok::<(), qttt::RecordError>(())
//! ```

// Not API: the opening book's byte layout may change in any release. Public
// (and hidden from the documentation and the semver check) only for the
// example that writes `book.bin` and the test that checks it.
#[doc(hidden)]
pub mod book;
mod census;
mod count;
mod forest;
mod limits;
mod opponents;
mod ply_count;
mod positions;
pub mod puzzles;
mod review;
mod sample;
mod scoring;
mod solve;
mod stats;
mod table;
mod tablebase;

pub use census::{PlyValues, ScoringCensus, value_census, value_census_with_table};
pub use count::GameCounter;
pub use limits::{Interrupted, Limits};
pub use opponents::{
    MctsOpponent, Opponent, OpponentKind, OpponentOptions, PerfectOpponent, RandomOpponent,
};
pub use ply_count::{PlyCounter, PlyValueCount};
pub use positions::{LAST_PLY, PositionCount, StateSpace};
pub use puzzles::{Puzzle, PuzzleCaption, PuzzleError, Theme};
pub use review::{Review, ReviewComment, ReviewStep, Verdict};
pub use sample::{Dataset, LabelledPosition, PositionSampler, SampledPosition};
pub use scoring::{Scoring, half_points, points};
pub use solve::{ActionValue, DEFAULT_TABLE_LIMIT, Solution, Solver};
pub use stats::RandomStats;
pub use tablebase::{
    FORMAT_VERSION, LAST_COUNTED_PLY, LAST_STORED_MOVE, LayerProgress, LayerReport, LayerStage,
    LayerValues, LayeredOptions, LayeredReport, TableValue, Tablebase, TablebaseError,
};
