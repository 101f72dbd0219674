//! The game value and the functions on it; its images under the board's
//! symmetries are in `symmetry.rs`, perft in `perft.rs`, action ids and
//! tokens in `action.rs`.

use std::ffi::c_char;

use qttt::{GAME_BYTES, Game, Phase, Placement, Player, Square};

use crate::action::action;
use crate::memory::{Out, OutSlice, read, with_text, write_text};
use crate::status::*;

/// The size of a `qttt_game` in bytes.
pub const QTTT_GAME_SIZE: usize = 64;
/// The size of a `qttt_game` in 64-bit words.
pub const QTTT_GAME_WORDS: usize = 8;
/// The most actions legal at once (the spooky moves on an empty board).
pub const QTTT_MAX_LEGAL_ACTIONS: usize = 36;
/// The number of distinct actions; ids are 0 to 53.
pub const QTTT_ACTION_COUNT: u8 = 54;
/// The number of marks a game can hold.
pub const QTTT_MAX_MARKS: usize = 9;
/// The most boards a classical ensemble holds (docs/ensemble.md).
pub const QTTT_MAX_ENSEMBLE: usize = 27;

/// First word of every game a qttt function writes: "qttt" and layout
/// version 1, with the game's bytes after it.
const MAGIC: u64 = u64::from_le_bytes(*b"qttt\0\0\0\x01");
const _: () = assert!(8 + GAME_BYTES == QTTT_GAME_SIZE && 8 * QTTT_GAME_WORDS == QTTT_GAME_SIZE);

/// A game of quantum tic-tac-toe: a plain value of QTTT_GAME_SIZE bytes.
/// Declare it anywhere (stack, arrays, structs), copy it with `=` or
/// `memcpy`, compare two with `memcmp` (equal bytes: equal records); there
/// is nothing to free. Only qttt functions may write it: start from
/// `qttt_game_new` or `qttt_game_from_record`. A game that no qttt function
/// wrote is refused with QTTT_STATUS_INVALID_GAME.
///
/// No reserved bytes: the 64 bytes (one cache line) are a marker and the
/// engine's whole state, which holds the rules' fixed maximum (9 marks, a
/// record of at most 13 actions) and so has no reason to grow. Should a
/// release ever need a different size, that is an ABI change and takes a
/// new major version.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
#[allow(non_camel_case_types)]
pub struct qttt_game {
    /// Opaque; do not read or write.
    pub opaque: [u64; QTTT_GAME_WORDS],
}

/// A player, or none (no one acts in a finished game; a draw has no winner):
/// one of the QTTT_PLAYER_* constants, a fixed-width number (`uint8_t` in C,
/// the same size with every compiler, unlike an enum) since it sits in
/// output structs.
#[allow(non_camel_case_types)]
pub type qttt_player = u8;

/// No player.
pub const QTTT_PLAYER_NONE: qttt_player = 0;
/// X, who moves first and owns the odd move numbers.
pub const QTTT_PLAYER_X: qttt_player = 1;
/// O, who owns the even move numbers.
pub const QTTT_PLAYER_O: qttt_player = 2;

/// What a game waits for: one of the QTTT_PHASE_* constants, a fixed-width
/// number (`uint8_t` in C) as `qttt_player` is.
#[allow(non_camel_case_types)]
pub type qttt_phase = u8;

/// A move.
pub const QTTT_PHASE_MOVE: qttt_phase = 0;
/// A collapse choice.
pub const QTTT_PHASE_COLLAPSE: qttt_phase = 1;
/// Nothing: the game is over.
pub const QTTT_PHASE_OVER: qttt_phase = 2;

/// A mark: its move number (1–9; 0 for "no mark") and its owner.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub struct qttt_mark {
    /// The move number, 1–9, or 0 for no mark.
    pub number: u8,
    /// The owner (X for odd numbers, O for even), or none.
    pub player: qttt_player,
}

/// Where a mark is: spooky in two squares or classical in one.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub struct qttt_mark_state {
    /// The mark.
    pub mark: qttt_mark,
    /// Whether it is spooky.
    pub spooky: bool,
    /// Its two squares (ascending) if spooky; else its square and 0.
    pub squares: [u8; 2],
}

