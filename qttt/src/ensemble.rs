//! The classical ensemble (docs/ensemble.md): every classical board the
//! marks on the board can still become. [`Game::ensemble_count`] counts it
//! as a product over the entanglement components; [`Game::ensemble`] lists
//! it, an [`Ensemble`] of at most [`MAX_ENSEMBLE`] [`ClassicalBoard`]s on
//! the stack.

use core::fmt;
use core::ops::Index;

use crate::square_set::SquareSet;
use crate::{Game, Mark, Square};

/// The largest classical ensemble of any position: 27. Each entanglement
/// component of `v` squares has at most `v` completions (`v` for a tree,
/// 2 for a component with a cycle), the components share at most nine
/// squares, and a product of whole numbers summing to at most 9 is at most
/// 3·3·3. Three trees of three squares each (`12 23 45 56 78 89`) reach it.
pub const MAX_ENSEMBLE: usize = 27;

/// One classical board of the ensemble: in each square, the mark that
/// sits there or none. A board records *which* mark is where, so two boards
/// that differ only in which of two marks of X is in a square are two
/// boards.
///
/// ```
/// use qttt::{Mark, Square};
/// // X1 and X3 both in 1-2: a 2-cycle; O2 in 1-3 is forced to 3.
/// let game = qttt::Game::from_record("12 13 12")?;
/// let ensemble = game.ensemble();
/// assert_eq!(ensemble.len(), 2); // both show X X O in the top row
/// assert_eq!(ensemble[0].mark(Square::S1), Mark::new(1)); // X1 in 1, X3 in 2
/// assert_eq!(ensemble[1].mark(Square::S1), Mark::new(3)); // X3 in 1, X1 in 2
/// # Ok::<(), qttt::RecordError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ClassicalBoard {
    /// The move number of the mark in each square, 0 if none.
    numbers: [u8; 9],
}

impl ClassicalBoard {
    /// The mark in `square`, if any.
    #[must_use]
    pub fn mark(&self, square: Square) -> Option<Mark> {
        Mark::new(self.numbers[square.index()])
    }

    /// The square `mark` is in, if it is on this board.
    #[must_use]
    pub fn square_of(&self, mark: Mark) -> Option<Square> {
        let square = self.numbers.iter().position(|&n| n == mark.number())?;
        Some(Square::ALL[square])
    }

    /// The move number of the mark in each square (square 1 first), 0 for
    /// an empty square: the form the bindings pass on.
    #[must_use]
    pub fn numbers(&self) -> [u8; 9] {
        self.numbers
    }
}

impl fmt::Debug for ClassicalBoard {
    /// `ClassicalBoard(X1 . O2 / . . . / . . .)`: the rows, top first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ClassicalBoard(")?;
        for square in Square::ALL {
            if square.index() > 0 {
                f.write_str(if square.index() % 3 == 0 { " / " } else { " " })?;
            }
            match self.mark(square) {
                Some(mark) => write!(f, "{mark}")?,
                None => f.write_str(".")?,
            }
        }
        f.write_str(")")
    }
}

/// The classical ensemble of a position, from [`Game::ensemble`]: at most
/// [`MAX_ENSEMBLE`] boards on the stack (244 bytes). The boards come in
/// mark order: by the square the lowest-numbered spooky mark lands in (its
/// lower square first), then by the next spooky mark's, and so on.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ensemble {
    boards: [ClassicalBoard; MAX_ENSEMBLE],
    len: u8,
}

impl Ensemble {
    /// How many boards: [`Game::ensemble_count`] of the game it came from.
    #[must_use]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether there are no boards (never for a game this crate built: a
    /// position has at least one board).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The boards, in mark order.
    #[must_use]
    pub fn as_slice(&self) -> &[ClassicalBoard] {
        &self.boards[..self.len()]
    }

    /// The boards, in mark order.
    pub fn iter(&self) -> core::slice::Iter<'_, ClassicalBoard> {
        self.as_slice().iter()
    }

    /// A board added at the end, if there is room.
    fn push(&mut self, board: ClassicalBoard) {
        if let Some(slot) = self.boards.get_mut(usize::from(self.len)) {
            *slot = board;
            self.len += 1;
        }
    }
}

impl Index<usize> for Ensemble {
    type Output = ClassicalBoard;

    /// The `index`-th board; panics when `index >= len()`, as a slice does.
    fn index(&self, index: usize) -> &ClassicalBoard {
        &self.as_slice()[index]
    }
}

