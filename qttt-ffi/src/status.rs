//! Status codes and the panic boundary every exported function runs in.

use std::ffi::c_char;
use std::panic::{AssertUnwindSafe, catch_unwind};

use qttt::Reason;

/// What a qttt function did: a fixed-width number (`uint32_t` in C, the
/// same size with every compiler), one of the QTTT_STATUS_* constants.
/// Every fallible function returns one; outputs are written only when it
/// is `QTTT_STATUS_OK`. The values are fixed and never renumbered: 1–16
/// are misuses of the C API, analyses stopped at their limit and tablebase
/// files or positions that cannot be used; 3 and 20–29 are the reasons
/// of the core's shared vocabulary (the same numbers and codes in every
/// binding); later releases may return new reason numbers, which
/// `qttt_status_code` and `qttt_status_message` already explain.
#[allow(non_camel_case_types)]
pub type qttt_status = u32;

/// Success; the outputs were written.
pub const QTTT_STATUS_OK: qttt_status = 0;
/// A required pointer argument was NULL.
pub const QTTT_STATUS_NULL_POINTER: qttt_status = 1;
/// A `qttt_game` that no qttt function wrote (uninitialised or corrupted).
pub const QTTT_STATUS_INVALID_GAME: qttt_status = 2;
/// An action id of 54 or more (the core's reason `invalid_action_id`).
pub const QTTT_STATUS_INVALID_ACTION_ID: qttt_status = 3;
/// A square outside 1–9.
pub const QTTT_STATUS_INVALID_SQUARE: qttt_status = 4;
/// An output buffer too small; the needed size was reported where asked for.
pub const QTTT_STATUS_BUFFER_TOO_SMALL: qttt_status = 5;
/// Input text that is not UTF-8.
pub const QTTT_STATUS_INVALID_UTF8: qttt_status = 6;
/// Input text without a NUL terminator within the size given.
pub const QTTT_STATUS_MISSING_NUL: qttt_status = 7;
/// A symmetry outside 0–7.
pub const QTTT_STATUS_INVALID_SYMMETRY: qttt_status = 8;
/// `qttt_game_undo` on a game with no action to take back.
pub const QTTT_STATUS_NOTHING_TO_UNDO: qttt_status = 9;
/// An internal error was caught at the boundary (a bug in qttt; please report it).
pub const QTTT_STATUS_PANIC: qttt_status = 10;
/// A scoring or opponent kind that is not one of its QTTT_* constants.
pub const QTTT_STATUS_INVALID_ARGUMENT: qttt_status = 11;
/// A solve or count stopped at its time limit or cancel flag.
pub const QTTT_STATUS_INTERRUPTED: qttt_status = 12;
/// A game file that does not parse (see `qttt_gamefile_error` for where and why).
pub const QTTT_STATUS_INVALID_GAMEFILE: qttt_status = 13;
/// A file that could not be opened, read or mapped.
pub const QTTT_STATUS_IO: qttt_status = 14;
/// A file that is not a usable tablebase: not one, damaged, truncated, or
/// of another format version.
pub const QTTT_STATUS_INVALID_TABLEBASE: qttt_status = 15;
/// A position that a reduced tablebase does not reach.
pub const QTTT_STATUS_NOT_IN_TABLE: qttt_status = 16;
/// A token that is not an action.
pub const QTTT_STATUS_MALFORMED_TOKEN: qttt_status = 20;
/// A spooky move naming one square twice (`55`).
pub const QTTT_STATUS_SAME_SQUARE_TWICE: qttt_status = 21;
/// The game is over.
pub const QTTT_STATUS_GAME_OVER: qttt_status = 22;
/// A move while a collapse choice is pending.
pub const QTTT_STATUS_COLLAPSE_PENDING: qttt_status = 23;
/// A collapse choice while no collapse is pending.
pub const QTTT_STATUS_NO_COLLAPSE_PENDING: qttt_status = 24;
/// A move on a square that holds a classical mark.
pub const QTTT_STATUS_SQUARE_CLASSICAL: qttt_status = 25;
/// A classical move while more than one square is free.
pub const QTTT_STATUS_CLASSICAL_MOVE_NOT_ALLOWED: qttt_status = 26;
/// A spooky move while only one square is free.
pub const QTTT_STATUS_SPOOKY_MOVE_ON_LAST_SQUARE: qttt_status = 27;
/// A collapse choice that is not one of the newest mark's squares.
pub const QTTT_STATUS_NOT_COLLAPSE_OPTION: qttt_status = 28;
/// A collapse choice where a move is expected, or a move where a collapse
/// choice is expected (the C API takes action ids and never returns it;
/// the bindings' `play` and `collapse` do).
pub const QTTT_STATUS_WRONG_ACTION_KIND: qttt_status = 29;