/// One step of a collapse (`qttt_game_collapse_steps`): a mark lands in a
/// square.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub struct qttt_collapse_step {
    /// The mark that lands.
    pub mark: qttt_mark,
    /// The square it lands in, 1–9.
    pub square: u8,
    /// The square it leaves, 1–9: for the newest mark the one not chosen,
    /// for a forced mark the one it was forced out of.
    pub from: u8,
    /// The mark whose landing in `from` forced it out; number 0 for the
    /// first step, the newest mark.
    pub forced_by: qttt_mark,
}

/// A classical board of the ensemble (docs/ensemble.md): the mark in each
/// square, by move number.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub struct qttt_classical_board {
    /// The move number (1–9) of the mark in each square, square 1 first;
    /// 0 for an empty square. Odd numbers are X's, even ones O's.
    pub numbers: [u8; 9],
}

/// A completed line.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub struct qttt_line {
    /// The three squares, ascending.
    pub squares: [u8; 3],
    /// Whose marks they are.
    pub player: qttt_player,
    /// The highest move number in the line.
    pub highest: u8,
}

/// How a game ended.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub struct qttt_outcome {
    /// Whether the game is over; if not, the other fields are none and 0.
    pub over: bool,
    /// The winner, or QTTT_PLAYER_NONE for a draw.
    pub winner: qttt_player,
    /// How many entries of `lines` are used.
    pub line_count: u8,
    /// Every completed line: rows, then columns, then the diagonals 1-5-9 and 3-5-7.
    pub lines: [qttt_line; 8],
}

/// A 128-bit position key: equal keys, equal positions.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub struct qttt_key {
    /// Bits 0–63.
    pub low: u64,
    /// Bits 64–127.
    pub high: u64,
}

/// Where and why a record failed to parse.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub struct qttt_record_error {
    /// Why (a reason status: 20 and up).
    pub status: qttt_status,
    /// The offending token's position among the tokens, from 0.
    pub token_index: usize,
    /// The token's byte offset in the record.
    pub byte_offset: usize,
    /// The token's length in bytes.
    pub token_length: usize,
}

/// What a `qttt_game` holds: the marker, then the game itself, in place
/// (`Game` is `repr(C)` with integer fields only and no padding, so every
/// byte pattern is a memory-safe value of it, and this struct has no
/// padding either). Applying an action in place touches no copy.
#[repr(C)]
#[derive(Clone, Copy)]
struct Stored {
    magic: u64,
    game: Game,
}

const _: () = assert!(
    std::mem::size_of::<Stored>() == std::mem::size_of::<qttt_game>()
        && std::mem::align_of::<Stored>() == std::mem::align_of::<qttt_game>()
        && std::mem::size_of::<Game>() == GAME_BYTES
);

/// The game a `qttt_game` holds. Only the marker is checked: the rest is
/// what a qttt function stored (see `Game::from_bytes_unchecked`); should a
/// caller have overwritten it anyway, the worst outcome is a panic, which
/// the boundary turns into QTTT_STATUS_PANIC.
///
/// # Safety
/// `game` is NULL or points to a `qttt_game` (any bytes).
#[inline]
pub(crate) unsafe fn load(game: *const qttt_game) -> Result<Game, Error> {
    // SAFETY: `Stored` has the size and alignment of `qttt_game` (asserted
    // above) and every bit pattern is a valid `Stored`; the pointer is
    // NULL or points to a `qttt_game` by this function's contract.
    let stored = unsafe { read(game.cast::<Stored>()) }?;
    if stored.magic != MAGIC {
        return Err(Error(QTTT_STATUS_INVALID_GAME));
    }
    Ok(stored.game)
}

/// Writes a game into a `qttt_game`.
#[inline]
pub(crate) fn store(out: Out<qttt_game>, game: Game) {
    // SAFETY: `Stored` has the size and alignment of `qttt_game` (asserted
    // above), and every bit pattern of either is valid for the other.
    unsafe { out.cast::<Stored>() }.write(Stored { magic: MAGIC, game });
}

/// Runs a read-only query on a game and writes its answer.
///
/// # Safety
/// `game` is NULL or points to a `qttt_game`; `out` is NULL or writable.
unsafe fn query<T>(
    game: *const qttt_game,
    out: *mut T,
    answer: impl FnOnce(&Game) -> T,
) -> qttt_status {
    boundary(|| {
        // SAFETY: `out` and `game` keep the contract in this function's `# Safety`.
        let out = unsafe { Out::new(out) }?;
        out.write(answer(&unsafe { load(game) }?));
        Ok(())
    })
}

