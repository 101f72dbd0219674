//! The layered build ([`Tablebase::build_layered`]): one layer of stored
//! positions at a time, on disk, restartable, over several threads.
//!
//! Layer m holds the stored positions (canonical, waiting for a move,
//! before mark 8) with m marks placed, 0 to 6. Since mark m is the highest
//! digit of such a position's key, layer m's keys lie in
//! `[46^(m−1), 46^m)`: the layers, one after another, are the table's keys
//! in order, and the final file is their concatenation.
//!
//! 1. **Forward, keys**: layer m + 1's keys are the stored successors of
//!    layer m's positions (through a move and any collapse it closes: a
//!    pending collapse is not stored, its children are) and the roots'
//!    own stored positions of that layer. The workers write sorted,
//!    deduplicated runs of bounded size, merged into `layer-M.keys`.
//! 2. **Backward, values**: from layer 6 down, each position's three
//!    scores are the best of its children's, a child at mark 8 or 9 (or a
//!    finished game) by the solver's closed forms, a stored child looked up
//!    in layer m + 1's finished file (a binary search, as the table
//!    answers). Layer m's file `layer-M.tb` is a table of that layer alone
//!    in the format of the module above, checked when opened.
//! 3. **Assembly**: the final file, the layers' keys then the layers'
//!    values, streamed with its checksums.
//!
//! Each file is written under a `.partial` name and renamed when complete,
//! so a file under its own name is finished; a rerun with the same folder
//! skips every finished stage. The folder holds the roots (`roots`), and a
//! folder of other roots is refused.

use std::fs::{self, File};
use std::io::{self, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use super::{
    Checksum, HEADER_BYTES, LAST_STORED_MOVE, Tablebase, best_scores, encode_value, header, key_of,
    score_in,
};
use crate::Game;
use crate::analysis::Scoring;
use crate::analysis::solve::{Score, closed_form_score, mark_7_scores};

/// The last layer: positions with six marks placed wait for mark 7.
const LAST_LAYER: u8 = LAST_STORED_MOVE - 1;
/// Positions a worker takes at once.
const CHUNK: usize = 1024;
const KEYS_MAGIC: [u8; 8] = *b"QTTT-LK\n";
const KEYS_HEADER: usize = 24;

/// How [`Tablebase::build_layered`] runs.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LayeredOptions {
    /// The worker threads that share each layer's work (at least one).
    pub threads: usize,
    /// The keys a worker holds before it sorts them and writes them out
    /// as a run (8 bytes each): the forward stage's memory per thread.
    pub run_keys: usize,
}

impl Default for LayeredOptions {
    /// Two threads, runs of 16 Mi keys (128 MiB a thread).
    fn default() -> LayeredOptions {
        LayeredOptions {
            threads: 2,
            run_keys: 16 << 20,
        }
    }
}

impl LayeredOptions {
    /// These options with `threads` worker threads (at least one).
    #[must_use]
    pub fn threads(mut self, threads: usize) -> LayeredOptions {
        self.threads = threads.max(1);
        self
    }

    /// These options with runs of `run_keys` keys (at least one).
    #[must_use]
    pub fn run_keys(mut self, run_keys: usize) -> LayeredOptions {
        self.run_keys = run_keys.max(1);
        self
    }
}

/// A stage of the layered build.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LayerStage {
    /// A layer's keys, from the layer before (forward).
    Keys,
    /// A layer's values, from the layer after (backward).
    Values,
    /// The final file, from every layer.
    Assemble,
}

/// Where a layered build is, for a progress display.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LayerProgress {
    /// The stage.
    pub stage: LayerStage,
    /// The layer (marks placed, 0 to 6); 0 for [`LayerStage::Assemble`].
    pub marks: u8,
    /// The positions done in this stage: parents expanded
    /// ([`LayerStage::Keys`]), positions valued ([`LayerStage::Values`]),
    /// entries written ([`LayerStage::Assemble`]).
    pub done: u64,
    /// What `done` counts up to.
    pub total: u64,
    /// Whether the stage was finished by an earlier run and is skipped
    /// (then reported once, with `done == total`).
    pub skipped: bool,
}

