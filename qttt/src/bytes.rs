//! A compact binary form of a game, for bindings that keep games in memory
//! they own (the C library's `qttt_game` is one). Not a serialisation
//! format: it may change with any release; records are the stable form.

use crate::Game;
use crate::game::MAX_PLIES;
use crate::record::Record;

/// The size of [`Game::to_bytes`].
pub const GAME_BYTES: usize = 56;

// Layout: spooky masks (9 × u16 LE) 0..18, X's squares 18..20, O's squares
// 20..22, classical numbers 22..31, components 31..40, move number 40,
// pending 41, record ids 42..55, record length 55.
const X_SQUARES: usize = 18;
const O_SQUARES: usize = 20;
const CLASSICAL: usize = 22;
const COMPONENT: usize = 31;
const MOVE_NUMBER: usize = 40;
const PENDING: usize = 41;
const RECORD: usize = 42;
const RECORD_LEN: usize = RECORD + MAX_PLIES;

impl Game {
    /// The game as [`GAME_BYTES`] plain bytes; [`Game::from_bytes`] turns
    /// them back into the same game.
    pub fn to_bytes(&self) -> [u8; GAME_BYTES] {
        let raw = self.raw_fields();
        let mut bytes = [0u8; GAME_BYTES];
        for (k, mask) in raw.spooky.iter().enumerate() {
            bytes[2 * k..2 * k + 2].copy_from_slice(&mask.to_le_bytes());
        }
        bytes[X_SQUARES..X_SQUARES + 2].copy_from_slice(&raw.x_squares.to_le_bytes());
        bytes[O_SQUARES..O_SQUARES + 2].copy_from_slice(&raw.o_squares.to_le_bytes());
        bytes[CLASSICAL..CLASSICAL + 9].copy_from_slice(raw.classical);
        bytes[COMPONENT..COMPONENT + 9].copy_from_slice(raw.component);
        bytes[MOVE_NUMBER] = raw.move_number;
        bytes[PENDING] = u8::from(raw.pending);
        let (ids, len) = raw.history.raw();
        bytes[RECORD..RECORD_LEN].copy_from_slice(ids);
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
    pub fn from_bytes(bytes: &[u8; GAME_BYTES]) -> Option<Game> {
        let spooky: [u16; 9] =
            core::array::from_fn(|k| u16::from_le_bytes([bytes[2 * k], bytes[2 * k + 1]]));
        let x_squares = u16::from_le_bytes([bytes[X_SQUARES], bytes[X_SQUARES + 1]]);
        let o_squares = u16::from_le_bytes([bytes[O_SQUARES], bytes[O_SQUARES + 1]]);
        let classical: [u8; 9] = core::array::from_fn(|i| bytes[CLASSICAL + i]);
        let component: [u8; 9] = core::array::from_fn(|i| bytes[COMPONENT + i]);
        let move_number = bytes[MOVE_NUMBER];
        let pending = match bytes[PENDING] {
            0 => false,
            1 => true,
            _ => return None,
        };
        let ids: [u8; MAX_PLIES] = core::array::from_fn(|i| bytes[RECORD + i]);
        let history = Record::from_raw(ids, bytes[RECORD_LEN])?;

        let occupied = x_squares | o_squares;
        let marks_placed = usize::from(move_number.checked_sub(1)?);
        let consistent = (1..=10).contains(&move_number)
            && occupied < 1 << 9
            && x_squares & o_squares == 0
            && component.iter().all(|&c| c < 9)
            && classical.iter().enumerate().all(|(i, &n)| match n {
                0 => occupied & 1 << i == 0,
                1..=9 if n % 2 == 1 => x_squares & 1 << i != 0,
                2..=8 => o_squares & 1 << i != 0,
                _ => false,
            })
            && spooky.iter().enumerate().all(|(k, &mask)| {
                let placed = k < marks_placed;
                let classical_somewhere = classical.contains(&(k as u8 + 1));
                mask & occupied == 0
                    && match mask.count_ones() {
                        0 => classical_somewhere == placed,
                        2 => placed && !classical_somewhere && mask < 1 << 9,
                        _ => false,
                    }
            })
            && (!pending || (move_number >= 2 && spooky[marks_placed - 1] != 0))
            // Nine marks placed: either the last cycle waits or the board is full.
            && (move_number < 10 || pending || occupied == (1 << 9) - 1)
            && history.moves() == marks_placed
            // At most 4 collapses ever (see MAX_PLIES), counting one pending.
            && history.len() - marks_placed + usize::from(pending) <= 4;
        consistent.then(|| {
            Game::from_raw_fields(RawFields {
                spooky: &spooky,
                x_squares,
                o_squares,
                classical: &classical,
                component: &component,
                move_number,
                pending,
                history,
            })
        })
    }
}

/// The fields of a [`Game`], borrowed, for encoding and decoding.
pub(crate) struct RawFields<'a> {
    pub spooky: &'a [u16; 9],
    pub x_squares: u16,
    pub o_squares: u16,
    pub classical: &'a [u8; 9],
    pub component: &'a [u8; 9],
    pub move_number: u8,
    pub pending: bool,
    pub history: Record,
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
