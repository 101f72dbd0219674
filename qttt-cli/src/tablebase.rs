//! `qttt tablebase build` and `qttt tablebase probe`: the table of perfect
//! play (docs/analysis.md, "The tablebase") written and read.

use std::io::BufRead;
use std::path::PathBuf;
use std::time::Instant;

use qttt::Game;
use qttt::analysis::{Scoring, TableValue, Tablebase, points};

use crate::out::Out;
use crate::progress::counter;

/// The positions of a complete table (the census of canonical positions
/// waiting for a move before mark 8, docs/analysis.md): the bar's length
/// for a build from the empty board.
const COMPLETE_ENTRIES: u64 = 145_177_371;

/// What `qttt tablebase` does.
#[derive(Debug, clap::Subcommand)]
pub enum TablebaseCommand {
    /// Build a table and write it to a file (written beside it, then
    /// renamed into place). From the empty board it holds about 145 million
    /// positions (1.45 GB) and takes hours and more memory than a small
    /// machine has; --from builds a reduced table: every position below
    /// the given ones.
    Build {
        /// The file to write.
        #[arg(long)]
        out: PathBuf,
        /// A position (a record) whose descendants the table holds; repeat
        /// for several. Without it, the empty board: the complete table.
        #[arg(long = "from", value_name = "RECORD")]
        from: Vec<String>,
    },
    /// Read records from standard input, one a line, and write each one's
    /// values under the three scorings and optimal actions as one JSON
    /// line; a line that is not a game, or a position the table lacks,
    /// gives a JSON error line instead.
    Probe {
        /// The table's file (memory-mapped).
        #[arg(long)]
        table: PathBuf,
    },
}

/// Runs a `qttt tablebase` command.
pub fn tablebase(command: &TablebaseCommand) -> Result<(), String> {
    match command {
        TablebaseCommand::Build { out, from } => build(out, from),
        TablebaseCommand::Probe { table } => probe(table),
    }
}

fn build(out: &PathBuf, from: &[String]) -> Result<(), String> {
    let roots = if from.is_empty() {
        vec![Game::new()]
    } else {
        from.iter()
            .map(|r| Game::from_record(r).map_err(|e| format!("--from {r:?}: {e}")))
            .collect::<Result<Vec<_>, _>>()?
    };
    let start = Instant::now();
    let total = from.is_empty().then_some(COMPLETE_ENTRIES);
    let bar = counter(total, "building the tablebase");
    let table =
        Tablebase::build_with_progress(&roots, &mut |stored| bar.set_position(stored as u64));
    bar.finish_and_clear();
    table
        .write(out)
        .map_err(|e| format!("{}: {e}", out.display()))?;
    let mut stdout = Out::lock();
    writeln!(
        stdout,
        "wrote {} positions ({} bytes) to {} in {:.2?}",
        table.len(),
        64 + 10 * table.len(),
        out.display(),
        start.elapsed()
    )?;
    Ok(())
}

fn probe(path: &PathBuf) -> Result<(), String> {
    let table = qttt_mmap::open_tablebase(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = Out::lock();
    for (number, line) in std::io::stdin().lock().lines().enumerate() {
        let line = line.map_err(|e| format!("standard input: {e}"))?;
        writeln!(out, "{}", probe_line(&table, number + 1, line.trim()))?;
    }
    Ok(())
}

/// One line's answer: its values, or what was wrong with it.
fn probe_line(table: &Tablebase, number: usize, record: &str) -> serde_json::Value {
    let game = match Game::from_record(record) {
        Ok(game) => game,
        Err(e) => {
            return serde_json::json!({"error": {
                "line": number,
                "record": record,
                "token_index": e.token_index(),
                "token": &record[e.byte_range()],
                "code": e.kind().code(),
                "message": e.kind().to_string(),
            }});
        }
    };
    let (Some(values), Some(best)) = (
        table.values(&game),
        Scoring::ALL
            .map(|s| table.optimal_actions(&game, s))
            .into_iter()
            .collect::<Option<Vec<_>>>(),
    ) else {
        return serde_json::json!({"error": {
            "line": number,
            "record": game.record().to_string(),
            "code": "not_in_table",
            "message": "the table lacks a position this one needs (a reduced table)",
        }});
    };
    let by_scoring = |f: &dyn Fn(usize) -> serde_json::Value| {
        let mut map = serde_json::Map::new();
        for (i, scoring) in Scoring::ALL.iter().enumerate() {
            map.insert(scoring.name().to_owned(), f(i));
        }
        serde_json::Value::Object(map)
    };
    let value = |v: &TableValue| serde_json::json!(points(v.value_half_points));
    serde_json::json!({
        "record": game.record().to_string(),
        "values": by_scoring(&|i| value(&values[i])),
        "end_move": by_scoring(&|i| serde_json::json!(values[i].end_move)),
        "best": by_scoring(&|i| serde_json::json!(
            best[i].iter().map(|a| a.to_string()).collect::<Vec<_>>()
        )),
    })
}