/// What one layer of a layered build held and took.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct LayerReport {
    /// The layer: marks placed, 0 to 6.
    pub marks: u8,
    /// Its positions.
    pub entries: u64,
    /// Whether its keys were found finished (from an earlier run).
    pub keys_skipped: bool,
    /// Whether its values were found finished (from an earlier run).
    pub values_skipped: bool,
    /// The seconds its keys took (0 when skipped).
    pub keys_seconds: f64,
    /// The seconds its values took (0 when skipped).
    pub values_seconds: f64,
}

/// What a layered build did: each layer, lowest first, and the total.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct LayeredReport {
    /// The layers built, from the lowest root's to 6 (none without roots).
    pub layers: Vec<LayerReport>,
    /// The entries of the final table.
    pub entries: u64,
}

impl Tablebase {
    /// Builds the table of [`Tablebase::build_from`] for `roots` one layer
    /// at a time (the module's documentation, "The layered build", and
    /// docs/analysis.md): each layer's keys and values go into a file in
    /// `work_dir` (made if missing), and the final table is written to
    /// `out` (beside it first, then renamed into place), byte for byte the
    /// file `build_from(roots).write(out)` writes. A rerun with the same
    /// `work_dir` skips the stages an earlier run finished. `progress` is
    /// called, on the calling thread, at the start and end of each stage
    /// and after each slice of its work. Memory: a layer's keys and values
    /// and the next layer's table, or a run per thread
    /// ([`LayeredOptions::run_keys`]).
    ///
    /// ```
    /// use qttt::Game;
    /// use qttt::analysis::{LayeredOptions, Tablebase};
    /// let dir = std::env::temp_dir().join(format!("qttt-doc-layers-{}", std::process::id()));
    /// let roots = [Game::from_record("15 26 37 48 59")?];
    /// let out = dir.join("small.tb");
    /// let report = Tablebase::build_layered(&roots, &out, &dir, &LayeredOptions::default(), &mut |_| {})?;
    /// assert_eq!(std::fs::read(&out)?, Tablebase::build_from(&roots).to_bytes());
    /// assert_eq!(report.layers.len(), 2); // marks 5 and 6
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The error of reading or writing a file; [`io::ErrorKind::InvalidData`]
    /// when `work_dir` holds another build's roots or a damaged file.
    pub fn build_layered(
        roots: &[Game],
        out: &Path,
        work_dir: &Path,
        options: &LayeredOptions,
        progress: &mut dyn FnMut(&LayerProgress),
    ) -> io::Result<LayeredReport> {
        let build = Build {
            dir: work_dir,
            threads: options.threads.max(1),
            run_keys: options.run_keys.max(1),
        };
        fs::create_dir_all(work_dir)?;
        build.check_roots(roots)?;
        let mut seeds: Vec<Vec<u64>> = vec![Vec::new(); usize::from(LAST_LAYER) + 1];
        for root in roots {
            let mut keys = Vec::new();
            stored_frontier(root, &mut keys);
            for key in keys {
                seeds[usize::from(layer_of(key))].push(key);
            }
        }
        let Some(first) = (0..=LAST_LAYER).find(|&m| !seeds[usize::from(m)].is_empty()) else {
            // No stored position at all: an empty table.
            let complete = roots.iter().any(|r| r.plies() == 0);
            assemble(&build, &[], out, complete, progress)?;
            return Ok(LayeredReport {
                layers: Vec::new(),
                entries: 0,
            });
        };
        let mut layers = Vec::new();
        for marks in first..=LAST_LAYER {
            let start = Instant::now();
            let (entries, skipped) =
                build.keys(marks, marks > first, &seeds[usize::from(marks)], progress)?;
            layers.push(LayerReport {
                marks,
                entries,
                keys_skipped: skipped,
                values_skipped: false,
                keys_seconds: if skipped {
                    0.0
                } else {
                    start.elapsed().as_secs_f64()
                },
                values_seconds: 0.0,
            });
        }
        for report in layers.iter_mut().rev() {
            let start = Instant::now();
            report.values_skipped = build.values(report.marks, progress)?;
            if !report.values_skipped {
                report.values_seconds = start.elapsed().as_secs_f64();
            }
        }
        let complete = roots.iter().any(|r| r.plies() == 0);
        let marks: Vec<u8> = layers.iter().map(|l| l.marks).collect();
        let entries = assemble(&build, &marks, out, complete, progress)?;
        Ok(LayeredReport { layers, entries })
    }
}

