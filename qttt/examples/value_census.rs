//! The values under perfect play of every position of plies 0 to N
//! (default 3), listed exhaustively: `cargo run --release -p qttt
//! --example value_census -- 3` (minutes; docs/analysis.md).

use std::time::Instant;

use qttt::analysis::{Scoring, value_census};

fn main() {
    let last: usize = std::env::args()
        .nth(1)
        .map_or(3, |n| n.parse().expect("a ply"));
    let start = Instant::now();
    println!(
        "ply\tpositions\torbits\tscoring\tx_wins\tx_half\tdraws\to_half\to_wins\tsingle_optimal\tlongest_win"
    );
    for values in value_census(last) {
        for (census, scoring) in values.scorings.iter().zip(Scoring::ALL) {
            let [o, oh, d, xh, x] = census.by_half_points;
            println!(
                "{}\t{}\t{}\t{}\t{x}\t{xh}\t{d}\t{oh}\t{o}\t{}\t{}",
                values.ply,
                values.positions,
                values.orbits,
                scoring.name(),
                census.single_optimal_action,
                census.longest_forced_win
            );
        }
        eprintln!("ply {} done at {:.1?}", values.ply, start.elapsed());
    }
}
