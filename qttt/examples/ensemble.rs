//! The classical ensemble of each record read from standard input, one
//! record a line, written as `tests/model/ensemble.py` writes the model's
//! brute force (which `tests/model/run.sh` compares it with):
//!
//!     <record> | <count> | <board> <board> ...
//!
//! each board nine characters, square 1 first: the mark's move number or
//! `.` for an empty square; the boards in the order `Game::ensemble` lists
//! them. The count is `Game::ensemble_count`.
//!
//!     python3 tests/model/ensemble.py --records | cargo run -p qttt --example ensemble

use std::io::{BufRead, Write};

use qttt::{ClassicalBoard, Game};

fn written(board: &ClassicalBoard) -> String {
    board
        .numbers()
        .iter()
        .map(|&n| if n == 0 { '.' } else { char::from(b'0' + n) })
        .collect()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut out = std::io::stdout().lock();
    for line in std::io::stdin().lock().lines() {
        let record = line?;
        let game = Game::from_record(&record)?;
        let boards: Vec<String> = game.ensemble().iter().map(written).collect();
        writeln!(
            out,
            "{record} | {} | {}",
            game.ensemble_count(),
            boards.join(" ")
        )?;
    }
    Ok(())
}
