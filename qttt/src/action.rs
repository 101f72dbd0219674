//! Moves, collapse choices and actions, their normative ids (docs/API.md) and
//! their tokens (RULES.md notation).

use core::fmt;
use core::str::FromStr;

use crate::Square;
use crate::square_set::SquareSet;

/// Number of distinct actions; ids are `0..ACTION_COUNT`.
pub const ACTION_COUNT: usize = 54;
/// First id of a classical move (`1` = 36 … `9` = 44).
pub(crate) const FIRST_CLASSICAL: u8 = 36;
/// First id of a collapse choice (`@1` = 45 … `@9` = 53).
pub(crate) const FIRST_COLLAPSE: u8 = 45;

/// Spooky pairs in id order: id `k` (0–35) is the pair `SPOOKY_PAIRS[k]`
/// of zero-based square indices, ascending, ordered as their tokens `12`,
/// `13`, … `19`, `23`, … `89`.
const SPOOKY_PAIRS: [(u8, u8); 36] = {
    let mut pairs = [(0, 0); 36];
    let mut k = 0;
    let mut a = 0;
    while a < 9 {
        let mut b = a + 1;
        while b < 9 {
            pairs[k] = (a, b);
            k += 1;
            b += 1;
        }
        a += 1;
    }
    pairs
};

/// The inverse of [`SPOOKY_PAIRS`]: `SPOOKY_ID[a][b]` for `a != b` in
/// either order.
const SPOOKY_ID: [[u8; 9]; 9] = {
    let mut ids = [[u8::MAX; 9]; 9];
    let mut k = 0;
    while k < 36 {
        let (a, b) = SPOOKY_PAIRS[k];
        ids[a as usize][b as usize] = k as u8;
        ids[b as usize][a as usize] = k as u8;
        k += 1;
    }
    ids
};

/// The squares each action id names: two for
/// a spooky move, one for a classical move or a collapse choice.
static ACTION_SQUARES: [SquareSet; ACTION_COUNT] = {
    let mut masks = [SquareSet::EMPTY; ACTION_COUNT];
    let mut id = 0;
    while id < ACTION_COUNT {
        masks[id] = if id < FIRST_CLASSICAL as usize {
            let (a, b) = SPOOKY_PAIRS[id];
            SquareSet::pair(Square::ALL[a as usize], Square::ALL[b as usize])
        } else if id < FIRST_COLLAPSE as usize {
            SquareSet::of(Square::ALL[id - FIRST_CLASSICAL as usize])
        } else {
            SquareSet::of(Square::ALL[id - FIRST_COLLAPSE as usize])
        };
        id += 1;
    }
    masks
};

/// The squares an action names (see [`ACTION_SQUARES`]).
#[inline]
pub(crate) fn squares_of(action: Action) -> SquareSet {
    ACTION_SQUARES[usize::from(action.id())]
}

/// Whether an action id is a spooky move, a classical move, or a collapse choice.
#[inline]
pub(crate) const fn is_spooky_id(id: u8) -> bool {
    id < FIRST_CLASSICAL
}

/// The id of the spooky move on two different squares.
#[inline]
pub(crate) const fn spooky_id(a: Square, b: Square) -> u8 {
    SPOOKY_ID[a.index()][b.index()]
}

/// The move with this id, which must be below 45.
#[inline]
pub(crate) const fn move_from_id(id: u8) -> Move {
    debug_assert!(id < FIRST_COLLAPSE);
    Move(id)
}

/// The two squares (ascending) of a spooky move id 0–35.
#[inline]
pub(crate) const fn spooky_squares(id: u8) -> (Square, Square) {
    let (a, b) = SPOOKY_PAIRS[id as usize];
    (Square::ALL[a as usize], Square::ALL[b as usize])
}

