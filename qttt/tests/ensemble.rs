//! The classical ensemble (docs/ensemble.md): `Game::ensemble_count` and
//! `Game::ensemble` against a brute force on every shared vector and every
//! prefix of its record, and against cases worked out by hand.

mod common;

use std::collections::BTreeSet;

use common::{game, game_vectors, illegal_vectors, perft_vectors};
use qttt::{ClassicalBoard, Game, MAX_ENSEMBLE, Placement, Square};

/// A board as the move number in each square (0 for none).
type Numbers = [u8; 9];

/// Brute force from the public marks alone: each of the k spooky marks
/// tries both squares (2^k candidates), and a candidate counts when no two
/// marks, spooky or classical, share a square. Listed in mark order: by
/// the square of the lowest-numbered spooky mark (lower square first),
/// then the next one's, and so on.
fn brute_force(game: &Game) -> Vec<Numbers> {
    let mut classical = [0u8; 9];
    let mut spooky = Vec::new();
    for (mark, placement) in game.marks() {
        match placement {
            Placement::Classical(s) => classical[s.index()] = mark.number(),
            Placement::Spooky(a, b) => spooky.push((mark.number(), [a, b])),
        }
    }
    let mut boards = Vec::new();
    for choice in 0u32..1 << spooky.len() {
        let mut board = classical;
        let fits = spooky.iter().enumerate().all(|(bit, &(number, squares))| {
            let square = squares[(choice >> bit & 1) as usize].index();
            let empty = board[square] == 0;
            board[square] = number;
            empty
        });
        if fits {
            // The key of mark order: the index (0 lower, 1 higher) of each
            // spooky mark's square, lowest-numbered mark first.
            let key: Vec<u32> = (0..spooky.len()).map(|bit| choice >> bit & 1).collect();
            boards.push((key, board));
        }
    }
    boards.sort();
    boards.into_iter().map(|(_, board)| board).collect()
}

fn numbers(boards: &[ClassicalBoard]) -> Vec<Numbers> {
    boards.iter().map(ClassicalBoard::numbers).collect()
}

/// Every record of the shared vectors and every prefix of each.
fn vector_records() -> BTreeSet<String> {
    let mut records: Vec<String> = game_vectors().into_iter().map(|(_, r, _)| r).collect();
    records.extend(illegal_vectors().into_iter().map(|[r, _, _]| r));
    records.extend(perft_vectors().into_iter().map(|(r, _, _)| r));
    let mut all = BTreeSet::new();
    for record in records {
        let tokens: Vec<&str> = record.split_whitespace().collect();
        for end in 0..=tokens.len() {
            all.insert(tokens[..end].join(" "));
        }
    }
    all
}

#[test]
fn count_and_list_match_the_brute_force_on_every_vector() {
    let records = vector_records();
    assert!(records.len() > 100, "only {} positions", records.len());
    let mut largest = 0;
    for record in &records {
        let game = game(record);
        let expected = brute_force(&game);
        assert_eq!(game.ensemble_count(), expected.len(), "count of {record:?}");
        assert_eq!(
            numbers(game.ensemble().as_slice()),
            expected,
            "list of {record:?}"
        );
        largest = largest.max(expected.len());
    }
    assert!(largest > 2, "the vectors reach ensembles of {largest} only");
}

#[test]
fn count_and_list_match_the_brute_force_along_random_games() {
    let mut rng = qttt::random::SplitMix64::new(25);
    for _ in 0..300 {
        let mut game = Game::new();
        while let Some(action) = {
            let legal = game.legal_actions();
            (!legal.is_empty()).then(|| legal[rng.below(legal.len() as u32) as usize])
        } {
            game = game.apply(action).unwrap();
            let expected = brute_force(&game);
            assert_eq!(game.ensemble_count(), expected.len(), "{}", game.record());
            assert_eq!(numbers(game.ensemble().as_slice()), expected);
        }
    }
}

/// Hand-worked counts, each with its reasoning: (record, count).
const HAND_COUNTS: &[(&str, usize)] = &[
    // No marks: the empty board is the one board.
    ("", 1),
    // X1 in 1-5: a tree of 2 squares; X1 in 1 or in 5.
    ("15", 2),
    // X1 1-2, O2 3-4: two trees of 2 squares, 2·2.
    ("12 34", 4),
    // X1 1-2, O2 2-3: a path 1-2-3, a tree of 3 squares; the empty square
    // decides: 1 empty (X1 2, O2 3), 2 empty (X1 1, O2 3), 3 empty (X1 1, O2 2).
    ("12 23", 3),
    // O2 repeats X1's pair: a 2-cycle pending, the two collapse choices.
    ("15 15", 2),
    // After @1 every mark is classical: one board.
    ("15 15 @1", 1),
    // The 3-cycle 1-2-3 with the stem X3 3-4 (4 marks, 4 squares): 2.
    ("12 23 34 13", 2),
    // The cycle 1-2-3 with stem 3-4 (2) times the trees 5-6 and 7-8 (2·2).
    ("12 34 56 23 78 13", 8),
    // After @3 only X3 5-6 and X5 7-8 are spooky: 2·2.
    ("12 34 56 23 78 13 @3", 4),
    // Three paths of 3 squares: 3·3·3, the largest ensemble of all.
    ("12 23 45 56 78 89", 27),
    // The star: 8 marks through square 5, one tree of all 9 squares.
    ("15 25 35 45 56 57 58 59", 9),
    // Worked example before the choice: 6 marks on 6 squares 4-9, a cycle.
    ("58 47 67 59 48 68", 2),
    // Worked example after @8: every mark classical, the game over.
    ("58 47 67 59 48 68 @8", 1),
    // Squares 1-6 classical, X7 7-8 spooky: 2 (7 or 8 stays empty).
    ("12 12 @2 35 35 @5 46 46 @6 78", 2),
    // Every mark classical after @7 (O8 in 7, X7 in 8), square 9 free: 1.
    ("12 12 @2 35 35 @5 46 46 @6 78 78 @7", 1),
];

