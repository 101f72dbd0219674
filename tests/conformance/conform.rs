//! The Rust side of the cross-language conformance run
//! (`tests/conformance/run.py`). Reads lines of actions from standard
//! input: tokens (`15`, `@5`, `7`) or raw action ids (`#17`). For each line
//! it starts a new game and writes the JSON view of the empty board, then
//! for each action either the view after it or `error <code>` (the game
//! unchanged), then `end`. While a collapse is pending, a view is followed
//! by `cycle` and its marks, and for each choice `steps @s` and its steps
//! (`mark@square<from/forced_by`).

use std::io::{self, BufRead, BufWriter, Write};

use qttt::{Action, CollapseChoice, Game};

fn main() -> io::Result<()> {
    let mut out = BufWriter::new(io::stdout().lock());
    for line in io::stdin().lock().lines() {
        let line = line?;
        let mut game = Game::new();
        writeln!(out, "{}", view(&game))?;
        for token in line.split_whitespace() {
            match step(&mut game, token) {
                Ok(()) => {
                    writeln!(out, "{}", view(&game))?;
                    cycle(&mut out, &game)?;
                }
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

fn cycle(out: &mut impl Write, game: &Game) -> io::Result<()> {
    let (Some(options), Some(cycle)) = (game.collapse_options(), game.cycle()) else {
        return Ok(());
    };
    let marks: Vec<String> = cycle.iter().map(|m| m.to_string()).collect();
    writeln!(out, "cycle {}", marks.join(" "))?;
    for square in options {
        let steps = game
            .collapse_steps(CollapseChoice(square))
            .expect("an option collapses");
        let words: Vec<String> = steps
            .iter()
            .map(|s| match s.forced_by() {
                Some(by) => format!("{}@{}<{}/{by}", s.mark(), s.square(), s.from()),
                None => format!("{}@{}<{}", s.mark(), s.square(), s.from()),
            })
            .collect();
        writeln!(out, "steps @{square} {}", words.join(" "))?;
    }
    Ok(())
}
