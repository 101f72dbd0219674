//! [`Tablebase`]: the value of every position under perfect play, stored
//! for the positions that wait for a move before mark 8 and worked out from
//! them (or in closed form) for every other position.
//!
//! # What is stored
//!
//! One entry per canonical position (up to the board's eight symmetries)
//! that waits for a move with at most six marks placed, that is before
//! mark 8 is due (move number 1 to 7, no collapse pending, the game not
//! over). Everything else needs no entry: a pending collapse has its one
//! parent's value among its children (it is answered through its two
//! children), and positions waiting for mark 8 or mark 9 have the solver's
//! closed forms. A reduced table ([`Tablebase::build_from`]) holds only the
//! positions reachable from some given roots.
//!
//! # The key
//!
//! A stored position is exactly its marks 1 to 6, each unplaced, classical
//! in one of 9 squares, or spooky in one of 36 pairs: 46 states, so the
//! key is the number `Σ dₖ·46^(k−1)` over marks k = 1…6 (digit 0 unplaced,
//! 1 + i classical in square index i, 10 + p spooky in pair p, the pairs
//! (a, b), a < b, in lexicographic order), taken of the canonical
//! orientation. It is below 46⁶ < 2³⁴, so it fits in 34 bits of a `u64`
//! (the move number is the highest placed mark plus one, and no flag is
//! needed since stored positions never wait for a collapse).
//!
//! # The file
//!
//! Little-endian throughout. A 64-byte header:
//!
//! | bytes | field |
//! |---|---|
//! | 0..8 | magic `QTTT-TB\n` |
//! | 8..12 | format version ([`FORMAT_VERSION`]) |
//! | 12..24 | the engine version that built it: major, minor, patch (u32 each) |
//! | 24 | the scorings held, a bit per [`Scoring::index`] (`0b111`) |
//! | 25 | the last move number stored (7) |
//! | 26..28 | flags: bit 0 set for a complete table (built from the empty board) |
//! | 28..32 | zero |
//! | 32..40 | entry count n |
//! | 40..48 | checksum of the keys |
//! | 48..56 | checksum of the values |
//! | 56..64 | checksum of bytes 0..56 |
//!
//! then n keys (u64, strictly ascending), then n values (u16). A value
//! holds the three scorings in bits 0–4 (single), 5–9 (goff) and 10–14
//! (complete), bit 15 zero; each five bits are `(v + 2)·5 + (e − 5)` for
//! X's result `v` in half points and the end move `e` (5–9) of a decided
//! game, and 10 for a draw. A checksum over a run of bytes starts at the
//! run's length and, for each 8-byte little-endian word `w` (the last one
//! padded with zeros), becomes `((h ^ w) · 0x9E37_79B9_7F4A_7C15) rotl 31`
//! (wrapping multiplication); the result is `h ^ (h >> 29)`.
//!
//! # The layered build
//!
//! [`Tablebase::build_from`] walks everything below its roots with one
//! map in memory; [`Tablebase::build_layered`] builds the same file one
//! layer (marks placed) at a time through files in a work folder,
//! restartable and over several threads: the keys forward, the values
//! backward, then the layers joined (see `tablebase/layered.rs`).

mod census;
mod layered;

pub use census::{LAST_COUNTED_PLY, LayerValues};
pub use layered::{LayerProgress, LayerReport, LayerStage, LayeredOptions, LayeredReport};

use std::collections::HashMap;
use std::path::Path;

use super::Scoring;
use super::solve::{Score, closed_form_score, mark_7_scores, score_of, score_parts};
use crate::{Action, Game, Player};

/// The version of the file format [`Tablebase::to_bytes`] writes and
/// [`Tablebase::from_bytes`] reads; a file of another version is refused.
pub const FORMAT_VERSION: u32 = 1;

/// The last move number whose positions are stored: from mark 8 on, the
/// solver's closed forms answer.
pub const LAST_STORED_MOVE: u8 = 7;

const MAGIC: [u8; 8] = *b"QTTT-TB\n";
const HEADER_BYTES: usize = 64;
const ALL_SCORINGS: u8 = 0b111;
const FLAG_COMPLETE: u16 = 1;