// The reason statuses are the core's numbers (cbindgen needs literals).
const _: () = {
    assert!(QTTT_STATUS_INVALID_ACTION_ID == reason(Reason::InvalidActionId));
    assert!(QTTT_STATUS_MALFORMED_TOKEN == reason(Reason::MalformedToken));
    assert!(QTTT_STATUS_SAME_SQUARE_TWICE == reason(Reason::SameSquareTwice));
    assert!(QTTT_STATUS_GAME_OVER == reason(Reason::GameOver));
    assert!(QTTT_STATUS_COLLAPSE_PENDING == reason(Reason::CollapsePending));
    assert!(QTTT_STATUS_NO_COLLAPSE_PENDING == reason(Reason::NoCollapsePending));
    assert!(QTTT_STATUS_SQUARE_CLASSICAL == reason(Reason::SquareClassical));
    assert!(QTTT_STATUS_CLASSICAL_MOVE_NOT_ALLOWED == reason(Reason::ClassicalMoveNotAllowed));
    assert!(QTTT_STATUS_SPOOKY_MOVE_ON_LAST_SQUARE == reason(Reason::SpookyMoveOnLastSquare));
    assert!(QTTT_STATUS_NOT_COLLAPSE_OPTION == reason(Reason::NotCollapseOption));
    assert!(QTTT_STATUS_WRONG_ACTION_KIND == reason(Reason::WrongActionKind));
};

/// The status of a reason of the core's vocabulary: its fixed number.
pub(crate) const fn reason(reason: Reason) -> qttt_status {
    reason.number() as qttt_status
}

/// The statuses that are not reasons of the core, with their codes and
/// messages (NUL-terminated), in value order.
const MISUSES: [(qttt_status, &str, &str); 16] = [
    (QTTT_STATUS_OK, "ok\0", "success\0"),
    (
        QTTT_STATUS_NULL_POINTER,
        "null_pointer\0",
        "a required pointer argument was NULL\0",
    ),
    (
        QTTT_STATUS_INVALID_GAME,
        "invalid_game\0",
        "the qttt_game was not written by a qttt function (uninitialised or corrupted)\0",
    ),
    (
        QTTT_STATUS_INVALID_SQUARE,
        "invalid_square\0",
        "squares are numbered 1 to 9\0",
    ),
    (
        QTTT_STATUS_BUFFER_TOO_SMALL,
        "buffer_too_small\0",
        "the output buffer is too small\0",
    ),
    (
        QTTT_STATUS_INVALID_UTF8,
        "invalid_utf8\0",
        "the text is not valid UTF-8\0",
    ),
    (
        QTTT_STATUS_MISSING_NUL,
        "missing_nul\0",
        "the text has no NUL terminator within the given size\0",
    ),
    (
        QTTT_STATUS_INVALID_SYMMETRY,
        "invalid_symmetry\0",
        "symmetries are numbered 0 to 7\0",
    ),
    (
        QTTT_STATUS_NOTHING_TO_UNDO,
        "nothing_to_undo\0",
        "the game has no action to take back\0",
    ),
    (
        QTTT_STATUS_PANIC,
        "panic\0",
        "internal error in qttt (please report it)\0",
    ),
    (
        QTTT_STATUS_INVALID_ARGUMENT,
        "invalid_argument\0",
        "not one of the QTTT_SCORING_* or QTTT_OPPONENT_* constants\0",
    ),
    (
        QTTT_STATUS_INTERRUPTED,
        "interrupted\0",
        "the analysis stopped at its time limit or cancel flag\0",
    ),
    (
        QTTT_STATUS_INVALID_GAMEFILE,
        "invalid_gamefile\0",
        "the text is not a valid game file (docs/gamefile.md)\0",
    ),
    (
        QTTT_STATUS_IO,
        "io\0",
        "the file could not be opened, read or mapped\0",
    ),
    (
        QTTT_STATUS_INVALID_TABLEBASE,
        "invalid_tablebase\0",
        "not a usable tablebase: not one, damaged, truncated or of another format version\0",
    ),
    (
        QTTT_STATUS_NOT_IN_TABLE,
        "not_in_table\0",
        "the tablebase lacks a position this one needs (a reduced table)\0",
    ),
];

