//! Plays N complete random games from the empty board with
//! `qttt::random::random_playout` (SplitMix64 seeded with 1) and prints how
//! many actions they took: the program whose instructions
//! `bench/instructions.sh` counts.
//!
//!     cargo run --release -p qttt --example playouts -- 10000

use qttt::Game;
use qttt::random::{SplitMix64, random_playout};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(10_000);
    let mut rng = SplitMix64::new(1);
    let mut actions = 0u64;
    for _ in 0..games {
        actions += random_playout(&Game::new(), &mut rng).plies() as u64;
    }
    println!("{games} games, {actions} actions");
}
