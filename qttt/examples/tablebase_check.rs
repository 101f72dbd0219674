//! The complete tablebase against everything independent of it (issue
//! #35, item 5): `cargo run --release -p qttt --example tablebase_check --
//! TABLE [POSITIONS] [SEED] [PER_PLY]` (defaults 1,000,000, 1 and 10,000).
//! It checks, and stops at the first disagreement:
//!
//! 1. the published values of the empty board (X wins under the single
//!    result, by half a point under Goff's points; a draw under the
//!    complete-win rule), from the table alone;
//! 2. every entry of the opening book (value, end, optimal actions);
//! 3. every shipped puzzle (its first action the only winning one, then
//!    every action of its solution optimal);
//! 4. `POSITIONS` positions drawn uniformly among all reachable ones, each
//!    under every scoring against the searched solver (no table, no book):
//!    the value and the end, and for every 100th the optimal actions;
//! 5. `PER_PLY` positions drawn uniformly within each ply from 4 to 13 the
//!    same way (uniform draws are nearly all late: ply 9 alone holds 85 %
//!    of the positions; plies 0 to 3 are the book's).
//!
//! The random positions are shared out between two threads. It prints the
//! counts and the time; docs/performance.md reports a run.

use std::collections::HashMap;
use std::time::Instant;

use qttt::analysis::{PositionSampler, Scoring, Solver, Tablebase, book, puzzles};
use qttt::{Action, Game, Player, Symmetry};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("the table's file");
    let count: u64 = args
        .next()
        .map_or(1_000_000, |n| n.parse().expect("a count"));
    let seed: u64 = args.next().map_or(1, |n| n.parse().expect("a seed"));
    let per_ply: u64 = args.next().map_or(10_000, |n| n.parse().expect("a count"));
    let start = Instant::now();
    let table = Tablebase::open(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert!(table.is_complete(), "{path} is a reduced table");
    println!("{} entries, opened in {:.1?}", table.len(), start.elapsed());

    let empty = Game::new();
    let root = Scoring::ALL.map(|s| table.value(&empty, s).expect("complete").value_half_points);
    assert_eq!(root, [2, 1, 0], "the published values of the empty board");
    println!("the empty board from the table: single +1, goff +1/2, complete 0");

    let checked = opening_book(&table);
    println!("{checked} opening-book entries agree");
    let checked = shipped_puzzles(&table);
    println!("{checked} shipped puzzles agree");

    let sampled = Instant::now();
    let done = on_two_threads(count, |t, n| {
        random_positions(&table, n, PositionSampler::new(seed * 2 + t))
    });
    println!(
        "{done} random positions agree under every scoring with the searched solver in {:.1?}",
        sampled.elapsed()
    );
    for ply in 4..=13 {
        let sampled = Instant::now();
        let done = on_two_threads(per_ply, |t, n| {
            let sampler = PositionSampler::at_ply(seed * 2 + t, ply).expect("a ply of the game");
            random_positions(&table, n, sampler)
        });
        println!(
            "{done} random positions of ply {ply} agree the same way in {:.1?}",
            sampled.elapsed()
        );
    }
    println!("all checks passed in {:.1?}", start.elapsed());
}

/// Every position that the book holds (move number at most
/// [`book::LAST_MOVE_NUMBER`]) against the table, in the book's canonical
/// orientation: value, end, the mask of optimal actions.
fn opening_book(table: &Tablebase) -> usize {
    let mut by_key = HashMap::new();
    let mut stack = vec![Game::new()];
    while let Some(game) = stack.pop() {
        if game.is_over() || game.move_number() > book::LAST_MOVE_NUMBER {
            continue;
        }
        if by_key
            .insert(game.canonical_key().to_bits(), game)
            .is_some()
        {
            continue;
        }
        stack.extend(
            game.legal_actions()
                .into_iter()
                .map(|a| game.apply_unchecked(a)),
        );
    }
    for i in 0..book::len() {
        let entry = book::entry(i);
        let game = by_key
            .get(&entry.key)
            .expect("every book position is reachable");
        let canonical = Symmetry::ALL
            .iter()
            .map(|&s| game.transform(s))
            .find(|g| g.position_key().to_bits() == entry.key)
            .expect("a symmetry gives the canonical key");
        let value = table
            .value(&canonical, Scoring::SingleResult)
            .expect("complete");
        let context = format!("book entry {i}: {:?}", canonical.record());
        assert_eq!(
            value.value_half_points,
            i32::from(entry.value_half_points),
            "{context}"
        );
        if entry.value_half_points != 0 {
            assert_eq!(value.end_move, Some(entry.end_move), "{context}");
        }
        let optimal = table
            .optimal_actions(&canonical, Scoring::SingleResult)
            .expect("complete");
        let mask = optimal.iter().fold(0u64, |m, a| m | 1 << a.id());
        assert_eq!(mask, entry.optimal, "{context}");
    }
    book::len()
}

/// Every shipped puzzle: the winner's first action is the only winning
/// one, and every action of the solution is optimal.
fn shipped_puzzles(table: &Tablebase) -> usize {
    let all = puzzles::shipped();
    for puzzle in &all {
        let context = format!("puzzle {:?}", puzzle.number);
        let mut game = puzzle.position;
        let winning: Vec<Action> = game
            .legal_actions()
            .into_iter()
            .filter(|&a| {
                let value = table
                    .value(&game.apply_unchecked(a), Scoring::SingleResult)
                    .expect("complete")
                    .value_half_points;
                match puzzle.winner {
                    Player::X => value > 0,
                    Player::O => value < 0,
                }
            })
            .collect();
        assert_eq!(winning, puzzle.solution[..1], "{context}");
        for &action in &puzzle.solution {
            let optimal = table
                .optimal_actions(&game, Scoring::SingleResult)
                .expect("complete");
            assert!(optimal.contains(&action), "{context}: {action}");
            game = game.apply_unchecked(action);
        }
        assert!(game.is_over(), "{context}");
    }
    all.len()
}

/// `work(thread, share)` on two threads, `count` shared between them:
/// the sum of what they return.
fn on_two_threads(count: u64, work: impl Fn(u64, u64) -> u64 + Sync) -> u64 {
    let first = count.div_ceil(2);
    std::thread::scope(|scope| {
        let work = &work;
        let workers: Vec<_> = [(0, first), (1, count - first)]
            .into_iter()
            .map(|(t, n)| scope.spawn(move || work(t, n)))
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("no panic"))
            .sum()
    })
}

/// `count` positions from `sampler` against the searched solver.
fn random_positions(table: &Tablebase, count: u64, mut sampler: PositionSampler) -> u64 {
    let mut solvers = Scoring::ALL.map(|s| Solver::new(s).opening_book(false));
    for n in 0..count {
        let game = sampler.sample().game;
        for solver in &mut solvers {
            let scoring = solver.scoring();
            let context = format!("{:?} under {scoring}", game.record());
            let solution = solver.solve(&game);
            let value = table.value(&game, scoring).expect("complete");
            assert_eq!(
                value.value_half_points, solution.value_half_points,
                "{context}"
            );
            let end = (solution.value_half_points != 0).then_some(solution.end_move);
            assert_eq!(value.end_move, end, "{context}");
            if n % 100 == 0 && !game.is_over() {
                let optimal = table.optimal_actions(&game, scoring).expect("complete");
                assert_eq!(optimal, solution.optimal_actions, "{context}");
            }
        }
    }
    count
}
