//! The game counter against plain enumeration of every action sequence,
//! and on positions counted by hand.

mod common;

use std::collections::HashMap;

use qttt::analysis::GameCounter;
use qttt::random::SplitMix64;
use qttt::{Game, Symmetry};

/// Every action sequence to the end, one by one: no table, no shortcuts.
fn enumerate(game: &Game) -> u64 {
    let actions = game.legal_actions();
    if actions.is_empty() {
        return 1;
    }
    actions
        .iter()
        .map(|action| enumerate(&game.apply_unchecked(action)))
        .sum()
}

/// Checks a fresh counter against [`enumerate`] on `game`; the number.
fn fresh_count_matches_enumeration(game: &Game) -> u64 {
    let expected = enumerate(game);
    assert_eq!(
        GameCounter::new().count(game),
        expected,
        "{}",
        game.record()
    );
    expected
}

/// A random game stopped after `plies` actions (or at its end).
fn random_position(rng: &mut SplitMix64, plies: usize) -> Game {
    let mut game = Game::new();
    for _ in 0..plies {
        let actions = game.legal_actions();
        if actions.is_empty() {
            break;
        }
        game = game.apply_unchecked(actions[rng.below(actions.len() as u32) as usize]);
    }
    game
}

#[test]
fn counts_match_enumeration_late_in_the_game() {
    let mut rng = SplitMix64::new(7);
    let mut counter = GameCounter::new();
    let mut compared = 0;
    for round in 0..600 {
        // Six to nine actions in: a few thousand games each at most.
        let game = random_position(&mut rng, 6 + round % 4);
        assert_eq!(counter.count(&game), enumerate(&game), "{}", game.record());
        compared += 1;
    }
    assert_eq!(compared, 600);
}

#[test]
fn counts_match_enumeration_from_five_marks() {
    // Positions with a larger tree ahead, each counted by a fresh counter
    // and by one that shares its table across positions.
    let mut rng = SplitMix64::new(11);
    let mut shared = GameCounter::new();
    for _ in 0..6 {
        let game = random_position(&mut rng, 5);
        let expected = fresh_count_matches_enumeration(&game);
        assert_eq!(shared.count(&game), expected, "{}", game.record());
    }
}

#[test]
fn one_counter_across_every_continuation_of_a_position() {
    // Every position one and two actions after a start, counted by one
    // counter (its table keeps each shape it meets, up to symmetry) and by
    // enumeration. Among them: a lone spooky mark on each pair, marks of
    // both owners in one tree, and the same squares with owners swapped
    // (X5 on one pair and O6 on another, or the other way round), so a key
    // that lost an edge or an owner would merge shapes whose counts differ.
    let mut shared = GameCounter::new();
    let mut compared = 0;
    for start in [
        "12 12 @1 34 34 @3",
        "19 19 @9 28 28 @2",
        "15 15 @1 37 37 @7",
    ] {
        let start = common::game(start);
        for first in start.legal_actions() {
            let after_one = start.apply_unchecked(first);
            let mut positions = vec![after_one];
            positions.extend(
                after_one
                    .legal_actions()
                    .iter()
                    .map(|a| after_one.apply_unchecked(a)),
            );
            for game in positions {
                assert_eq!(shared.count(&game), enumerate(&game), "{}", game.record());
                compared += 1;
            }
        }
    }
    // Each start has 5 free squares and no spooky mark: 10 moves for X,
    // then 10 for O after each.
    assert_eq!(compared, 3 * (10 + 10 * 10));
}

/// Every action sequence to the end, remembering each exact position (its
/// key as it stands: no symmetry, no shapes): an independent model for
/// positions with too many games to enumerate one by one.
fn count_by_position(game: &Game, table: &mut HashMap<u128, u64>) -> u64 {
    let actions = game.legal_actions();
    if actions.is_empty() {
        return 1;
    }
    let key = game.position_key().to_bits();
    if let Some(&games) = table.get(&key) {
        return games;
    }
    let games = actions
        .iter()
        .map(|action| count_by_position(&game.apply_unchecked(action), table))
        .sum();
    table.insert(key, games);
    games
}

#[test]
fn one_counter_across_trees_of_three_marks() {
    // Random positions three and four actions after two classical marks:
    // trees of up to three or four spooky marks of both owners, one
    // counter for all of them, against a table of exact positions.
    let mut rng = SplitMix64::new(21);
    let mut shared = GameCounter::new();
    let mut table = HashMap::new();
    for start in ["12 12 @1", "15 15 @5", "19 19 @1"] {
        let start = common::game(start);
        for round in 0..40 {
            let mut game = start;
            for _ in 0..3 + round % 2 {
                let actions = game.legal_actions();
                game = game.apply_unchecked(actions[rng.below(actions.len() as u32) as usize]);
            }
            assert_eq!(
                shared.count(&game),
                count_by_position(&game, &mut table),
                "{}",
                game.record()
            );
        }
    }
}