/// A move: a spooky mark in two different squares, or the classical move
/// into the last free square.
///
/// A `Move` is always well formed (two different squares, or one square);
/// whether it is legal depends on the game. Its token is two digits,
/// written ascending (`15`), or one digit (`7`).
///
/// ```
/// use qttt::{Move, MoveKind, Square};
/// let m: Move = "51".parse()?;
/// assert_eq!(m, Move::spooky(Square::S1, Square::S5).unwrap());
/// assert_eq!(m.to_string(), "15");
/// assert_eq!(m.kind(), MoveKind::Spooky(Square::S1, Square::S5));
/// assert_eq!(Move::spooky(Square::S3, Square::S3), None);
/// # Ok::<(), qttt::ParseActionError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move(u8); // its action id, 0..=44

/// What a [`Move`] is, for matching. Spooky squares are different and ascending.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A spooky mark in two different squares, the lower one first.
    Spooky(Square, Square),
    /// A classical mark in one square (only legal in the last free square).
    Classical(Square),
}

impl Move {
    /// The spooky move on two squares (in either order), or `None` if they
    /// are the same square.
    #[inline]
    #[must_use]
    pub const fn spooky(a: Square, b: Square) -> Option<Move> {
        if a.index() == b.index() {
            None
        } else {
            Some(Move(spooky_id(a, b)))
        }
    }

    /// The classical move on `square`.
    #[inline]
    #[must_use]
    pub const fn classical(square: Square) -> Move {
        Move(FIRST_CLASSICAL + square.index() as u8)
    }

    /// What this move is.
    #[inline]
    #[must_use]
    pub const fn kind(self) -> MoveKind {
        if self.0 < FIRST_CLASSICAL {
            let (a, b) = spooky_squares(self.0);
            MoveKind::Spooky(a, b)
        } else {
            MoveKind::Classical(Square::ALL[(self.0 - FIRST_CLASSICAL) as usize])
        }
    }

    /// Whether this is a spooky move.
    #[inline]
    #[must_use]
    pub const fn is_spooky(self) -> bool {
        self.0 < FIRST_CLASSICAL
    }

    /// The normative action id: 0–35 for spooky moves, 36–44 for classical ones.
    #[inline]
    #[must_use]
    pub const fn id(self) -> u8 {
        self.0
    }
}

impl fmt::Debug for Move {
    /// The token, quoted: `Move("19")`, `Move("5")`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move(\"{self}\")")
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            MoveKind::Spooky(a, b) => write!(f, "{a}{b}"),
            MoveKind::Classical(s) => write!(f, "{s}"),
        }
    }
}

/// A collapse choice: the square the newest mark lands in. Token `@5`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CollapseChoice(pub Square);

impl fmt::Debug for CollapseChoice {
    /// The token, quoted: `CollapseChoice("@5")`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CollapseChoice(\"{self}\")")
    }
}

impl CollapseChoice {
    /// The square the newest mark lands in.
    #[inline]
    #[must_use]
    pub const fn square(self) -> Square {
        self.0
    }

    /// The normative action id, 45–53.
    #[inline]
    #[must_use]
    pub const fn id(self) -> u8 {
        FIRST_COLLAPSE + self.0.index() as u8
    }
}

impl fmt::Display for CollapseChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "@{}", self.0)
    }
}

/// Anything a player can do: a [`Move`] or a [`CollapseChoice`].
///
/// Every action has a normative id (docs/API.md), never renumbered:
/// 0–35 spooky moves in token order (`12` = 0 … `89` = 35), 36–44 classical
/// moves (`1` … `9`), 45–53 collapse choices (`@1` … `@9`). Actions order
/// by id.
///
/// ```
/// use qttt::Action;
/// let action: Action = "@5".parse()?;
/// assert_eq!(action.id(), 49);
/// assert_eq!(Action::from_id(0).unwrap().to_string(), "12");
/// assert_eq!(Action::from_id(35).unwrap().to_string(), "89");
/// assert_eq!(Action::from_id(54), None);
/// # Ok::<(), qttt::ParseActionError>(())
/// ```
///
/// `Debug` writes the token quoted, as for every action type:
///
/// ```
/// use qttt::{Action, CollapseChoice, Move, Square};
/// let action: Action = "19".parse()?;
/// assert_eq!(format!("{action:?}"), r#"Action("19")"#);
/// let Action::Move(m) = action else { unreachable!() };
/// assert_eq!(format!("{m:?}"), r#"Move("19")"#);
/// let choice = CollapseChoice(Square::S5);
/// assert_eq!(format!("{choice:?} {:?}", Action::from(choice)), r#"CollapseChoice("@5") Action("@5")"#);
/// # Ok::<(), qttt::ParseActionError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Action {
    /// A spooky or classical move.
    Move(Move),
    /// A collapse choice.
    Collapse(CollapseChoice),
}

