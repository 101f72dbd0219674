//! The vocabulary every binding shares: [`Reason`] (why an action or a
//! token is refused, with its fixed number, code and message), the small
//! out-of-range errors, and [`UnknownName`] for names that do not parse.

/// `Display` (the name) and `FromStr` (by name, over `ALL`) for an enum
/// with a stable name per value, the error naming what was asked for and
/// the names accepted.
macro_rules! display_and_parse_by_name {
    ($type:ty, $name:ident, $what:literal, $expected:literal) => {
        impl core::fmt::Display for $type {
            /// Writes the stable name.
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(self.$name())
            }
        }

        impl core::str::FromStr for $type {
            type Err = $crate::UnknownName;

            /// Parses a stable name.
            fn from_str(name: &str) -> Result<$type, $crate::UnknownName> {
                <$type>::ALL
                    .into_iter()
                    .find(|value| value.$name() == name)
                    .ok_or($crate::UnknownName::new($what, $expected))
            }
        }
    };
}
pub(crate) use display_and_parse_by_name;

/// Why an action, a token or an action id is refused: one stable list that
/// the C statuses, Python's `reason` attribute and the shared test vectors
/// are all derived from.
///
/// Each reason has a fixed [`number`](Reason::number) (the value of the C
/// status of the same name: 3 for an action id out of range, 20 and up
/// for the token and rule reasons), a [`code`](Reason::code) (`"game_over"`, the
/// string of the test vectors and of every binding) and a general English
/// [`message`](Reason::message). Numbers and codes are never changed or
/// reused; new reasons may be added in later releases (the enum is
/// `#[non_exhaustive]`), always with new numbers.
///
/// [`is_syntax`](Reason::is_syntax) splits them in two: an id out of
/// range, a malformed token, one square twice and an action of the wrong
/// kind say the input is not the action asked for at all; the others say
/// it is one, but not legal in the game at hand.
///
/// ```
/// use qttt::Reason;
/// let reason: Reason = "game_over".parse()?;
/// assert_eq!(reason, Reason::GameOver);
/// assert_eq!((reason.number(), reason.to_string()), (22, "game_over".to_owned()));
/// assert_eq!(Reason::from_number(22), Some(Reason::GameOver));
/// # Ok::<(), qttt::UnknownName>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Reason {
    /// An action id of 54 or more.
    InvalidActionId,
    /// A token that is not of the form `15`, `7` or `@5`.
    MalformedToken,
    /// A spooky move naming one square twice (`55`).
    SameSquareTwice,
    /// The game is over.
    GameOver,
    /// A move while a collapse choice is pending.
    CollapsePending,
    /// A collapse choice while no collapse is pending.
    NoCollapsePending,
    /// A move on a square that holds a classical mark.
    SquareClassical,
    /// A classical move while more than one square is free.
    ClassicalMoveNotAllowed,
    /// A spooky move while only one square is free.
    SpookyMoveOnLastSquare,
    /// A collapse choice that is not one of the newest mark's squares.
    NotCollapseOption,
    /// A collapse choice where a move is expected, or a move where a
    /// collapse choice is expected (the bindings' `play` and `collapse`,
    /// and parsing a [`Move`](crate::Move) or a
    /// [`CollapseChoice`](crate::CollapseChoice)).
    WrongActionKind,
}

impl Reason {
    /// Every reason, in number order.
    pub const ALL: [Reason; 11] = [
        Reason::InvalidActionId,
        Reason::MalformedToken,
        Reason::SameSquareTwice,
        Reason::GameOver,
        Reason::CollapsePending,
        Reason::NoCollapsePending,
        Reason::SquareClassical,
        Reason::ClassicalMoveNotAllowed,
        Reason::SpookyMoveOnLastSquare,
        Reason::NotCollapseOption,
        Reason::WrongActionKind,
    ];

    /// The fixed number of this reason: the value of the C status of the
    /// same name (`QTTT_STATUS_GAME_OVER` is 22).
    #[must_use]
    pub const fn number(self) -> u8 {
        match self {
            Reason::InvalidActionId => 3,
            Reason::MalformedToken => 20,
            Reason::SameSquareTwice => 21,
            Reason::GameOver => 22,
            Reason::CollapsePending => 23,
            Reason::NoCollapsePending => 24,
            Reason::SquareClassical => 25,
            Reason::ClassicalMoveNotAllowed => 26,
            Reason::SpookyMoveOnLastSquare => 27,
            Reason::NotCollapseOption => 28,
            Reason::WrongActionKind => 29,
        }
    }

    /// The reason with this [`number`](Reason::number), if any.
    #[must_use]
    pub const fn from_number(number: u8) -> Option<Reason> {
        let mut i = 0;
        while i < Reason::ALL.len() {
            if Reason::ALL[i].number() == number {
                return Some(Reason::ALL[i]);
            }
            i += 1;
        }
        None
    }