#[test]
fn symmetric_positions_have_equal_counts() {
    let mut rng = SplitMix64::new(3);
    let mut counter = GameCounter::new();
    for _ in 0..40 {
        let game = random_position(&mut rng, 6);
        let games = counter.count(&game);
        for symmetry in Symmetry::ALL {
            assert_eq!(GameCounter::new().count(&game.transform(symmetry)), games);
        }
    }
}

#[test]
fn hand_counted_positions() {
    let mut counter = GameCounter::new();
    let count = |counter: &mut GameCounter, record: &str| counter.count(&common::game(record));
    // Over: the empty sequence only.
    assert_eq!(
        count(&mut counter, "12 12 @1 34 34 @3 56 56 @5 78 78 @8 9"),
        1
    );
    // Square 9 left for X's classical mark.
    assert_eq!(
        count(&mut counter, "12 12 @1 34 34 @3 56 56 @5 78 78 @8"),
        1
    );
    // Mark 9 with 7, 8, 9 joined by X7 (78) and O8 (89): 3 moves, each a
    // cycle with 2 collapses that fill the board.
    assert_eq!(count(&mut counter, "12 12 @1 34 34 @3 56 56 @5 78 89"), 6);
    // One of those moves: 89 closes the cycle 8-9, O chooses @8 or @9.
    assert_eq!(
        count(&mut counter, "12 12 @1 34 34 @3 56 56 @5 78 89 89"),
        2
    );
    // O's mark 8 with X7 in 78: see the GameCounter docs (2 + 6 + 6).
    assert_eq!(count(&mut counter, "12 12 @1 34 34 @3 56 56 @5 78"), 14);
    // A pending collapse counts as the sum of its two choices.
    let after_cycle = count(&mut counter, "12 12");
    let choices: u64 = ["12 12 @1", "12 12 @2"]
        .iter()
        .map(|r| count(&mut counter, r))
        .sum();
    assert_eq!(after_cycle, choices);
}

#[test]
fn samples_are_uniform_over_complete_games() {
    // The 14 complete games of the hand-counted position: 14,000 draws
    // should give each about 1,000 times (binomial standard deviation
    // about 31; the bounds are over six of them).
    let game = common::game("12 12 @1 34 34 @3 56 56 @5 78");
    let mut counter = GameCounter::new();
    let mut rng = SplitMix64::new(5);
    let mut seen = std::collections::HashMap::new();
    for _ in 0..14_000 {
        let end = counter.sample(&game, &mut rng);
        assert!(end.is_over());
        *seen.entry(end.record().to_string()).or_insert(0) += 1;
    }
    assert_eq!(seen.len(), 14);
    for (record, times) in seen {
        assert!((810..=1190).contains(&times), "{record}: {times}");
    }
}

#[test]
fn the_table_remembers_early_positions_only() {
    let mut counter = GameCounter::new();
    assert_eq!(counter.table_len(), 0);
    // Three marks placed: positions with three to six marks are remembered.
    counter.count(&common::game("12 34 56"));
    let remembered = counter.table_len();
    assert!(remembered > 1000, "{remembered}");
    // Counting it again finds it in the table and adds nothing.
    counter.count(&common::game("12 34 56"));
    assert_eq!(counter.table_len(), remembered);
    // Seven marks and more: nothing to remember.
    let mut late = GameCounter::new();
    late.count(&common::game("12 12 @1 34 34 @3 56 56 @5 78"));
    assert_eq!(late.table_len(), 0);
}

#[test]
fn counts_match_enumeration_from_six_and_seven_marks() {
    // The closed forms: six marks (three trees, mark 7 joining two of
    // them) and seven marks (two trees). Random games stopped there, with
    // no collapse pending, each counted fresh against plain enumeration.
    let mut rng = SplitMix64::new(13);
    let mut compared = [0; 2];
    while compared.iter().any(|&n| n < 300) {
        let mut game = Game::new();
        loop {
            let marks = game.move_number() - 1;
            if game.collapse_options().is_none() && (marks == 6 || marks == 7) {
                let slot = usize::from(marks - 6);
                if compared[slot] < 300 && !game.is_over() {
                    fresh_count_matches_enumeration(&game);
                    compared[slot] += 1;
                }
            }
            let actions = game.legal_actions();
            if actions.is_empty() {
                break;
            }
            game = game.apply_unchecked(actions[rng.below(actions.len() as u32) as usize]);
        }
    }
}
