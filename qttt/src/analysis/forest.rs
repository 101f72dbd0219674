//! Spooky marks as a forest: for each square, the squares a mark of X (or
//! of O) joins it to, and the colourings that the collapse of a tree gives
//! from each of its squares. The game counter's and the solver's closed
//! forms for the last marks are built on these.

use crate::Game;

/// Spooky marks with no cycle, as adjacency: `x[s]` holds the squares that
/// a mark of X joins to square `s`, `o[s]` those of O.
#[derive(Clone, Copy, Default)]
pub(crate) struct Forest {
    pub(crate) x: [u16; 9],
    pub(crate) o: [u16; 9],
}

impl Forest {
    /// The spooky marks of a game with no collapse pending.
    pub(crate) fn of(game: &Game) -> Forest {
        let mut forest = Forest::default();
        for (index, squares) in game.spooky_masks().into_iter().enumerate() {
            if squares != 0 {
                let (a, b) = (squares.trailing_zeros(), 15 - squares.leading_zeros());
                forest.join(a, b, index % 2 == 0); // mark index + 1 odd: X's
            }
        }
        forest
    }

    /// A mark of X (or O) in squares `a` and `b`.
    pub(crate) fn join(&mut self, a: u32, b: u32, of_x: bool) {
        let joined = if of_x { &mut self.x } else { &mut self.o };
        joined[a as usize] |= 1 << b;
        joined[b as usize] |= 1 << a;
    }

    /// The squares joined to `square` by a mark of either player.
    pub(crate) fn joined(&self, square: usize) -> u16 {
        self.x[square] | self.o[square]
    }

    /// The tree holding the squares of `start`: everything marks join them to.
    pub(crate) fn tree_of(&self, start: u16) -> u16 {
        let (mut tree, mut to_visit) = (start, start);
        while to_visit != 0 {
            let square = to_visit.trailing_zeros() as usize;
            to_visit &= to_visit - 1;
            let new = self.joined(square) & !tree;
            tree |= new;
            to_visit |= new;
        }
        tree
    }

    /// For each square `r` of the trees within `squares` (by index), the
    /// X and O squares among the other squares of its tree when the tree
    /// collapses from `r`: each takes the mark that joins it to its parent
    /// toward `r`.
    ///
    /// One walk from each tree's lowest square gives that colouring for
    /// the lowest square; moving the root from a parent `p` to its child
    /// `c` turns one edge only: `c` loses its colour and `p` takes the
    /// edge's, so each root's colouring follows from its parent's.
    pub(crate) fn rooted(&self, squares: u16) -> [(u16, u16); 9] {
        let mut rooted = [(0u16, 0u16); 9];
        let mut left = squares;
        while left != 0 {
            let first = left & left.wrapping_neg();
            let (mut x, mut o) = (0, 0);
            let mut walk = [(0u16, 0u16, false); 9]; // (child, parent, edge of X)
            let mut walked = 0;
            let (mut reached, mut to_visit) = (first, first);
            while to_visit != 0 {
                let parent = to_visit & to_visit.wrapping_neg();
                to_visit &= to_visit - 1;
                let index = parent.trailing_zeros() as usize;
                let (by_x, by_o) = (self.x[index] & !reached, self.o[index] & !reached);
                x |= by_x;
                o |= by_o;
                reached |= by_x | by_o;
                to_visit |= by_x | by_o;
                let mut children = by_x | by_o;
                while children != 0 {
                    let child = children & children.wrapping_neg();
                    children &= children - 1;
                    walk[walked] = (child, parent, by_x & child != 0);
                    walked += 1;
                }
            }
            rooted[first.trailing_zeros() as usize] = (x, o);
            for &(child, parent, of_x) in &walk[..walked] {
                let (x, o) = rooted[parent.trailing_zeros() as usize];
                let (x, o) = (x & !child, o & !child);
                rooted[child.trailing_zeros() as usize] = if of_x {
                    (x | parent, o)
                } else {
                    (x, o | parent)
                };
            }
            left &= !reached;
        }
        rooted
    }
}

/// X's and O's squares, `(x, o)`, with `square` (a one-bit mask) added to
/// X's if `of_x`, else to O's: a rooted colouring with its root's mark.
#[inline]
pub(crate) fn with_square((x, o): (u16, u16), square: u16, of_x: bool) -> (u16, u16) {
    if of_x {
        (x | square, o)
    } else {
        (x, o | square)
    }
}
