//! The last two marks in closed form, for the solver: each method is the
//! score before the mark it is named after, with no collapse pending, or
//! a part of it. Marks 8 and 9 are reached too often, and searched too
//! quickly, for the table; these replace their search.

use super::{Score, Solver, terminal_score, with_end};
use crate::analysis::forest::{Colouring, Forest, with_square};
use crate::square_set::SquareSet;
use crate::{Action, CollapseChoice, Game, Player, Square};

impl Solver {
    /// The score before mark 8 (O's) with no collapse pending, in closed
    /// form: exact, or an upper bound at or below `alpha`. The free squares
    /// hold two trees, `T` and `U` (`f` squares, `f − 2` marks). O's mark 8
    /// either joins them, leaving one tree for X's mark 9, which gets the
    /// second best of its roots (see [`Solver::mark_9`]); or it closes a
    /// cycle inside one tree and X chooses which of its two squares it
    /// lands in: the tree collapses from there (a line ends the game) and
    /// X's mark 9 takes the other tree ([`Solver::mark_8_in_tree`]). O
    /// therefore picks the two landing squares worst for X and gets the
    /// second worst. Every root's colouring comes from one walk per tree
    /// ([`Forest::rooted`]); a branch where both players would get lines,
    /// the one case where the mark numbers matter, is scored from the game
    /// itself. O's options closing a cycle come first, being fewer; once
    /// one is at or below `alpha` the search above has what it needs (an
    /// upper bound), and that is returned.
    pub(super) fn mark_8(&mut self, game: &Game, alpha: Score) -> Score {
        let free = game.free_squares();
        let forest = Forest::of(game);
        let rooted = forest.rooted(free);
        let t = forest.tree_of(SquareSet::of(free.lowest()));
        let u = free - t;
        let (x0, o0) = (game.x_squares(), game.o_squares());
        // Each square's tree collapsed from it, the square itself taking
        // mark 9 (X's) or mark 8 (O's).
        let empty = (SquareSet::EMPTY, SquareSet::EMPTY);
        let (mut with_9, mut with_8) = ([empty; 9], [empty; 9]);
        for square in free {
            with_9[square.index()] = with_square(rooted[square.index()], square, Player::X);
            with_8[square.index()] = with_square(rooted[square.index()], square, Player::O);
        }
        let rooted = Rooted { with_8, with_9 };
        let mut worst = Score::MAX;
        // Mark 8 closing a cycle in one tree: X picks the better of its
        // two squares, O the pair, so O gets the second lowest.
        for (tree, other) in [(t, u), (u, t)] {
            if tree.len() < 2 {
                continue;
            }
            let (mut lowest, mut second) = (Score::MAX, Score::MAX);
            for root in tree {
                let value = self.mark_8_in_tree(game, tree, root, other, &rooted);
                if value < lowest {
                    (lowest, second) = (value, lowest);
                } else if value < second {
                    second = value;
                }
            }
            worst = worst.min(second);
            if worst <= alpha {
                return worst;
            }
        }
        // Mark 8 joining a of T to b of U; X's mark 9 then lands on any
        // root w of the joined tree, whose other part is entered at b or a.
        for a in t {
            for b in u {
                let roots = free.map(|w| {
                    let entered = if t.contains(w) { b } else { a };
                    let (x, o) = rooted.with_9[w.index()];
                    let (ex, eo) = rooted.with_8[entered.index()];
                    (x0 | x | ex, o0 | o | eo)
                });
                let value = match self.mark_9_on_roots(roots) {
                    Some(value) => value,
                    None => self.mark_9(&game.apply_unchecked(spooky(a, b))),
                };
                worst = worst.min(value);
                if worst <= alpha {
                    return worst;
                }
            }
        }
        worst
    }

    /// The score after mark 8 closes a cycle in `tree` and lands in
    /// `root`: the tree collapses from there; a line ends the game, else
    /// X's mark 9 takes `other`, the last tree (a classical mark on its one
    /// square, or the second best of its roots).
    fn mark_8_in_tree(
        &mut self,
        game: &Game,
        tree: SquareSet,
        root: Square,
        other: SquareSet,
        rooted: &Rooted,
    ) -> Score {
        let scoring = self.scoring;
        let (x8, o8) = rooted.with_8[root.index()];
        let (x, o) = (game.x_squares() | x8, game.o_squares() | o8);
        self.nodes += 1;
        let quick = if x.has_line() || o.has_line() {
            scoring
                .without_numbers(x, o)
                .map(|result| with_end(result, 8))
        } else if other.len() == 1 {
            scoring
                .without_numbers(x | other, o)
                .map(|result| with_end(result, 9))
        } else {
            self.mark_9_on_roots(other.map(|s| {
                let (x9, o9) = rooted.with_9[s.index()];
                (x | x9, o | o9)
            }))
        };
        quick.unwrap_or_else(|| {
            // Both players with lines somewhere: play it out on the game.
            let partner = tree.without(root).lowest(); // a tree of two squares or more
            let child = game
                .apply_unchecked(spooky(root, partner))
                .apply_unchecked(CollapseChoice(root).into());
            if child.is_over() {
                terminal_score(scoring, &child)
            } else {
                self.mark_9(&child)
            }
        })
    }