/// Writes a text form of a game into a caller buffer (see `qttt_game_record`).
///
/// # Safety
/// `game` is NULL or points to a `qttt_game`; `buf`, `capacity` and
/// `needed` as for `write_text`.
unsafe fn game_text(
    game: *const qttt_game,
    buf: *mut c_char,
    capacity: usize,
    needed: *mut usize,
    format: impl Fn(&Game, &mut crate::memory::Sink<'_>) -> Result<(), Error>,
) -> qttt_status {
    boundary(|| {
        // SAFETY: `game` keeps the contract in this function's `# Safety`.
        let game = unsafe { load(game) }?;
        // SAFETY: `buf` and `needed` keep the contract in this function's `# Safety`.
        unsafe { write_text(|sink| format(&game, sink), buf, capacity, needed) }
    })
}

/// The square numbered `number` (1–9).
pub(crate) fn square(number: u8) -> Result<Square, Error> {
    Square::new(number).ok_or(Error(QTTT_STATUS_INVALID_SQUARE))
}

pub(crate) fn player(player: Option<Player>) -> qttt_player {
    match player {
        Some(Player::X) => QTTT_PLAYER_X,
        Some(Player::O) => QTTT_PLAYER_O,
        None => QTTT_PLAYER_NONE,
    }
}

fn mark(mark: Option<qttt::Mark>) -> qttt_mark {
    qttt_mark {
        number: mark.map_or(0, |m| m.number()),
        player: player(mark.map(|m| m.player())),
    }
}

fn key(key: qttt::PositionKey) -> qttt_key {
    let bits = key.to_bits();
    qttt_key {
        low: bits as u64,
        high: (bits >> 64) as u64,
    }
}

/// Starts a game: the empty board, X to move.
///
/// # Safety
/// `out` must be NULL or point to writable memory for a `qttt_game`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_game_new(out: *mut qttt_game) -> qttt_status {
    boundary(|| {
        // SAFETY: `out` keeps the contract in this function's `# Safety`.
        store(unsafe { Out::new(out) }?, Game::new());
        Ok(())
    })
}

/// Builds a game by replaying a record ("58 47 67 59 48 68 @8"; tokens
/// separated by whitespace). The record is NUL-terminated within its first
/// `size` bytes (pass QTTT_NUL_TERMINATED when you only know it ends in a
/// NUL). On a token that is malformed or illegal at its point, returns that
/// rule status and, if `error` is not NULL, where the token is.
///
/// # Safety
/// `record` must be NULL or point to `size` readable bytes or to a
/// NUL-terminated string; `out` and `error` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_game_from_record(
    record: *const c_char,
    size: usize,
    out: *mut qttt_game,
    error: *mut qttt_record_error,
) -> qttt_status {
    boundary(|| {
        // SAFETY: `out` keeps the contract in this function's `# Safety`.
        let out = unsafe { Out::new(out) }?;
        // SAFETY: `record` keeps the contract in this function's `# Safety`.
        let parsed = unsafe { with_text(record, size, |text| Ok(Game::from_record(text))) }?;
        match parsed {
            Ok(game) => {
                store(out, game);
                Ok(())
            }
            Err(e) => {
                let Error(status) = e.kind().into();
                // SAFETY: `error` keeps the contract in this function's `# Safety`.
                if let Some(error) = unsafe { Out::optional(error) } {
                    let range = e.byte_range();
                    error.write(qttt_record_error {
                        status,
                        token_index: e.token_index(),
                        byte_offset: range.start,
                        token_length: range.len(),
                    });
                }
                Err(Error(status))
            }
        }
    })
}

/// Writes the game's canonical record (NUL-terminated) into `buf` of
/// `capacity` bytes, and the size it needs, NUL included, into `*needed`
/// (if `needed` is not NULL; it is written even when the buffer is too
/// small, so `capacity` 0 with `buf` NULL asks for the size). A record
/// never needs more than 40 bytes.
///
/// # Safety
/// `game` must be NULL or point to a `qttt_game`; `buf` must point to
/// `capacity` writable bytes (or be NULL with `capacity` 0); `needed` must
/// be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_game_record(
    game: *const qttt_game,
    buf: *mut c_char,
    capacity: usize,
    needed: *mut usize,
) -> qttt_status {
    // SAFETY: the pointers keep the contract in this function's `# Safety`.
    unsafe {
        game_text(game, buf, capacity, needed, |game, sink| {
            sink.display(&game.record())
        })
    }
}