/// Why bytes are not a tablebase: every kind of damage is refused when the
/// table is opened, so that a table never answers a wrong value.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TablebaseError {
    /// The file could not be opened or read.
    #[error("cannot read the tablebase: {0}")]
    Io(#[from] std::io::Error),
    /// The bytes do not start with the magic `QTTT-TB\n`.
    #[error("not a qttt tablebase (bad magic)")]
    BadMagic,
    /// Another version of the format.
    #[error("tablebase format version {found}, this engine reads version {expected}")]
    FormatVersion {
        /// The file's version.
        found: u32,
        /// The version this engine reads ([`FORMAT_VERSION`]).
        expected: u32,
    },
    /// Fewer bytes than the header and its entry count need.
    #[error("truncated tablebase: {found} bytes where {expected} are needed")]
    Truncated {
        /// The bytes needed.
        expected: u64,
        /// The bytes there are.
        found: u64,
    },
    /// More bytes than the header's entry count needs.
    #[error("tablebase has {found} bytes, {expected} expected: trailing bytes")]
    TrailingBytes {
        /// The bytes the header's entry count needs.
        expected: u64,
        /// The bytes there are.
        found: u64,
    },
    /// A checksum does not match: the bytes were damaged.
    #[error("tablebase {part} checksum mismatch: the file is damaged")]
    Checksum {
        /// `header`, `keys` or `values`.
        part: &'static str,
    },
    /// A header field holds something this version never writes.
    #[error("tablebase header: {0}")]
    BadHeader(&'static str),
    /// The keys are not strictly ascending (so lookups would miss).
    #[error("tablebase keys are not strictly ascending at entry {index}")]
    UnsortedKeys {
        /// The first entry out of order.
        index: u64,
    },
    /// A key or value that no position has.
    #[error("tablebase entry {index} holds an impossible key or value")]
    BadEntry {
        /// The entry.
        index: u64,
    },
}

impl TablebaseError {
    /// A stable short name of the kind of error: `io`, `bad_magic`,
    /// `format_version`, `truncated`, `trailing_bytes`, `checksum`,
    /// `bad_header`, `unsorted_keys` or `bad_entry`.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            TablebaseError::Io(_) => "io",
            TablebaseError::BadMagic => "bad_magic",
            TablebaseError::FormatVersion { .. } => "format_version",
            TablebaseError::Truncated { .. } => "truncated",
            TablebaseError::TrailingBytes { .. } => "trailing_bytes",
            TablebaseError::Checksum { .. } => "checksum",
            TablebaseError::BadHeader(_) => "bad_header",
            TablebaseError::UnsortedKeys { .. } => "unsorted_keys",
            TablebaseError::BadEntry { .. } => "bad_entry",
        }
    }
}

/// The value of a position under perfect play, from the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct TableValue {
    /// X's result in half points, as
    /// [`Solution::value_half_points`](super::Solution::value_half_points).
    pub value_half_points: i32,
    /// For a decided game, the number of marks when it ends under perfect
    /// play (the winner hurries, the loser delays), as
    /// [`Solution::end_move`](super::Solution::end_move); `None` for a
    /// draw, whose length perfect play does not weigh.
    pub end_move: Option<u8>,
}

impl TableValue {
    fn of_score(score: Score) -> TableValue {
        let (value_half_points, end_move) = score_parts(score);
        TableValue {
            value_half_points,
            end_move,
        }
    }
}

/// Where a table's bytes live: a vector, or a memory map (qttt-mmap).
type Storage = Box<dyn AsRef<[u8]> + Send + Sync>;

/// A table of perfect play: [`Tablebase::value`] answers any position,
/// from the stored positions (module docs: what is stored, the key, the
/// file), their children and parents, and the solver's closed forms.
///
/// ```
/// use qttt::Game;
/// use qttt::analysis::{Scoring, Tablebase};
/// let root = Game::from_record("58 47 67 59")?;
/// let table = Tablebase::build_from(&[root]);
/// let bytes = table.to_bytes();
/// let table = Tablebase::from_bytes(bytes)?; // checked: damage is an error
/// let game = Game::from_record("58 47 67 59 48 68")?;
/// let value = table.value(&game, Scoring::SingleResult).unwrap();
/// assert_eq!(value.value_half_points, 2); // X wins (with @8 at once)
/// assert_eq!(table.value(&Game::new(), Scoring::SingleResult), None); // not in this reduced table
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Tablebase {
    storage: Storage,
    len: usize,
    /// Where each bucket of keys starts (see [`Buckets`]).
    buckets: Buckets,
    complete: bool,
    engine_version: [u32; 3],
}

