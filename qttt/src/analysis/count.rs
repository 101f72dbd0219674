//! Counting complete games: every action sequence from a position to the
//! end of the game, a collapse choice being a branch of its own.

use super::limits::{Interrupted, Limits, Watch};
use super::table::KeyMap;
use crate::outcome::lines_in;
use crate::random::SplitMix64;
use crate::{Game, Symmetry};

/// Counts complete games with a table of the positions already counted.
///
/// Only part of a position decides how many ways its game can go on: each
/// player's classical squares (any line ends the game, whoever wins) and
/// the spooky marks with their owners but not their numbers (when a cycle
/// collapses, the square each mark lands in depends on the marks' places
/// and the chosen square only). The counter works on that *shape*, keyed
/// up to the 8 symmetries, with three shortcuts that follow from it:
///
/// - a spooky move inside one entanglement tree of `n` squares closes a
///   cycle, and the collapse that puts the new mark in square `r` turns
///   the whole tree classical the same way whichever other square of the
///   tree the move used: the `n(n − 1)` (move, choice) pairs give `n`
///   distinct results, each `n − 1` times;
/// - before mark 9 with no collapse pending, the `f` squares without a
///   classical mark carry `f − 1` spooky marks and no cycle, a tree
///   joining them all, so every spooky move closes a cycle whose two
///   collapses fill the board: `f(f − 1)` games, or one (the classical
///   move) when `f` is 1;
/// - with seven marks placed, the `f` free squares carry `f − 2` spooky
///   marks: two trees, of `n` and `m = f − n` squares. Mark 8 joining
///   them (`n·m` moves) leaves the case above, `f(f − 1)` games each;
///   inside a tree of `n` squares, each root `r` comes `n − 1` times and
///   leaves the other tree for mark 9: one game if the collapse made a
///   line or `m` is 1, else `m(m − 1)`. Which roots make a line is found
///   for all roots of a tree at once (see `Shape::roots_making_lines`),
///   so seven marks need no children at all;
/// - a finished game counts as one.
///
/// It remembers positions with fewer than seven marks placed.
///
/// ```
/// use qttt::Game;
/// use qttt::analysis::GameCounter;
/// let mut counter = GameCounter::new();
/// // A full board is one complete game: the empty sequence.
/// let full = Game::from_record("12 12 @1 34 34 @3 56 56 @5 78 78 @8 9")?;
/// assert_eq!(counter.count(&full), 1);
/// // O has 1 3 5, X 2 4 6, and X's mark 7 is spooky in 7 and 8. O's mark 8:
/// // - 78 closes a cycle: @7 gives O the line 3 5 7 (one game), @8 leaves
/// //   square 9 for X's classical mark (one game);
/// // - 79 and 89 join 7, 8, 9 in one tree: X's 3 moves then each close a
/// //   cycle with 2 collapses that fill the board (6 games each).
/// let game = Game::from_record("12 12 @1 34 34 @3 56 56 @5 78")?;
/// assert_eq!(counter.count(&game), 2 + 6 + 6);
/// # Ok::<(), qttt::RecordError>(())
/// ```
#[derive(Default)]
pub struct GameCounter {
    table: KeyMap<u64>,
}

impl core::fmt::Debug for GameCounter {
    /// The table's size, not its contents.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("GameCounter")
            .field("table_len", &self.table.len())
            .finish_non_exhaustive()
    }
}

impl GameCounter {
    /// A counter with an empty table.
    #[must_use]
    pub fn new() -> GameCounter {
        GameCounter::default()
    }

    /// How many positions (shapes, up to symmetry) the table holds.
    #[must_use]
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// The number of complete games from `game`: action sequences that end
    /// the game, a collapse choice being an action of its own. A finished
    /// game counts as one (the empty sequence). From the empty board this
    /// takes under a minute and 0.4 GB (4 million positions); see
    /// [`GameCounter::count_with`] for limits.
    pub fn count(&mut self, game: &Game) -> u64 {
        self.run(game, &mut Limits::new().start())
            .expect("an unlimited count is never interrupted")
    }

    /// [`GameCounter::count`] within `limits`: the count, or why it
    /// stopped. The table keeps what was counted before the stop.
    pub fn count_with(&mut self, game: &Game, limits: &Limits<'_>) -> Result<u64, Interrupted> {
        self.run(game, &mut limits.start())
    }