/// Writes the text board (as `Display` in Rust: a 3×3 grid with classical
/// marks large and spooky marks small, then a status line), like
/// `qttt_game_record`. It needs at most 1024 bytes.
///
/// # Safety
/// As for `qttt_game_record`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_game_board(
    game: *const qttt_game,
    buf: *mut c_char,
    capacity: usize,
    needed: *mut usize,
) -> qttt_status {
    // SAFETY: the pointers keep the contract in this function's `# Safety`.
    unsafe {
        game_text(game, buf, capacity, needed, |game, sink| {
            sink.display(&game.board())
        })
    }
}

/// Writes the game's JSON view (one line, exactly as in docs/API.md and the
/// shared test vectors), like `qttt_game_record`. It needs at most 1024 bytes.
///
/// # Safety
/// As for `qttt_game_record`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_game_view(
    game: *const qttt_game,
    buf: *mut c_char,
    capacity: usize,
    needed: *mut usize,
) -> qttt_status {
    // SAFETY: the pointers keep the contract in this function's `# Safety`.
    unsafe {
        game_text(game, buf, capacity, needed, |game, sink| {
            sink.json(&game.view())
        })
    }
}

/// Applies the action with id `action` (0–53) and writes the new game to
/// `*out`, which may be `game` itself. An illegal action returns its rule
/// status and writes nothing.
///
/// # Safety
/// `game` must be NULL or point to a `qttt_game`; `out` must be NULL or
/// point to writable memory for one (it may be the same).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_game_apply(
    game: *const qttt_game,
    action_id: u8,
    out: *mut qttt_game,
) -> qttt_status {
    boundary(|| {
        // SAFETY: `out` keeps the contract in this function's `# Safety`.
        let out = unsafe { Out::new(out) }?;
        let action = action(action_id)?;
        if out.is(game) {
            // In place, the hot case of game loops: no copy at all.
            // SAFETY: as in `store`; the memory holds a `qttt_game`, since it
            // is also the input `game`.
            return unsafe {
                out.cast::<Stored>().update(|stored| {
                    if stored.magic != MAGIC {
                        return Err(Error(QTTT_STATUS_INVALID_GAME));
                    }
                    Ok(stored.game.apply_in_place(action)?)
                })
            };
        }
        // SAFETY: `game` keeps the contract in this function's `# Safety`.
        let mut next = unsafe { load(game) }?;
        next.apply_in_place(action)?;
        store(out, next);
        Ok(())
    })
}

/// Writes the ids of the legal actions, ascending, into `ids` (room for
/// `capacity` ids; QTTT_MAX_LEGAL_ACTIONS is always enough) and their
/// number into `*count`. A finished game has none. Entries from `*count`
/// on are unspecified (with room for QTTT_MAX_LEGAL_ACTIONS, all of them
/// may be written).
///
/// # Safety
/// `game` must be NULL or point to a `qttt_game`; `ids` must be NULL or
/// point to `capacity` writable bytes; `count` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_game_legal_actions(
    game: *const qttt_game,
    ids: *mut u8,
    capacity: usize,
    count: *mut usize,
) -> qttt_status {
    boundary(|| {
        // SAFETY: `ids` and `count` keep the contract in this function's `# Safety`.
        let (ids, count) = unsafe { (OutSlice::new(ids, capacity)?, Out::new(count)?) };
        // SAFETY: `game` keeps the contract in this function's `# Safety`.
        let legal = unsafe { load(game) }?.legal_actions();
        if let Some(all) = ids.whole::<QTTT_MAX_LEGAL_ACTIONS>() {
            // A fixed-size copy is a few vector moves; a sized one is a call.
            all.write(legal.padded_ids());
        } else {
            ids.write(legal.ids())?;
        }
        count.write(legal.len());
        Ok(())
    })
}

/// Writes whether the action with id `action` (0–53) is legal.
///
/// # Safety
/// `game` must be NULL or point to a `qttt_game`; `legal` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_game_is_legal(
    game: *const qttt_game,
    action_id: u8,
    legal: *mut bool,
) -> qttt_status {
    boundary(|| {
        // SAFETY: `legal` keeps the contract in this function's `# Safety`.
        let legal = unsafe { Out::new(legal) }?;
        // SAFETY: `game` keeps the contract in this function's `# Safety`.
        let is_legal = unsafe { load(game) }?.is_legal(action(action_id)?);
        legal.write(is_legal);
        Ok(())
    })
}

