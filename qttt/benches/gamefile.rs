//! Benchmarks of game files: `cargo bench -p qttt --bench gamefile`.
//! Reading a file of many games (the shipped puzzle set, 330 games with
//! tags, starts and comments, ten times over), strictly and leniently, and
//! writing it; and one action's comment in many pieces, `{a}{a}…`, within
//! the comment budget and over it.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use qttt::gamefile;

const PUZZLES: &str = include_str!("../src/analysis/puzzles.qgn");

fn gamefile(c: &mut Criterion) {
    let mut group = c.benchmark_group("gamefile");
    group.sample_size(20);
    let file = [PUZZLES; 10].join("\n");
    let games = gamefile::parse(&file).expect("the puzzle set parses");
    assert_eq!(games.len(), 3300);
    group.bench_function("parse 3,300 games", |b| {
        b.iter(|| gamefile::parse(black_box(&file)))
    });
    group.bench_function("read 3,300 games", |b| {
        b.iter(|| gamefile::read(black_box(&file)).count())
    });
    group.bench_function("write 3,300 games", |b| {
        b.iter(|| gamefile::write(black_box(&games)))
    });
    // 32,768 pieces: the longest comment of `a`s the budget allows; 100,000:
    // refused at the 32,769th.
    for pieces in [32_768, 100_000] {
        let text = format!("1. 12 {} *", "{a}".repeat(pieces));
        group.bench_function(format!("{{a}} x {pieces}"), |b| {
            b.iter(|| gamefile::parse(black_box(&text)))
        });
    }
    group.finish();
}

criterion_group!(benches, gamefile);
criterion_main!(benches);