impl core::fmt::Debug for Tablebase {
    /// The header's facts, not the entries.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Tablebase")
            .field("len", &self.len)
            .field("complete", &self.complete)
            .field("engine_version", &self.engine_version)
            .finish()
    }
}

impl Tablebase {
    /// Opens the table in the file at `path`, read into memory, and
    /// checks it all first (header, length, checksums, order of the keys,
    /// every value). To map the file instead of reading it, use the small
    /// crate `qttt-mmap` (`qttt_mmap::open_tablebase`): a map takes an
    /// `unsafe` call, which this crate forbids itself.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Io`] when the file cannot be read, else the
    /// damage found, as [`Tablebase::from_bytes`].
    pub fn open(path: impl AsRef<Path>) -> Result<Tablebase, TablebaseError> {
        Tablebase::from_storage(std::fs::read(path.as_ref())?)
    }

    /// The table in `bytes` (as [`Tablebase::to_bytes`] writes them),
    /// checked as [`Tablebase::open`] checks a file.
    ///
    /// # Errors
    ///
    /// The damage found: [`TablebaseError::BadMagic`],
    /// [`TablebaseError::FormatVersion`], [`TablebaseError::Truncated`],
    /// [`TablebaseError::TrailingBytes`], [`TablebaseError::Checksum`],
    /// [`TablebaseError::BadHeader`], [`TablebaseError::UnsortedKeys`] or
    /// [`TablebaseError::BadEntry`].
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Tablebase, TablebaseError> {
        Tablebase::from_storage(bytes)
    }

    /// [`Tablebase::from_bytes`] over bytes held anywhere, such as a
    /// memory map of the file (what `qttt_mmap::open_tablebase` passes):
    /// checked the same way, then read in place.
    ///
    /// # Errors
    ///
    /// As [`Tablebase::from_bytes`].
    pub fn from_storage(
        storage: impl AsRef<[u8]> + Send + Sync + 'static,
    ) -> Result<Tablebase, TablebaseError> {
        let storage: Storage = Box::new(storage);
        let bytes = (*storage).as_ref();
        let found = bytes.len() as u64;
        if bytes.len() < HEADER_BYTES {
            return Err(if bytes.len() >= 8 && bytes[..8] != MAGIC {
                TablebaseError::BadMagic
            } else {
                TablebaseError::Truncated {
                    expected: HEADER_BYTES as u64,
                    found,
                }
            });
        }
        if bytes[..8] != MAGIC {
            return Err(TablebaseError::BadMagic);
        }
        let version = u32_at(bytes, 8);
        if version != FORMAT_VERSION {
            return Err(TablebaseError::FormatVersion {
                found: version,
                expected: FORMAT_VERSION,
            });
        }
        if checksum(&bytes[..56]) != u64_at(bytes, 56) {
            return Err(TablebaseError::Checksum { part: "header" });
        }
        if bytes[24] != ALL_SCORINGS {
            return Err(TablebaseError::BadHeader("the scorings are not all three"));
        }
        if bytes[25] != LAST_STORED_MOVE {
            return Err(TablebaseError::BadHeader("another last stored move"));
        }
        let flags = u16::from_le_bytes([bytes[26], bytes[27]]);
        if flags & !FLAG_COMPLETE != 0 || bytes[28..32] != [0; 4] {
            return Err(TablebaseError::BadHeader("unknown flags"));
        }
        let count = u64_at(bytes, 32);
        let expected = count
            .checked_mul(10)
            .and_then(|b| b.checked_add(HEADER_BYTES as u64))
            .ok_or(TablebaseError::BadHeader("an impossible entry count"))?;
        if found < expected {
            return Err(TablebaseError::Truncated { expected, found });
        }
        if found > expected {
            return Err(TablebaseError::TrailingBytes { expected, found });
        }
        let len = u32::try_from(count)
            .map(|count| count as usize)
            .map_err(|_| TablebaseError::BadHeader("an impossible entry count"))?;
        let keys = &bytes[HEADER_BYTES..HEADER_BYTES + 8 * len];
        let values = &bytes[HEADER_BYTES + 8 * len..];
        if checksum(keys) != u64_at(bytes, 40) {
            return Err(TablebaseError::Checksum { part: "keys" });
        }
        if checksum(values) != u64_at(bytes, 48) {
            return Err(TablebaseError::Checksum { part: "values" });
        }
        let mut previous = None;
        let mut buckets = Buckets::for_len(len);
        for (index, key) in keys.chunks_exact(8).enumerate() {
            let key = u64::from_le_bytes(key.try_into().expect("8 bytes"));
            buckets.push(index, key);
            if previous.is_some_and(|p| p >= key) {
                return Err(TablebaseError::UnsortedKeys {
                    index: index as u64,
                });
            }
            if key >= KEY_LIMIT {
                return Err(TablebaseError::BadEntry {
                    index: index as u64,
                });
            }
            previous = Some(key);
        }
        for (index, value) in values.chunks_exact(2).enumerate() {
            if !valid_value(u16::from_le_bytes([value[0], value[1]])) {
                return Err(TablebaseError::BadEntry {
                    index: index as u64,
                });
            }
        }
        let engine_version = [u32_at(bytes, 12), u32_at(bytes, 16), u32_at(bytes, 20)];
        buckets.finish(len);
        Ok(Tablebase {
            len,
            buckets,
            complete: flags & FLAG_COMPLETE != 0,
            engine_version,
            storage,
        })
    }