/// Writes what the game waits for.
///
/// # Safety
/// `game` must be NULL or point to a `qttt_game`; `out` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_game_phase(
    game: *const qttt_game,
    out: *mut qttt_phase,
) -> qttt_status {
    // SAFETY: the pointers keep the contract in this function's `# Safety`.
    unsafe {
        query(game, out, |game| match game.phase() {
            Phase::Move => QTTT_PHASE_MOVE,
            Phase::Collapse => QTTT_PHASE_COLLAPSE,
            Phase::Over => QTTT_PHASE_OVER,
        })
    }
}

/// Writes who acts now (during a pending collapse: the chooser, who then
/// also moves), or QTTT_PLAYER_NONE once the game is over.
///
/// # Safety
/// `game` must be NULL or point to a `qttt_game`; `out` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_game_current_player(
    game: *const qttt_game,
    out: *mut qttt_player,
) -> qttt_status {
    // SAFETY: the pointers keep the contract in this function's `# Safety`.
    unsafe { query(game, out, |game| player(game.current_player())) }
}

/// Writes the number the next mark will carry (1–10; 10 once nine marks are placed).
///
/// # Safety
/// `game` must be NULL or point to a `qttt_game`; `out` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_game_move_number(
    game: *const qttt_game,
    out: *mut u8,
) -> qttt_status {
    // SAFETY: the pointers keep the contract in this function's `# Safety`.
    unsafe { query(game, out, Game::move_number) }
}

/// Writes the classical mark on `square` (1–9); `number` 0 if there is none.
///
/// # Safety
/// `game` must be NULL or point to a `qttt_game`; `out` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_game_classical(
    game: *const qttt_game,
    square_number: u8,
    out: *mut qttt_mark,
) -> qttt_status {
    boundary(|| {
        // SAFETY: `out` keeps the contract in this function's `# Safety`.
        let out = unsafe { Out::new(out) }?;
        let on = square(square_number)?;
        // SAFETY: `game` keeps the contract in this function's `# Safety`.
        out.write(mark(unsafe { load(game) }?.classical(on)));
        Ok(())
    })
}

/// Writes the spooky marks in `square` (1–9) as a bit set: bit n (1–9) is
/// set when mark n is spooky there.
///
/// # Safety
/// `game` must be NULL or point to a `qttt_game`; `marks` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_game_spooky_marks(
    game: *const qttt_game,
    square_number: u8,
    marks: *mut u16,
) -> qttt_status {
    boundary(|| {
        // SAFETY: `marks` keeps the contract in this function's `# Safety`.
        let marks = unsafe { Out::new(marks) }?;
        let on = square(square_number)?;
        // SAFETY: `game` keeps the contract in this function's `# Safety`.
        let set = unsafe { load(game) }?
            .spooky_marks(on)
            .iter()
            .fold(0u16, |set, m| set | 1 << m.number());
        marks.write(set);
        Ok(())
    })
}

/// Writes every mark placed so far, by move number, into `out` (room for
/// `capacity`; QTTT_MAX_MARKS is always enough) and their number into `*count`.
///
/// # Safety
/// `game` must be NULL or point to a `qttt_game`; `out` must be NULL or
/// point to `capacity` writable `qttt_mark_state`s; `count` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_game_marks(
    game: *const qttt_game,
    out: *mut qttt_mark_state,
    capacity: usize,
    count: *mut usize,
) -> qttt_status {
    boundary(|| {
        // SAFETY: `out` and `count` keep the contract in this function's `# Safety`.
        let (out, count) = unsafe { (OutSlice::new(out, capacity)?, Out::new(count)?) };
        // SAFETY: `game` keeps the contract in this function's `# Safety`.
        let game = unsafe { load(game) }?;
        let empty = qttt_mark_state {
            mark: mark(None),
            spooky: false,
            squares: [0; 2],
        };
        let mut states = [empty; QTTT_MAX_MARKS];
        let mut n = 0;
        for (slot, (m, placement)) in states.iter_mut().zip(game.marks()) {
            let (spooky, squares) = match placement {
                Placement::Spooky(a, b) => (true, [a.number(), b.number()]),
                Placement::Classical(s) => (false, [s.number(), 0]),
            };
            *slot = qttt_mark_state {
                mark: mark(Some(m)),
                spooky,
                squares,
            };
            n += 1;
        }
        out.write(&states[..n])?;
        count.write(n);
        Ok(())
    })
}

