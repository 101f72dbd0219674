//! Resource behaviour of the analysis: time limits and cancel flags stop
//! searches and counts cleanly, what was stored before the stop stays
//! right, and a bounded solver table keeps results exact.

mod common;

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

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

/// A position whose solve takes well over a millisecond but under a
/// second in test builds.
const MIDGAME: &str = "15 25 35";

#[test]
fn a_time_limit_stops_a_solve_and_the_table_stays_right() {
    let game = Game::new();
    // Searched (the opening book would answer at once).
    let mut solver = Solver::new(Scoring::SingleResult).opening_book(false);
    let start = Instant::now();
    let limits = Limits::new().time(Duration::from_millis(20));
    assert_eq!(
        solver.solve_with(&game, &limits),
        Err(Interrupted::TimedOut)
    );
    assert!(start.elapsed() < Duration::from_secs(5), "stopped promptly");
    // The interrupted solver's table holds only proved bounds: later
    // solves agree with a fresh solver.
    let position = common::game(MIDGAME);
    assert_eq!(
        result(solver.solve(&position)),
        result(Solver::new(Scoring::SingleResult).solve(&position))
    );
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
    // Set from another thread while the search runs.
    let cancel = AtomicBool::new(false);
    let limits = Limits::new().cancel(&cancel);
    std::thread::scope(|scope| {
        let search = scope.spawn(|| {
            Solver::new(Scoring::SingleResult)
                .opening_book(false)
                .solve_with(&Game::new(), &limits)
        });
        std::thread::sleep(Duration::from_millis(50));
        cancel.store(true, std::sync::atomic::Ordering::Relaxed);
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
    let limits = Limits::new().time(Duration::from_millis(10));
    assert_eq!(
        counter.count_with(&game, &limits),
        Err(Interrupted::TimedOut)
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
    // A time limit still stops a solve with helper threads.
    let limits = Limits::new().time(Duration::from_millis(20));
    let stopped = Solver::new(Scoring::SingleResult)
        .opening_book(false)
        .threads(3)
        .solve_with(&Game::new(), &limits);
    assert_eq!(stopped, Err(Interrupted::TimedOut));
}
