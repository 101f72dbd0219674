//! [`PlayError`]: why an action cannot be applied to a game.

use crate::{Reason, Square};

/// Why an action cannot be applied to a game. The game is unchanged.
///
/// When several reasons apply, the first in this order is reported: game
/// over; collapse pending (for a move) or no collapse pending (for a
/// collapse choice); spooky move while only one square is free; classical
/// move while more than one square is free; square already classical; not
/// a collapse option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The game is over; nothing more can be played.
    #[error("the game is over")]
    GameOver,
    /// A move was given while a collapse choice is pending.
    #[error("a collapse choice is pending: the newest mark must first land in square {} or {}", .options[0], .options[1])]
    CollapsePending {
        /// The newest mark's two squares, ascending.
        options: [Square; 2],
    },
    /// A collapse choice was given while no cycle waits to collapse.
    #[error(
        "no collapse is pending: a collapse choice is only allowed right after a move that closes a cycle"
    )]
    NoCollapsePending,
    /// A move names a square that already holds a classical mark.
    #[error("square {0} already holds a classical mark")]
    SquareClassical(Square),
    /// A classical move while two or more squares are free (only the last
    /// free square takes a classical mark).
    #[error("a classical move is only allowed when exactly one square is free")]
    ClassicalMoveNotAllowed,
    /// A spooky move while only one square is free: the move must be the
    /// classical move into that square.
    #[error("only square {0} is free, so the move must be the classical move `{0}`")]
    SpookyMoveOnLastSquare(Square),
    /// A collapse choice naming a square that is not one of the newest mark's two.
    #[error("square {square} is not one of the newest mark's squares ({} and {})", .options[0], .options[1])]
    NotCollapseOption {
        /// The square that was chosen.
        square: Square,
        /// The newest mark's two squares, ascending.
        options: [Square; 2],
    },
}

impl PlayError {
    /// The reason in the shared vocabulary ([`Reason`]), whose number and
    /// code every binding uses.
    #[must_use]
    pub const fn reason(self) -> Reason {
        match self {
            PlayError::GameOver => Reason::GameOver,
            PlayError::CollapsePending { .. } => Reason::CollapsePending,
            PlayError::NoCollapsePending => Reason::NoCollapsePending,
            PlayError::SquareClassical(_) => Reason::SquareClassical,
            PlayError::ClassicalMoveNotAllowed => Reason::ClassicalMoveNotAllowed,
            PlayError::SpookyMoveOnLastSquare(_) => Reason::SpookyMoveOnLastSquare,
            PlayError::NotCollapseOption { .. } => Reason::NotCollapseOption,
        }
    }

    /// The reason's stable code, shared by all bindings and the test
    /// vectors: `game_over`, `collapse_pending`, `no_collapse_pending`,
    /// `square_classical`, `classical_move_not_allowed`,
    /// `spooky_move_on_last_square` or `not_collapse_option`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        self.reason().code()
    }
}