    /// The stable code: `"invalid_action_id"`, `"malformed_token"`,
    /// `"same_square_twice"`, `"game_over"`, `"collapse_pending"`,
    /// `"no_collapse_pending"`, `"square_classical"`,
    /// `"classical_move_not_allowed"`, `"spooky_move_on_last_square"` or
    /// `"not_collapse_option"` or `"wrong_action_kind"`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Reason::InvalidActionId => "invalid_action_id",
            Reason::MalformedToken => "malformed_token",
            Reason::SameSquareTwice => "same_square_twice",
            Reason::GameOver => "game_over",
            Reason::CollapsePending => "collapse_pending",
            Reason::NoCollapsePending => "no_collapse_pending",
            Reason::SquareClassical => "square_classical",
            Reason::ClassicalMoveNotAllowed => "classical_move_not_allowed",
            Reason::SpookyMoveOnLastSquare => "spooky_move_on_last_square",
            Reason::NotCollapseOption => "not_collapse_option",
            Reason::WrongActionKind => "wrong_action_kind",
        }
    }

    /// A general English message for the reason (the errors' own messages
    /// add the squares involved).
    #[must_use]
    pub const fn message(self) -> &'static str {
        match self {
            Reason::InvalidActionId => "action ids are 0 to 53",
            Reason::MalformedToken => {
                "malformed token: expected two different squares (15), one square (7) or @ and a square (@5)"
            }
            Reason::SameSquareTwice => "a spooky mark needs two different squares",
            Reason::GameOver => "the game is over",
            Reason::CollapsePending => "a collapse choice is pending",
            Reason::NoCollapsePending => "no collapse is pending",
            Reason::SquareClassical => "the square already holds a classical mark",
            Reason::ClassicalMoveNotAllowed => {
                "a classical move is only allowed when exactly one square is free"
            }
            Reason::SpookyMoveOnLastSquare => {
                "only one square is free, so the move must be the classical move there"
            }
            Reason::NotCollapseOption => "the square is not one of the newest mark's squares",
            Reason::WrongActionKind => {
                "a collapse choice where a move is expected, or a move where a collapse choice is expected"
            }
        }
    }

    /// Whether the input is not the action asked for at all (an id out of
    /// range, a malformed token, one square twice, an action of the wrong
    /// kind), as opposed to an action that is not legal in this game.
    #[must_use]
    pub const fn is_syntax(self) -> bool {
        matches!(
            self,
            Reason::InvalidActionId
                | Reason::MalformedToken
                | Reason::SameSquareTwice
                | Reason::WrongActionKind
        )
    }
}

display_and_parse_by_name!(
    Reason,
    code,
    "reason code",
    "a code such as game_over (see Reason::code)"
);

/// A name that is not one of a type's names ([`FromStr`](core::str::FromStr) of
/// [`Player`](crate::Player), [`Square`](crate::Square),
/// [`Symmetry`](crate::Symmetry), [`Reason`] and
/// [`Scoring`](crate::analysis::Scoring)); its message lists the names
/// accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("not a {what}: expected {expected}")]
pub struct UnknownName {
    what: &'static str,
    expected: &'static str,
}

impl UnknownName {
    /// An error for a `what` whose names are `expected`.
    pub(crate) const fn new(what: &'static str, expected: &'static str) -> UnknownName {
        UnknownName { what, expected }
    }

    /// What was asked for (`"scoring"`, `"symmetry"`, …).
    #[must_use]
    pub const fn what(&self) -> &'static str {
        self.what
    }

    /// The names accepted, as English text.
    #[must_use]
    pub const fn expected(&self) -> &'static str {
        self.expected
    }
}

/// An action id of 54 or more (ids are 0–53).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{0} is not an action id (ids are 0 to 53)")]
pub struct InvalidActionId(pub u8);

impl InvalidActionId {
    /// [`Reason::InvalidActionId`].
    #[must_use]
    pub const fn reason(self) -> Reason {
        Reason::InvalidActionId
    }
}

/// A number that is not a mark's move number (marks are 1–9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{0} is not a mark (marks are numbered 1 to 9)")]
pub struct InvalidMark(pub u8);

/// A number that is not a symmetry's index (symmetries are 0–7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{0} is not a symmetry (symmetries are numbered 0 to 7)")]
pub struct InvalidSymmetry(pub u8);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_codes_are_unique_and_round_trip() {
        for (i, reason) in Reason::ALL.into_iter().enumerate() {
            assert_eq!(Reason::from_number(reason.number()), Some(reason));
            assert_eq!(reason.code().parse::<Reason>(), Ok(reason));
            for other in &Reason::ALL[i + 1..] {
                assert!(reason.number() < other.number());
                assert_ne!(reason.code(), other.code());
            }
        }
        assert_eq!(Reason::from_number(0), None);
        assert_eq!(Reason::from_number(30), None);
        assert!("Game_Over".parse::<Reason>().is_err());
    }

    #[test]
    fn four_are_syntax() {
        let syntax: usize = Reason::ALL.iter().filter(|r| r.is_syntax()).count();
        assert_eq!(syntax, 4);
        assert!(!Reason::GameOver.is_syntax() && Reason::SameSquareTwice.is_syntax());
    }
}
