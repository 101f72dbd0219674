//! `qttt tablebase build` and `qttt tablebase probe`: the table of perfect
//! play (docs/analysis.md, "The tablebase") written and read.

use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::time::Instant;

use indicatif::ProgressBar;
use qttt::Game;
use qttt::analysis::{
    LAST_COUNTED_PLY, LayerStage, LayerValues, LayeredOptions, PlyValueCount, Scoring, StateSpace,
    TableValue, Tablebase, points,
};

use crate::out::Out;
use crate::positions::{classes_json, grouped, write_aligned};
use crate::progress::counter;

/// What `qttt tablebase` does.
#[derive(Debug, clap::Subcommand)]
pub enum TablebaseCommand {
    /// Build a table and write it to a file (written beside it, then
    /// renamed into place), one layer of positions (marks placed) at a
    /// time through files in a work folder: an interrupted build run again
    /// with the same folder goes on from the last finished layer. From the
    /// empty board it holds about 145 million positions (1.45 GB); --from
    /// builds a reduced table: every position below the given ones.
    Build {
        /// The file to write.
        #[arg(long)]
        out: PathBuf,
        /// A position (a record) whose descendants the table holds; repeat
        /// for several. Without it, the empty board: the complete table.
        #[arg(long = "from", value_name = "RECORD")]
        from: Vec<String>,
        /// The work folder for the layers' files, kept afterwards (a rerun
        /// skips what is finished). Without it, FILE.layers, removed once
        /// the table is written.
        #[arg(long, value_name = "DIR")]
        work: Option<PathBuf>,
        /// The threads that share each layer's work.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: u32,
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
    /// The values under perfect play of every position the table stands
    /// for, by layer (marks placed, 0 to 6) and in all: each entry counted
    /// as many times as its symmetry class has positions. Of the complete
    /// table, every position waiting for a move before mark 8.
    Layers {
        /// The table's file (memory-mapped).
        #[arg(long)]
        table: PathBuf,
        /// One JSON object instead of the table.
        #[arg(long)]
        json: bool,
        /// The threads that share the count.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: u32,
    },
    /// The values under perfect play of every position of plies 0 to 6
    /// (as `qttt positions` counts plies: those waiting for a move, those
    /// with a collapse pending and the finished games), from the complete
    /// table: each ply's positions, classes, pending collapses and
    /// finished games checked against the state-space count.
    Plies {
        /// The complete table's file (memory-mapped).
        #[arg(long)]
        table: PathBuf,
        /// A ply to count (0 to 6); repeat for several. Without it, all.
        #[arg(long = "ply", value_name = "P", value_parser = clap::value_parser!(u8).range(0..=LAST_COUNTED_PLY as i64))]
        plies: Vec<u8>,
        /// One JSON object instead of the table.
        #[arg(long)]
        json: bool,
        /// The threads that share the count.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: u32,
    },
}

/// Runs a `qttt tablebase` command.
pub fn tablebase(command: &TablebaseCommand) -> Result<(), String> {
    match command {
        TablebaseCommand::Build {
            out,
            from,
            work,
            threads,
        } => build(out, from, work.as_deref(), *threads),
        TablebaseCommand::Probe { table } => probe(table),
        TablebaseCommand::Layers {
            table,
            json,
            threads,
        } => layers(table, *json, *threads as usize),
        TablebaseCommand::Plies {
            table,
            plies: chosen,
            json,
            threads,
        } => plies(table, chosen, *json, *threads as usize),
    }
}

fn build(out: &Path, from: &[String], work: Option<&Path>, threads: u32) -> Result<(), String> {
    let roots = if from.is_empty() {
        vec![Game::new()]
    } else {
        from.iter()
            .map(|r| Game::from_record(r).map_err(|e| format!("--from {r:?}: {e}")))
            .collect::<Result<Vec<_>, _>>()?
    };
    let default_work = {
        let mut name = out.as_os_str().to_owned();
        name.push(".layers");
        PathBuf::from(name)
    };
    let dir = work.unwrap_or(&default_work);
    let options = LayeredOptions::default().threads(threads as usize);
    let start = Instant::now();
    let mut shown: Option<(LayerStage, u8, ProgressBar)> = None;
    let report = Tablebase::build_layered(&roots, out, dir, &options, &mut |p| {
        if shown
            .as_ref()
            .is_none_or(|(stage, marks, _)| (*stage, *marks) != (p.stage, p.marks))
        {
            if let Some((_, _, bar)) = shown.take() {
                bar.finish_and_clear();
            }
            let label = match p.stage {
                LayerStage::Keys => format!("layer {}: listing the positions", p.marks),
                LayerStage::Values => format!("layer {}: valuing the positions", p.marks),
                _ => "writing the table".to_owned(),
            };
            // Each stage knows its size: the layer before (keys), its own
            // (values), all of them (writing).
            shown = Some((p.stage, p.marks, counter(Some(p.total), &label)));
        }
        if let Some((_, _, bar)) = &shown {
            bar.set_position(p.done);
        }
    });
    if let Some((_, _, bar)) = shown.take() {
        bar.finish_and_clear();
    }
    let report = report.map_err(|e| format!("{}: {e}", dir.display()))?;
    if work.is_none() {
        remove_layers(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let mut stdout = Out::lock();
    writeln!(
        stdout,
        "wrote {} positions ({} bytes) to {} in {:.2?}",
        report.entries,
        64 + 10 * report.entries,
        out.display(),
        start.elapsed()
    )?;
    for layer in &report.layers {
        let time = |skipped: bool, seconds: f64| {
            if skipped {
                "finished earlier".to_owned()
            } else {
                format!("{seconds:.2} s")
            }
        };
        writeln!(
            stdout,
            "layer {}: {} positions; keys {}, values {}",
            layer.marks,
            layer.entries,
            time(layer.keys_skipped, layer.keys_seconds),
            time(layer.values_skipped, layer.values_seconds),
        )?;
    }
    Ok(())
}

/// Removes the files a layered build wrote into `dir` (its roots and its
/// layers), then `dir` itself if nothing else is left in it.
fn remove_layers(dir: &Path) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name == "roots" || name.starts_with("layer-") {
            std::fs::remove_file(entry.path())?;
        }
    }
    let _ = std::fs::remove_dir(dir); // kept when it holds other files
    Ok(())
}

/// The table in the file at `path`, memory-mapped and checked; what is
/// wrong with it names the file.
pub fn open(path: &Path) -> Result<Tablebase, String> {
    qttt_mmap::open_tablebase(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn probe(path: &Path) -> Result<(), String> {
    let table = open(path)?;
    let mut out = Out::lock();
    for (number, line) in std::io::stdin().lock().lines().enumerate() {
        let line = line.map_err(|e| format!("standard input: {e}"))?;
        writeln!(out, "{}", probe_line(&table, number + 1, line.trim()))?;
    }
    Ok(())
}

/// The header of a table of values: the rows' own columns first.
fn value_header<const N: usize>(first: [&str; N]) -> Vec<&str> {
    let mut header = first.to_vec();
    header.extend([
        "scoring", "X wins", "X by 1/2", "drawn", "O by 1/2", "O wins",
    ]);
    header
}

/// One row per scoring: the row's own columns `first`, then the positions
/// by X's value (`by_half_points`, as [`LayerValues::by_half_points`]).
fn value_rows(first: &[String], by_half_points: &[[u64; 5]; 3]) -> Vec<Vec<String>> {
    by_half_points
        .iter()
        .zip(Scoring::ALL)
        .map(|(classes, scoring)| {
            let [o, oh, d, xh, x] = classes.map(grouped);
            let mut row = first.to_vec();
            row.extend([scoring.name().to_owned(), x, xh, d, oh, o]);
            row
        })
        .collect()
}

/// The `values` object of the JSON answers: per scoring's name, its
/// classes ([`classes_json`]).
fn values_json(by_half_points: &[[u64; 5]; 3]) -> serde_json::Value {
    let mut scorings = serde_json::Map::new();
    for (classes, scoring) in by_half_points.iter().zip(Scoring::ALL) {
        scorings.insert(scoring.name().to_owned(), classes_json(*classes, scoring));
    }
    scorings.into()
}

/// `qttt tablebase layers`: [`Tablebase::layers`] as a table or JSON.
fn layers(path: &Path, json: bool, threads: usize) -> Result<(), String> {
    let table = open(path)?;
    let start = Instant::now();
    let mut layers = table.layers(threads);
    let elapsed = start.elapsed();
    let all = layers
        .iter()
        .fold(LayerValues::default(), |sum, layer| sum.merged(layer));
    let mut out = Out::lock();
    let values = |layer: &LayerValues| {
        serde_json::json!({
            "positions": layer.positions,
            "up_to_symmetry": layer.orbits,
            "values": values_json(&layer.by_half_points),
        })
    };
    if json {
        let by_layer: Vec<serde_json::Value> = layers
            .iter()
            .map(|layer| {
                let mut entry = values(layer);
                entry["marks"] = layer.marks.into();
                entry
            })
            .collect();
        let answer = serde_json::json!({"layers": by_layer, "all": values(&all)});
        return writeln!(out, "{answer}");
    }
    let header = value_header(["marks", "positions", "up to symmetry"]);
    let mut rows: Vec<Vec<String>> = Vec::new();
    layers.push(all);
    for (i, layer) in layers.iter().enumerate() {
        let marks = if i < layers.len() - 1 {
            layer.marks.to_string()
        } else {
            "all".to_owned()
        };
        let first = [marks, grouped(layer.positions), grouped(layer.orbits)];
        rows.extend(value_rows(&first, &layer.by_half_points));
    }
    writeln!(
        out,
        "Values under perfect play of the positions the table stands for, by marks placed"
    )?;
    writeln!(
        out,
        "(X's result; each position once, symmetric images included)"
    )?;
    writeln!(out)?;
    write_aligned(&mut out, &header, &rows, 3)?;
    writeln!(out)?;
    writeln!(
        out,
        "(counted in {elapsed:.1?} from {} entries)",
        grouped(table.len() as u64)
    )?;
    Ok(())
}

/// `qttt tablebase plies`: [`Tablebase::ply_values`] for each ply asked
/// (all of 0 to 6 without one), each checked against the state-space
/// count, as a table or JSON.
fn plies(path: &Path, chosen: &[u8], json: bool, threads: usize) -> Result<(), String> {
    let table = open(path)?;
    if !table.is_complete() {
        return Err(format!(
            "{}: a reduced table; the plies are counted from the complete one (qttt tablebase build without --from)",
            path.display()
        ));
    }
    let mut wanted: Vec<usize> = if chosen.is_empty() {
        (0..=LAST_COUNTED_PLY).collect()
    } else {
        chosen.iter().map(|&p| usize::from(p)).collect()
    };
    wanted.sort_unstable();
    wanted.dedup();
    let space = StateSpace::count();
    let mut counted: Vec<(PlyValueCount, std::time::Duration)> = Vec::new();
    for ply in wanted {
        let start = Instant::now();
        let count = table
            .ply_values(ply, threads)
            .ok_or_else(|| format!("ply {ply}: not counted from this table"))?;
        let elapsed = start.elapsed();
        let expected = space.by_ply()[ply];
        let found = [count.positions, count.orbits, count.pending, count.finished];
        let listed = [
            expected.positions,
            space.by_ply_up_to_symmetry()[ply].positions,
            expected.pending,
            expected.terminal(),
        ];
        if found != listed {
            return Err(format!(
                "ply {ply}: counted {found:?} (positions, classes, pending, finished), the state space has {listed:?}"
            ));
        }
        for (classes, scoring) in count.by_half_points.iter().zip(Scoring::ALL) {
            let sum: u64 = classes.iter().sum();
            if sum != count.positions {
                return Err(format!(
                    "ply {ply}: the {} values add up to {sum}, not {}",
                    scoring.name(),
                    count.positions
                ));
            }
        }
        counted.push((count, elapsed));
    }
    let mut out = Out::lock();
    if json {
        let by_ply: Vec<serde_json::Value> = counted
            .iter()
            .map(|(count, _)| {
                serde_json::json!({
                    "ply": count.ply,
                    "positions": count.positions,
                    "up_to_symmetry": count.orbits,
                    "pending": count.pending,
                    "finished": count.finished,
                    "values": values_json(&count.by_half_points),
                })
            })
            .collect();
        return writeln!(out, "{}", serde_json::json!({ "plies": by_ply }));
    }
    let header = value_header(["ply", "positions", "up to symmetry", "pending", "finished"]);
    let mut rows: Vec<Vec<String>> = Vec::new();
    for (count, _) in &counted {
        let first = [
            count.ply.to_string(),
            grouped(count.positions),
            grouped(count.orbits),
            grouped(count.pending),
            grouped(count.finished),
        ];
        rows.extend(value_rows(&first, &count.by_half_points));
    }
    writeln!(
        out,
        "Values under perfect play of every position of each ply, from the table"
    )?;
    writeln!(
        out,
        "(X's result; each position once, symmetric images included; the positions,"
    )?;
    writeln!(
        out,
        "classes, pending collapses and finished games agree with the state-space count)"
    )?;
    writeln!(out)?;
    write_aligned(&mut out, &header, &rows, 5)?;
    writeln!(out)?;
    for (count, elapsed) in &counted {
        writeln!(out, "(ply {} counted in {elapsed:.1?})", count.ply)?;
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