/// The layer of a stored key: the highest mark placed.
pub(super) fn layer_of(key: u64) -> u8 {
    let mut marks = 0;
    let mut rest = key;
    while rest != 0 {
        rest /= 46;
        marks += 1;
    }
    marks
}

/// The stored positions first met from `game` (itself when stored): through
/// pending collapses, never past mark 7 or the end of the game.
fn stored_frontier(game: &Game, out: &mut Vec<u64>) {
    if game.is_over() || game.move_number() > LAST_STORED_MOVE {
        return;
    }
    if game.collapse_options().is_some() {
        for action in game.legal_actions() {
            stored_frontier(&game.apply_unchecked(action), out);
        }
    } else {
        out.push(key_of(game));
    }
}

/// The squares of spooky pair `p` (0 to 35, lexicographic).
fn pair_squares(p: u64) -> (usize, usize) {
    let mut p = p as usize;
    for a in 0..9 {
        let row = 8 - a;
        if p < row {
            return (a, a + 1 + p);
        }
        p -= row;
    }
    unreachable!("a pair number below 36")
}

/// The position a stored key stands for, in its canonical orientation,
/// through the game's byte form (its record empty: the key has no
/// history). Its legal actions, children and values are the position's.
pub(super) fn game_of_key(key: u64) -> Game {
    let mut spooky = [0u16; 9];
    let mut classical = [0u8; 9];
    let (mut x, mut o) = (0u16, 0u16);
    let mut component: [u8; 9] = core::array::from_fn(|i| i as u8);
    let mut rest = key;
    let mut move_number = 1;
    for mark in 1..=6u8 {
        let digit = rest % 46;
        rest /= 46;
        if digit == 0 {
            continue;
        }
        move_number = mark + 1;
        if digit <= 9 {
            let square = (digit - 1) as usize;
            classical[square] = mark;
            if mark % 2 == 1 {
                x |= 1 << square;
            } else {
                o |= 1 << square;
            }
        } else {
            let (a, b) = pair_squares(digit - 10);
            spooky[usize::from(mark) - 1] = 1 << a | 1 << b;
            let (to, from) = (
                component[a].min(component[b]),
                component[a].max(component[b]),
            );
            for c in &mut component {
                if *c == from {
                    *c = to;
                }
            }
        }
    }
    let mut bytes = [0u8; crate::GAME_BYTES];
    for (k, mask) in spooky.iter().enumerate() {
        bytes[2 * k..2 * k + 2].copy_from_slice(&mask.to_le_bytes());
    }
    bytes[18..20].copy_from_slice(&x.to_le_bytes());
    bytes[20..22].copy_from_slice(&o.to_le_bytes());
    bytes[22..31].copy_from_slice(&classical);
    bytes[31..40].copy_from_slice(&component);
    bytes[40] = move_number;
    // Pending 0, an empty record: the rest stays zero.
    Game::from_bytes_unchecked(bytes)
}

/// The three scores of a position met below a stored one: in closed form,
/// through a pending collapse's children, or looked up in `next`.
fn scores_below(game: &Game, next: Option<&Tablebase>) -> [Score; 3] {
    if game.is_over() || game.move_number() > LAST_STORED_MOVE {
        if let [Some(a), Some(b), Some(c)] = Scoring::ALL.map(|s| closed_form_score(s, game)) {
            return [a, b, c];
        }
    }
    if game.collapse_options().is_some() {
        return best_scores(
            game,
            game.legal_actions()
                .into_iter()
                .map(|a| scores_below(&game.apply_unchecked(a), next)),
        );
    }
    let code = next
        .and_then(|table| table.lookup(key_of(game)))
        .expect("the next layer holds every stored successor");
    Scoring::ALL.map(|s| score_in(code, s))
}

