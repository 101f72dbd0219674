//! The hash table the solver and the counter keep their positions in.

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
