//! The Rust twin of `examples/c/bench.c`: the same loop (list the legal
//! actions, pick one with SplitMix64, apply it with the checked `apply`),
//! timed the same way (best of 5 rounds of 1,000,000 games), printed in the
//! same format, so the two figures compare the C boundary and nothing else.
//!
//!     cargo bench -p qttt --bench random_loop

use std::hint::black_box;
use std::time::Instant;

use qttt::Game;
use qttt::random::SplitMix64;

const GAMES: u64 = 1_000_000;

fn main() {
    let mut rng = SplitMix64::new(7);
    let mut best = f64::INFINITY;
    let mut actions = 0u64;
    for _ in 0..5 {
        actions = 0;
        let start = Instant::now();
        for _ in 0..GAMES {
            let mut game = Game::new();
            loop {
                let legal = game.legal_actions();
                if legal.is_empty() {
                    break;
                }
                game = game
                    .apply(legal[rng.below(legal.len() as u32) as usize])
                    .expect("a legal action");
                actions += 1;
            }
            black_box(game);
        }
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!(
        "rust: {GAMES} games, {actions} actions, best of 5 rounds {best:.3} s: {:.0} games/s, {:.1} ns/action",
        GAMES as f64 / best,
        best * 1e9 / actions as f64
    );
}