/// The value of the stored position with `key`, from its children.
fn value_of(key: u64, next: Option<&Tablebase>) -> u16 {
    let game = game_of_key(key);
    if game.move_number() == LAST_STORED_MOVE {
        return encode_value(mark_7_scores(&game));
    }
    encode_value(best_scores(
        &game,
        game.legal_actions()
            .into_iter()
            .map(|a| scores_below(&game.apply_unchecked(a), next)),
    ))
}

/// A build's folder and settings.
struct Build<'a> {
    dir: &'a Path,
    threads: usize,
    run_keys: usize,
}

fn invalid(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, message)
}

/// `path` with `.partial` after its name.
fn partial(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

impl Build<'_> {
    fn keys_path(&self, marks: u8) -> PathBuf {
        self.dir.join(format!("layer-{marks}.keys"))
    }

    fn table_path(&self, marks: u8) -> PathBuf {
        self.dir.join(format!("layer-{marks}.tb"))
    }

    /// Writes the roots into the folder, or checks them against those
    /// there.
    fn check_roots(&self, roots: &[Game]) -> io::Result<()> {
        let mut text = String::new();
        for root in roots {
            text.push_str(&root.record().to_string());
            text.push('\n');
        }
        let path = self.dir.join("roots");
        match fs::read_to_string(&path) {
            Ok(found) if found == text => Ok(()),
            Ok(_) => Err(invalid(format!(
                "{} holds a build from other roots",
                self.dir.display()
            ))),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                fs::write(partial(&path), &text)?;
                fs::rename(partial(&path), &path)
            }
            Err(e) => Err(e),
        }
    }

    /// Layer `marks`'s keys, sorted, streamed into memory and checked:
    /// from its finished table if there is one, else from its keys file.
    fn read_keys(&self, marks: u8) -> io::Result<Vec<u64>> {
        let table = self.table_path(marks);
        let (path, mut reader, count, expected, start) = if table.exists() {
            let (mut file, head) = layer_header(&table)?;
            file.seek(SeekFrom::Start(HEADER_BYTES as u64))?;
            (table, file, head.count, head.key_sum, 8 * head.count)
        } else {
            let path = self.keys_path(marks);
            let mut file = File::open(&path)?;
            let mut head = [0u8; KEYS_HEADER];
            file.read_exact(&mut head)?;
            if head[..8] != KEYS_MAGIC {
                return Err(invalid(format!("{}: not a keys file", path.display())));
            }
            let count = u64_at(&head, 8);
            (path, file, count, u64_at(&head, 16), 0)
        };
        let damaged = || invalid(format!("{}: damaged keys", path.display()));
        let mut keys = Vec::with_capacity(usize::try_from(count).map_err(|_| damaged())?);
        let mut sum = Checksum::new(start);
        let mut buffer = vec![0u8; 1 << 16];
        let mut left = count * 8;
        while left > 0 {
            let take = left.min(buffer.len() as u64) as usize;
            reader
                .read_exact(&mut buffer[..take])
                .map_err(|_| damaged())?;
            sum.update(&buffer[..take]);
            keys.extend(
                buffer[..take]
                    .chunks_exact(8)
                    .map(|k| u64::from_le_bytes(k.try_into().expect("8 bytes"))),
            );
            left -= take as u64;
        }
        // A keys file ends with its keys (a table's values follow them).
        let trailing = start == 0 && reader.read(&mut [0u8; 1])? != 0;
        if sum.finish() != expected || trailing {
            return Err(damaged());
        }
        Ok(keys)
    }

    /// How many keys layer `marks` has, from its table's or keys file's
    /// header.
    fn count_keys(&self, marks: u8) -> io::Result<u64> {
        let table = self.table_path(marks);
        if table.exists() {
            return Ok(layer_header(&table)?.1.count);
        }
        let mut head = [0u8; KEYS_HEADER];
        File::open(self.keys_path(marks))?.read_exact(&mut head)?;
        Ok(u64_at(&head, 8))
    }

    /// Layer `marks`'s keys (from the layer before when `from_parents`,
    /// and `seeds`), unless finished: its entries and whether it was
    /// skipped.
    fn keys(
        &self,
        marks: u8,
        from_parents: bool,
        seeds: &[u64],
        progress: &mut dyn FnMut(&LayerProgress),
    ) -> io::Result<(u64, bool)> {
        if self.table_path(marks).exists() || self.keys_path(marks).exists() {
            let entries = self.count_keys(marks)?;
            progress(&LayerProgress {
                stage: LayerStage::Keys,
                marks,
                done: entries,
                total: entries,
                skipped: true,
            });
            return Ok((entries, true));
        }
        let parents = if from_parents {
            self.read_keys(marks - 1)?
        } else {
            Vec::new()
        };
        let total = parents.len() as u64;
        let mut report = |done| {
            progress(&LayerProgress {
                stage: LayerStage::Keys,
                marks,
                done,
                total,
                skipped: false,
            });
        };
        report(0);
        // Runs an interrupted run left behind.
        let stale = format!("layer-{marks}.run-");
        for entry in fs::read_dir(self.dir)? {
            let entry = entry?;
            if entry.file_name().to_string_lossy().starts_with(&stale) {
                fs::remove_file(entry.path())?;
            }
        }
        let runs = Mutex::new(Vec::new());
        let next_run = AtomicU64::new(0);
        let chunks = Mutex::new(parents.chunks(CHUNK));
        let done = AtomicU64::new(0);
        let write_run = |buffer: &mut Vec<u64>| -> io::Result<()> {
            buffer.sort_unstable();
            buffer.dedup();
            let n = next_run.fetch_add(1, Ordering::Relaxed);
            let path = self.dir.join(format!("layer-{marks}.run-{n}"));
            let mut file = BufWriter::new(File::create(&path)?);
            for key in buffer.iter() {
                file.write_all(&key.to_le_bytes())?;
            }
            file.flush()?;
            runs.lock().expect("no worker panicked").push(path);
            buffer.clear();
            Ok(())
        };
        let work = |report: &mut dyn FnMut(u64)| -> io::Result<()> {
            let mut buffer = Vec::with_capacity(self.run_keys.saturating_add(128).min(1 << 28));
            loop {
                let Some(chunk) = chunks.lock().expect("no worker panicked").next() else {
                    break;
                };
                for &key in chunk {
                    let game = game_of_key(key);
                    for action in game.legal_actions() {
                        stored_frontier(&game.apply_unchecked(action), &mut buffer);
                    }
                    if buffer.len() >= self.run_keys {
                        write_run(&mut buffer)?;
                    }
                }
                let done = done.fetch_add(chunk.len() as u64, Ordering::Relaxed);
                report(done + chunk.len() as u64);
            }
            if !buffer.is_empty() {
                write_run(&mut buffer)?;
            }
            Ok(())
        };
        std::thread::scope(|scope| {
            let workers: Vec<_> = (1..self.threads)
                .map(|_| scope.spawn(|| work(&mut |_| {})))
                .collect();
            let mine = work(&mut report);
            for worker in workers {
                worker.join().expect("a worker panicked")?;
            }
            mine
        })?;
        let mut seeds = seeds.to_vec();
        if !seeds.is_empty() {
            write_run(&mut seeds)?;
        }
        let runs = runs.into_inner().expect("no worker panicked");
        let entries = merge_runs(&runs, &self.keys_path(marks))?;
        for run in runs {
            fs::remove_file(run)?;
        }
        report(total);
        Ok((entries, false))
    }

    /// Values layer `marks` from the next layer's table, unless finished;
    /// whether it was skipped.
    fn values(&self, marks: u8, progress: &mut dyn FnMut(&LayerProgress)) -> io::Result<bool> {
        let path = self.table_path(marks);
        if path.exists() {
            let total = layer_header(&path)?.1.count;
            progress(&LayerProgress {
                stage: LayerStage::Values,
                marks,
                done: total,
                total,
                skipped: true,
            });
            return Ok(true);
        }
        let next = if marks < LAST_LAYER {
            Some(open_layer(&self.table_path(marks + 1))?)
        } else {
            None
        };
        let keys = self.read_keys(marks)?;
        let total = keys.len() as u64;
        let mut report = |done| {
            progress(&LayerProgress {
                stage: LayerStage::Values,
                marks,
                done,
                total,
                skipped: false,
            });
        };
        report(0);
        let mut values = vec![0u16; keys.len()];
        let chunks = Mutex::new(keys.chunks(CHUNK).zip(values.chunks_mut(CHUNK)));
        let done = AtomicU64::new(0);
        let next = next.as_ref();
        let work = |report: &mut dyn FnMut(u64)| loop {
            let Some((keys, values)) = chunks.lock().expect("no worker panicked").next() else {
                break;
            };
            for (value, &key) in values.iter_mut().zip(keys) {
                *value = value_of(key, next);
            }
            let done = done.fetch_add(keys.len() as u64, Ordering::Relaxed);
            report(done + keys.len() as u64);
        };
        std::thread::scope(|scope| {
            for _ in 1..self.threads {
                scope.spawn(|| work(&mut |_| {}));
            }
            work(&mut report);
        });
        write_table(&path, &keys, &values)?;
        let keys_file = self.keys_path(marks);
        if keys_file.exists() {
            fs::remove_file(keys_file)?; // the table holds the keys now
        }
        report(total);
        Ok(false)
    }
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"))
}

