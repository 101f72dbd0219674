//! Resource behaviour of the analysis: budgets of positions, time limits
//! and cancel flags stop searches and counts cleanly, what was stored
//! before the stop stays right, and a bounded solver table keeps results
//! exact. Nothing here depends on the machine's speed: the stops are a
//! budget of positions, a time limit of zero (spent at the first position)
//! and a flag set before the start (the crate's own tests show that a flag
//! set during a search is seen within 4,096 positions).

mod common;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use qttt::analysis::{GameCounter, Interrupted, Limits, Scoring, Solution, Solver};
use qttt::{Action, Game};

/// A solution without its node count (which depends on the table).
fn result(solution: Solution) -> (i32, u8, Vec<Action>, Vec<Action>) {
    (
        solution.value_half_points,
        solution.end_move,
        solution.optimal_actions,
        solution.principal_variation,
    )
}

/// A position with three marks that the solver searches (with the
/// opening book off) through far more than 1,000 positions.
const MIDGAME: &str = "15 25 35";

/// How many positions a solve of the empty board without the opening
/// book searches before the budget stops it: far fewer than it needs.
const BUDGET: u64 = 5_000;

#[test]
fn a_budget_of_positions_stops_a_solve_and_the_table_stays_right() {
    let game = Game::new();
    // Searched (the opening book would answer at once).
    let mut solver = Solver::new(Scoring::SingleResult).opening_book(false);
    let limits = Limits::new().positions(BUDGET);
    assert_eq!(
        solver.solve_with(&game, &limits),
        Err(Interrupted::PositionLimit)
    );
    // The interrupted solver's table holds only proved bounds: later
    // solves agree with a fresh solver.
    let position = common::game(MIDGAME);
    assert_eq!(
        result(solver.solve(&position)),
        result(Solver::new(Scoring::SingleResult).solve(&position))
    );
}

#[test]
fn a_budget_stops_at_the_same_point_every_time() {
    // Two fresh solvers with the same budget search the same positions:
    // each stops, and what each stored before the stop is the same, so
    // they continue alike (the same node counts).
    let game = common::game(MIDGAME);
    let mut solvers = [0, 1].map(|_| Solver::new(Scoring::GoffPoints));
    for solver in &mut solvers {
        let limits = Limits::new().positions(BUDGET);
        assert_eq!(
            solver.solve_with(&game, &limits),
            Err(Interrupted::PositionLimit)
        );
    }
    assert_eq!(solvers[0].table_len(), solvers[1].table_len());
    let [a, b] = solvers.map(|mut solver| solver.solve(&game));
    assert_eq!(a, b);
}

#[test]
fn a_time_limit_of_zero_stops_a_solve_at_once() {
    let limits = Limits::new().time(Duration::ZERO);
    let mut solver = Solver::new(Scoring::GoffPoints);
    assert_eq!(
        solver.solve_with(&Game::new(), &limits),
        Err(Interrupted::TimedOut)
    );
    assert_eq!(solver.table_len(), 0, "nothing stored");
}

#[test]
fn a_cancel_flag_stops_a_solve() {
    let cancel = AtomicBool::new(true);
    let limits = Limits::new().cancel(&cancel);
    let mut solver = Solver::new(Scoring::CompleteWin);
    assert_eq!(
        solver.solve_with(&Game::new(), &limits),
        Err(Interrupted::Cancelled)
    );
    // Set from another thread before the search starts.
    let cancel = AtomicBool::new(false);
    let limits = Limits::new().cancel(&cancel);
    std::thread::scope(|scope| {
        scope
            .spawn(|| cancel.store(true, std::sync::atomic::Ordering::Relaxed))
            .join()
            .unwrap();
        let search = scope.spawn(|| {
            Solver::new(Scoring::SingleResult)
                .opening_book(false)
                .solve_with(&Game::new(), &limits)
        });
        assert_eq!(search.join().unwrap(), Err(Interrupted::Cancelled));
    });
}

#[test]
fn generous_limits_change_nothing() {
    let position = common::game(MIDGAME);
    let cancel = AtomicBool::new(false);
    let limits = Limits::new().time(Duration::from_secs(600)).cancel(&cancel);
    let limited = Solver::new(Scoring::GoffPoints).solve_with(&position, &limits);
    assert_eq!(
        limited,
        Ok(Solver::new(Scoring::GoffPoints).solve(&position))
    );
    let mut counter = GameCounter::new();
    let late = common::game("12 34 56 78");
    assert_eq!(
        counter.count_with(&late, &limits),
        Ok(GameCounter::new().count(&late))
    );
}

#[test]
fn a_bounded_table_gives_the_same_results() {
    for record in [MIDGAME, "58 47 67", "12 12 @1 34"] {
        let position = common::game(record);
        // Searched: the opening book would answer the three-mark position.
        let mut small = Solver::new(Scoring::SingleResult)
            .opening_book(false)
            .table_limit(1000);
        let solution = small.solve(&position);
        // These searches meet far more than 1,000 positions worth keeping.
        assert_eq!(small.table_len(), 1000, "{record}");
        assert_eq!(
            result(solution),
            result(Solver::new(Scoring::SingleResult).solve(&position)),
            "{record}"
        );
    }
}

#[test]
fn an_interrupted_count_leaves_a_correct_table() {
    let game = common::game("12 34");
    let mut counter = GameCounter::new();
    let limits = Limits::new().positions(BUDGET);
    assert_eq!(
        counter.count_with(&game, &limits),
        Err(Interrupted::PositionLimit)
    );
    assert!(
        counter.table_len() > 0,
        "it counted something before the stop"
    );
    let late = common::game("12 34 56 78");
    assert_eq!(counter.count(&late), GameCounter::new().count(&late));
    let cancel = AtomicBool::new(true);
    assert_eq!(
        counter.count_with(&game, &Limits::new().cancel(&cancel)),
        Err(Interrupted::Cancelled)
    );
}

#[test]
fn helper_threads_find_the_same_optimal_actions() {
    for record in [MIDGAME, "15 25", "12 12 @1 34", "58 47 67 59 48 68"] {
        let position = common::game(record);
        for scoring in [Scoring::SingleResult, Scoring::GoffPoints] {
            let one = Solver::new(scoring).solve(&position);
            let two = Solver::new(scoring).threads(2).solve(&position);
            assert_eq!(result(two), result(one), "{record} {scoring:?}");
        }
    }
    // A budget still stops a solve with helper threads.
    let limits = Limits::new().positions(BUDGET);
    let stopped = Solver::new(Scoring::SingleResult)
        .opening_book(false)
        .threads(3)
        .solve_with(&Game::new(), &limits);
    assert_eq!(stopped, Err(Interrupted::PositionLimit));
}