impl<'a> IntoIterator for &'a Ensemble {
    type Item = &'a ClassicalBoard;
    type IntoIter = core::slice::Iter<'a, ClassicalBoard>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl fmt::Debug for Ensemble {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// A spooky mark: its move number and its two squares.
type SpookyMark = (u8, Square, Square);

impl Game {
    /// How many classical boards the position can still become: the size
    /// of its classical ensemble (docs/ensemble.md), from 1 to
    /// [`MAX_ENSEMBLE`]. It is the product over the entanglement
    /// components of their completions: a tree of `v` squares has `v` (the
    /// square left empty decides the rest), the component of a pending
    /// cycle 2 (the two collapse choices). Nothing is listed or allocated.
    ///
    /// ```
    /// use qttt::Game;
    /// assert_eq!(Game::new().ensemble_count(), 1); // the empty board itself
    /// // X1 1-2, O2 2-3: a tree of three squares; X3 5-6: a tree of two.
    /// assert_eq!(Game::from_record("12 23 56")?.ensemble_count(), 3 * 2);
    /// // O4 1-3 closes the cycle 1-2-3: two ways, the two collapse choices.
    /// assert_eq!(Game::from_record("12 23 56 13")?.ensemble_count(), 2 * 2);
    /// # Ok::<(), qttt::RecordError>(())
    /// ```
    #[must_use]
    pub fn ensemble_count(&self) -> usize {
        // Each component is named by one of its squares (union-find on the
        // nine squares); its squares and marks are counted under that name.
        let mut name: [usize; 9] = core::array::from_fn(|square| square);
        let mut spooky_squares = SquareSet::EMPTY;
        let spooky = self.spooky_masks().into_iter().filter_map(SquareSet::ends);
        for (a, b) in spooky.clone() {
            let (na, nb) = (find(&name, a), find(&name, b));
            name[na] = nb;
            spooky_squares |= SquareSet::pair(a, b);
        }
        let (mut squares, mut marks) = ([0usize; 9], [0usize; 9]);
        for (a, _) in spooky {
            marks[find(&name, a)] += 1;
        }
        for square in spooky_squares {
            squares[find(&name, square)] += 1;
        }
        squares
            .into_iter()
            .zip(marks)
            .filter(|&(v, _)| v > 0)
            .map(|(v, e)| {
                if e + 1 == v {
                    v // a tree: the square left empty decides the rest
                } else if e == v {
                    2 // one cycle: its two directions
                } else {
                    0 // more marks than squares: never in a game
                }
            })
            .product()
    }

    /// The classical ensemble: every classical board the position can
    /// still become (docs/ensemble.md), in mark order (see [`Ensemble`]),
    /// on the stack. Each board holds the classical marks already placed
    /// and puts every spooky mark in one of its two squares, no square
    /// holding two marks; its length is
    /// [`ensemble_count`](Game::ensemble_count).
    ///
    /// ```
    /// use qttt::{Mark, Square};
    /// let game = qttt::Game::from_record("12 12")?; // X1 and O2 in 1 and 2: a 2-cycle
    /// let ensemble = game.ensemble();
    /// assert_eq!(ensemble.len(), 2);
    /// let o2 = Mark::new(2).unwrap();
    /// assert_eq!(ensemble[0].square_of(o2), Some(Square::S2)); // X1 in 1, O2 in 2: "@2"
    /// assert_eq!(ensemble[1].square_of(o2), Some(Square::S1)); // X1 in 2, O2 in 1: "@1"
    /// # Ok::<(), qttt::RecordError>(())
    /// ```
    #[must_use]
    pub fn ensemble(&self) -> Ensemble {
        let mut spooky: [SpookyMark; 9] = [(0, Square::S1, Square::S1); 9];
        let mut count = 0;
        for (index, squares) in self.spooky_masks().into_iter().enumerate() {
            if let Some((a, b)) = squares.ends() {
                spooky[count] = (index as u8 + 1, a, b);
                count += 1;
            }
        }
        let mut ensemble = Ensemble {
            boards: [ClassicalBoard::default(); MAX_ENSEMBLE],
            len: 0,
        };
        let mut board = ClassicalBoard {
            numbers: *self.classical_numbers(),
        };
        place(&spooky[..count], &mut board, &mut ensemble);
        ensemble
    }
}

/// The name of `square`'s component: the end of its chain of names.
fn find(name: &[usize; 9], square: Square) -> usize {
    let mut at = square.index();
    while name[at] != at {
        at = name[at];
    }
    at
}

/// Puts the first of `marks` in its lower square, then in its higher one,
/// wherever the square is still empty, and the rest after it the same way;
/// each board with every mark placed joins `ensemble`. Depth-first with
/// the lower square first, so the boards come in mark order.
fn place(marks: &[SpookyMark], board: &mut ClassicalBoard, ensemble: &mut Ensemble) {
    let Some((&(number, a, b), rest)) = marks.split_first() else {
        ensemble.push(*board);
        return;
    };
    for square in [a, b] {
        let slot = square.index();
        if board.numbers[slot] == 0 {
            board.numbers[slot] = number;
            place(rest, board, ensemble);
            board.numbers[slot] = 0;
        }
    }
}
