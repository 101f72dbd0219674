//! The board's eight symmetries: their numbers, a game's image, and where
//! they take a square or an action.

use qttt::Symmetry;

use crate::action::action;
use crate::game::{load, qttt_game, square, store};
use crate::memory::Out;
use crate::status::*;

/// The 8 board symmetries, numbered 0–7 (QTTT_SYMMETRY_*).
pub const QTTT_SYMMETRY_IDENTITY: u8 = 0;
/// A quarter turn clockwise (1 goes to 3).
pub const QTTT_SYMMETRY_ROTATE_90: u8 = 1;
/// A half turn (1 goes to 9).
pub const QTTT_SYMMETRY_ROTATE_180: u8 = 2;
/// A quarter turn anticlockwise (1 goes to 7).
pub const QTTT_SYMMETRY_ROTATE_270: u8 = 3;
/// Mirror left and right (1 and 3 swap).
pub const QTTT_SYMMETRY_FLIP_HORIZONTAL: u8 = 4;
/// Mirror top and bottom (1 and 7 swap).
pub const QTTT_SYMMETRY_FLIP_VERTICAL: u8 = 5;
/// Mirror in the diagonal 1-5-9 (2 and 4 swap).
pub const QTTT_SYMMETRY_TRANSPOSE: u8 = 6;
/// Mirror in the diagonal 3-5-7 (1 and 9 swap).
pub const QTTT_SYMMETRY_ANTI_TRANSPOSE: u8 = 7;

/// Writes the same game played on the board turned or mirrored by
/// `symmetry` (0–7) to `*out`, which may be `game`.
///
/// # Safety
/// `game` must be NULL or point to a `qttt_game`; `out` must be NULL or
/// point to writable memory for one (it may be the same).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_game_transform(
    game: *const qttt_game,
    symmetry_index: u8,
    out: *mut qttt_game,
) -> qttt_status {
    boundary(|| {
        // SAFETY: `out` keeps the contract in this function's `# Safety`.
        let out = unsafe { Out::new(out) }?;
        // SAFETY: `game` keeps the contract in this function's `# Safety`.
        let image = unsafe { load(game) }?.transform(symmetry(symmetry_index)?);
        store(out, image);
        Ok(())
    })
}

/// Writes where `symmetry` (0–7) takes `square` (1–9).
///
/// # Safety
/// `out` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_symmetry_square(
    symmetry_index: u8,
    square_number: u8,
    out: *mut u8,
) -> qttt_status {
    boundary(|| {
        // SAFETY: `out` keeps the contract in this function's `# Safety`.
        let out = unsafe { Out::new(out) }?;
        out.write(
            symmetry(symmetry_index)?
                .square(square(square_number)?)
                .number(),
        );
        Ok(())
    })
}

/// Writes the id of the image of action `action` (0–53) under `symmetry` (0–7).
///
/// # Safety
/// `out` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_symmetry_action(
    symmetry_index: u8,
    action_id: u8,
    out: *mut u8,
) -> qttt_status {
    boundary(|| {
        // SAFETY: `out` keeps the contract in this function's `# Safety`.
        let out = unsafe { Out::new(out) }?;
        out.write(symmetry(symmetry_index)?.action(action(action_id)?).id());
        Ok(())
    })
}

fn symmetry(index: u8) -> Result<Symmetry, Error> {
    Symmetry::try_from(index).map_err(|_| Error(QTTT_STATUS_INVALID_SYMMETRY))
}
