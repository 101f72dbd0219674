//! The opening book (`qttt::analysis::book`) against the positions it must
//! hold and against the solver's own search.
//!
//! The fast test runs everywhere; the comparison with the search takes
//! about a minute in release mode and is ignored by default: the test
//! command runs it (`cargo test --release -p qttt --test book --
//! --ignored`), on every entry with at most two marks and every fifth of
//! the others; `QTTT_BOOK_ALL=1` checks all 6,629 (three minutes).

use std::collections::BTreeSet;

use qttt::analysis::book::{self, LAST_MOVE_NUMBER};
use qttt::analysis::{Scoring, Solver};
use qttt::{Game, Symmetry};

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
    let keys: Vec<u128> = (0..book::len()).map(|i| book::entry(i).key).collect();
    let expected: Vec<u128> = reachable().into_iter().map(|(key, _)| key).collect();
    assert_eq!(keys.len(), 6_629);
    assert_eq!(keys, expected);
}

#[test]
fn the_empty_board_by_hand() {
    // The published result: X wins with all nine marks (tests/published.rs
    // searches it).
    let key = Game::new().canonical_key().to_bits();
    let entry = (0..book::len())
        .map(book::entry)
        .find(|entry| entry.key == key)
        .expect("the empty board is in the book");
    assert_eq!((entry.value_half_points, entry.end_move), (2, 9));
    // `19` and `37` (ids 7 and 18: `12` … `19` are 0–7, `23` … `29` 8–14,
    // `34` … `37` 15–18): opposite corners, images of each other.
    assert_eq!(entry.optimal, 1 << 7 | 1 << 18);
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
        let entry = book::entry(i);
        assert_eq!(entry.key, key);
        // The optimal actions are stored for the canonical orientation.
        let canonical = Symmetry::ALL
            .iter()
            .map(|&s| game.transform(s))
            .find(|g| g.position_key().to_bits() == key)
            .expect("one of the 8 images has the canonical key");
        let solution = solver.solve(&canonical);
        let optimal = solution
            .optimal_actions
            .iter()
            .fold(0u64, |mask, a| mask | 1 << a.id());
        assert_eq!(
            (
                i32::from(entry.value_half_points),
                entry.end_move,
                entry.optimal
            ),
            (solution.value_half_points, solution.end_move, optimal),
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
    for record in [
        "",
        "19",
        "15 26",
        "15 26 37",
        "12 34 56",
        "15 15 @1 37",
        "19 28 37 46",
    ] {
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
