//! Engine speed: one `apply`, one `legal_actions`, one outcome check, and
//! complete random games, on one core. The README reports these figures.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use qttt::Game;
use qttt::random::{SplitMix64, random_playout};

/// Positions from seeded random games, so each figure averages many shapes.
fn sample_positions() -> Vec<Game> {
    let mut rng = SplitMix64::new(42);
    let mut positions = Vec::new();
    for _ in 0..200 {
        let mut game = Game::new();
        while let Some(action) = qttt::random::random_action(&game, &mut rng) {
            positions.push(game);
            game = game.apply_unchecked(action);
        }
    }
    positions
}

fn engine(c: &mut Criterion) {
    let positions = sample_positions();
    let moves: Vec<_> = positions
        .iter()
        .map(|g| (*g, g.legal_actions()[0]))
        .collect();

    let mut group = c.benchmark_group("per call");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("apply (checked)", |b| {
        b.iter(|| {
            for (game, action) in &moves {
                black_box(black_box(game).apply(*action).ok());
            }
        })
    });
    group.bench_function("apply_unchecked", |b| {
        b.iter(|| {
            for (game, action) in &moves {
                black_box(black_box(game).apply_unchecked(*action));
            }
        })
    });
    group.bench_function("legal_actions", |b| {
        b.iter(|| {
            for game in &positions {
                black_box(black_box(game).legal_actions());
            }
        })
    });
    group.bench_function("outcome", |b| {
        b.iter(|| {
            for game in &positions {
                black_box(black_box(game).outcome());
            }
        })
    });
    group.finish();

    let mut group = c.benchmark_group("random games");
    const GAMES: u64 = 10_000;
    group.throughput(Throughput::Elements(GAMES));
    group.bench_function("complete random games", |b| {
        let mut rng = SplitMix64::new(7);
        b.iter(|| {
            for _ in 0..GAMES {
                black_box(random_playout(&Game::new(), &mut rng));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, engine);
criterion_main!(benches);
