//! The byte form of a game: [`GAME_BYTES`] plain bytes that bindings can
//! store and copy. An explicit encoding of [`Game`]'s fields, decoded by
//! [`Game::from_bytes`] (checked) and [`Game::from_bytes_unchecked`]. The
//! layout below is part of the semver promise: changing it is a breaking
//! change. Records remain the form to store or send games in.

use crate::Game;
use crate::record::{MAX_PLIES, Record};
use crate::square_set::SquareSet;

/// The size of [`Game::to_bytes`].
pub const GAME_BYTES: usize = 56;

// Layout: spooky masks (9 × u16, little-endian) 0..18, X's squares 18..20,
// O's squares 20..22, classical move numbers 22..31, components 31..40,
// move number 40, pending 41, record ids 42..55, record length 55.
const SPOOKY: usize = 0;
const X_SQUARES: usize = 18;
const O_SQUARES: usize = 20;
const CLASSICAL: usize = 22;
const COMPONENT: usize = 31;
const MOVE_NUMBER: usize = 40;
const PENDING: usize = 41;
const RECORD: usize = 42;
const RECORD_LEN: usize = RECORD + MAX_PLIES;
const _: () = assert!(RECORD_LEN + 1 == GAME_BYTES);

/// The little-endian word at `at`.
const fn word(bytes: &[u8; GAME_BYTES], at: usize) -> u16 {
    u16::from_le_bytes([bytes[at], bytes[at + 1]])
}

/// `N` bytes from `at`.
const fn array<const N: usize>(bytes: &[u8; GAME_BYTES], at: usize) -> [u8; N] {
    let mut out = [0; N];
    let mut i = 0;
    while i < N {
        out[i] = bytes[at + i];
        i += 1;
    }
    out
}

/// Writes `values` from `at`.
const fn put(bytes: &mut [u8; GAME_BYTES], at: usize, values: &[u8]) {
    let mut i = 0;
    while i < values.len() {
        bytes[at + i] = values[i];
        i += 1;
    }
}

impl Game {
    /// The game as [`GAME_BYTES`] plain bytes (layout in `bytes.rs`);
    /// [`Game::from_bytes`] turns them back into the same game.
    #[must_use]
    pub const fn to_bytes(&self) -> [u8; GAME_BYTES] {
        let mut bytes = [0; GAME_BYTES];
        let mut k = 0;
        while k < 9 {
            put(
                &mut bytes,
                SPOOKY + 2 * k,
                &self.spooky[k].bits().to_le_bytes(),
            );
            k += 1;
        }
        put(&mut bytes, X_SQUARES, &self.x_squares.bits().to_le_bytes());
        put(&mut bytes, O_SQUARES, &self.o_squares.bits().to_le_bytes());
        put(&mut bytes, CLASSICAL, &self.classical);
        put(&mut bytes, COMPONENT, &self.component);
        bytes[MOVE_NUMBER] = self.move_number;
        bytes[PENDING] = self.pending;
        let (ids, len) = self.record.parts();
        put(&mut bytes, RECORD, &ids);
        bytes[RECORD_LEN] = len;
        bytes
    }