impl Action {
    /// The action with this id, or `None` for ids of 54 and above.
    #[inline]
    #[must_use]
    pub const fn from_id(id: u8) -> Option<Action> {
        if id < FIRST_COLLAPSE {
            Some(Action::Move(Move(id)))
        } else if (id as usize) < ACTION_COUNT {
            Some(Action::Collapse(CollapseChoice(
                Square::ALL[(id - FIRST_COLLAPSE) as usize],
            )))
        } else {
            None
        }
    }

    /// The normative id, 0–53.
    #[inline]
    #[must_use]
    pub const fn id(self) -> u8 {
        match self {
            Action::Move(m) => m.id(),
            Action::Collapse(c) => c.id(),
        }
    }

    /// All 54 actions in id order.
    pub fn all() -> impl Iterator<Item = Action> + Clone {
        (0..ACTION_COUNT as u8).filter_map(Action::from_id)
    }
}

impl From<Move> for Action {
    fn from(m: Move) -> Action {
        Action::Move(m)
    }
}

impl From<CollapseChoice> for Action {
    fn from(c: CollapseChoice) -> Action {
        Action::Collapse(c)
    }
}

impl TryFrom<u8> for Action {
    type Error = crate::InvalidActionId;

    /// The action with this id ([`Action::from_id`]).
    fn try_from(id: u8) -> Result<Action, crate::InvalidActionId> {
        Action::from_id(id).ok_or(crate::InvalidActionId(id))
    }
}

impl fmt::Debug for Action {
    /// The token, quoted: `Action("19")`, `Action("@5")`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Action(\"{self}\")")
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move(m) => m.fmt(f),
            Action::Collapse(c) => c.fmt(f),
        }
    }
}

/// Why a token is not an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ParseActionError {
    /// Not of the form `15` (two squares), `7` (one square) or `@5` (a
    /// collapse choice).
    #[error(
        "malformed token: expected two different squares (`15`), one square (`7`) or `@` and a square (`@5`)"
    )]
    Malformed,
    /// Two digits naming the same square, such as `55`.
    #[error("a spooky mark needs two different squares, but square {0} is given twice")]
    SameSquareTwice(Square),
    /// A well-formed token of the other kind: a collapse choice (`@5`)
    /// parsed as a [`Move`], or a move parsed as a [`CollapseChoice`].
    #[error("{}", if *.collapse_expected { "a move was given where a collapse choice (such as @5) is expected" } else { "a collapse choice was given where a move (such as 15 or 7) is expected" })]
    WrongKind {
        /// True when a collapse choice was expected (and a move given).
        collapse_expected: bool,
    },
}

impl ParseActionError {
    /// The reason in the shared vocabulary: [`Reason::MalformedToken`] or
    /// [`Reason::SameSquareTwice`](crate::Reason::SameSquareTwice).
    ///
    /// [`Reason::MalformedToken`]: crate::Reason::MalformedToken
    #[must_use]
    pub const fn reason(self) -> crate::Reason {
        match self {
            ParseActionError::Malformed => crate::Reason::MalformedToken,
            ParseActionError::SameSquareTwice(_) => crate::Reason::SameSquareTwice,
            ParseActionError::WrongKind { .. } => crate::Reason::WrongActionKind,
        }
    }

    /// The reason's stable code (`"malformed_token"`, `"same_square_twice"`,
    /// `"wrong_action_kind"`).
    #[must_use]
    pub const fn code(self) -> &'static str {
        self.reason().code()
    }
}