/// What a layer table's header says.
struct LayerHeader {
    count: u64,
    key_sum: u64,
    value_sum: u64,
}

/// A layer table's file, its header read and checked (magic, version,
/// the header's checksum, the length), positioned after the header.
fn layer_header(path: &Path) -> io::Result<(File, LayerHeader)> {
    let mut file = File::open(path)?;
    let mut head = [0u8; HEADER_BYTES];
    let damaged = || invalid(format!("{}: damaged layer table", path.display()));
    file.read_exact(&mut head).map_err(|_| damaged())?;
    let count = u64_at(&head, 32);
    if head[..8] != super::MAGIC
        || super::checksum(&head[..56]) != u64_at(&head, 56)
        || file.metadata()?.len() != HEADER_BYTES as u64 + count.saturating_mul(10)
    {
        return Err(damaged());
    }
    let header = LayerHeader {
        count,
        key_sum: u64_at(&head, 40),
        value_sum: u64_at(&head, 48),
    };
    Ok((file, header))
}

/// A layer's table, checked (as any table is when opened).
fn open_layer(path: &Path) -> io::Result<Tablebase> {
    Tablebase::open(path).map_err(|e| match e {
        super::TablebaseError::Io(e) => e,
        other => invalid(format!("{}: {other}", path.display())),
    })
}