    /// The game that [`Game::to_bytes`] gave these bytes for.
    ///
    /// Returns `None` for bytes with a field out of range or fields that
    /// contradict each other (a mark in two places, a spooky mark on a
    /// classical square, a pending collapse without a newest mark, …).
    /// What it accepts is safe to use: no method panics on it. Bytes edited
    /// by hand that pass these checks can still describe a position no game
    /// reaches; keep the bytes opaque.
    #[must_use]
    pub fn from_bytes(bytes: &[u8; GAME_BYTES]) -> Option<Game> {
        let game = Game::from_bytes_unchecked(*bytes);
        let word = |at: usize| word(bytes, at);
        let (x_squares, o_squares) = (word(X_SQUARES), word(O_SQUARES));
        let move_number = bytes[MOVE_NUMBER];
        let pending = bytes[PENDING];
        let mut ok = (1..=10).contains(&move_number) & (pending <= 1);

        // The classical marks agree with X's and O's squares, one square each.
        let (mut x, mut o, mut classical_marks) = (0u16, 0u16, 0u16);
        for i in 0..9 {
            let n = bytes[CLASSICAL + i];
            ok &= (n <= 9) & (bytes[COMPONENT + i] < 9);
            x |= u16::from(n % 2 == 1) << i;
            o |= u16::from(n != 0 && n % 2 == 0) << i;
            classical_marks |= 1 << (n & 15);
        }
        classical_marks &= !1; // bit 0 stood for empty squares
        let occupied = x | o;
        ok &= (x == x_squares) & (o == o_squares);
        ok &= classical_marks.count_ones() == occupied.count_ones();

        // Each spooky mark sits in two free squares, and the placed marks
        // are exactly 1..move_number, each classical or spooky.
        let (mut spooky_marks, mut spooky_squares) = (0u16, 0u16);
        for k in 0..9 {
            let mask = word(SPOOKY + 2 * k);
            ok &= (mask < 1 << 9) & matches!(mask.count_ones(), 0 | 2);
            spooky_marks |= u16::from(mask != 0) << (k + 1);
            spooky_squares |= mask;
        }
        let number = move_number.clamp(1, 10); // out of range already failed `ok`
        ok &= (spooky_squares & occupied == 0) & (spooky_marks & classical_marks == 0);
        ok &= spooky_marks | classical_marks == (1u16 << number) - 2;
        // A pending collapse needs its newest mark spooky; nine marks placed
        // means the last cycle waits or the board is full.
        ok &= (pending == 0) | (spooky_marks & 1 << (number - 1) != 0);
        ok &= (move_number < 10) | (pending == 1) | (occupied == (1 << 9) - 1);

        // The record: valid ids, one move per mark, at most 4 collapses ever
        // (see MAX_PLIES), counting a pending one.
        let record = game.record;
        ok &= record.is_valid();
        let marks_placed = usize::from(number - 1);
        ok &= record.moves() == marks_placed;
        ok &= record.len() + usize::from(pending) <= marks_placed + 4;
        ok.then_some(game)
    }