    /// How many positions it stores.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it stores no position.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether it holds every position (built from the empty board), so
    /// that [`Tablebase::value`] answers every position.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.complete
    }

    /// The engine version that built it: major, minor, patch.
    #[must_use]
    pub fn engine_version(&self) -> [u32; 3] {
        self.engine_version
    }

    /// The value of `game` under perfect play and `scoring`: any position,
    /// stored ones by a lookup, a pending collapse through its two
    /// children, positions from mark 8 on (and finished games) in closed
    /// form. `None` only when a reduced table lacks a position it needs.
    #[must_use]
    pub fn value(&self, game: &Game, scoring: Scoring) -> Option<TableValue> {
        self.score(game, scoring).map(TableValue::of_score)
    }

    /// The values under every scoring, in [`Scoring::ALL`]'s order.
    #[must_use]
    pub fn values(&self, game: &Game) -> Option<[TableValue; 3]> {
        let [a, b, c] = Scoring::ALL.map(|s| self.value(game, s));
        Some([a?, b?, c?])
    }

    /// Every optimal action of `game` under `scoring`, ascending by id (as
    /// [`Solution::optimal_actions`](super::Solution::optimal_actions)):
    /// those after which the player acting does as well as the position's
    /// value. Empty for a finished game; `None` when a reduced table lacks
    /// a position it needs.
    #[must_use]
    pub fn optimal_actions(&self, game: &Game, scoring: Scoring) -> Option<Vec<Action>> {
        if game.is_over() {
            return Some(Vec::new());
        }
        let mut scored = Vec::new();
        for action in game.legal_actions() {
            scored.push((action, self.score(&game.apply_unchecked(action), scoring)?));
        }
        let best = best_of(game, scored.iter().map(|&(_, s)| s));
        Some(
            scored
                .into_iter()
                .filter_map(|(a, s)| (s == best).then_some(a))
                .collect(),
        )
    }

    fn score(&self, game: &Game, scoring: Scoring) -> Option<Score> {
        if let Some(score) = closed_form_score(scoring, game) {
            return Some(score);
        }
        if game.collapse_options().is_some() {
            let mut children = [0; 2];
            for (slot, action) in children.iter_mut().zip(game.legal_actions()) {
                *slot = self.score(&game.apply_unchecked(action), scoring)?;
            }
            return Some(best_of(game, children.into_iter()));
        }
        let code = self.lookup(key_of(game))?;
        Some(score_in(code, scoring))
    }

    /// The score of a position the table stores (waiting for a move before
    /// mark 8), for the solver; `None` for any other position, or one a
    /// reduced table lacks.
    pub(super) fn stored_score(&self, game: &Game, scoring: Scoring) -> Option<Score> {
        if game.move_number() > LAST_STORED_MOVE
            || game.collapse_options().is_some()
            || game.is_over()
        {
            return None;
        }
        self.lookup(key_of(game))
            .map(|code| score_in(code, scoring))
    }

    /// The key of entry `index`, from the table's `bytes`.
    fn key_at(&self, bytes: &[u8], index: usize) -> u64 {
        u64_at(bytes, HEADER_BYTES + 8 * index)
    }

    /// The values' code of entry `index`, from the table's `bytes`.
    fn code_at(&self, bytes: &[u8], index: usize) -> u16 {
        let at = HEADER_BYTES + 8 * self.len + 2 * index;
        u16::from_le_bytes([bytes[at], bytes[at + 1]])
    }

    /// The value stored for `key`, by binary search within its bucket.
    fn lookup(&self, key: u64) -> Option<u16> {
        let bytes = (*self.storage).as_ref();
        let (mut low, mut high) = self.buckets.range(key);
        while low < high {
            let mid = low + (high - low) / 2;
            match self.key_at(bytes, mid).cmp(&key) {
                core::cmp::Ordering::Less => low = mid + 1,
                core::cmp::Ordering::Greater => high = mid,
                core::cmp::Ordering::Equal => return Some(self.code_at(bytes, mid)),
            }
        }
        None
    }

    /// A reduced table: every stored kind of position (waiting for a move
    /// before mark 8) reachable from `roots`, with its values under all
    /// three scorings. The empty board as a root builds the complete
    /// table (about 145 million positions: far more memory and time than a
    /// test may take, and more memory than the issue allows; the command
    /// `qttt tablebase build` builds the same file layer by layer,
    /// [`Tablebase::build_layered`]).
    #[must_use]
    pub fn build_from(roots: &[Game]) -> Tablebase {
        Tablebase::build_with_progress(roots, &mut |_| {})
    }

    /// [`Tablebase::build_from`], calling `progress` with the number of
    /// positions stored so far every 65,536 positions.
    #[must_use]
    pub fn build_with_progress(roots: &[Game], progress: &mut dyn FnMut(usize)) -> Tablebase {
        let mut builder = Builder {
            memo: HashMap::new(),
            progress,
        };
        for root in roots {
            builder.scores(root);
        }
        let mut entries: Vec<(u64, u16)> = builder.memo.into_iter().collect();
        entries.sort_unstable();
        let complete = roots.iter().any(|r| r.plies() == 0);
        // Read back as a file is (checked, indexed): one way in.
        Tablebase::from_storage(encode(&entries, complete))
            .expect("the builder writes what opening accepts")
    }

    /// The table as the bytes of its file (module docs).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        (*self.storage).as_ref().to_vec()
    }

    /// Writes the table to `path`: into a file beside it first, renamed
    /// into place once complete (so a reader never maps a half-written
    /// file).
    ///
    /// # Errors
    ///
    /// The error of writing or renaming the file.
    pub fn write(&self, path: impl AsRef<Path>) -> std::io::Result<()> {
        let path = path.as_ref();
        let mut partial = path.as_os_str().to_owned();
        partial.push(".partial");
        std::fs::write(&partial, (*self.storage).as_ref())?;
        std::fs::rename(&partial, path)
    }
}

