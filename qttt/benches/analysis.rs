//! Benchmarks of the analysis: `cargo bench -p qttt --bench analysis`.
//! Each iteration starts from an empty table. The empty-board figures of
//! the README (solve, count) come from the command-line program, which
//! prints its time; these cover positions a few moves in, and a review
//! of a whole game.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use qttt::Game;
use qttt::analysis::{GameCounter, Review, Scoring, Solver};

fn analysis(c: &mut Criterion) {
    let mut group = c.benchmark_group("analysis");
    group.sample_size(10);
    for record in ["19", "15", "12 34"] {
        let game = Game::from_record(record).expect("a legal record");
        group.bench_function(format!("solve {record:?} (SingleResult)"), |b| {
            b.iter(|| Solver::new(Scoring::SingleResult).solve(black_box(&game)))
        });
    }
    for record in ["12 34 56", "12 34"] {
        let game = Game::from_record(record).expect("a legal record");
        group.bench_function(format!("count {record:?}"), |b| {
            b.iter(|| GameCounter::new().count(black_box(&game)))
        });
    }
    // A whole game of nine plies reviewed (every position solved once),
    // with the opening book and without.
    let game = Game::from_record("28 14 25 57 49 69 47 79 @9").expect("a legal record");
    for book in [true, false] {
        group.bench_function(format!("review a whole game (book {book})"), |b| {
            b.iter(|| {
                let mut solver = Solver::new(Scoring::SingleResult).opening_book(book);
                Review::new(&mut solver, black_box(&game), 0)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, analysis);
criterion_main!(benches);