/// Writes the size of the game's classical ensemble (docs/ensemble.md):
/// how many classical boards its marks can still become, 1 to
/// QTTT_MAX_ENSEMBLE. Computed as a product over the entanglement
/// components, without listing them.
///
/// # Safety
/// `game` must be NULL or point to a `qttt_game`; `count` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_game_ensemble_count(
    game: *const qttt_game,
    count: *mut usize,
) -> qttt_status {
    // SAFETY: `game` and `count` keep the contract in this function's `# Safety`.
    unsafe { query(game, count, Game::ensemble_count) }
}

/// Writes the game's classical ensemble (docs/ensemble.md) into `boards`
/// (room for `capacity`; QTTT_MAX_ENSEMBLE is always enough) in mark order,
/// and their number into `*count`. With too little room, writes nothing
/// and returns QTTT_STATUS_BUFFER_TOO_SMALL.
///
/// # Safety
/// `game` must be NULL or point to a `qttt_game`; `boards` must be NULL or
/// point to `capacity` writable `qttt_classical_board`s; `count` must be
/// NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_game_ensemble(
    game: *const qttt_game,
    boards: *mut qttt_classical_board,
    capacity: usize,
    count: *mut usize,
) -> qttt_status {
    boundary(|| {
        // SAFETY: `boards` and `count` keep the contract in this function's `# Safety`.
        let (out, count) = unsafe { (OutSlice::new(boards, capacity)?, Out::new(count)?) };
        // SAFETY: `game` keeps the contract in this function's `# Safety`.
        let ensemble = unsafe { load(game) }?.ensemble();
        let mut all = [qttt_classical_board { numbers: [0; 9] }; QTTT_MAX_ENSEMBLE];
        for (slot, board) in all.iter_mut().zip(&ensemble) {
            slot.numbers = board.numbers();
        }
        out.write(&all[..ensemble.len()])?;
        count.write(ensemble.len());
        Ok(())
    })
}

/// While a collapse is pending, writes the newest mark's two squares
/// (ascending) into `squares` (room for 2) and 2 into `*count`; otherwise
/// writes only `*count` = 0.
///
/// # Safety
/// `game` must be NULL or point to a `qttt_game`; `squares` must be NULL
/// or point to 2 writable bytes; `count` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_game_collapse_options(
    game: *const qttt_game,
    squares: *mut u8,
    count: *mut u8,
) -> qttt_status {
    boundary(|| {
        // SAFETY: `squares` and `count` keep the contract in this function's `# Safety`.
        let (squares, count) = unsafe { (OutSlice::new(squares, 2)?, Out::new(count)?) };
        // SAFETY: `game` keeps the contract in this function's `# Safety`.
        let options = unsafe { load(game) }?
            .collapse_options()
            .map(|o| o.map(Square::number));
        if let Some(options) = options {
            squares.write(&options)?;
        }
        count.write(if options.is_some() { 2 } else { 0 });
        Ok(())
    })
}

/// Writes the marks of the pending cycle (the newest mark and the path
/// that already joined its two squares) as a bit set, bit n (1–9) for mark
/// n; 0 when no collapse is pending.
///
/// # Safety
/// `game` must be NULL or point to a `qttt_game`; `marks` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_game_cycle(game: *const qttt_game, marks: *mut u16) -> qttt_status {
    boundary(|| {
        // SAFETY: `marks` keeps the contract in this function's `# Safety`.
        let marks = unsafe { Out::new(marks) }?;
        // SAFETY: `game` keeps the contract in this function's `# Safety`.
        let set = unsafe { load(game) }?
            .cycle()
            .into_iter()
            .flatten()
            .fold(0u16, |set, m| set | 1 << m.number());
        marks.write(set);
        Ok(())
    })
}