/// The keys' index: the keys (below [`KEY_LIMIT`], under 2³⁴) fall into
/// buckets by their top bits, and `starts[b]` is the index of the first key
/// of bucket `b` or above, so that a lookup bisects only its own bucket
/// (in the complete table about 250 keys, a few cache lines, instead of
/// 27 steps across 1.16 GB of keys). Built while the keys are checked at
/// opening; at most 2²⁰ + 1 starts (4 MB), fewer for a small table.
struct Buckets {
    shift: u32,
    starts: Vec<u32>,
}

impl Buckets {
    /// Empty buckets for a table of `len` keys: one for every 64 to 128
    /// keys (over the whole range of keys, where the table's are not spread
    /// evenly), at most 2²⁰.
    fn for_len(len: usize) -> Buckets {
        let bits = (usize::BITS - len.leading_zeros())
            .saturating_sub(7)
            .min(20);
        Buckets {
            shift: KEY_BITS - bits,
            starts: Vec::with_capacity((1 << bits) + 1),
        }
    }

    /// Records key number `index`, the keys coming in ascending order
    /// (checked beside it): every bucket up to the key's starts by then.
    fn push(&mut self, index: usize, key: u64) {
        let bucket = (key.min(KEY_LIMIT - 1) >> self.shift) as usize;
        while self.starts.len() <= bucket {
            self.starts.push(index as u32);
        }
    }

    /// Closes the last buckets after `len` keys.
    fn finish(&mut self, len: usize) {
        let buckets = ((KEY_LIMIT - 1) >> self.shift) as usize + 2;
        self.starts.resize(buckets, len as u32);
    }

    /// The indices of the keys in `key`'s bucket.
    fn range(&self, key: u64) -> (usize, usize) {
        let bucket = (key >> self.shift) as usize;
        match (self.starts.get(bucket), self.starts.get(bucket + 1)) {
            (Some(&low), Some(&high)) => (low as usize, high as usize),
            _ => (0, 0), // above every key a table may hold
        }
    }
}