    /// The exact score before mark 9 (X's) with no collapse pending. The
    /// free squares then carry one tree of spooky marks joining them all
    /// (9 − c squares, 8 − c marks, no cycle), so every spooky move closes a
    /// cycle, O chooses which of its two squares mark 9 lands in, and the
    /// whole tree collapses: the same way whichever other square the move
    /// used, since each square takes the mark that joins it to the square
    /// it is reached from. X's best move therefore joins the two landing
    /// squares with the best results, and gets the second best.
    ///
    /// Unlike [`Solver::mark_8`] this walks the tree itself rather than
    /// through [`Forest::rooted`]: lines for both players are common here,
    /// and their result needs the number of the mark each square takes,
    /// which the walk keeps (the joining mark of each square) and the
    /// forest does not. (Built on the forest, with the numbers found by a
    /// second walk when needed, the solver ran 23 % more instructions.)
    pub(super) fn mark_9(&mut self, game: &Game) -> Score {
        let free = game.free_squares();
        let root = free.lowest();
        // Each square's owner once the tree has collapsed with mark 9 on
        // the root: X's and O's squares.
        let (mut x, mut o) = (game.x_squares().with(root), game.o_squares());
        if free.len() == 1 {
            self.nodes += 1;
            let classical = || {
                let mut classical = *game.classical_numbers();
                classical[root.index()] = 9;
                classical
            };
            return with_end(self.scoring.half_points(x, o, classical), 9);
        }
        // The tree rooted at the lowest free square, in breadth-first
        // order: each square's parent and the mark joining them. Landing
        // there, each square takes the mark to its parent.
        let spooky = game.spooky_masks();
        let mut order = [root; 9];
        let mut parent = [root; 9];
        let mut joining = [9u8; 9];
        let (mut len, mut reached) = (1, SquareSet::of(root));
        let mut next = 0;
        while next < len {
            let square = order[next];
            next += 1;
            for (index, &squares) in spooky.iter().enumerate() {
                let other = squares - reached;
                if squares.contains(square) && !other.is_empty() {
                    let child = other.lowest();
                    reached |= other;
                    parent[child.index()] = square;
                    joining[child.index()] = index as u8 + 1;
                    match Player::of_move(index as u8 + 1) {
                        Player::X => x |= other,
                        Player::O => o |= other,
                    }
                    order[len] = child;
                    len += 1;
                }
            }
        }
        debug_assert_eq!(reached, free, "one tree joins the free squares");
        // Landing on a child of the square last landed on moves the mark
        // joining them to that square, and mark 9 (X's) to the child.
        let mut owners = [(x, o); 9];
        let (mut best, mut second) = (Score::MIN, Score::MIN);
        for &square in &order[..len] {
            if square != root {
                let up = parent[square.index()];
                let (x, o) = owners[up.index()];
                let (x, o) = match Player::of_move(joining[square.index()]) {
                    Player::X => (x.with(up), o.without(up)),
                    Player::O => (x.without(up), o.with(up)),
                };
                owners[square.index()] = (x.with(square), o.without(square));
            }
            let (x, o) = owners[square.index()];
            // The numbers, for lines of both players: walking up from the
            // landing square, each square takes the mark joining it to the
            // one below.
            let classical = || {
                let mut classical = *game.classical_numbers();
                for &s in &order[1..len] {
                    classical[s.index()] = joining[s.index()];
                }
                let (mut below, mut at) = (9, square);
                loop {
                    let next_below = joining[at.index()];
                    classical[at.index()] = below;
                    if at == root {
                        break;
                    }
                    (below, at) = (next_below, parent[at.index()]);
                }
                classical
            };
            self.nodes += 1;
            let score = with_end(self.scoring.half_points(x, o, classical), 9);
            if score > best {
                (best, second) = (score, best);
            } else if score > second {
                second = score;
            }
        }
        second
    }

    /// What X's mark 9 gets in the last tree, given each root's finished
    /// board (X's squares, O's): the second best of their scores (X joins
    /// the two best roots, O chooses between them). `None` when a board has
    /// lines for both players, whose result needs the mark numbers.
    fn mark_9_on_roots(&mut self, boards: impl Iterator<Item = Colouring>) -> Option<Score> {
        let mut scores = [Score::MIN; 9];
        let mut len = 0;
        for (x, o) in boards {
            self.nodes += 1;
            scores[len] = with_end(self.scoring.without_numbers(x, o)?, 9);
            len += 1;
        }
        Some(second_best(scores[..len].iter().copied()))
    }
}

/// Each square's tree collapsed from it, the square itself taking mark 8
/// (O's) or mark 9 (X's), for the closed forms of the last two marks.
struct Rooted {
    with_8: [Colouring; 9],
    with_9: [Colouring; 9],
}

/// The second highest of some scores (`Score::MIN` for fewer than two):
/// what the player placing a mark that closes a cycle gets, when the
/// opponent chooses where it lands.
fn second_best(scores: impl Iterator<Item = Score>) -> Score {
    let (mut best, mut second) = (Score::MIN, Score::MIN);
    for score in scores {
        if score > best {
            (best, second) = (score, best);
        } else if score > second {
            second = score;
        }
    }
    second
}

/// The spooky move on two squares.
fn spooky(a: Square, b: Square) -> Action {
    Action::Move(crate::action::move_from_id(crate::action::spooky_id(a, b)))
}