    /// A complete game drawn uniformly at random from all complete games
    /// from `game` (each action taken with probability proportional to the
    /// number of complete games after it): the game at its end.
    pub fn sample(&mut self, game: &Game, rng: &mut SplitMix64) -> Game {
        let mut game = *game;
        loop {
            let actions = game.legal_actions();
            if actions.is_empty() {
                return game;
            }
            let mut pick = below(rng, self.count(&game));
            for action in actions {
                let child = game.apply_unchecked(action);
                let games = self.count(&child);
                if pick < games {
                    game = child;
                    break;
                }
                pick -= games;
            }
        }
    }

    fn run(&mut self, game: &Game, watch: &mut Watch<'_>) -> Result<u64, Interrupted> {
        if game.collapse_options().is_some() {
            let mut games = 0;
            for choice in game.legal_actions() {
                games += self.count_shape(&Shape::of(&game.apply_unchecked(choice)), watch)?;
            }
            Ok(games)
        } else {
            self.count_shape(&Shape::of(game), watch)
        }
    }

    fn count_shape(&mut self, shape: &Shape, watch: &mut Watch<'_>) -> Result<u64, Interrupted> {
        let free = shape.free();
        if free == 0 || lines_in(shape.x) | lines_in(shape.o) != 0 {
            return Ok(1);
        }
        let f = u64::from(free.count_ones());
        if f == 1 {
            return self.count_shape(&shape.with_last_classical(free), watch);
        }
        match shape.marks_placed() {
            8 => return Ok(f * (f - 1)),
            7 => return Ok(shape.games_from_mark_8()),
            _ => {}
        }
        let key = shape.canonical_key();
        if let Some(&games) = self.table.get(&key) {
            return Ok(games);
        }
        watch.check()?;
        let (trees, tree_count) = shape.trees();
        let trees = &trees[..tree_count];
        let mut games = 0;
        for (i, &tree) in trees.iter().enumerate() {
            let n = u64::from(tree.count_ones());
            // Moves inside the tree: n − 1 moves (with a choice each) per root.
            let mut roots = tree;
            while n > 1 && roots != 0 {
                let root = roots.trailing_zeros();
                roots &= roots - 1;
                games += (n - 1) * self.count_shape(&shape.collapsed(tree, root), watch)?;
            }
            // Moves joining this tree to a later one.
            for &other in &trees[i + 1..] {
                let mut a_squares = tree;
                while a_squares != 0 {
                    let a = a_squares.trailing_zeros();
                    a_squares &= a_squares - 1;
                    let mut b_squares = other;
                    while b_squares != 0 {
                        let b = b_squares.trailing_zeros();
                        b_squares &= b_squares - 1;
                        games += self.count_shape(&shape.with_spooky(a, b), watch)?;
                    }
                }
            }
        }
        self.table.insert(key, games);
        Ok(games)
    }
}

/// A uniformly random number in `0..n` (`n` ≥ 1), without bias: draws
/// that fall in the incomplete last block of `n` are drawn again.
fn below(rng: &mut SplitMix64, n: u64) -> u64 {
    let zone = u64::MAX - u64::MAX % n;
    loop {
        let value = rng.next_u64();
        if value < zone {
            return value % n;
        }
    }
}

/// What decides the number of continuations: the classical squares of each
/// player, and the spooky marks (as square masks) of each, with no
/// collapse pending (so the spooky marks form a forest).
#[derive(Clone, Copy)]
struct Shape {
    x: u16,
    o: u16,
    spooky: [u16; 9],
    spooky_x: u16,
    len: usize,
}

impl Shape {
    fn of(game: &Game) -> Shape {
        let mut shape = Shape {
            x: game.x_squares(),
            o: game.o_squares(),
            spooky: [0; 9],
            spooky_x: 0,
            len: 0,
        };
        for (index, squares) in game.spooky_masks().into_iter().enumerate() {
            if squares != 0 {
                shape.push(squares, index % 2 == 0); // mark index + 1 odd: X's
            }
        }
        shape
    }

    fn push(&mut self, squares: u16, of_x: bool) {
        self.spooky[self.len] = squares;
        self.spooky_x |= u16::from(of_x) << self.len;
        self.len += 1;
    }

    fn free(&self) -> u16 {
        !(self.x | self.o) & 0x1ff
    }

    fn marks_placed(&self) -> u32 {
        (self.x | self.o).count_ones() + self.len as u32
    }

    /// Whether X places the next mark.
    fn x_to_move(&self) -> bool {
        self.marks_placed() % 2 == 0
    }