    /// The game of bytes that [`Game::to_bytes`] produced, without checking
    /// them: for bindings that keep the bytes opaque. Any bytes are
    /// memory-safe, but bytes that did not come from `to_bytes` give a game
    /// whose methods may panic or answer nonsense; for bytes from elsewhere
    /// use [`Game::from_bytes`].
    #[must_use]
    pub const fn from_bytes_unchecked(bytes: [u8; GAME_BYTES]) -> Game {
        let mut spooky = [SquareSet::EMPTY; 9];
        let mut k = 0;
        while k < 9 {
            spooky[k] = SquareSet::from_bits(word(&bytes, SPOOKY + 2 * k));
            k += 1;
        }
        Game {
            spooky,
            x_squares: SquareSet::from_bits(word(&bytes, X_SQUARES)),
            o_squares: SquareSet::from_bits(word(&bytes, O_SQUARES)),
            classical: array(&bytes, CLASSICAL),
            component: array(&bytes, COMPONENT),
            move_number: bytes[MOVE_NUMBER],
            pending: bytes[PENDING],
            record: Record::from_parts(array(&bytes, RECORD), bytes[RECORD_LEN]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_rejects_contradictions() {
        let game = Game::from_record("12 34 56 23 78 13").unwrap();
        let bytes = game.to_bytes();
        assert_eq!(Game::from_bytes(&bytes), Some(game));
        assert_eq!(Game::from_bytes(&Game::new().to_bytes()), Some(Game::new()));
        assert_eq!(Game::from_bytes(&[0; GAME_BYTES]), None, "move number 0");

        let mut bad = bytes;
        bad[PENDING] = 2;
        assert_eq!(Game::from_bytes(&bad), None);
        let mut bad = bytes;
        bad[0] = 0b111; // X1 in three squares
        assert_eq!(Game::from_bytes(&bad), None);
        let mut bad = bytes;
        bad[MOVE_NUMBER] = 9; // eight marks claimed, six placed
        assert_eq!(Game::from_bytes(&bad), None);
        let mut bad = bytes;
        bad[RECORD] = 54; // not an action id
        assert_eq!(Game::from_bytes(&bad), None);
        let mut bad = bytes;
        bad[CLASSICAL] = 1; // X1 classical on 1 and spooky at once
        assert_eq!(Game::from_bytes(&bad), None);
        let mut bad = bytes;
        bad[COMPONENT + 4] = 9; // components name squares 0..9
        assert_eq!(Game::from_bytes(&bad), None);
    }

    #[test]
    fn collapsed_squares_are_their_own_component() {
        // X1 in 1 5, O2 in 5 9, X3 in 1 9: one component, a cycle.
        let before = Game::from_record("15 59 19").unwrap().to_bytes();
        assert_eq!(before[COMPONENT], before[COMPONENT + 4]);
        assert_eq!(before[COMPONENT], before[COMPONENT + 8]);
        // After the collapse each classical square is its own component,
        // as on a fresh board (the byte form stays one per record).
        let after = Game::from_record("15 59 19 @1").unwrap().to_bytes();
        assert_eq!(
            (after[COMPONENT], after[COMPONENT + 4], after[COMPONENT + 8]),
            (0, 4, 8)
        );
    }

    #[test]
    fn rejects_owners_that_disagree_with_the_numbers() {
        // "12 12 @1 34": O2 classical on 1, X1 on 2, X3 spooky in 3 and 4.
        let game = Game::from_record("12 12 @1 34").unwrap();
        let bytes = game.to_bytes();
        assert_eq!(Game::from_bytes(&bytes), Some(game));
        let mut bad = bytes;
        bad[X_SQUARES] = 0b001; // X's squares say 1, the numbers say 2
        assert_eq!(Game::from_bytes(&bad), None);
        let mut bad = bytes;
        bad[O_SQUARES] = 0b010; // O's squares say 2, the numbers say 1
        assert_eq!(Game::from_bytes(&bad), None);
    }

    #[test]
    fn rejects_impossible_pending_and_record_states() {
        // A collapse pending although the newest mark (O2) is classical.
        let settled = Game::from_record("12 12 @1").unwrap();
        let mut bad = settled.to_bytes();
        bad[PENDING] = 1;
        assert_eq!(Game::from_bytes(&bad), None);

        // Nine marks placed, no collapse pending, squares 7 8 9 still free.
        let waiting = Game::from_record("12 12 @1 34 34 @3 56 56 @5 78 89 89").unwrap();
        let mut bad = waiting.to_bytes();
        assert_eq!(Game::from_bytes(&bad), Some(waiting));
        bad[PENDING] = 0;
        assert_eq!(Game::from_bytes(&bad), None);

        // An id out of range (54), or a stray id just after the record.
        let mut bad = settled.to_bytes();
        bad[RECORD + 2] = 54;
        assert_eq!(Game::from_bytes(&bad), None);
        let mut bad = settled.to_bytes();
        bad[RECORD + 3] = 7;
        assert_eq!(Game::from_bytes(&bad), None);

        // A fifth collapse in the record of a game that has made four.
        let four = Game::from_record("12 12 @1 34 34 @3 56 56 @5 78 78 @8").unwrap();
        let mut bad = four.to_bytes();
        assert_eq!(bad[RECORD_LEN], 12);
        bad[RECORD + 12] = bad[RECORD + 11]; // @8 once more
        bad[RECORD_LEN] = 13;
        assert_eq!(Game::from_bytes(&bad), None);
    }

    #[test]
    fn rejects_a_spooky_mark_on_a_classical_square() {
        // X3 moved from squares 3 4 to 1 4, where square 1 holds O2: every
        // count still adds up, only the overlap is wrong.
        let game = Game::from_record("12 12 @1 34").unwrap();
        let mut bad = game.to_bytes();
        bad[SPOOKY + 2 * 2] = 0b1001;
        assert_eq!(Game::from_bytes(&bad), None);
        bad[SPOOKY + 2 * 2] = 0b1100; // back in 3 and 4
        assert_eq!(Game::from_bytes(&bad), Some(game));
    }

    #[test]
    fn whatever_it_accepts_is_safe_to_use() {
        // Random byte strings, and single-byte edits of a real game: any that
        // are accepted must answer every query without panicking.
        let mut rng = crate::random::SplitMix64::new(5);
        let base = Game::from_record("15 25 35 45 12").unwrap().to_bytes();
        for round in 0..200_000 {
            let mut bytes = base;
            if round % 2 == 0 {
                for b in &mut bytes {
                    *b = rng.next_u64() as u8;
                }
            } else {
                let i = rng.below(GAME_BYTES as u32) as usize;
                bytes[i] = rng.next_u64() as u8;
            }
            if let Some(game) = Game::from_bytes(&bytes) {
                for action in game.legal_actions() {
                    let _ = game.apply(action);
                }
                for id in 0..crate::ACTION_COUNT as u8 {
                    let _ = game.apply(crate::Action::from_id(id).unwrap());
                }
                let _ = (
                    game.outcome(),
                    game.phase(),
                    game.canonical_key(),
                    game.marks().count(),
                );
                let _ = (game.undo(), game.record(), game.collapse_options());
            }
        }
    }
}
