//! The hash tables the solver (its [`TranspositionTable`]) and the counter keep their positions in.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A map from 128-bit position keys, with a hasher made for them.
pub(crate) type KeyMap<V> = HashMap<u128, V, BuildHasherDefault<KeyHasher>>;

/// A fast hasher for position keys (already well mixed by construction).
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0.rotate_left(23) ^ value).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }

    fn write_u128(&mut self, value: u128) {
        self.write_u64(value as u64);
        self.write_u64((value >> 64) as u64);
    }
}

/// The solver's transposition table: a canonical position's key → what the
/// search proved about it, bounded to `limit` positions (once full it only
/// updates the positions it holds; results stay exact, searches grow).
#[derive(Clone)]
pub(crate) struct TranspositionTable<V> {
    map: KeyMap<V>,
    limit: usize,
}

impl<V> TranspositionTable<V> {
    /// An empty table that keeps at most `limit` positions.
    pub(crate) fn new(limit: usize) -> Self {
        TranspositionTable {
            map: KeyMap::default(),
            limit,
        }
    }

    /// What is stored for `key`.
    pub(crate) fn get(&self, key: u128) -> Option<&V> {
        self.map.get(&key)
    }

    /// Stores `value` for `key`: replaces what is there, or adds it while
    /// the table is below its limit.
    pub(crate) fn store(&mut self, key: u128, value: V) {
        if let Some(slot) = self.map.get_mut(&key) {
            *slot = value;
        } else if self.map.len() < self.limit {
            self.map.insert(key, value);
        }
    }

    /// How many positions it holds.
    pub(crate) fn len(&self) -> usize {
        self.map.len()
    }

    /// The most positions it keeps.
    pub(crate) fn limit(&self) -> usize {
        self.limit
    }

    /// Sets the most positions it keeps (positions held stay).
    pub(crate) fn set_limit(&mut self, limit: usize) {
        self.limit = limit;
    }
}