    /// The entanglement trees: the free squares joined by spooky marks.
    fn trees(&self) -> ([u16; 9], usize) {
        let mut trees = [0u16; 9];
        let mut len = 0;
        let mut left = self.free();
        while left != 0 {
            let mut tree = left & left.wrapping_neg();
            loop {
                let grown = self.spooky[..self.len]
                    .iter()
                    .filter(|&&squares| squares & tree != 0)
                    .fold(tree, |acc, &squares| acc | squares);
                if grown == tree {
                    break;
                }
                tree = grown;
            }
            trees[len] = tree;
            len += 1;
            left &= !tree;
        }
        (trees, len)
    }

    /// The last free square taken by X's classical mark 9: with one
    /// square free and no cycle, all eight marks before it are classical.
    fn with_last_classical(&self, square: u16) -> Shape {
        debug_assert!(self.x_to_move() && self.len == 0);
        Shape {
            x: self.x | square,
            ..*self
        }
    }

    fn with_spooky(&self, a: u32, b: u32) -> Shape {
        let mut next = *self;
        next.push(1 << a | 1 << b, self.x_to_move());
        next
    }

    /// The shape after a move inside `tree` whose new mark lands in `root`:
    /// every other square of the tree takes the mark joining it to the
    /// square it was reached from.
    fn collapsed(&self, tree: u16, root: u32) -> Shape {
        let mut next = Shape {
            spooky: [0; 9],
            spooky_x: 0,
            len: 0,
            ..*self
        };
        let (mut x, mut o) = if self.x_to_move() {
            (1 << root, 0)
        } else {
            (0, 1 << root)
        };
        let mut reached: u16 = 1 << root;
        let mut pending = [0usize; 9];
        let mut pending_len = 0;
        for (k, &squares) in self.spooky[..self.len].iter().enumerate() {
            if squares & tree == 0 {
                next.push(squares, self.spooky_x & 1 << k != 0);
            } else {
                pending[pending_len] = k;
                pending_len += 1;
            }
        }
        while pending_len > 0 {
            let mut i = 0;
            while i < pending_len {
                let k = pending[i];
                let squares = self.spooky[k];
                if squares & reached != 0 {
                    let landing = squares & !reached;
                    if self.spooky_x & 1 << k != 0 {
                        x |= landing;
                    } else {
                        o |= landing;
                    }
                    reached |= landing;
                    pending_len -= 1;
                    pending[i] = pending[pending_len];
                } else {
                    i += 1;
                }
            }
        }
        next.x |= x;
        next.o |= o;
        next
    }

    /// The complete games from seven marks placed, no line and no collapse
    /// pending, in closed form (see [`GameCounter`]).
    fn games_from_mark_8(&self) -> u64 {
        let (trees, tree_count) = self.trees();
        debug_assert_eq!(tree_count, 2, "f squares with f − 2 marks: two trees");
        let (t, u) = (trees[0], trees[1]);
        let (n, m) = (u64::from(t.count_ones()), u64::from(u.count_ones()));
        let f = n + m;
        // Then mark 9 on `rest` squares: one game, or a cycle on every move
        // whose two collapses end the game.
        let after = |rest: u64| if rest == 1 { 1 } else { rest * (rest - 1) };
        let inside = |tree: u16, size: u64, rest: u64| {
            if size < 2 {
                return 0;
            }
            let lines = u64::from(self.roots_making_lines(tree));
            (size - 1) * (lines + (size - lines) * after(rest))
        };
        n * m * f * (f - 1) + inside(t, n, m) + inside(u, m, n)
    }

