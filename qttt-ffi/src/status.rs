//! Status codes and the panic boundary every exported function runs in.

use std::ffi::c_char;
use std::panic::{AssertUnwindSafe, catch_unwind};

use qttt::{ParseActionError, PlayError, RecordErrorKind};

/// What a qttt function did. Every fallible function returns one; outputs
/// are written only when it is `QTTT_STATUS_OK`. The values are fixed and
/// never renumbered: 1–11 are misuses of the C API, 12 an analysis that
/// stopped at its limit, 20–28 are the rule
/// reasons shared with every binding (`qttt_status_code` gives their codes).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub enum qttt_status {
    /// Success; the outputs were written.
    Ok = 0,
    /// A required pointer argument was NULL.
    NullPointer = 1,
    /// A `qttt_game` that no qttt function wrote (uninitialised or corrupted).
    InvalidGame = 2,
    /// An action id of 54 or more.
    InvalidActionId = 3,
    /// A square outside 1–9.
    InvalidSquare = 4,
    /// An output buffer too small; the needed size was reported where asked for.
    BufferTooSmall = 5,
    /// Input text that is not UTF-8.
    InvalidUtf8 = 6,
    /// Input text without a NUL terminator within the size given.
    MissingNul = 7,
    /// A symmetry outside 0–7.
    InvalidSymmetry = 8,
    /// `qttt_game_undo` on a game with no action to take back.
    NothingToUndo = 9,
    /// An internal error was caught at the boundary (a bug in qttt; please report it).
    Panic = 10,
    /// A scoring or opponent kind that is not one of its QTTT_* constants.
    InvalidArgument = 11,
    /// A solve or count stopped at its time limit or cancel flag.
    Interrupted = 12,
    /// A token that is not an action.
    MalformedToken = 20,
    /// A spooky move naming one square twice (`55`).
    SameSquareTwice = 21,
    /// The game is over.
    GameOver = 22,
    /// A move while a collapse choice is pending.
    CollapsePending = 23,
    /// A collapse choice while no collapse is pending.
    NoCollapsePending = 24,
    /// A move on a square that holds a classical mark.
    SquareClassical = 25,
    /// A classical move while more than one square is free.
    ClassicalMoveNotAllowed = 26,
    /// A spooky move while only one square is free.
    SpookyMoveOnLastSquare = 27,
    /// A collapse choice that is not one of the newest mark's squares.
    NotCollapseOption = 28,
}

/// Every status with its stable code and its message, in value order.
const STATUSES: [(qttt_status, &str, &str); 22] = {
    use qttt_status::*;
    [
        (Ok, "ok\0", "success\0"),
        (
            NullPointer,
            "null_pointer\0",
            "a required pointer argument was NULL\0",
        ),
        (
            InvalidGame,
            "invalid_game\0",
            "the qttt_game was not written by a qttt function (uninitialised or corrupted)\0",
        ),
        (
            InvalidActionId,
            "invalid_action_id\0",
            "action ids are 0 to 53\0",
        ),
        (
            InvalidSquare,
            "invalid_square\0",
            "squares are numbered 1 to 9\0",
        ),
        (
            BufferTooSmall,
            "buffer_too_small\0",
            "the output buffer is too small\0",
        ),
        (
            InvalidUtf8,
            "invalid_utf8\0",
            "the text is not valid UTF-8\0",
        ),
        (
            MissingNul,
            "missing_nul\0",
            "the text has no NUL terminator within the given size\0",
        ),
        (
            InvalidSymmetry,
            "invalid_symmetry\0",
            "symmetries are numbered 0 to 7\0",
        ),
        (
            NothingToUndo,
            "nothing_to_undo\0",
            "the game has no action to take back\0",
        ),
        (
            Panic,
            "panic\0",
            "internal error in qttt (please report it)\0",
        ),
        (
            InvalidArgument,
            "invalid_argument\0",
            "not one of the QTTT_SCORING_* or QTTT_OPPONENT_* constants\0",
        ),
        (
            Interrupted,
            "interrupted\0",
            "the analysis stopped at its time limit or cancel flag\0",
        ),
        (
            MalformedToken,
            "malformed_token\0",
            "malformed token: expected two different squares (15), one square (7) or @ and a square (@5)\0",
        ),
        (
            SameSquareTwice,
            "same_square_twice\0",
            "a spooky mark needs two different squares\0",
        ),
        (GameOver, "game_over\0", "the game is over\0"),
        (
            CollapsePending,
            "collapse_pending\0",
            "a collapse choice is pending\0",
        ),
        (
            NoCollapsePending,
            "no_collapse_pending\0",
            "no collapse is pending\0",
        ),
        (
            SquareClassical,
            "square_classical\0",
            "the square already holds a classical mark\0",
        ),
        (
            ClassicalMoveNotAllowed,
            "classical_move_not_allowed\0",
            "a classical move is only allowed when exactly one square is free\0",
        ),
        (
            SpookyMoveOnLastSquare,
            "spooky_move_on_last_square\0",
            "only one square is free, so the move must be the classical move there\0",
        ),
        (
            NotCollapseOption,
            "not_collapse_option\0",
            "the square is not one of the newest mark's squares\0",
        ),
    ]
};

fn lookup(status: i32) -> Option<&'static (qttt_status, &'static str, &'static str)> {
    STATUSES.iter().find(|(s, _, _)| *s as i32 == status)
}