/// Room for a reason's code and message with their NUL terminators.
const CODE_ROOM: usize = 32;
const MESSAGE_ROOM: usize = 128;

/// The core's reasons as C strings (code, message), in `Reason::ALL`
/// order, copied from the core at compile time: no allocation, no second copy.
static REASON_TEXTS: [([u8; CODE_ROOM], [u8; MESSAGE_ROOM]); Reason::ALL.len()] = {
    let mut table = [([0; CODE_ROOM], [0; MESSAGE_ROOM]); Reason::ALL.len()];
    let mut i = 0;
    while i < Reason::ALL.len() {
        table[i] = (
            nul_terminated(Reason::ALL[i].code()),
            nul_terminated(Reason::ALL[i].message()),
        );
        i += 1;
    }
    table
};

/// `text` and a NUL in `N` bytes (a compile error if it does not fit).
pub(crate) const fn nul_terminated<const N: usize>(text: &str) -> [u8; N] {
    let bytes = text.as_bytes();
    assert!(bytes.len() < N, "a reason's text is longer than its room");
    let mut out = [0; N];
    let mut i = 0;
    while i < bytes.len() {
        out[i] = bytes[i];
        i += 1;
    }
    out
}

/// The code and message of a status, if it is one.
fn texts(status: qttt_status) -> Option<(*const c_char, *const c_char)> {
    if let Some(reason) = u8::try_from(status).ok().and_then(Reason::from_number) {
        let index = Reason::ALL.iter().position(|r| *r == reason)?;
        let (code, message) = &REASON_TEXTS[index];
        return Some((code.as_ptr().cast(), message.as_ptr().cast()));
    }
    MISUSES
        .iter()
        .find(|(s, _, _)| *s == status)
        .map(|(_, code, message)| (code.as_ptr().cast(), message.as_ptr().cast()))
}

/// A static, NUL-terminated English message for a status value; "unknown
/// status" for a value that is not a status. Never NULL; do not free.
#[unsafe(no_mangle)]
pub extern "C" fn qttt_status_message(status: qttt_status) -> *const c_char {
    static_text(|| texts(status).map_or(c"unknown status".as_ptr(), |(_, message)| message))
}

/// The stable short code of a status ("game_over", "malformed_token", …:
/// the reason codes of the shared test vectors), or "unknown". Never NULL;
/// do not free.
#[unsafe(no_mangle)]
pub extern "C" fn qttt_status_code(status: qttt_status) -> *const c_char {
    static_text(|| texts(status).map_or(c"unknown".as_ptr(), |(code, _)| code))
}

/// A failed call inside the library: the status it returns. Every error
/// of the core converts into it by its reason's number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Error(pub qttt_status);

impl From<Reason> for Error {
    fn from(reason: Reason) -> Error {
        Error(self::reason(reason))
    }
}

