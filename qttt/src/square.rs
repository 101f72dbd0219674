//! Squares, players and marks: the small values everything else is made of.

use core::fmt;

/// A square of the 3×3 board, numbered 1–9 in reading order:
///
/// ```text
/// 1 2 3
/// 4 5 6
/// 7 8 9
/// ```
///
/// A `Square` always holds a valid square. Name one by its number with the
/// constants [`Square::S1`] to [`Square::S9`], or build it from a number
/// that may be out of range with [`Square::new`] (or `TryFrom<u8>`); its
/// [`Display`](fmt::Display) is that number.
///
/// ```
/// use qttt::{Game, Move, Square};
/// let game = Game::new().play(Move::spooky(Square::S1, Square::S5).unwrap())?;
/// assert_eq!(game.spooky_marks(Square::S5).len(), 1);
/// assert_eq!(Square::S5, Square::new(5).unwrap());
/// # Ok::<(), qttt::PlayError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8); // index 0..=8, so that `number() == index + 1`

impl Square {
    /// Square 1, top left.
    pub const S1: Square = Square(0);
    /// Square 2, top middle.
    pub const S2: Square = Square(1);
    /// Square 3, top right.
    pub const S3: Square = Square(2);
    /// Square 4, middle left.
    pub const S4: Square = Square(3);
    /// Square 5, the centre.
    pub const S5: Square = Square(4);
    /// Square 6, middle right.
    pub const S6: Square = Square(5);
    /// Square 7, bottom left.
    pub const S7: Square = Square(6);
    /// Square 8, bottom middle.
    pub const S8: Square = Square(7);
    /// Square 9, bottom right.
    pub const S9: Square = Square(8);

    /// All nine squares in ascending order.
    pub const ALL: [Square; 9] = [
        Square(0),
        Square(1),
        Square(2),
        Square(3),
        Square(4),
        Square(5),
        Square(6),
        Square(7),
        Square(8),
    ];

    /// The square with this number (1–9), or `None` for any other number.
    ///
    /// ```
    /// use qttt::Square;
    /// assert_eq!(Square::new(5).map(Square::number), Some(5));
    /// assert_eq!(Square::new(0), None);
    /// assert_eq!(Square::new(10), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn new(number: u8) -> Option<Square> {
        if number >= 1 && number <= 9 {
            Some(Square(number - 1))
        } else {
            None
        }
    }

    /// The square with this zero-based index (0–8), or `None`.
    #[inline]
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 9 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square's number, 1–9.
    #[inline]
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// The square's zero-based index, 0–8 (`number() - 1`).
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The lowest square in a non-empty square mask.
    #[inline]
    pub(crate) const fn lowest_in(mask: u16) -> Square {
        debug_assert!(mask != 0 && mask < 1 << 9);
        Square(mask.trailing_zeros() as u8)
    }

    /// The highest square in a non-empty square mask.
    #[inline]
    pub(crate) const fn highest_in(mask: u16) -> Square {
        debug_assert!(mask != 0 && mask < 1 << 9);
        Square(15 - mask.leading_zeros() as u8)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Square({})", self.number())
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

impl TryFrom<u8> for Square {
    type Error = InvalidSquare;

    fn try_from(number: u8) -> Result<Square, InvalidSquare> {
        Square::new(number).ok_or(InvalidSquare(number))
    }
}

impl From<Square> for u8 {
    fn from(square: Square) -> u8 {
        square.number()
    }
}

impl core::str::FromStr for Square {
    type Err = crate::UnknownName;

    /// Parses a square's number, `"1"` to `"9"`.
    fn from_str(text: &str) -> Result<Square, crate::UnknownName> {
        match *text.as_bytes() {
            [digit @ b'1'..=b'9'] => Ok(Square(digit - b'1')),
            _ => Err(crate::UnknownName::new("square", "1 to 9")),
        }
    }
}

/// A number that is not a square (squares are 1–9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0} is not a square (squares are numbered 1 to 9)")]
pub struct InvalidSquare(pub u8);

/// One of the two players. X moves first and owns the odd move numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Player {
    /// The first player, owner of the marks 1, 3, 5, 7 and 9.
    X,
    /// The second player, owner of the marks 2, 4, 6 and 8.
    O,
}