/// Merges sorted runs into one sorted, deduplicated keys file at `path`
/// (written beside it, then renamed): the number of keys.
fn merge_runs(runs: &[PathBuf], path: &Path) -> io::Result<u64> {
    fn next_key(reader: &mut BufReader<File>) -> io::Result<Option<u64>> {
        let mut word = [0u8; 8];
        match reader.read_exact(&mut word) {
            Ok(()) => Ok(Some(u64::from_le_bytes(word))),
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => Ok(None),
            Err(e) => Err(e),
        }
    }
    let mut readers = runs
        .iter()
        .map(|run| File::open(run).map(|f| BufReader::with_capacity(1 << 16, f)))
        .collect::<io::Result<Vec<_>>>()?;
    let mut heap = std::collections::BinaryHeap::new();
    for (i, reader) in readers.iter_mut().enumerate() {
        if let Some(key) = next_key(reader)? {
            heap.push(core::cmp::Reverse((key, i)));
        }
    }
    let temporary = partial(path);
    let mut file = BufWriter::new(File::create(&temporary)?);
    file.write_all(&[0; KEYS_HEADER])?;
    // The checksum of the module's documentation, but starting at 0 (the
    // count is known only at the end).
    let mut sum = Checksum::new(0);
    let mut count = 0u64;
    let mut last = None;
    while let Some(core::cmp::Reverse((key, i))) = heap.pop() {
        if last != Some(key) {
            file.write_all(&key.to_le_bytes())?;
            sum.update(&key.to_le_bytes());
            count += 1;
            last = Some(key);
        }
        if let Some(key) = next_key(&mut readers[i])? {
            heap.push(core::cmp::Reverse((key, i)));
        }
    }
    let mut file = file.into_inner().map_err(io::IntoInnerError::into_error)?;
    let mut head = [0u8; KEYS_HEADER];
    head[..8].copy_from_slice(&KEYS_MAGIC);
    head[8..16].copy_from_slice(&count.to_le_bytes());
    head[16..24].copy_from_slice(&sum.finish().to_le_bytes());
    file.seek(SeekFrom::Start(0))?;
    file.write_all(&head)?;
    drop(file);
    fs::rename(&temporary, path)?;
    Ok(count)
}

