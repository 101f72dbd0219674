//! `qttt dataset`: positions drawn uniformly at random, each labelled with
//! every legal action's exact value under the three scorings, as JSON
//! lines (docs/cli.md).

use std::num::NonZeroU64;
use std::path::PathBuf;
use std::sync::Arc;

use qttt::analysis::{Dataset, LAST_PLY, PositionSampler};

use crate::out::Out;
use crate::progress::counter;

/// The options of `qttt dataset`.
#[derive(Debug, clap::Args)]
pub struct DatasetArgs {
    /// How many positions.
    #[arg(long)]
    positions: NonZeroU64,
    /// Seed of the draw: the same seed gives the same lines.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Draw among the positions that occur after exactly this many actions
    /// (0 to 13) instead of among all distinct positions.
    #[arg(long)]
    ply: Option<usize>,
    /// Label through a tablebase file (`qttt tablebase build`, memory-mapped):
    /// the same values, fewer searches.
    #[arg(long)]
    table: Option<PathBuf>,
}

/// Writes the data set, one JSON line a position.
pub fn dataset(args: &DatasetArgs) -> Result<(), String> {
    let sampler = match args.ply {
        None => PositionSampler::new(args.seed),
        Some(ply) => PositionSampler::at_ply(args.seed, ply)
            .ok_or_else(|| format!("--ply {ply}: positions occur at plies 0 to {LAST_PLY}"))?,
    };
    let mut data = Dataset::new(sampler);
    if let Some(path) = &args.table {
        data = data.tablebase(Arc::new(crate::tablebase::open(path)?));
    }
    let progress = counter(Some(args.positions.get()), "labelling");
    let mut out = Out::lock();
    for labelled in data.take(args.positions.get() as usize) {
        let line = serde_json::to_string(&labelled).map_err(|e| e.to_string())?;
        progress.suspend(|| writeln!(out, "{line}"))?;
        progress.inc(1);
    }
    progress.finish_and_clear();
    Ok(())
}
