//! Benchmarks of the tablebase: `cargo bench -p qttt --bench tablebase`.
//! A reduced table built below two positions at mark 4 (every position
//! waiting for a move before mark 8 under them); probes of a stored
//! position, of a pending collapse (through its two children) and of a
//! position waiting for mark 8 (the closed form), each under one scoring.
//! Before criterion's figures it prints the 50th and 99th percentiles of
//! single probes over many random stored positions (the aim: at
//! most 5 µs at the 99th from a warm table), and with `QTTT_TABLEBASE=FILE`
//! the same on the complete table, where a lookup bisects a bucket of
//! about 250 of its 145 million keys.

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use qttt::Game;
use qttt::analysis::{PositionSampler, Scoring, Tablebase};
use qttt::random::{SplitMix64, random_action};

fn roots() -> Vec<Game> {
    ["15 26 37", "58 47 67"]
        .iter()
        .map(|r| Game::from_record(r).expect("a legal record"))
        .collect()
}

/// Random positions waiting for a move before mark 8 below `roots`.
fn stored_positions(roots: &[Game], count: usize) -> Vec<Game> {
    let mut rng = SplitMix64::new(7);
    let mut found = Vec::new();
    while found.len() < count {
        let mut game = roots[found.len() % roots.len()];
        let stop = 4 + rng.below(4) as u8; // 4..=7
        while !game.is_over() && (game.move_number() < stop || game.collapse_options().is_some()) {
            game = game.apply_unchecked(random_action(&game, &mut rng).expect("not over"));
        }
        if !game.is_over() && game.move_number() <= 7 {
            found.push(game);
        }
    }
    found
}

/// The 50th and 99th percentiles of single probes of `positions`, each
/// probed five times.
fn percentiles(table: &Tablebase, positions: &[Game], what: &str) {
    let mut times: Vec<u128> = Vec::with_capacity(positions.len() * 5);
    for _ in 0..5 {
        for game in positions {
            let start = Instant::now();
            black_box(table.value(black_box(game), Scoring::SingleResult));
            times.push(start.elapsed().as_nanos());
        }
    }
    times.sort_unstable();
    let at = |p: usize| times[times.len() * p / 100];
    println!(
        "tablebase: {} entries; single probes of {what}: p50 {} ns, p99 {} ns, max {} ns",
        table.len(),
        at(50),
        at(99),
        times[times.len() - 1]
    );
}

/// With `QTTT_TABLEBASE` naming a complete table (`qttt tablebase build`),
/// the percentiles on it: stored positions on random lines from the empty
/// board, and positions drawn uniformly among all (nearly all late ones,
/// answered through the closed forms).
fn complete_table() {
    let Some(path) = std::env::var_os("QTTT_TABLEBASE") else {
        return;
    };
    let table = Tablebase::open(&path).expect("QTTT_TABLEBASE names a table");
    assert!(table.is_complete(), "QTTT_TABLEBASE names a reduced table");
    percentiles(
        &table,
        &stored_positions(&[Game::new()], 100_000),
        "stored positions",
    );
    let mut sampler = PositionSampler::new(7);
    let any: Vec<Game> = (0..100_000).map(|_| sampler.sample().game).collect();
    percentiles(&table, &any, "uniformly drawn positions");
}

fn tablebase(c: &mut Criterion) {
    let start = Instant::now();
    let table = Tablebase::build_from(&roots());
    println!(
        "tablebase: built {} entries in {:.2?}",
        table.len(),
        start.elapsed()
    );
    percentiles(
        &table,
        &stored_positions(&roots(), 20_000),
        "stored positions",
    );
    complete_table();
    let mut group = c.benchmark_group("tablebase");
    let cases = [
        ("a stored position", "15 26 37 48 59 16"),
        ("a pending collapse", "15 26 37 48 59 19"),
        ("a position waiting for mark 8", "15 26 37 48 59 16 27"),
    ];
    for (what, record) in cases {
        let game = Game::from_record(record).expect("a legal record");
        assert!(
            table.value(&game, Scoring::SingleResult).is_some(),
            "{record}"
        );
        group.bench_function(format!("probe {what}"), |b| {
            b.iter(|| table.value(black_box(&game), Scoring::SingleResult))
        });
    }
    group.finish();
}

criterion_group!(benches, tablebase);
criterion_main!(benches);