    /// How many squares `r` of `tree` make a line (for either player) when
    /// the next mark closes a cycle in the tree and lands in `r`.
    ///
    /// Rooted at `r`, every other square takes the mark of the edge that
    /// joins it to its parent. One walk from the lowest square lists each
    /// square with its parent; moving the root from a parent `p` to its
    /// child `c` turns one edge only: `c` takes the new mark and `p` the
    /// edge's, so each root's squares follow from its parent's in O(1).
    fn roots_making_lines(&self, tree: u16) -> u32 {
        let mover_is_x = self.x_to_move();
        let first = tree & tree.wrapping_neg();
        // (child, parent, edge of X) in walk order from `first`.
        let mut walk = [(0u16, 0u16, false); 9];
        let mut walked = 0;
        let mut reached = first;
        let mut left: u16 = 0;
        for (k, &squares) in self.spooky[..self.len].iter().enumerate() {
            left |= u16::from(squares & tree != 0) << k;
        }
        while left != 0 {
            let mut edges = left;
            while edges != 0 {
                let k = edges.trailing_zeros() as usize;
                edges &= edges - 1;
                let squares = self.spooky[k];
                if squares & reached != 0 {
                    let child = squares & !reached;
                    walk[walked] = (child, squares & reached, self.spooky_x & 1 << k != 0);
                    walked += 1;
                    reached |= child;
                    left &= !(1 << k);
                }
            }
        }
        // The tree's X and O squares for each root, by square index.
        let mut colours = [(0u16, 0u16); 9];
        let (mut x, mut o) = if mover_is_x { (first, 0) } else { (0, first) };
        for &(child, _, of_x) in &walk[..walked] {
            if of_x {
                x |= child;
            } else {
                o |= child;
            }
        }
        let index = |square: u16| square.trailing_zeros() as usize;
        colours[index(first)] = (x, o);
        let mut making_lines = 0;
        let mut count = |(x, o): (u16, u16)| {
            making_lines += u32::from(lines_in(self.x | x) | lines_in(self.o | o) != 0);
        };
        count((x, o));
        for &(child, parent, of_x) in &walk[..walked] {
            let (mut x, mut o) = colours[index(parent)];
            if of_x != mover_is_x {
                // The child turns to the mover's mark, the parent to the edge's.
                let (mover, other) = if mover_is_x {
                    (&mut x, &mut o)
                } else {
                    (&mut o, &mut x)
                };
                *mover = (*mover | child) & !parent;
                *other = (*other | parent) & !child;
            }
            colours[index(child)] = (x, o);
            count((x, o));
        }
        making_lines
    }

    /// The smallest, over the 8 symmetries, of: X's classical squares (bits
    /// 0..9), O's (bits 9..18), and for each pair of squares 2 bits at
    /// 18 + 2·slot: 0 no spooky mark, 1 one of X's, 2 one of O's (a forest
    /// has at most one spooky mark per pair).
    ///
    /// A tree whose marks all have one owner is keyed as the star from its
    /// lowest square: such a tree collapses the same way whatever its
    /// edges (every square but the one the collapse enters it by takes
    /// that owner's mark), now and after it joins other trees.
    fn canonical_key(&self) -> u128 {
        let (trees, tree_count) = self.trees();
        let mut one_owner = [(0u16, 0u128); 9]; // (squares, owner code)
        let mut one_owner_len = 0;
        let mut mixed = 0u16; // the spooky marks keyed one by one
        for &tree in &trees[..tree_count] {
            let marks = (0..self.len).filter(|&k| self.spooky[k] & tree != 0);
            let x_marks = marks
                .clone()
                .filter(|&k| self.spooky_x & 1 << k != 0)
                .count();
            let all = marks.clone().count();
            if all >= 2 && (x_marks == 0 || x_marks == all) {
                one_owner[one_owner_len] = (tree, if x_marks == 0 { 2 } else { 1 });
                one_owner_len += 1;
            } else {
                marks.for_each(|k| mixed |= 1 << k);
            }
        }
        Symmetry::ALL
            .iter()
            .map(|&symmetry| {
                let mut key =
                    u128::from(symmetry.mask(self.x)) | u128::from(symmetry.mask(self.o)) << 9;
                let mut pair = |squares: u16, owner: u128| {
                    let (a, b) = (squares.trailing_zeros(), 15 - squares.leading_zeros());
                    key |= owner << (18 + 2 * PAIR_SLOT[a as usize][b as usize]);
                };
                for k in 0..self.len {
                    if mixed & 1 << k != 0 {
                        let owner = if self.spooky_x & 1 << k != 0 { 1 } else { 2 };
                        pair(symmetry.mask(self.spooky[k]), owner);
                    }
                }
                for &(tree, owner) in &one_owner[..one_owner_len] {
                    let image = symmetry.mask(tree);
                    let low = image & image.wrapping_neg();
                    let mut rest = image & !low;
                    while rest != 0 {
                        let other = rest & rest.wrapping_neg();
                        rest &= !other;
                        pair(low | other, owner);
                    }
                }
                key
            })
            .min()
            .expect("8 symmetries")
    }
}

/// The slot of each unordered pair of square indices (a < b), 0..36.
const PAIR_SLOT: [[u8; 9]; 9] = {
    let mut table = [[0u8; 9]; 9];
    let (mut a, mut slot) = (0, 0);
    while a < 9 {
        let mut b = a + 1;
        while b < 9 {
            table[a][b] = slot;
            b += 1;
            slot += 1;
        }
        a += 1;
    }
    table
};