impl From<qttt::PlayError> for Error {
    fn from(error: qttt::PlayError) -> Error {
        error.reason().into()
    }
}

impl From<qttt::ParseActionError> for Error {
    fn from(error: qttt::ParseActionError) -> Error {
        error.reason().into()
    }
}

impl From<qttt::RecordErrorKind> for Error {
    fn from(kind: qttt::RecordErrorKind) -> Error {
        kind.reason().into()
    }
}

impl From<qttt::InvalidActionId> for Error {
    fn from(error: qttt::InvalidActionId) -> Error {
        error.reason().into()
    }
}

impl From<qttt::analysis::Interrupted> for Error {
    fn from(_: qttt::analysis::Interrupted) -> Error {
        Error(QTTT_STATUS_INTERRUPTED)
    }
}

/// Runs the body of an exported function that returns static
/// NUL-terminated text inside the panic boundary; a panic gives "".
pub(crate) fn static_text(body: impl FnOnce() -> *const c_char) -> *const c_char {
    catch_unwind(AssertUnwindSafe(body)).unwrap_or(c"".as_ptr())
}

/// Runs an exported function's body: its error becomes the status, and a
/// panic is caught here instead of unwinding into C.
pub(crate) fn boundary(body: impl FnOnce() -> Result<(), Error>) -> qttt_status {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => QTTT_STATUS_OK,
        Ok(Err(Error(status))) => status,
        Err(_) => QTTT_STATUS_PANIC,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    fn read(p: *const c_char) -> String {
        // SAFETY: the pointers come from static NUL-terminated strings.
        unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_owned()
    }

    #[test]
    fn every_status_has_a_code_and_a_message() {
        let values: Vec<qttt_status> = MISUSES.iter().map(|(s, _, _)| *s).collect();
        assert!(values.windows(2).all(|w| w[0] < w[1]));
        for (status, code, message) in MISUSES {
            assert!(code.ends_with('\0') && message.ends_with('\0'));
            assert!(
                Reason::from_number(status as u8).is_none(),
                "{status} is a reason"
            );
            assert_eq!(read(qttt_status_code(status)), code.trim_end_matches('\0'));
            assert_eq!(
                read(qttt_status_message(status)),
                message.trim_end_matches('\0')
            );
        }
        assert_eq!(read(qttt_status_message(99)), "unknown status");
        assert_eq!(read(qttt_status_code(u32::MAX)), "unknown");
    }

    #[test]
    fn reason_statuses_are_the_core_vocabulary() {
        // Every reason of the core, present and future, has its number as
        // a status with the core's code and message.
        for r in Reason::ALL {
            let status = reason(r);
            assert_eq!(status, u32::from(r.number()));
            assert_eq!(read(qttt_status_code(status)), r.code());
            assert_eq!(read(qttt_status_message(status)), r.message());
        }
        assert_eq!(QTTT_STATUS_GAME_OVER, 22);
        assert_eq!(QTTT_STATUS_INVALID_ACTION_ID, 3);
        assert_eq!(QTTT_STATUS_NOT_COLLAPSE_OPTION, 28);
    }

    #[test]
    fn the_header_names_every_reason() {
        // A reason added to the core without its QTTT_STATUS_* constant in
        // include/qttt.h fails here.
        let header = include_str!("../../include/qttt.h");
        for r in Reason::ALL {
            let name = format!("QTTT_STATUS_{} {}", r.code().to_uppercase(), r.number());
            assert!(
                header.contains(&name),
                "include/qttt.h lacks `#define {name}`"
            );
        }
    }

    #[test]
    fn a_panic_becomes_a_status() {
        let status = boundary(|| panic!("deliberate"));
        assert_eq!(status, QTTT_STATUS_PANIC);
        assert_eq!(
            boundary(|| Err(Error(QTTT_STATUS_GAME_OVER))),
            QTTT_STATUS_GAME_OVER
        );
        assert_eq!(boundary(|| Ok(())), QTTT_STATUS_OK);
    }
}