/// The best of `scores` for the player acting in `game` (X maximises).
fn best_of(game: &Game, scores: impl Iterator<Item = Score>) -> Score {
    if game.current_player() == Some(Player::X) {
        scores.max().unwrap_or(Score::MIN)
    } else {
        scores.min().unwrap_or(Score::MAX)
    }
}

/// The best of the children's `scores` under each of the three scorings
/// for the player acting in `game` (who has a legal action).
fn best_scores(game: &Game, scores: impl Iterator<Item = [Score; 3]>) -> [Score; 3] {
    let maximising = game.current_player() == Some(Player::X);
    scores
        .reduce(|b, child| {
            core::array::from_fn(|i| {
                if maximising {
                    b[i].max(child[i])
                } else {
                    b[i].min(child[i])
                }
            })
        })
        .expect("a game not over has a legal action")
}

/// The scores of the three scorings under perfect play, each position
/// that is stored computed once.
struct Builder<'a> {
    memo: HashMap<u64, u16>,
    progress: &'a mut dyn FnMut(usize),
}

impl Builder<'_> {
    fn scores(&mut self, game: &Game) -> [Score; 3] {
        if game.is_over() || game.move_number() > LAST_STORED_MOVE {
            if let [Some(a), Some(b), Some(c)] = Scoring::ALL.map(|s| closed_form_score(s, game)) {
                return [a, b, c];
            }
        }
        let stored = game.collapse_options().is_none() && !game.is_over();
        let key = stored.then(|| key_of(game));
        if let Some(code) = key.and_then(|k| self.memo.get(&k)) {
            return Scoring::ALL.map(|s| score_in(*code, s));
        }
        let best = if stored && game.move_number() == LAST_STORED_MOVE {
            mark_7_scores(game)
        } else {
            best_scores(
                game,
                game.legal_actions()
                    .into_iter()
                    .map(|action| self.scores(&game.apply_unchecked(action))),
            )
        };
        if let Some(key) = key {
            self.memo.insert(key, encode_value(best));
            if self.memo.len() % 65_536 == 0 {
                (self.progress)(self.memo.len());
            }
        }
        best
    }
}

/// The engine version, from the crate's.
const ENGINE_VERSION: [u32; 3] = [
    parse_u32(env!("CARGO_PKG_VERSION_MAJOR")),
    parse_u32(env!("CARGO_PKG_VERSION_MINOR")),
    parse_u32(env!("CARGO_PKG_VERSION_PATCH")),
];

const fn parse_u32(text: &str) -> u32 {
    let bytes = text.as_bytes();
    let mut value = 0;
    let mut i = 0;
    while i < bytes.len() {
        value = value * 10 + (bytes[i] - b'0') as u32;
        i += 1;
    }
    value
}

/// The file's bytes for sorted `entries`.
fn encode(entries: &[(u64, u16)], complete: bool) -> Vec<u8> {
    let mut bytes = vec![0u8; HEADER_BYTES + 10 * entries.len()];
    let (keys, values) = bytes[HEADER_BYTES..].split_at_mut(8 * entries.len());
    for (i, &(key, value)) in entries.iter().enumerate() {
        keys[8 * i..8 * i + 8].copy_from_slice(&key.to_le_bytes());
        values[2 * i..2 * i + 2].copy_from_slice(&value.to_le_bytes());
    }
    let (key_sum, value_sum) = (checksum(keys), checksum(values));
    let head = header(entries.len() as u64, key_sum, value_sum, complete);
    bytes[..HEADER_BYTES].copy_from_slice(&head);
    bytes
}

/// The header of a file of `count` entries whose keys and values have
/// these checksums.
fn header(count: u64, key_sum: u64, value_sum: u64, complete: bool) -> [u8; HEADER_BYTES] {
    let mut bytes = [0u8; HEADER_BYTES];
    bytes[..8].copy_from_slice(&MAGIC);
    bytes[8..12].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
    for (i, part) in ENGINE_VERSION.iter().enumerate() {
        bytes[12 + 4 * i..16 + 4 * i].copy_from_slice(&part.to_le_bytes());
    }
    bytes[24] = ALL_SCORINGS;
    bytes[25] = LAST_STORED_MOVE;
    let flags = if complete { FLAG_COMPLETE } else { 0 };
    bytes[26..28].copy_from_slice(&flags.to_le_bytes());
    bytes[32..40].copy_from_slice(&count.to_le_bytes());
    bytes[40..48].copy_from_slice(&key_sum.to_le_bytes());
    bytes[48..56].copy_from_slice(&value_sum.to_le_bytes());
    let header_sum = checksum(&bytes[..56]);
    bytes[56..64].copy_from_slice(&header_sum.to_le_bytes());
    bytes
}