/// Writes the collapse that landing the newest mark in `square_number`
/// (1–9) would make, step by step, into `out` (room for `capacity`;
/// QTTT_MAX_MARKS is always enough) and their number into `*count`: the
/// newest mark first, then breadth first each mark forced out of a square
/// an earlier step landed in (docs/API.md). A choice `qttt_game_apply`
/// would refuse returns the same status and writes nothing; the game is
/// unchanged.
///
/// # Safety
/// `game` must be NULL or point to a `qttt_game`; `out` must be NULL or
/// point to `capacity` writable `qttt_collapse_step`s; `count` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_game_collapse_steps(
    game: *const qttt_game,
    square_number: u8,
    out: *mut qttt_collapse_step,
    capacity: usize,
    count: *mut usize,
) -> qttt_status {
    boundary(|| {
        // SAFETY: `out` and `count` keep the contract in this function's `# Safety`.
        let (out, count) = unsafe { (OutSlice::new(out, capacity)?, Out::new(count)?) };
        let choice = qttt::CollapseChoice(square(square_number)?);
        // SAFETY: `game` keeps the contract in this function's `# Safety`.
        let steps = unsafe { load(game) }?.collapse_steps(choice)?;
        let none = qttt_collapse_step {
            mark: mark(None),
            square: 0,
            from: 0,
            forced_by: mark(None),
        };
        let mut written = [none; QTTT_MAX_MARKS];
        for (slot, step) in written.iter_mut().zip(steps.iter()) {
            *slot = qttt_collapse_step {
                mark: mark(Some(step.mark())),
                square: step.square().number(),
                from: step.from().number(),
                forced_by: mark(step.forced_by()),
            };
        }
        out.write(&written[..steps.len()])?;
        count.write(steps.len());
        Ok(())
    })
}

/// Writes how the game ended (`over` false while it goes on).
///
/// # Safety
/// `game` must be NULL or point to a `qttt_game`; `out` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_game_outcome(
    game: *const qttt_game,
    out: *mut qttt_outcome,
) -> qttt_status {
    boundary(|| {
        // SAFETY: `out` keeps the contract in this function's `# Safety`.
        let out = unsafe { Out::new(out) }?;
        let no_line = qttt_line {
            squares: [0; 3],
            player: QTTT_PLAYER_NONE,
            highest: 0,
        };
        let mut result = qttt_outcome {
            over: false,
            winner: QTTT_PLAYER_NONE,
            line_count: 0,
            lines: [no_line; 8],
        };
        // SAFETY: `game` keeps the contract in this function's `# Safety`.
        if let Some(outcome) = unsafe { load(game) }?.outcome() {
            result.over = true;
            result.winner = player(outcome.winner());
            for (slot, line) in result.lines.iter_mut().zip(outcome.lines()) {
                *slot = qttt_line {
                    squares: line.squares().map(Square::number),
                    player: player(Some(line.player())),
                    highest: line.highest().number(),
                };
                result.line_count += 1;
            }
        }
        out.write(result);
        Ok(())
    })
}

/// Writes the game one action earlier to `*out` (which may be `game`);
/// QTTT_STATUS_NOTHING_TO_UNDO on the empty board.
///
/// # Safety
/// `game` must be NULL or point to a `qttt_game`; `out` must be NULL or
/// point to writable memory for one (it may be the same).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_game_undo(
    game: *const qttt_game,
    out: *mut qttt_game,
) -> qttt_status {
    boundary(|| {
        // SAFETY: `out` keeps the contract in this function's `# Safety`.
        let out = unsafe { Out::new(out) }?;
        // SAFETY: `game` keeps the contract in this function's `# Safety`.
        let earlier = unsafe { load(game) }?
            .undo()
            .ok_or(Error(QTTT_STATUS_NOTHING_TO_UNDO))?;
        store(out, earlier);
        Ok(())
    })
}

/// Writes the position key: equal for games in the same position, however
/// they were reached (`12 13 12 @1` and `12 13 13 @1`).
///
/// # Safety
/// `game` must be NULL or point to a `qttt_game`; `out` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_game_position_key(
    game: *const qttt_game,
    out: *mut qttt_key,
) -> qttt_status {
    // SAFETY: the pointers keep the contract in this function's `# Safety`.
    unsafe { query(game, out, |game| key(game.position_key())) }
}

/// Writes the canonical key: equal for positions that are rotations or
/// mirror images of each other.
///
/// # Safety
/// `game` must be NULL or point to a `qttt_game`; `out` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_game_canonical_key(
    game: *const qttt_game,
    out: *mut qttt_key,
) -> qttt_status {
    // SAFETY: the pointers keep the contract in this function's `# Safety`.
    unsafe { query(game, out, |game| key(game.canonical_key())) }
}