impl Player {
    /// Both players, X first.
    pub const ALL: [Player; 2] = [Player::X, Player::O];

    /// The other player.
    #[inline]
    #[must_use]
    pub const fn other(self) -> Player {
        match self {
            Player::X => Player::O,
            Player::O => Player::X,
        }
    }

    /// The owner of the mark with this move number: X for odd, O for even.
    #[inline]
    #[must_use]
    pub const fn of_move(move_number: u8) -> Player {
        if move_number % 2 == 1 {
            Player::X
        } else {
            Player::O
        }
    }

    /// `'X'` or `'O'`.
    #[inline]
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Player::X => 'X',
            Player::O => 'O',
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl core::str::FromStr for Player {
    type Err = crate::UnknownName;

    /// Parses `"X"` or `"O"` (either case).
    fn from_str(text: &str) -> Result<Player, crate::UnknownName> {
        match text {
            "X" | "x" => Ok(Player::X),
            "O" | "o" => Ok(Player::O),
            _ => Err(crate::UnknownName::new("player", "X or O")),
        }
    }
}

/// A mark: the move number 1–9 it was placed with, which also tells its
/// owner (odd: X, even: O). Displayed as the player and the number, `X5`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Mark(u8);

impl Mark {
    /// The mark with this move number (1–9), or `None`.
    ///
    /// ```
    /// use qttt::{Mark, Player};
    /// let mark = Mark::new(6).unwrap();
    /// assert_eq!(mark.player(), Player::O);
    /// assert_eq!(mark.to_string(), "O6");
    /// ```
    #[inline]
    #[must_use]
    pub const fn new(move_number: u8) -> Option<Mark> {
        if move_number >= 1 && move_number <= 9 {
            Some(Mark(move_number))
        } else {
            None
        }
    }

    /// The move number, 1–9.
    #[inline]
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The mark's owner.
    #[inline]
    #[must_use]
    pub const fn player(self) -> Player {
        Player::of_move(self.0)
    }
}

impl TryFrom<u8> for Mark {
    type Error = crate::InvalidMark;

    fn try_from(move_number: u8) -> Result<Mark, crate::InvalidMark> {
        Mark::new(move_number).ok_or(crate::InvalidMark(move_number))
    }
}

impl fmt::Debug for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Mark({self})")
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.player(), self.0)
    }
}

/// A set of marks, as returned by [`Game::spooky_marks`](crate::Game::spooky_marks).
/// Iterates in ascending move number.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MarkSet(u16); // bit n set: mark n is in the set (bits 1..=9)

impl MarkSet {
    /// The empty set.
    pub const EMPTY: MarkSet = MarkSet(0);

    #[inline]
    pub(crate) const fn with(self, mark: Mark) -> MarkSet {
        MarkSet(self.0 | 1 << mark.0)
    }

    /// Whether the set holds `mark`.
    #[inline]
    #[must_use]
    pub const fn contains(self, mark: Mark) -> bool {
        self.0 & 1 << mark.0 != 0
    }

    /// How many marks the set holds.
    #[inline]
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The marks in ascending move number.
    #[inline]
    #[must_use]
    pub const fn iter(self) -> MarkSetIter {
        MarkSetIter(self.0)
    }
}

impl IntoIterator for MarkSet {
    type Item = Mark;
    type IntoIter = MarkSetIter;

    #[inline]
    fn into_iter(self) -> MarkSetIter {
        MarkSetIter(self.0)
    }
}

/// Iterator over a [`MarkSet`], in ascending move number.
#[derive(Clone, Debug)]
pub struct MarkSetIter(u16);

impl Iterator for MarkSetIter {
    type Item = Mark;

    #[inline]
    fn next(&mut self) -> Option<Mark> {
        if self.0 == 0 {
            return None;
        }
        let number = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Mark(number))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for MarkSetIter {}
