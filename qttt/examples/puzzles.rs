//! Writes the shipped puzzle set (`qttt::analysis::puzzles::SHIPPED`,
//! made by `puzzles::shipped_set`: 330 puzzles, 110 of each depth 1 to 3,
//! each proven to have exactly one winning action):
//!
//! ```text
//! cargo run --release -p qttt --example puzzles > qttt/src/analysis/puzzles.qgn
//! ```
//!
//! The same command always writes the same file.

fn main() {
    print!("{}", qttt::analysis::puzzles::shipped_set());
}