#[test]
fn hand_worked_counts() {
    for &(record, count) in HAND_COUNTS {
        let game = game(record);
        assert_eq!(game.ensemble_count(), count, "{record:?}");
        assert_eq!(game.ensemble().len(), count, "{record:?}");
    }
}

/// Hand-worked boards: the path 1-2-3 (X1 1-2, O2 2-3) in mark order.
/// X1's lower square 1 first: then O2 in 2 or 3; then X1 in 2, O2 in 3.
#[test]
fn hand_worked_boards_of_a_path() {
    let boards = numbers(game("12 23").ensemble().as_slice());
    assert_eq!(
        boards,
        [
            [1, 2, 0, 0, 0, 0, 0, 0, 0], // X1 1, O2 2: square 3 empty
            [1, 0, 2, 0, 0, 0, 0, 0, 0], // X1 1, O2 3: square 2 empty
            [0, 1, 2, 0, 0, 0, 0, 0, 0], // X1 2, O2 3: square 1 empty
        ]
    );
}

/// A pending collapse: the ensemble is the union of what the two choices
/// leave, each choice keeping the half with the newest mark in its square.
#[test]
fn a_collapse_keeps_the_boards_with_the_newest_mark_in_the_chosen_square() {
    for record in vector_records() {
        let game = game(&record);
        let Some(options) = game.collapse_options() else {
            continue;
        };
        let newest = game.collapsing_mark().unwrap();
        let before = game.ensemble();
        for square in options {
            let after = game.apply(qttt::CollapseChoice(square).into()).unwrap();
            let kept: Vec<ClassicalBoard> = before
                .iter()
                .filter(|b| b.square_of(newest) == Some(square))
                .copied()
                .collect();
            assert_eq!(after.ensemble().as_slice(), kept, "{record} @{square}");
            assert_eq!(after.ensemble_count() * 2, game.ensemble_count());
        }
    }
}

/// X1 and X3 both in 1-2 close a 2-cycle; O2 1-3 hangs off square 1, and
/// square 1 is always taken, so O2 is in 3. The two boards both show X in
/// 1 and 2 and O in 3, yet they are two boards: which X mark is where.
#[test]
fn boards_that_look_alike_are_counted_apart() {
    let ensemble = game("12 13 12").ensemble();
    assert_eq!(
        numbers(ensemble.as_slice()),
        [
            [1, 3, 2, 0, 0, 0, 0, 0, 0], // X1 1 (its lower square first), X3 2, O2 3
            [3, 1, 2, 0, 0, 0, 0, 0, 0], // X1 2, X3 1, O2 3
        ]
    );
    let x1 = qttt::Mark::new(1).unwrap();
    assert_eq!(ensemble[0].square_of(x1), Some(Square::S1));
    assert_eq!(ensemble[1].mark(Square::S1), qttt::Mark::new(3));
    assert!(ensemble.len() <= MAX_ENSEMBLE);
}

/// docs/ensemble.md: forgetting the marks played since, every board of a
/// later position's ensemble is a board of the earlier one.
#[test]
fn the_ensemble_never_grows_for_the_marks_already_placed() {
    let mut rng = qttt::random::SplitMix64::new(2025);
    for _ in 0..300 {
        let mut game = Game::new();
        loop {
            let legal = game.legal_actions();
            if legal.is_empty() {
                break;
            }
            let next = game
                .apply(legal[rng.below(legal.len() as u32) as usize])
                .unwrap();
            let earlier: BTreeSet<Numbers> =
                numbers(game.ensemble().as_slice()).into_iter().collect();
            let newest = game.move_number();
            for board in numbers(next.ensemble().as_slice()) {
                let forgotten = board.map(|n| if n >= newest { 0 } else { n });
                assert!(
                    earlier.contains(&forgotten),
                    "{} to {}",
                    game.record(),
                    next.record()
                );
            }
            game = next;
        }
    }
}

/// Example 4 of docs/ensemble.md: X3 in 2-3 joins the trees 1-2 and 3-4,
/// and X1 and O2 keep 3 of their 4 ways (X1 in 2 with O2 in 3 is gone).
#[test]
fn joining_two_trees_keeps_v_plus_w_minus_one_ways() {
    assert_eq!(game("12 34").ensemble_count(), 4);
    let joined = game("12 34 23").ensemble();
    assert_eq!(joined.len(), 4);
    let ways: BTreeSet<Numbers> = joined
        .iter()
        .map(|b| b.numbers().map(|n| if n == 3 { 0 } else { n }))
        .collect();
    assert_eq!(
        ways,
        BTreeSet::from([
            [1, 0, 2, 0, 0, 0, 0, 0, 0],
            [1, 0, 0, 2, 0, 0, 0, 0, 0],
            [0, 1, 0, 2, 0, 0, 0, 0, 0],
        ])
    );
}
