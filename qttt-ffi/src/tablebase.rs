//! The tablebase: the value of any position under perfect play, from a
//! table file (docs/analysis.md, "The tablebase").

use std::ffi::c_char;

use qttt::analysis::{Tablebase, TablebaseError};

use crate::analysis::scoring;
use crate::game::load;
use crate::memory::{Out, non_null, with_text};
use crate::status::{
    Error, QTTT_STATUS_INVALID_TABLEBASE, QTTT_STATUS_IO, QTTT_STATUS_NOT_IN_TABLE, boundary,
    qttt_status,
};

/// A table of perfect play, opened from its file (memory-mapped) by
/// `qttt_tablebase_open` and closed by `qttt_tablebase_close`. Read-only:
/// any number of threads may call `qttt_tablebase_value` on one table at
/// once.
// Opaque to C and to the ABI check: a handle to the core's `Tablebase`.
#[allow(non_camel_case_types)]
pub struct qttt_tablebase {
    _opaque: [u8; 0],
}

/// A position's value from the tablebase.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub struct qttt_table_value {
    /// X's result under perfect play in half points: 2 X wins, 0 draw, -2
    /// O wins; with Goff's points also 1 and -1 (as
    /// `qttt_solution.value_half_points`).
    pub value_half_points: i8,
    /// The number of marks when a decided game ends under perfect play
    /// (the winner hurries, the loser delays; as `qttt_solution.end_move`);
    /// 0 for a draw, whose length perfect play does not weigh.
    pub end_move: u8,
}

/// Opens the tablebase in the file at `path` (NUL-terminated within `size`
/// bytes, or QTTT_NUL_TERMINATED), memory-mapped, checks all of it (which
/// reads the file once) and writes the table into `*out`; close it with
/// `qttt_tablebase_close`. QTTT_STATUS_IO when the file cannot be opened
/// or mapped; QTTT_STATUS_INVALID_TABLEBASE when it is not a tablebase, is
/// damaged or truncated, or is of another format version: never a table
/// that answers wrong values. The file must not be changed while open.
///
/// # Safety
/// `path` must be NULL or point to `size` readable bytes or a
/// NUL-terminated string; `out` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_tablebase_open(
    path: *const c_char,
    size: usize,
    out: *mut *mut qttt_tablebase,
) -> qttt_status {
    boundary(|| {
        // SAFETY: the pointers keep the contract in this function's `# Safety`.
        let out = unsafe { Out::new(out) }?;
        // SAFETY: as above, for `path`.
        let table = unsafe {
            with_text(path, size, |path| {
                qttt_mmap::open_tablebase(path).map_err(|e| match e {
                    TablebaseError::Io(_) => Error(QTTT_STATUS_IO),
                    _ => Error(QTTT_STATUS_INVALID_TABLEBASE),
                })
            })
        }?;
        out.write(Box::into_raw(Box::new(table)).cast::<qttt_tablebase>());
        Ok(())
    })
}

/// Writes the value of `game` under `scoring_kind` (QTTT_SCORING_*) into
/// `*out`: any position, stored ones by a lookup (about a microsecond), a
/// pending collapse through its two children, positions from mark 8 on by
/// the solver's closed forms. QTTT_STATUS_NOT_IN_TABLE when a reduced
/// table (built below some positions) lacks a position it needs.
///
/// # Safety
/// `table` must be NULL or a table from `qttt_tablebase_open` not yet
/// closed; `game` must be NULL or point to a `qttt_game`; `out` must be
/// NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_tablebase_value(
    table: *const qttt_tablebase,
    game: *const crate::qttt_game,
    scoring_kind: i32,
    out: *mut qttt_table_value,
) -> qttt_status {
    boundary(|| {
        // SAFETY: the pointers keep the contract in this function's `# Safety`.
        let (out, game) = unsafe { (Out::new(out)?, load(game)?) };
        let table = non_null(table.cast_mut().cast::<Tablebase>())?;
        // SAFETY: from `Box::into_raw` in `qttt_tablebase_open`, not yet
        // closed (this function's contract); only read, which any number
        // of threads may do at once (`Tablebase` is `Sync`); the reference
        // lives for this call only.
        let table = unsafe { table.as_ref() };
        let value = table
            .value(&game, scoring(scoring_kind)?)
            .ok_or(Error(QTTT_STATUS_NOT_IN_TABLE))?;
        out.write(qttt_table_value {
            value_half_points: i8::try_from(value.value_half_points).unwrap_or(0),
            end_move: value.end_move.unwrap_or(0),
        });
        Ok(())
    })
}

/// Closes a table opened by `qttt_tablebase_open` (NULL: nothing to do),
/// unmapping its file.
///
/// # Safety
/// `table` must be NULL or a table from `qttt_tablebase_open` not yet
/// closed, not in use by another call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_tablebase_close(table: *mut qttt_tablebase) {
    if !table.is_null() {
        // SAFETY: a pointer from `Box::into_raw` in `qttt_tablebase_open`,
        // not yet closed and not in use (this function's contract).
        // Dropping unmaps the file; no panic can occur in it.
        drop(unsafe { Box::from_raw(table.cast::<Tablebase>()) });
    }
}