/// The checksum of the module docs.
fn checksum(bytes: &[u8]) -> u64 {
    let mut sum = Checksum::new(bytes.len() as u64);
    sum.update(bytes);
    sum.finish()
}

/// The checksum of the module docs over bytes given in pieces, the run's
/// length known from the start.
struct Checksum {
    h: u64,
    word: [u8; 8],
    filled: usize,
}

impl Checksum {
    fn new(length: u64) -> Checksum {
        Checksum {
            h: length,
            word: [0; 8],
            filled: 0,
        }
    }

    fn mix(&mut self, word: [u8; 8]) {
        self.h = (self.h ^ u64::from_le_bytes(word))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(31);
    }

    fn update(&mut self, mut bytes: &[u8]) {
        if self.filled > 0 {
            let take = (8 - self.filled).min(bytes.len());
            self.word[self.filled..self.filled + take].copy_from_slice(&bytes[..take]);
            self.filled += take;
            bytes = &bytes[take..];
            if self.filled < 8 {
                return;
            }
            self.mix(self.word);
            self.filled = 0;
        }
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            self.mix(word.try_into().expect("8 bytes"));
        }
        let rest = words.remainder();
        self.word[..rest.len()].copy_from_slice(rest);
        self.filled = rest.len();
    }

    fn finish(mut self) -> u64 {
        if self.filled > 0 {
            self.word[self.filled..].fill(0);
            self.mix(self.word);
        }
        self.h ^ (self.h >> 29)
    }
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"))
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"))
}

/// Every key is below 46⁶.
const KEY_LIMIT: u64 = 46u64.pow(6);
/// The bits a key takes.
const KEY_BITS: u32 = 34;
const _: () = assert!(KEY_LIMIT <= 1 << KEY_BITS && KEY_LIMIT > 1 << (KEY_BITS - 1));

/// The key of a stored kind of position (module docs), from the
/// canonical orientation's [`PositionKey`](crate::PositionKey): bits 4·i
/// hold square i's classical move number, bits 36 + 9·k mark k + 1's
/// spooky squares.
fn key_of(game: &Game) -> u64 {
    let bits = game.canonical_key().to_bits();
    let mut square_of = [0u64; 16]; // classical move number → 1 + square index
    for i in 0..9 {
        let number = (bits >> (4 * i)) as usize & 15;
        square_of[number] = 1 + i as u64;
    }
    let mut key = 0;
    for k in (0..6).rev() {
        let spooky = (bits >> (36 + 9 * k)) as u32 & 0x1ff;
        let digit = if spooky != 0 {
            let a = u64::from(spooky.trailing_zeros());
            let b = u64::from(31 - spooky.leading_zeros());
            10 + a * (17 - a) / 2 + (b - a - 1)
        } else {
            square_of[k + 1]
        };
        key = key * 46 + digit;
    }
    key
}

/// One scoring's five bits of a value.
fn part(score: Score) -> u16 {
    match score_parts(score) {
        (_, None) => 10,
        (result, Some(end)) => ((result + 2) * 5 + i32::from(end) - 5) as u16,
    }
}

fn encode_value(scores: [Score; 3]) -> u16 {
    part(scores[0]) | part(scores[1]) << 5 | part(scores[2]) << 10
}

/// The score of `scoring` in a stored value (checked at open).
fn score_in(value: u16, scoring: Scoring) -> Score {
    let bits = i32::from(value >> (5 * scoring.index()) & 31);
    if bits == 10 {
        return 0;
    }
    let end = (bits % 5 + 5) as u8;
    score_of(bits / 5 - 2, Some(end))
}