/// Writes one layer's table (the module's format, not complete) at
/// `path`, beside it first.
fn write_table(path: &Path, keys: &[u64], values: &[u16]) -> io::Result<()> {
    let mut key_sum = Checksum::new(8 * keys.len() as u64);
    for key in keys {
        key_sum.update(&key.to_le_bytes());
    }
    let mut value_sum = Checksum::new(2 * values.len() as u64);
    for value in values {
        value_sum.update(&value.to_le_bytes());
    }
    let head = header(
        keys.len() as u64,
        key_sum.finish(),
        value_sum.finish(),
        false,
    );
    let temporary = partial(path);
    let mut file = BufWriter::new(File::create(&temporary)?);
    file.write_all(&head)?;
    for key in keys {
        file.write_all(&key.to_le_bytes())?;
    }
    for value in values {
        file.write_all(&value.to_le_bytes())?;
    }
    let file = file.into_inner().map_err(io::IntoInnerError::into_error)?;
    drop(file);
    fs::rename(&temporary, path)
}

/// Writes the final table at `out` from the layers' tables, streamed: the
/// checksums in a first pass, the bytes in a second. Its entries.
fn assemble(
    build: &Build<'_>,
    layers: &[u8],
    out: &Path,
    complete: bool,
    progress: &mut dyn FnMut(&LayerProgress),
) -> io::Result<u64> {
    let mut heads = Vec::new();
    for &marks in layers {
        heads.push(layer_header(&build.table_path(marks))?.1);
    }
    let counts: Vec<u64> = heads.iter().map(|h| h.count).collect();
    let n: u64 = counts.iter().sum();
    let mut report = |done| {
        progress(&LayerProgress {
            stage: LayerStage::Assemble,
            marks: 0,
            done,
            total: n,
            skipped: false,
        });
    };
    report(0);
    // Each section of each layer file: (offset, length).
    let section = |i: usize, values: bool| {
        let count = counts[i];
        if values {
            (HEADER_BYTES as u64 + 8 * count, 2 * count)
        } else {
            (HEADER_BYTES as u64, 8 * count)
        }
    };
    // Streams one section of every layer into `sink`, each checked
    // against its layer's own checksum (a damaged layer is an error).
    let copy = |values: bool, sink: &mut dyn FnMut(&[u8]) -> io::Result<()>| -> io::Result<()> {
        let mut buffer = vec![0u8; 1 << 16];
        for (i, &marks) in layers.iter().enumerate() {
            let (offset, length) = section(i, values);
            let path = build.table_path(marks);
            let mut file = File::open(&path)?;
            file.seek(SeekFrom::Start(offset))?;
            let mut reader = BufReader::new(file).take(length);
            let mut sum = Checksum::new(length);
            loop {
                let read = reader.read(&mut buffer)?;
                if read == 0 {
                    break;
                }
                sum.update(&buffer[..read]);
                sink(&buffer[..read])?;
            }
            let expected = if values {
                heads[i].value_sum
            } else {
                heads[i].key_sum
            };
            if sum.finish() != expected {
                return Err(invalid(format!("{}: damaged layer table", path.display())));
            }
        }
        Ok(())
    };
    let mut key_sum = Checksum::new(8 * n);
    copy(false, &mut |bytes| {
        key_sum.update(bytes);
        Ok(())
    })?;
    let mut value_sum = Checksum::new(2 * n);
    copy(true, &mut |bytes| {
        value_sum.update(bytes);
        Ok(())
    })?;
    let head = header(n, key_sum.finish(), value_sum.finish(), complete);
    let temporary = partial(out);
    let mut file = BufWriter::new(File::create(&temporary)?);
    file.write_all(&head)?;
    copy(false, &mut |bytes| file.write_all(bytes))?;
    copy(true, &mut |bytes| file.write_all(bytes))?;
    let file = file.into_inner().map_err(io::IntoInnerError::into_error)?;
    drop(file);
    fs::rename(&temporary, out)?;
    report(n);
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::{SplitMix64, random_action};

    #[test]
    fn pairs_decode_in_lexicographic_order() {
        let mut p = 0;
        for a in 0..9 {
            for b in a + 1..9 {
                assert_eq!(pair_squares(p), (a, b));
                p += 1;
            }
        }
    }

    #[test]
    fn layers_by_hand() {
        assert_eq!(layer_of(0), 0);
        assert_eq!(layer_of(45), 1);
        assert_eq!(layer_of(46), 2);
        assert_eq!(layer_of(46u64.pow(6) - 1), 6);
    }

    #[test]
    fn a_key_gives_back_its_position() {
        // Random stored positions: the decoded game is the canonical
        // orientation, with the same children.
        let mut rng = SplitMix64::new(11);
        for _ in 0..2_000 {
            let mut game = Game::new();
            let stop = 1 + rng.below(7) as u8;
            while !game.is_over()
                && (game.move_number() < stop || game.collapse_options().is_some())
            {
                game = game.apply_unchecked(random_action(&game, &mut rng).unwrap());
            }
            if game.is_over() || game.move_number() > LAST_STORED_MOVE {
                continue;
            }
            let key = key_of(&game);
            let decoded = game_of_key(key);
            assert_eq!(decoded.position_key(), game.canonical_key(), "{game:?}");
            assert_eq!(key_of(&decoded), key);
            let children = |g: &Game| {
                let mut keys: Vec<_> = g
                    .legal_actions()
                    .into_iter()
                    .map(|a| g.apply_unchecked(a).canonical_key())
                    .collect();
                keys.sort_unstable();
                keys
            };
            assert_eq!(children(&decoded), children(&game), "{game:?}");
        }
    }

    #[test]
    fn the_streamed_checksum_is_the_checksum() {
        let bytes: Vec<u8> = (0..=250u8).collect();
        for split in [0, 1, 7, 8, 9, 100, 251] {
            let mut sum = Checksum::new(bytes.len() as u64);
            sum.update(&bytes[..split]);
            sum.update(&bytes[split..]);
            assert_eq!(sum.finish(), super::super::checksum(&bytes), "{split}");
        }
        assert_eq!(Checksum::new(0).finish(), super::super::checksum(&[]));
    }

    #[test]
    fn runs_merge_into_one_sorted_set() {
        let dir = std::env::temp_dir().join(format!("qttt-merge-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let runs: Vec<PathBuf> = [vec![1u64, 5, 9], vec![2, 5, 10], vec![], vec![9]]
            .iter()
            .enumerate()
            .map(|(i, keys)| {
                let path = dir.join(format!("run-{i}"));
                let bytes: Vec<u8> = keys.iter().flat_map(|k| k.to_le_bytes()).collect();
                fs::write(&path, bytes).unwrap();
                path
            })
            .collect();
        let out = dir.join("keys");
        assert_eq!(merge_runs(&runs, &out).unwrap(), 5);
        let build = Build {
            dir: &dir,
            threads: 1,
            run_keys: 1,
        };
        fs::rename(&out, build.keys_path(3)).unwrap();
        assert_eq!(build.read_keys(3).unwrap(), [1, 2, 5, 9, 10]);
        fs::remove_dir_all(&dir).unwrap();
    }
}
