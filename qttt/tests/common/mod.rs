//! Helpers shared by the integration tests: reading the shared vectors in
//! `tests/vectors/` and building games from short strings.

#![allow(dead_code)] // each test binary uses its own subset

use std::path::PathBuf;

use qttt::{Action, Game, Square};

pub fn sq(n: u8) -> Square {
    Square::new(n).unwrap()
}

pub fn action(token: &str) -> Action {
    token.parse().unwrap()
}

pub fn game(record: &str) -> Game {
    Game::from_record(record).unwrap()
}

fn read_vectors(name: &str) -> String {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "vectors", name]
        .iter()
        .collect();
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Lines of a vector file that are neither blank nor comments.
fn data_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
}

/// `games.txt`: (comment, record, JSON view). The comment is the last
/// `#` line before each `record:` line.
pub fn game_vectors() -> Vec<(String, String, String)> {
    let text = read_vectors("games.txt");
    let mut vectors = Vec::new();
    let mut comment = "";
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if let Some(text) = line.strip_prefix("# ") {
            comment = text;
        } else if let Some(record) = line.strip_prefix("record:") {
            let view = lines
                .next()
                .and_then(|l| l.strip_prefix("view: "))
                .expect("a view line follows");
            vectors.push((
                comment.to_owned(),
                record.trim().to_owned(),
                view.to_owned(),
            ));
        }
    }
    vectors
}

/// Splits `a | b | c` lines.
fn fields(text: &str) -> Vec<[String; 3]> {
    data_lines(text)
        .map(|line| {
            let parts: Vec<&str> = line.split('|').map(str::trim).collect();
            assert_eq!(parts.len(), 3, "{line}");
            [
                parts[0].to_owned(),
                parts[1].to_owned(),
                parts[2].to_owned(),
            ]
        })
        .collect()
}

/// `illegal.txt`: [record, token, reason].
pub fn illegal_vectors() -> Vec<[String; 3]> {
    fields(&read_vectors("illegal.txt"))
}

/// `perft.txt`: (record, depth, count).
pub fn perft_vectors() -> Vec<(String, u32, u64)> {
    fields(&read_vectors("perft.txt"))
        .into_iter()
        .map(|[record, depth, count]| (record, depth.parse().unwrap(), count.parse().unwrap()))
        .collect()
}
