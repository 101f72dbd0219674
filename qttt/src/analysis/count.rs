//! Counting complete games: every action sequence from a position to the
//! end of the game, a collapse choice being a branch of its own.

use super::forest::{Colouring, Forest, with_square};
use super::limits::{Interrupted, Limits, Watch};
use super::table::KeyMap;
use crate::random::SplitMix64;
use crate::square_set::SquareSet;
use crate::{Game, Player, Square, Symmetry};

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
///   for all roots of a tree at once (see `Forest::rooted`), so seven marks
///   need no children at all;
/// - with six marks placed there are three trees, and the moves of mark 7
///   joining two of them are counted together: the count above is linear
///   in the number of roots making a line, so their sum over the moves
///   suffices (see `Shape::games_joining_trees`); only the moves closing a
///   cycle are visited one by one;
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
    /// takes seconds and under a gigabyte (figures in docs/performance.md);
    /// see [`GameCounter::count_with`] for limits.
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
        if free.is_empty() || shape.x.lines() | shape.o.lines() != 0 {
            return Ok(1);
        }
        let f = u64::from(free.len());
        if f == 1 {
            return self.count_shape(&shape.with_last_classical(free.lowest()), watch);
        }
        let marks = shape.marks_placed();
        match marks {
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
            let n = u64::from(tree.len());
            // Moves inside the tree: n − 1 moves (with a choice each) per root.
            if n > 1 {
                for root in tree {
                    games += (n - 1) * self.count_shape(&shape.collapsed(tree, root), watch)?;
                }
            }
            // Moves joining this tree to a later one (with six marks placed,
            // all of them at once below).
            if marks == 6 {
                continue;
            }
            for &other in &trees[i + 1..] {
                for a in tree {
                    for b in other {
                        games += self.count_shape(&shape.with_spooky(a, b), watch)?;
                    }
                }
            }
        }
        if marks == 6 {
            games += shape.games_joining_trees(trees);
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
/// player, and the spooky marks of each, with no collapse pending (so the
/// spooky marks form a forest, at most one mark per pair of squares). The
/// marks are kept as adjacency: for each square, the squares a mark of X
/// (or of O) joins it to, so that a walk through a tree takes a whole
/// square's neighbours at once.
#[derive(Clone, Copy)]
struct Shape {
    x: SquareSet,
    o: SquareSet,
    forest: Forest,
    spooky_marks: u32,
}

impl Shape {
    fn of(game: &Game) -> Shape {
        Shape {
            x: game.x_squares(),
            o: game.o_squares(),
            forest: Forest::of(game),
            spooky_marks: game.spooky_masks().iter().filter(|m| !m.is_empty()).count() as u32,
        }
    }

    fn free(&self) -> SquareSet {
        (self.x | self.o).complement()
    }

    fn marks_placed(&self) -> u32 {
        (self.x | self.o).len() + self.spooky_marks
    }

    /// Who places the next mark.
    fn mover(&self) -> Player {
        Player::of_move(self.marks_placed() as u8 + 1)
    }

    /// The entanglement trees: the free squares joined by spooky marks.
    fn trees(&self) -> ([SquareSet; 9], usize) {
        let mut trees = [SquareSet::EMPTY; 9];
        let mut len = 0;
        let mut left = self.free();
        while let Some(first) = left.first() {
            let tree = self.forest.tree_of(SquareSet::of(first));
            trees[len] = tree;
            len += 1;
            left = left - tree;
        }
        (trees, len)
    }

    /// The last free square taken by X's classical mark 9: with one
    /// square free and no cycle, all eight marks before it are classical.
    fn with_last_classical(&self, square: Square) -> Shape {
        debug_assert!(self.mover() == Player::X && self.spooky_marks == 0);
        Shape {
            x: self.x.with(square),
            ..*self
        }
    }

    fn with_spooky(&self, a: Square, b: Square) -> Shape {
        let mut next = *self;
        next.forest.join(a, b, self.mover());
        next.spooky_marks += 1;
        next
    }

    /// The shape after a move inside `tree` whose new mark lands in `root`:
    /// every other square of the tree takes the mark joining it to the
    /// square it was reached from (all of a square's children at once).
    fn collapsed(&self, tree: SquareSet, root: Square) -> Shape {
        let mut next = *self;
        (next.x, next.o) = with_square((next.x, next.o), root, self.mover());
        let (mut reached, mut to_visit) = (SquareSet::of(root), SquareSet::of(root));
        while let Some(square) = to_visit.next() {
            let by_x = self.forest.x[square.index()] - reached;
            let by_o = self.forest.o[square.index()] - reached;
            next.x |= by_x;
            next.o |= by_o;
            reached |= by_x | by_o;
            to_visit |= by_x | by_o;
        }
        for square in tree {
            next.forest.x[square.index()] = SquareSet::EMPTY;
            next.forest.o[square.index()] = SquareSet::EMPTY;
        }
        next.spooky_marks -= tree.len() - 1;
        next
    }

    /// The complete games from seven marks placed, no line and no collapse
    /// pending, in closed form (see [`GameCounter`]).
    fn games_from_mark_8(&self) -> u64 {
        let free = self.free();
        let t = self.forest.tree_of(SquareSet::of(free.lowest()));
        let u = free - t;
        debug_assert_eq!(
            self.forest.tree_of(SquareSet::of(u.lowest())),
            u,
            "f − 2 marks: two trees"
        );
        let (n, m) = (u64::from(t.len()), u64::from(u.len()));
        let f = n + m;
        let rooted = self.forest.rooted(free);
        let mover = self.mover();
        let lines = |tree| u64::from(self.roots_making_lines(tree, &rooted, mover));
        n * m * f * (f - 1) + inside(n, lines(t), m) + inside(m, lines(u), n)
    }

    /// The complete games after the seventh mark joins two of the three
    /// trees of a shape with six marks (no line, no collapse pending), all
    /// such moves together, in closed form: each leaves seven marks, two
    /// trees, whose count is [`Shape::games_from_mark_8`]'s.
    ///
    /// Mark 7 joining `u` of tree `A` (`a` squares) to `v` of `B` (`b`)
    /// leaves the tree `T = A ∪ B` (`n = a + b` squares) and `C` (`c`).
    /// `T`'s roots that make a line are those `r` of `A` whose colouring
    /// (`A` rooted at `r`, `r` taking mark 8) makes one together with `B`
    /// entered at `v` (`v` taking mark 7, the rest of `B` rooted at `v`),
    /// and likewise from `B`'s side; `C` is the same for every such move.
    /// The count is linear in the number of roots making lines, so the
    /// `a·b` moves need only the sums of those checks, `2ab` of them.
    fn games_joining_trees(&self, trees: &[SquareSet]) -> u64 {
        debug_assert_eq!(trees.len(), 3, "f − 3 marks: three trees");
        let f = u64::from(self.free().len());
        let rooted = self.forest.rooted(self.free());
        let mark_7 = self.mover();
        let mark_8 = mark_7.other();
        let makes_line = |(x, o): Colouring| (self.x | x).lines() | (self.o | o).lines() != 0;
        // For `tree` joined to `other` by mark 7: how many pairs (r, v),
        // r a root of `tree` (taking mark 8) and v the square of `other`
        // mark 7 lands on (the rest of `other` rooted there), give a line.
        let lines_from = |tree: SquareSet, other: SquareSet| -> u64 {
            if (self.x | tree | other).lines() | (self.o | tree | other).lines() == 0 {
                return 0;
            }
            let mut sum = 0;
            for r in tree {
                let (rx, ro) = with_square(rooted[r.index()], r, mark_8);
                for v in other {
                    let (vx, vo) = with_square(rooted[v.index()], v, mark_7);
                    sum += u64::from(makes_line((rx | vx, ro | vo)));
                }
            }
            sum
        };
        let mut games = 0;
        for (i, j, k) in [(0, 1, 2), (0, 2, 1), (1, 2, 0)] {
            let (ta, tb, tc) = (trees[i], trees[j], trees[k]);
            let (a, b, c) = (
                u64::from(ta.len()),
                u64::from(tb.len()),
                u64::from(tc.len()),
            );
            let (n, moves) = (a + b, a * b);
            // Over the a·b moves (u, v), a root r of A makes a line with v
            // whatever u is: A's part is a times the sum over (r, v), and
            // B's part b times the sum over (s, u).
            let t_lines = a * lines_from(ta, tb) + b * lines_from(tb, ta);
            let c_lines = u64::from(self.roots_making_lines(tc, &rooted, mark_8));
            // `inside` summed over the moves, linear in the roots making lines.
            let inside_t = (n - 1) * (moves * n * after(c) - (after(c) - 1) * t_lines);
            games += moves * (n * c * f * (f - 1) + inside(c, c_lines, n)) + inside_t;
        }
        games
    }

    /// How many squares `r` of `tree` make a line (for either player) when
    /// the next mark, `mover`'s, closes a cycle in the tree and lands in
    /// `r`; `rooted` is [`Forest::rooted`] of the tree.
    fn roots_making_lines(&self, tree: SquareSet, rooted: &[Colouring; 9], mover: Player) -> u32 {
        if (self.x | tree).lines() | (self.o | tree).lines() == 0 {
            return 0; // not even the whole tree would give a player a line
        }
        let mut making_lines = 0;
        for r in tree {
            let (x, o) = with_square(rooted[r.index()], r, mover);
            making_lines += u32::from((self.x | x).lines() | (self.o | o).lines() != 0);
        }
        making_lines
    }

    /// The smallest, over the 8 symmetries, of: X's classical squares (bits
    /// 81..90), O's (bits 72..81), and for each pair of squares 2 bits at
    /// 2·slot: 0 no spooky mark, 1 one of X's, 2 one of O's (a forest has
    /// at most one spooky mark per pair).
    ///
    /// A tree whose marks all have one owner is keyed as the star from its
    /// lowest square: such a tree collapses the same way whatever its
    /// edges (every square but the one the collapse enters it by takes
    /// that owner's mark), now and after it joins other trees.
    fn canonical_key(&self) -> u128 {
        // (pair of squares, owner code 1 for X, 2 for O), star trees' edges
        // drawn after each symmetry, mixed trees' edges as they are.
        let mut stars = [(SquareSet::EMPTY, 0u128); 9];
        let mut star_count = 0;
        let mut edges = [(0u8, 0u128); 9]; // (pair slot, owner code)
        let mut edge_count = 0;
        let mut left = self.free();
        while let Some(first) = left.first() {
            let tree = self.forest.tree_of(SquareSet::of(first));
            left = left - tree;
            let (mut x_ends, mut o_ends) = (0, 0);
            for square in tree {
                x_ends += self.forest.x[square.index()].len();
                o_ends += self.forest.o[square.index()].len();
            }
            // Each mark has two ends: 2 marks or more with one owner.
            if (x_ends == 0 && o_ends >= 4) || (o_ends == 0 && x_ends >= 4) {
                stars[star_count] = (tree, if x_ends == 0 { 2 } else { 1 });
                star_count += 1;
                continue;
            }
            for a in tree {
                let (x, o) = (self.forest.x[a.index()], self.forest.o[a.index()]);
                for (joined, owner) in [(x, 1), (o, 2)] {
                    // each pair once, from its lower square
                    for b in joined.into_iter().filter(|&b| b > a) {
                        edges[edge_count] = (PAIR_SLOT[a.index()][b.index()], owner);
                        edge_count += 1;
                    }
                }
            }
        }
        // The classical squares are the key's high bits: only the
        // symmetries whose image of them is the smallest need the marks.
        let classical = Symmetry::ALL.map(|symmetry| {
            let (x, o) = (symmetry.squares(self.x), symmetry.squares(self.o));
            u128::from(x.bits()) << 81 | u128::from(o.bits()) << 72
        });
        let smallest = *classical.iter().min().expect("8 symmetries");
        Symmetry::ALL
            .iter()
            .zip(classical)
            .filter(|&(_, high)| high == smallest)
            .map(|(&symmetry, high)| {
                let mut key = high;
                let image = &PAIR_IMAGE[symmetry as usize];
                for &(slot, owner) in &edges[..edge_count] {
                    key |= owner << (2 * image[usize::from(slot)]);
                }
                for &(tree, owner) in &stars[..star_count] {
                    let image = symmetry.squares(tree);
                    let low = image.lowest();
                    for other in image.without(low) {
                        key |= owner << (2 * PAIR_SLOT[low.index()][other.index()]);
                    }
                }
                key
            })
            .min()
            .expect("8 symmetries")
    }
}

/// The games of mark 9 on `rest` squares of one tree: one (the classical
/// move), or a cycle on every move whose two collapses end the game.
fn after(rest: u64) -> u64 {
    if rest == 1 { 1 } else { rest * (rest - 1) }
}

/// The games of the moves that close a cycle inside a tree of `size`
/// squares with mark 8, `lines` of its roots making a line, the other tree
/// having `rest` squares: each root comes `size − 1` times, and ends the
/// game (one game) or leaves the other tree to [`after`].
fn inside(size: u64, lines: u64, rest: u64) -> u64 {
    if size < 2 {
        return 0;
    }
    (size - 1) * (lines + (size - lines) * after(rest))
}

/// The slot of each pair's image under each symmetry (by
/// [`Symmetry::index`]), by the pair's slot.
static PAIR_IMAGE: [[u8; 36]; 8] = {
    let mut table = [[0u8; 36]; 8];
    let mut s = 0;
    while s < 8 {
        let mut a = 0;
        while a < 9 {
            let mut b = a + 1;
            while b < 9 {
                let (ia, ib) = (
                    crate::symmetry::IMAGE[s][a] as usize,
                    crate::symmetry::IMAGE[s][b] as usize,
                );
                let (low, high) = if ia < ib { (ia, ib) } else { (ib, ia) };
                table[s][PAIR_SLOT[a][b] as usize] = PAIR_SLOT[low][high];
                b += 1;
            }
            a += 1;
        }
        s += 1;
    }
    table
};

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