fn digit(byte: u8) -> Result<Square, ParseActionError> {
    match byte {
        b'1'..=b'9' => Ok(Square::ALL[(byte - b'1') as usize]),
        _ => Err(ParseActionError::Malformed),
    }
}

impl FromStr for Action {
    type Err = ParseActionError;

    /// Parses one token. Spooky squares may come in either order (`51`
    /// is the same move as `15`); nothing else may surround the token.
    fn from_str(token: &str) -> Result<Action, ParseActionError> {
        match *token.as_bytes() {
            [s] => Ok(Move::classical(digit(s)?).into()),
            [b'@', s] => Ok(CollapseChoice(digit(s)?).into()),
            [a, b] => {
                let (a, b) = (digit(a)?, digit(b)?);
                Move::spooky(a, b)
                    .map(Action::Move)
                    .ok_or(ParseActionError::SameSquareTwice(a))
            }
            _ => Err(ParseActionError::Malformed),
        }
    }
}

impl FromStr for Move {
    type Err = ParseActionError;

    fn from_str(token: &str) -> Result<Move, ParseActionError> {
        match token.parse()? {
            Action::Move(m) => Ok(m),
            Action::Collapse(_) => Err(ParseActionError::WrongKind {
                collapse_expected: false,
            }),
        }
    }
}

impl FromStr for CollapseChoice {
    type Err = ParseActionError;

    fn from_str(token: &str) -> Result<CollapseChoice, ParseActionError> {
        match token.parse()? {
            Action::Collapse(c) => Ok(c),
            Action::Move(_) => Err(ParseActionError::WrongKind {
                collapse_expected: true,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_follow_api_md() {
        // Worked from docs/API.md: 12=0, 13=1, ..., 19=7, 23=8, ..., 89=35.
        let expected = [
            "12", "13", "14", "15", "16", "17", "18", "19", "23", "24", "25", "26", "27", "28",
            "29", "34", "35", "36", "37", "38", "39", "45", "46", "47", "48", "49", "56", "57",
            "58", "59", "67", "68", "69", "78", "79", "89", "1", "2", "3", "4", "5", "6", "7", "8",
            "9", "@1", "@2", "@3", "@4", "@5", "@6", "@7", "@8", "@9",
        ];
        for (id, token) in expected.iter().enumerate() {
            let action = Action::from_id(id as u8).unwrap();
            assert_eq!(action.to_string(), *token, "id {id}");
            assert_eq!(token.parse::<Action>().unwrap().id() as usize, id);
        }
        assert_eq!(Action::all().count(), ACTION_COUNT);
        assert_eq!(Action::from_id(54), None);
        assert_eq!(Action::from_id(255), None);
    }

    #[test]
    fn spooky_tokens_parse_in_either_order() {
        assert_eq!("51".parse::<Action>(), "15".parse::<Action>());
        assert_eq!("98".parse::<Move>().unwrap().to_string(), "89");
    }

    #[test]
    fn malformed_tokens_are_rejected() {
        for token in [
            "", "0", "10", "@", "@0", "@@", "5@", "123", " 5", "5 ", "x", "@10", "٥", "+5", "-1",
        ] {
            assert_eq!(
                token.parse::<Action>(),
                Err(ParseActionError::Malformed),
                "{token:?}"
            );
        }
        assert_eq!(
            "55".parse::<Action>(),
            Err(ParseActionError::SameSquareTwice(Square::new(5).unwrap()))
        );
        let wrong = |collapse_expected| ParseActionError::WrongKind { collapse_expected };
        assert_eq!("@5".parse::<Move>(), Err(wrong(false)));
        assert_eq!("15".parse::<CollapseChoice>(), Err(wrong(true)));
        assert_eq!("5".parse::<CollapseChoice>(), Err(wrong(true)));
        assert_eq!("5x".parse::<Move>(), Err(ParseActionError::Malformed));
        assert_eq!(
            wrong(true).to_string(),
            "a move was given where a collapse choice (such as @5) is expected"
        );
        assert_eq!(wrong(false).code(), "wrong_action_kind");
    }
}
