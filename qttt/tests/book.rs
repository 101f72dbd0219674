//! The opening book (`qttt::analysis::book`) against the positions it must
//! hold and against the solver's own search.
//!
//! The fast test runs everywhere; the comparison with the search takes
//! about a minute in release mode and is ignored by default: the test
//! command runs it (`cargo test --release -p qttt --test book --
//! --ignored`), on every entry with at most two marks and every fifth of
//! the others; `QTTT_BOOK_ALL=1` checks all 6,629 (three minutes).

use std::collections::BTreeSet;

use qttt::Game;
use qttt::analysis::book::{self, LAST_MOVE_NUMBER};
use qttt::analysis::{Scoring, Solver};

/// Every position reachable with a move number of at most LAST_MOVE_NUMBER,
/// by canonical key.
fn reachable() -> Vec<(u128, Game)> {
    let mut seen = BTreeSet::new();
    let mut positions = Vec::new();
    let mut frontier = vec![Game::new()];
    while let Some(game) = frontier.pop() {
        if !seen.insert(game.canonical_key().to_bits()) {
            continue;
        }
        positions.push((game.canonical_key().to_bits(), game));
        for action in game.legal_actions().iter() {
            let child = game.apply_unchecked(action);
            if child.move_number() <= LAST_MOVE_NUMBER {
                frontier.push(child);
            }
        }
    }
    positions.sort_by_key(|&(key, _)| key);
    positions
}

#[test]
fn the_book_holds_exactly_the_early_positions_in_key_order() {
    let keys: Vec<u128> = (0..book::len()).map(|i| book::entry(i).0).collect();
    let expected: Vec<u128> = reachable().into_iter().map(|(key, _)| key).collect();
    assert_eq!(keys.len(), 6_629);
    assert_eq!(keys, expected);
}

#[test]
fn the_empty_board_by_hand() {
    // The published result: X wins with all nine marks (tests/published.rs
    // searches it).
    let i = (0..book::len())
        .find(|&i| book::entry(i).0 == Game::new().canonical_key().to_bits())
        .expect("the empty board is in the book");
    assert_eq!(
        book::entry(i),
        (Game::new().canonical_key().to_bits(), 2, 9)
    );
}

#[test]
#[ignore = "a minute in release mode; run by the test command"]
fn the_book_agrees_with_the_search() {
    let all = std::env::var_os("QTTT_BOOK_ALL").is_some();
    let mut solver = Solver::new(Scoring::SingleResult).opening_book(false);
    let mut checked = 0;
    for (i, (key, game)) in reachable().into_iter().enumerate() {
        if !all && game.move_number() == LAST_MOVE_NUMBER && i % 5 != 0 {
            continue;
        }
        let (book_key, value, end) = book::entry(i);
        assert_eq!(book_key, key);
        let solution = solver.solve(&game);
        assert_eq!(
            (i32::from(value), end),
            (solution.value_half_points, solution.end_move),
            "{}",
            game.record()
        );
        checked += 1;
    }
    assert!(checked > 1_300, "{checked} entries checked");
}

#[test]
fn solving_with_and_without_the_book_agree_on_early_positions() {
    // A few positions of each size, solved both ways (debug mode: small ones).
    for record in ["15 26 37", "12 34 56", "15 15 @1 37", "19 28 37 46"] {
        let game = Game::from_record(record).expect("a legal record");
        let with = Solver::new(Scoring::SingleResult).solve(&game);
        let without = Solver::new(Scoring::SingleResult)
            .opening_book(false)
            .solve(&game);
        assert_eq!(
            (with.value_half_points, with.end_move, &with.optimal_actions),
            (
                without.value_half_points,
                without.end_move,
                &without.optimal_actions
            ),
            "{record}"
        );
    }
}