/// Whether a value is one [`encode_value`] writes: each scoring's result
/// one it can have and a draw without an end.
fn valid_value(value: u16) -> bool {
    value >> 15 == 0
        && Scoring::ALL.iter().all(|&scoring| {
            let bits = value >> (5 * scoring.index()) & 31;
            let result = i32::from(bits / 5) - 2;
            bits < 25
                && (result != 0 || bits == 10)
                && (scoring == Scoring::GoffPoints || result % 2 == 0)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_number_zero_to_35_in_order() {
        // Pair (a, b) of square indices, a < b, listed by hand's order.
        let mut expected = 0;
        for a in 0..9u32 {
            for b in a + 1..9 {
                let mask = 1u32 << a | 1 << b;
                let (a, b) = (
                    u64::from(mask.trailing_zeros()),
                    u64::from(31 - mask.leading_zeros()),
                );
                assert_eq!(a * (17 - a) / 2 + (b - a - 1), expected);
                expected += 1;
            }
        }
        assert_eq!(expected, 36);
    }

    #[test]
    fn keys_worked_by_hand() {
        assert_eq!(key_of(&Game::new()), 0);
        // X1 in squares 1 and 2 (indices 0, 1): pair 0, digit 10; no
        // rotation or mirror gives a smaller key (an edge pair is larger).
        assert_eq!(key_of(&Game::from_record("12").unwrap()), 10);
        // X1 classical: "12 12 @1" puts O2 in square 1 and X1 in square 2
        // (by the collapse) or the other way round; whichever canonical
        // orientation, both marks are classical: digits 1 + i and 1 + j.
        let key = key_of(&Game::from_record("12 12 @1").unwrap());
        let (d1, d2) = (key % 46, key / 46);
        assert!((1..=9).contains(&d1) && (1..=9).contains(&d2) && d1 != d2);
    }

    #[test]
    fn every_key_is_found_in_its_bucket_and_no_other() {
        // Keys at both ends of the range and on either side of bucket
        // edges, for tables small (few buckets) and large (2^20 of them).
        let values: Vec<u16> = [
            (0, None),
            (2, Some(5)),
            (-2, Some(9)),
            (2, Some(7)),
            (-2, Some(6)),
        ]
        .iter()
        .map(|&(result, end)| encode_value([score_of(result, end); 3]))
        .collect();
        for bits in [0u32, 3, 20] {
            let width = 1u64 << (KEY_BITS - bits);
            let mut keys = vec![0, 1, KEY_LIMIT - 2, KEY_LIMIT - 1];
            for edge in [1, 2, 5]
                .map(|b| b * width)
                .into_iter()
                .filter(|&k| k < KEY_LIMIT - 2)
            {
                keys.extend([edge - 1, edge, edge + 1]);
            }
            keys.sort_unstable();
            keys.dedup();
            let entries: Vec<(u64, u16)> = keys
                .iter()
                .enumerate()
                .map(|(i, &k)| (k, values[i % values.len()]))
                .collect();
            let mut table = Tablebase::from_storage(encode(&entries, false)).unwrap();
            // The bucket width a table of `1 << (bits + 6)` keys would get.
            let mut buckets = Buckets::for_len(1 << (bits + 6));
            assert_eq!(buckets.shift, KEY_BITS - bits);
            for (index, &(key, _)) in entries.iter().enumerate() {
                buckets.push(index, key);
            }
            buckets.finish(entries.len());
            table.buckets = buckets;
            for &(key, value) in &entries {
                assert_eq!(table.lookup(key), Some(value), "key {key}, {bits} bits");
                for absent in [key.wrapping_sub(1), key + 1] {
                    if absent < KEY_LIMIT && !keys.contains(&absent) {
                        assert_eq!(table.lookup(absent), None, "key {absent}, {bits} bits");
                    }
                }
            }
        }
        // The complete table's 145 million keys take 2^20 buckets; an
        // empty table one, which holds nothing.
        assert_eq!(Buckets::for_len(145_177_371).shift, KEY_BITS - 20);
        let empty = Tablebase::from_storage(encode(&[], false)).unwrap();
        assert_eq!(empty.lookup(0), None);
        assert_eq!(empty.lookup(KEY_LIMIT - 1), None);
    }

    #[test]
    fn values_round_trip() {
        for scoring in Scoring::ALL {
            for (result, end) in [(0, None), (2, Some(5)), (-2, Some(9)), (2, Some(7))] {
                let score = score_of(result, end);
                let value = encode_value([score; 3]);
                assert!(valid_value(value));
                assert_eq!(score_in(value, scoring), score);
            }
        }
        assert!(!valid_value(11)); // a draw with an end
        assert!(!valid_value(1 << 15));
        assert!(!valid_value(10 | 10 << 5 | (5 + 1) << 10)); // complete -1
    }
}
