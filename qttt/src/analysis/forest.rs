//! Spooky marks as a forest: for each square, the squares a mark of X (or
//! of O) joins it to, and the colourings that the collapse of a tree gives
//! from each of its squares. The game counter's and the solver's closed
//! forms for the last marks are built on these.

use crate::square_set::SquareSet;
use crate::{Game, Player, Square};

/// X's and O's squares.
pub(crate) type Colouring = (SquareSet, SquareSet);

/// Spooky marks with no cycle, as adjacency: `x[s]` holds the squares that
/// a mark of X joins to square `s` (by index), `o[s]` those of O.
#[derive(Clone, Copy, Default)]
pub(crate) struct Forest {
    pub(crate) x: [SquareSet; 9],
    pub(crate) o: [SquareSet; 9],
}

impl Forest {
    /// The spooky marks of a game with no collapse pending.
    pub(crate) fn of(game: &Game) -> Forest {
        let mut forest = Forest::default();
        for (index, squares) in game.spooky_masks().into_iter().enumerate() {
            if let Some((a, b)) = squares.ends() {
                forest.join(a, b, Player::of_move(index as u8 + 1));
            }
        }
        forest
    }

    /// A mark of `owner` in squares `a` and `b`.
    pub(crate) fn join(&mut self, a: Square, b: Square, owner: Player) {
        let joined = match owner {
            Player::X => &mut self.x,
            Player::O => &mut self.o,
        };
        joined[a.index()] |= SquareSet::of(b);
        joined[b.index()] |= SquareSet::of(a);
    }

    /// The squares joined to `square` by a mark of either player.
    pub(crate) fn joined(&self, square: Square) -> SquareSet {
        self.x[square.index()] | self.o[square.index()]
    }

    /// The tree holding the squares of `start`: everything marks join them to.
    pub(crate) fn tree_of(&self, start: SquareSet) -> SquareSet {
        let (mut tree, mut to_visit) = (start, start);
        while let Some(square) = to_visit.next() {
            let new = self.joined(square) - tree;
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
    pub(crate) fn rooted(&self, squares: SquareSet) -> [Colouring; 9] {
        let mut rooted = [(SquareSet::EMPTY, SquareSet::EMPTY); 9];
        let mut left = squares;
        while let Some(first) = left.first() {
            let (mut x, mut o) = (SquareSet::EMPTY, SquareSet::EMPTY);
            // (child, parent, owner of the mark joining them)
            let mut walk = [(first, first, Player::X); 9];
            let mut walked = 0;
            let (mut reached, mut to_visit) = (SquareSet::of(first), SquareSet::of(first));
            while let Some(parent) = to_visit.next() {
                let by_x = self.x[parent.index()] - reached;
                let by_o = self.o[parent.index()] - reached;
                x |= by_x;
                o |= by_o;
                reached |= by_x | by_o;
                to_visit |= by_x | by_o;
                for child in by_x | by_o {
                    let owner = if by_x.contains(child) {
                        Player::X
                    } else {
                        Player::O
                    };
                    walk[walked] = (child, parent, owner);
                    walked += 1;
                }
            }
            rooted[first.index()] = (x, o);
            for &(child, parent, owner) in &walk[..walked] {
                let (x, o) = rooted[parent.index()];
                let colouring = (x.without(child), o.without(child));
                rooted[child.index()] = with_square(colouring, parent, owner);
            }
            left = left - reached;
        }
        rooted
    }
}

/// X's and O's squares, `(x, o)`, with `square` added to `owner`'s: a
/// rooted colouring with its root's mark.
#[inline]
pub(crate) fn with_square((x, o): Colouring, square: Square, owner: Player) -> Colouring {
    match owner {
        Player::X => (x.with(square), o),
        Player::O => (x, o.with(square)),
    }
}
