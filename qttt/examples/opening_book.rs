//! Writes `qttt/src/analysis/book.bin`, the opening book (layout in
//! `qttt::analysis::book`): every position with at most three marks placed, up to symmetry, solved under
//! `Scoring::SingleResult` by the solver with the book turned off.
//!
//!     cargo run --release -p qttt --example opening_book

use std::collections::BTreeMap;

use qttt::analysis::book::{ENTRY_BYTES, LAST_MOVE_NUMBER};
use qttt::analysis::{Scoring, Solver};
use qttt::{Game, Symmetry};

fn main() -> std::io::Result<()> {
    // Every position reachable with at most three marks, by canonical key.
    let mut positions = BTreeMap::new();
    let mut frontier = vec![Game::new()];
    while let Some(game) = frontier.pop() {
        if positions
            .insert(game.canonical_key().to_bits(), game)
            .is_some()
        {
            continue;
        }
        for action in game.legal_actions().iter() {
            let child = game.apply_unchecked(action);
            if child.move_number() <= LAST_MOVE_NUMBER {
                frontier.push(child);
            }
        }
    }
    if std::env::args().any(|a| a == "--count") {
        println!("{} positions", positions.len());
        return Ok(());
    }
    let mut solver = Solver::new(Scoring::SingleResult).opening_book(false);
    let mut out = Vec::with_capacity(positions.len() * ENTRY_BYTES);
    for (key, game) in &positions {
        // The position in its canonical orientation: the optimal actions are
        // stored as they are there.
        let canonical = Symmetry::ALL
            .iter()
            .map(|&s| game.transform(s))
            .find(|g| g.position_key().to_bits() == *key)
            .expect("one of the 8 images has the canonical key");
        let solution = solver.solve(&canonical);
        let value =
            i8::try_from(solution.value_half_points).expect("a result of -2 to 2 half points");
        let optimal = solution
            .optimal_actions
            .iter()
            .fold(0u64, |mask, a| mask | 1 << a.id());
        out.extend_from_slice(&key.to_le_bytes());
        out.extend_from_slice(&value.to_le_bytes());
        out.push(solution.end_move);
        out.extend_from_slice(&optimal.to_le_bytes());
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/analysis/book.bin");
    std::fs::write(path, &out)?;
    println!(
        "{} positions ({} bytes) written to qttt/src/analysis/book.bin",
        positions.len(),
        out.len()
    );
    Ok(())
}
