//! The Rust side of the cross-language conformance run
//! (`tests/conformance/run.py`). Reads lines of actions from standard
//! input: tokens (`15`, `@5`, `7`) or raw action ids (`#17`). For each line
//! it starts a new game and writes the JSON view of the empty board, then
//! for each action either the view after it or `error <code>` (the game
//! unchanged), then `end`.

use std::io::{self, BufRead, BufWriter, Write};

use qttt::{Action, Game};

fn main() -> io::Result<()> {
    let mut out = BufWriter::new(io::stdout().lock());
    for line in io::stdin().lock().lines() {
        let line = line?;
        let mut game = Game::new();
        writeln!(out, "{}", view(&game))?;
        for token in line.split_whitespace() {
            match step(&mut game, token) {
                Ok(()) => writeln!(out, "{}", view(&game))?,
                Err(code) => writeln!(out, "error {code}")?,
            }
        }
        writeln!(out, "end")?;
    }
    out.flush()
}

fn step(game: &mut Game, token: &str) -> Result<(), &'static str> {
    let action = match token.strip_prefix('#') {
        Some(id) => id
            .parse()
            .ok()
            .and_then(Action::from_id)
            .ok_or("invalid_action_id")?,
        None => token.parse::<Action>().map_err(|e| e.code())?,
    };
    game.apply_in_place(action).map_err(|e| e.code())
}

fn view(game: &Game) -> String {
    serde_json::to_string(&game.view()).expect("a view serialises")
}