/// A static, NUL-terminated English message for a status value; "unknown
/// status" for a value that is not a status. Never NULL; do not free.
#[unsafe(no_mangle)]
pub extern "C" fn qttt_status_message(status: i32) -> *const c_char {
    static_text(|| lookup(status).map_or("unknown status\0", |(_, _, message)| message))
}

/// The stable short code of a status ("game_over", "malformed_token", …:
/// the reason codes of the shared test vectors), or "unknown". Never NULL;
/// do not free.
#[unsafe(no_mangle)]
pub extern "C" fn qttt_status_code(status: i32) -> *const c_char {
    static_text(|| lookup(status).map_or("unknown\0", |(_, code, _)| code))
}

impl From<PlayError> for qttt_status {
    fn from(error: PlayError) -> qttt_status {
        match error {
            PlayError::GameOver => qttt_status::GameOver,
            PlayError::CollapsePending { .. } => qttt_status::CollapsePending,
            PlayError::NoCollapsePending => qttt_status::NoCollapsePending,
            PlayError::SquareClassical(_) => qttt_status::SquareClassical,
            PlayError::ClassicalMoveNotAllowed => qttt_status::ClassicalMoveNotAllowed,
            PlayError::SpookyMoveOnLastSquare(_) => qttt_status::SpookyMoveOnLastSquare,
            PlayError::NotCollapseOption { .. } => qttt_status::NotCollapseOption,
            // A reason added to the core later still maps to a status.
            _ => qttt_status::Panic,
        }
    }
}

impl From<qttt::analysis::Interrupted> for qttt_status {
    fn from(_: qttt::analysis::Interrupted) -> qttt_status {
        qttt_status::Interrupted
    }
}

impl From<ParseActionError> for qttt_status {
    fn from(error: ParseActionError) -> qttt_status {
        match error {
            ParseActionError::SameSquareTwice(_) => qttt_status::SameSquareTwice,
            _ => qttt_status::MalformedToken,
        }
    }
}

impl From<RecordErrorKind> for qttt_status {
    fn from(kind: RecordErrorKind) -> qttt_status {
        match kind {
            RecordErrorKind::Syntax(e) => e.into(),
            RecordErrorKind::Illegal(e) => e.into(),
        }
    }
}

/// Runs the body of an exported function that returns static text (which
/// ends in a NUL) inside the panic boundary; a panic gives "".
pub(crate) fn static_text(body: impl FnOnce() -> &'static str) -> *const c_char {
    catch_unwind(AssertUnwindSafe(body))
        .unwrap_or("\0")
        .as_ptr()
        .cast()
}

/// Runs an exported function's body: its error becomes the status, and a
/// panic is caught here instead of unwinding into C.
pub(crate) fn boundary(body: impl FnOnce() -> Result<(), qttt_status>) -> qttt_status {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => qttt_status::Ok,
        Ok(Err(status)) => status,
        Err(_) => qttt_status::Panic,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    #[test]
    fn every_status_has_a_code_and_a_message_in_value_order() {
        let values: Vec<i32> = STATUSES.iter().map(|(s, _, _)| *s as i32).collect();
        assert!(values.windows(2).all(|w| w[0] < w[1]));
        for (status, code, message) in STATUSES {
            assert!(code.ends_with('\0') && message.ends_with('\0'));
            // SAFETY: the pointers come from static NUL-terminated strings.
            let read = |p: *const c_char| unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_owned();
            assert_eq!(
                read(qttt_status_code(status as i32)),
                code.trim_end_matches('\0')
            );
            assert_eq!(
                read(qttt_status_message(status as i32)),
                message.trim_end_matches('\0')
            );
        }
        // SAFETY: as above.
        let unknown = unsafe { CStr::from_ptr(qttt_status_message(99)) };
        assert_eq!(unknown.to_str(), Ok("unknown status"));
    }

    #[test]
    fn rule_statuses_use_the_core_codes() {
        use qttt::Square;
        let five = Square::new(5).unwrap();
        let errors: [(qttt_status, &str); 9] = [
            (PlayError::GameOver.into(), PlayError::GameOver.code()),
            (
                PlayError::CollapsePending {
                    options: [five, five],
                }
                .into(),
                "collapse_pending",
            ),
            (PlayError::NoCollapsePending.into(), "no_collapse_pending"),
            (PlayError::SquareClassical(five).into(), "square_classical"),
            (
                PlayError::ClassicalMoveNotAllowed.into(),
                "classical_move_not_allowed",
            ),
            (
                PlayError::SpookyMoveOnLastSquare(five).into(),
                "spooky_move_on_last_square",
            ),
            (
                PlayError::NotCollapseOption {
                    square: five,
                    options: [five, five],
                }
                .into(),
                "not_collapse_option",
            ),
            (
                ParseActionError::Malformed.into(),
                ParseActionError::Malformed.code(),
            ),
            (
                ParseActionError::SameSquareTwice(five).into(),
                "same_square_twice",
            ),
        ];
        for (status, code) in errors {
            let (_, table_code, _) = lookup(status as i32).unwrap();
            assert_eq!(table_code.trim_end_matches('\0'), code);
        }
    }

    #[test]
    fn a_panic_becomes_a_status() {
        let status = boundary(|| panic!("deliberate"));
        assert_eq!(status, qttt_status::Panic);
        assert_eq!(
            boundary(|| Err(qttt_status::GameOver)),
            qttt_status::GameOver
        );
        assert_eq!(boundary(|| Ok(())), qttt_status::Ok);
    }
}
