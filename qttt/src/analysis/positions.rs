//! The state space: the distinct reachable positions after each number of
//! actions, counted exactly without listing them.
//!
//! The proof is in docs/analysis.md ("The state space"); [`StateSpace`]
//! states the facts it rests on.

use core::ops::RangeInclusive;

use crate::Symmetry;
use crate::outcome::LINES;
use crate::square_set::SquareSet;

/// The lines (bit `i` for line `i`) that the squares of the mask `squares` make.
fn lines_of(squares: u16) -> u8 {
    SquareSet::from_bits(squares).lines()
}
use crate::symmetry::IMAGE;

/// The last ply at which a position can stand: nine marks and four
/// collapses (the full board).
pub const LAST_PLY: usize = 13;

/// Positions of one kind, counted: all of them and by what they wait for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PositionCount {
    /// Every position.
    pub positions: u64,
    /// Those with a collapse pending.
    pub pending: u64,
    /// Finished games won by X.
    pub x_wins: u64,
    /// Finished games won by O.
    pub o_wins: u64,
    /// Finished games drawn (a full board without a line).
    pub draws: u64,
}

impl PositionCount {
    /// The finished games among them: won by either player or drawn.
    #[must_use]
    pub fn terminal(&self) -> u64 {
        self.x_wins + self.o_wins + self.draws
    }

    fn add(&mut self, kind: Kind, count: u64) {
        self.positions += count;
        match kind {
            Kind::Open => {}
            Kind::Pending => self.pending += count,
            Kind::XWins => self.x_wins += count,
            Kind::OWins => self.o_wins += count,
            Kind::Draw => self.draws += count,
        }
    }

    /// Each count divided by `n` (Burnside's average over the symmetries).
    fn divided(self, n: u64) -> PositionCount {
        debug_assert!(
            [
                self.positions,
                self.pending,
                self.x_wins,
                self.o_wins,
                self.draws
            ]
            .iter()
            .all(|count| count % n == 0),
            "Burnside's sums are multiples of the group's size"
        );
        PositionCount {
            positions: self.positions / n,
            pending: self.pending / n,
            x_wins: self.x_wins / n,
            o_wins: self.o_wins / n,
            draws: self.draws / n,
        }
    }

    fn plus(self, other: PositionCount) -> PositionCount {
        PositionCount {
            positions: self.positions + other.positions,
            pending: self.pending + other.pending,
            x_wins: self.x_wins + other.x_wins,
            o_wins: self.o_wins + other.o_wins,
            draws: self.draws + other.draws,
        }
    }
}

/// What a position waits for, or how its game ended.
#[derive(Clone, Copy)]
enum Kind {
    Open,
    Pending,
    XWins,
    OWins,
    Draw,
}

/// The distinct reachable positions of the whole game, exactly: after each
/// number of actions from the empty board (a position counted at every ply
/// at which it can occur), over the whole game (each position once), and
/// both up to the 8 symmetries.
///
/// A position (as [`PositionKey`](crate::PositionKey) tells them apart) is
/// its classical marks (which mark number stands on which square), its
/// spooky marks (the two squares of each) and whether a collapse is
/// pending. Which of these can be reached, and after how many actions, is
/// decided by three facts, proved in docs/analysis.md ("The state space"):
///
/// 1. the spooky marks are any forest on the squares without a classical
///    mark (while a collapse is pending: a forest of the older marks, and
///    the newest mark joining two squares of one of its trees), whatever
///    the classical marks are;
/// 2. the classical marks of `k` squares were left by collapses whose
///    squares split them into blocks of at least two, any such split being
///    possible, the last block holding the highest mark `m`; only the last
///    collapse may complete a line, and then nothing is placed after it
///    (mark 9 as the classical move reaches no full board at a ply that
///    collapses alone do not reach);
/// 3. so a position with `n` marks and `k` classical ones occurs after
///    `n + c` actions exactly for `c` from 1 (0 with no classical mark) to
///    `k / 2`, or, when it has a line, to `1 + (k − b) / 2`, where `b` is
///    the fewest squares (at least two, one of them `m`'s) that meet every
///    line.
///
/// [`StateSpace::count`] sums these over each player's classical squares
/// (3⁹ colourings), the mark numbers by formula, and the forests by the
/// matrix-tree theorem; up to symmetry by Burnside's lemma (a position
/// fixed by a symmetry has its classical marks on fixed squares and each
/// spooky mark on a pair the symmetry maps to itself).
///
/// ```
/// use qttt::analysis::StateSpace;
/// let space = StateSpace::count();
/// // After one action: 36 spooky marks, 8 up to symmetry.
/// assert_eq!(space.by_ply()[1].positions, 36);
/// assert_eq!(space.by_ply_up_to_symmetry()[1].positions, 8);
/// // After 13 actions, only full boards (nine marks, four collapses): 9!.
/// assert_eq!(space.by_ply()[13].positions, 362_880);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateSpace {
    by_ply: [PositionCount; LAST_PLY + 1],
    by_ply_up_to_symmetry: [PositionCount; LAST_PLY + 1],
    whole_game: PositionCount,
    whole_game_up_to_symmetry: PositionCount,
}

impl StateSpace {
    /// Counts the state space (a few milliseconds).
    #[must_use]
    pub fn count() -> StateSpace {
        let fixed = Symmetry::ALL.map(Tally::fixed_by);
        let sum = fixed.iter().fold(Tally::default(), |sum, tally| Tally {
            by_ply: core::array::from_fn(|p| sum.by_ply[p].plus(tally.by_ply[p])),
            whole_game: sum.whole_game.plus(tally.whole_game),
        });
        let orbits = |count: PositionCount| count.divided(Symmetry::ALL.len() as u64);
        StateSpace {
            by_ply: fixed[0].by_ply,
            by_ply_up_to_symmetry: sum.by_ply.map(orbits),
            whole_game: fixed[0].whole_game,
            whole_game_up_to_symmetry: orbits(sum.whole_game),
        }
    }

    /// The positions after each number of actions, 0 to [`LAST_PLY`]. A
    /// position that can occur at several plies (one cycle of four marks,
    /// or two of two: two collapses or one) is counted at each.
    #[must_use]
    pub fn by_ply(&self) -> &[PositionCount; LAST_PLY + 1] {
        &self.by_ply
    }

    /// [`StateSpace::by_ply`] with positions that are rotations or mirror
    /// images of each other counted once.
    #[must_use]
    pub fn by_ply_up_to_symmetry(&self) -> &[PositionCount; LAST_PLY + 1] {
        &self.by_ply_up_to_symmetry
    }

    /// The distinct positions of the whole game, each once.
    #[must_use]
    pub fn whole_game(&self) -> PositionCount {
        self.whole_game
    }

    /// [`StateSpace::whole_game`] up to symmetry.
    #[must_use]
    pub fn whole_game_up_to_symmetry(&self) -> PositionCount {
        self.whole_game_up_to_symmetry
    }

    /// The plies at which the position with these key bits (as
    /// [`PositionKey::to_bits`](crate::PositionKey::to_bits) writes them)
    /// can occur, by the facts this count rests on (see [`StateSpace`]);
    /// `None` when it can never occur, or the bits are no position at all.
    ///
    /// ```
    /// use qttt::Game;
    /// use qttt::analysis::StateSpace;
    /// // Two 2-cycles: one position, reached after 6 actions or, as one
    /// // 4-cycle with a single collapse, after 5.
    /// let game = Game::from_record("12 34 12 @1 34 @3")?;
    /// assert_eq!(StateSpace::plies_of(game.position_key().to_bits()), Some(5..=6));
    /// # Ok::<(), qttt::RecordError>(())
    /// ```
    #[must_use]
    pub fn plies_of(bits: u128) -> Option<RangeInclusive<usize>> {
        let pending = bits >> 117 & 1 == 1;
        if bits >> 118 != 0 {
            return None;
        }
        // Each mark: 0 unplaced, else its classical square + 1 or its pair.
        let mut classical_square = [None::<usize>; 9];
        let (mut x, mut o) = (0u16, 0u16);
        for square in 0..9 {
            let number = (bits >> (4 * square) & 0xf) as usize;
            match number {
                0 => {}
                1..=9 if classical_square[number - 1].is_none() => {
                    classical_square[number - 1] = Some(square);
                    *if number % 2 == 1 { &mut x } else { &mut o } |= 1 << square;
                }
                _ => return None,
            }
        }
        let spooky: [u16; 9] = core::array::from_fn(|k| (bits >> (36 + 9 * k) & 0x1ff) as u16);
        let classical = x | o;
        let mut marks = 0; // the marks placed are 1..=marks
        for mark in 0..9 {
            let placed = match (classical_square[mark], spooky[mark]) {
                (None, 0) => false,
                (Some(_), 0) => true,
                (None, pair) if pair.count_ones() == 2 && pair & classical == 0 => true,
                _ => return None,
            };
            if placed {
                if marks != mark {
                    return None; // a gap below this mark
                }
                marks = mark + 1;
            }
        }
        // The spooky marks in number order: a forest, but for the newest
        // closing a cycle exactly when a collapse is pending.
        let mut tree = [0u16; 9]; // the squares joined to each square
        for (square, joined) in tree.iter_mut().enumerate() {
            *joined = 1 << square;
        }
        let mut closed_cycle = false;
        for (mark, &pair) in spooky.iter().enumerate().take(marks) {
            if pair == 0 {
                continue;
            }
            let (a, b) = (
                pair.trailing_zeros() as usize,
                15 - pair.leading_zeros() as usize,
            );
            if tree[a] & 1 << b != 0 {
                if !pending || mark + 1 != marks {
                    return None;
                }
                closed_cycle = true;
            } else {
                let joined = tree[a] | tree[b];
                let mut squares = joined;
                while squares != 0 {
                    tree[squares.trailing_zeros() as usize] = joined;
                    squares &= squares - 1;
                }
            }
        }
        if pending != closed_cycle {
            return None;
        }
        let k = classical.count_ones() as usize;
        let collapses = if k == 0 {
            0..=0
        } else if k == 1 {
            return None; // a collapse leaves at least two classical marks
        } else if lines_of(x) | lines_of(o) == 0 {
            1..=k / 2
        } else {
            let highest = classical_square.iter().rposition(Option::is_some)?;
            if pending || highest + 1 != marks {
                return None; // the game ended at the line
            }
            let lines = lines_of(x) | lines_of(o);
            1..=most_collapses(k, lines, classical_square[highest]?)
        };
        Some(marks + collapses.start()..=marks + collapses.end())
    }
}

/// The most collapses that can leave `k` classical squares whose `lines`
/// (a set over [`LINES`]) the last collapse completed, with the highest
/// mark on `last`: the last collapse's squares include `last` and meet
/// every line, at least two of them; the others split into blocks of two
/// or more.
fn most_collapses(k: usize, lines: u8, last: usize) -> usize {
    let fewest = (1 + fewest_meeting(lines_avoiding(lines, last))).max(2);
    1 + (k - fewest) / 2
}

/// The lines of `lines` that do not pass through `square`.
fn lines_avoiding(lines: u8, square: usize) -> u8 {
    let mut avoiding = 0;
    for (i, line) in LINES.iter().enumerate() {
        if lines & 1 << i != 0 && !line.contains(&(square as u8)) {
            avoiding |= 1 << i;
        }
    }
    avoiding
}

/// The fewest squares that meet each line of `lines`: none, one common to
/// all, two (one square, and one common to the lines it misses), or three.
fn fewest_meeting(lines: u8) -> usize {
    let common = |lines: u8| {
        (0..8)
            .filter(|&i| lines & 1 << i != 0)
            .fold(0x1ff, |common, i| common & line_mask(i))
    };
    if lines == 0 {
        0
    } else if common(lines) != 0 {
        1
    } else if (0..9).any(|square| common(lines_avoiding(lines, square)) != 0) {
        2
    } else {
        3
    }
}

fn line_mask(i: usize) -> u16 {
    LINES[i].iter().fold(0, |mask, &s| mask | 1 << s)
}

/// The positions fixed by one symmetry (all of them for the identity), by
/// ply and over the whole game.
#[derive(Clone, Copy, Default)]
struct Tally {
    by_ply: [PositionCount; LAST_PLY + 1],
    whole_game: PositionCount,
}

impl Tally {
    /// `count` positions of one kind, occurring at each of `plies`.
    fn add(&mut self, plies: RangeInclusive<usize>, kind: Kind, count: u64) {
        if count == 0 {
            return;
        }
        for ply in plies {
            self.by_ply[ply].add(kind, count);
        }
        self.whole_game.add(kind, count);
    }

    /// The reachable positions that `symmetry` maps to themselves: those
    /// with their classical marks on fixed squares and each spooky mark on
    /// a pair mapped to itself.
    fn fixed_by(symmetry: Symmetry) -> Tally {
        let image = &IMAGE[symmetry as usize];
        let fixed = (0..9)
            .filter(|&s| usize::from(image[s]) == s)
            .fold(0u16, |m, s| m | 1 << s);
        let mut pairs = [0u16; 9];
        for a in 0..9 {
            for b in 0..9 {
                let (ia, ib) = (usize::from(image[a]), usize::from(image[b]));
                if a != b && ((ia, ib) == (a, b) || (ia, ib) == (b, a)) {
                    pairs[a] |= 1 << b;
                }
            }
        }
        Tally::restricted(fixed, &pairs)
    }

    /// The reachable positions with their classical marks on the squares
    /// of `classical` and their spooky marks on pairs of `pairs` (`pairs[a]`
    /// the squares paired with `a`): each colouring of those squares by the
    /// players' classical marks, with every numbering of its marks and every
    /// forest of such spooky marks on the other squares.
    fn restricted(fixed: u16, pairs: &[u16; 9]) -> Tally {
        let spooky = SpookyMarks::on(pairs);
        let mut tally = Tally::default();
        let mut xs = fixed;
        loop {
            let mut os = fixed & !xs;
            loop {
                tally.add_colouring(xs, os, &spooky);
                if os == 0 {
                    break;
                }
                os = (os - 1) & fixed & !xs;
            }
            if xs == 0 {
                break;
            }
            xs = (xs - 1) & fixed;
        }
        tally
    }

    /// The positions whose classical marks are X's on `x` and O's on `o`.
    fn add_colouring(&mut self, x: u16, o: u16, spooky: &SpookyMarks) {
        let (xn, on) = (x.count_ones() as usize, o.count_ones() as usize);
        let k = xn + on;
        let free = usize::from(!(x | o) & 0x1ff);
        if k == 0 {
            // Spooky marks only: n of them after n actions.
            for n in 0..=9 {
                self.add(n..=n, Kind::Open, spooky.forests[free][n]);
                self.add(n..=n, Kind::Pending, spooky.closing[free][n]);
            }
            return;
        }
        if k == 1 || xn > 5 || on > 4 {
            // A collapse leaves at least two classical marks; X has five
            // marks, O four.
            return;
        }
        let (x_lines, o_lines) = (lines_of(x), lines_of(o));
        if x_lines | o_lines == 0 {
            // Any split into collapses; spooky marks after the highest
            // classical mark `m` go on, up to n marks in all.
            for m in k..=9 {
                let numberings =
                    numberings_topped_at(m, xn, on) * (if m % 2 == 1 { xn } else { on }) as u64;
                for n in m..=9 {
                    let (plies, e) = (n + 1..=n + k / 2, n - k);
                    let kind = if free == 0 { Kind::Draw } else { Kind::Open };
                    self.add(plies.clone(), kind, numberings * spooky.forests[free][e]);
                    if n > m {
                        self.add(plies, Kind::Pending, numberings * spooky.closing[free][e]);
                    }
                }
            }
            return;
        }
        // A line: the game ended at the collapse that left mark m classical.
        let lines = x_lines | o_lines;
        if x_lines == 0 || o_lines == 0 {
            let kind = if x_lines != 0 {
                Kind::XWins
            } else {
                Kind::OWins
            };
            for m in k..=9 {
                let owner = if m % 2 == 1 { x } else { o };
                let numberings = numberings_topped_at(m, xn, on);
                let spooky_marks = spooky.forests[free][m - k];
                let mut squares = owner;
                while squares != 0 {
                    let last = squares.trailing_zeros() as usize;
                    squares &= squares - 1;
                    let plies = m + 1..=m + most_collapses(k, lines, last);
                    self.add(plies, kind, numberings * spooky_marks);
                }
            }
            return;
        }
        self.add_both_lines(x, o, lines, spooky);
    }

    /// The positions with lines for both players on the colouring `x`, `o`:
    /// the winner depends on the numbers (the line whose highest number is
    /// lower wins), so the numberings are counted by the ranks of the
    /// marks within each player's, and then by the numbers taken.
    fn add_both_lines(&mut self, x: u16, o: u16, lines: u8, spooky: &SpookyMarks) {
        let (xn, on) = (x.count_ones() as usize, o.count_ones() as usize);
        let k = xn + on;
        let free = usize::from(!(x | o) & 0x1ff);
        // For each player: (square of the top rank, rank deciding the line).
        let x_ranks = RankCounts::of(x);
        let o_ranks = RankCounts::of(o);
        // Every choice of X's numbers (odd) and O's (even).
        for odd_set in 0u16..1 << 5 {
            if odd_set.count_ones() as usize != xn {
                continue;
            }
            let odd: [usize; 5] = nth_numbers(odd_set, 1);
            for even_set in 0u16..1 << 4 {
                if even_set.count_ones() as usize != on {
                    continue;
                }
                let even: [usize; 5] = nth_numbers(even_set, 2);
                let (top_x, top_o) = (odd[xn - 1], even[on - 1]);
                let m = top_x.max(top_o);
                let spooky_marks = spooky.forests[free][m - k];
                if spooky_marks == 0 {
                    continue;
                }
                let (top, other) = if m % 2 == 1 {
                    (&x_ranks, &o_ranks)
                } else {
                    (&o_ranks, &x_ranks)
                };
                for last in 0..9 {
                    for rank in 0..5 {
                        let ways = top.counts[last][rank];
                        if ways == 0 {
                            continue;
                        }
                        let plies = m + 1..=m + most_collapses(k, lines, last);
                        for other_rank in 0..5 {
                            let other_ways = other.by_rank[other_rank];
                            if other_ways == 0 {
                                continue;
                            }
                            let (x_rank, o_rank) = if m % 2 == 1 {
                                (rank, other_rank)
                            } else {
                                (other_rank, rank)
                            };
                            let kind = if odd[x_rank] < even[o_rank] {
                                Kind::XWins
                            } else {
                                Kind::OWins
                            };
                            self.add(plies.clone(), kind, ways * other_ways * spooky_marks);
                        }
                    }
                }
            }
        }
    }
}

/// The numbers of a set of ranks: bit `i` of `set` stands for
/// `first + 2i`, listed ascending.
fn nth_numbers(set: u16, first: usize) -> [usize; 5] {
    let mut numbers = [0; 5];
    let mut len = 0;
    for i in 0..5 {
        if set & 1 << i != 0 {
            numbers[len] = first + 2 * i;
            len += 1;
        }
    }
    numbers
}

/// How one player's marks can be ordered on their squares `squares`
/// (holding a line): for each ordering, the square of the highest and the
/// rank (0 the lowest) of the highest mark of their earliest line.
struct RankCounts {
    /// Orderings by (square of the highest, rank deciding the line).
    counts: [[u64; 5]; 9],
    /// The same by rank only.
    by_rank: [u64; 5],
}

impl RankCounts {
    fn of(squares: u16) -> RankCounts {
        let mut list = [0usize; 5];
        let mut len = 0;
        let mut left = squares;
        while left != 0 {
            list[len] = left.trailing_zeros() as usize;
            len += 1;
            left &= left - 1;
        }
        let mut counts = RankCounts {
            counts: [[0; 5]; 9],
            by_rank: [0; 5],
        };
        let mut rank_of = [0usize; 9];
        permute(&mut list[..len], 0, &mut |order| {
            for (rank, &square) in order.iter().enumerate() {
                rank_of[square] = rank;
            }
            let deciding = (0..8)
                .filter(|&i| lines_of(squares) & 1 << i != 0)
                .map(|i| {
                    LINES[i]
                        .iter()
                        .map(|&s| rank_of[usize::from(s)])
                        .max()
                        .unwrap_or(0)
                })
                .min()
                .unwrap_or(0);
            counts.counts[order[order.len() - 1]][deciding] += 1;
            counts.by_rank[deciding] += 1;
        });
        counts
    }
}

/// Calls `visit` with every ordering of `items[from..]` after `items[..from]`.
fn permute(items: &mut [usize], from: usize, visit: &mut impl FnMut(&[usize])) {
    if from == items.len() {
        visit(items);
        return;
    }
    for i in from..items.len() {
        items.swap(from, i);
        permute(items, from + 1, visit);
        items.swap(from, i);
    }
}

/// The numberings of `xn` X squares (odd numbers) and `on` O squares (even)
/// whose highest number is `m`, on one given square of its owner.
fn numberings_topped_at(m: usize, xn: usize, on: usize) -> u64 {
    let (odd_below, even_below) = (m / 2, (m - 1) / 2);
    if m % 2 == 1 {
        if xn == 0 {
            return 0;
        }
        arrangements(odd_below, xn - 1) * arrangements(even_below, on)
    } else {
        if on == 0 {
            return 0;
        }
        arrangements(odd_below, xn) * arrangements(even_below, on - 1)
    }
}

/// Ordered choices of `r` of `n` things: n! / (n − r)!.
fn arrangements(n: usize, r: usize) -> u64 {
    if r > n {
        return 0;
    }
    (n - r + 1..=n).map(|i| i as u64).product()
}

/// The spooky marks a position can hold on each set of free squares, with
/// their numbers (any order of a set of marks is another position), on
/// some of the pairs of squares (all of them, or those a symmetry maps to
/// themselves).
struct SpookyMarks {
    /// `forests[S][e]`: e numbered marks with no cycle on the squares S.
    forests: Box<[[u64; 10]; 512]>,
    /// `closing[S][e]`: e numbered marks on S, the newest closing a cycle
    /// in the forest of the e − 1 others.
    closing: Box<[[u64; 10]; 512]>,
}

impl SpookyMarks {
    /// Spooky marks on the pairs `allowed` (`allowed[a]` the squares
    /// paired with `a`).
    fn on(allowed: &[u16; 9]) -> SpookyMarks {
        // Spanning trees of each set of squares (the matrix-tree theorem),
        // and the pairs inside it.
        let trees: Vec<u64> = (0..512u16)
            .map(|set| spanning_trees(set, allowed))
            .collect();
        let pairs: Vec<u64> = (0..512u16)
            .map(|set| {
                (0..9)
                    .filter(|&a| set & 1 << a != 0)
                    .map(|a| u64::from((allowed[a] & set).count_ones()))
                    .sum::<u64>()
                    / 2
            })
            .collect();
        // Unnumbered forests by the tree of the lowest square.
        let mut forests = Box::new([[0u64; 10]; 512]);
        let mut closing = Box::new([[0u64; 10]; 512]);
        forests[0][0] = 1;
        for set in 1..512usize {
            let low = set & set.wrapping_neg();
            let rest = set & !low;
            let mut sub = rest;
            loop {
                let tree = sub | low;
                let others = set & !tree;
                let edges = tree.count_ones() as usize - 1;
                for e in edges..10 {
                    let (f, c) = (forests[others][e - edges], closing[others][e - edges]);
                    forests[set][e] += trees[tree] * f;
                    // The closing mark in this tree, or in one of the others.
                    closing[set][e] += trees[tree] * (pairs[tree] * f + c);
                }
                if sub == 0 {
                    break;
                }
                sub = (sub - 1) & rest;
            }
        }
        // Numbered: e marks in any of e! orders; with a cycle, the newest
        // closes it and the other e − 1 are in any order.
        let mut factorial = [1u64; 10];
        for e in 1..10 {
            factorial[e] = factorial[e - 1] * e as u64;
        }
        for set in 0..512 {
            let open = closing[set];
            for e in 0..10 {
                forests[set][e] *= factorial[e];
                closing[set][e] = if e == 0 {
                    0
                } else {
                    open[e - 1] * factorial[e - 1]
                };
            }
        }
        SpookyMarks { forests, closing }
    }
}

/// The spanning trees of the squares of `set` using the pairs `allowed`,
/// by the matrix-tree theorem (a determinant of the Laplacian with one row
/// and column left out, by fraction-free elimination).
fn spanning_trees(set: u16, allowed: &[u16; 9]) -> u64 {
    let squares: Vec<usize> = (0..9).filter(|&s| set & 1 << s != 0).collect();
    if squares.len() <= 1 {
        return u64::from(squares.len() == 1);
    }
    let n = squares.len() - 1;
    let mut matrix = [[0i64; 8]; 8];
    for (i, &a) in squares[1..].iter().enumerate() {
        matrix[i][i] = i64::from((allowed[a] & set).count_ones());
        for (j, &b) in squares[1..].iter().enumerate() {
            if i != j && allowed[a] & 1 << b != 0 {
                matrix[i][j] = -1;
            }
        }
    }
    // Bareiss: every division is exact.
    let mut previous = 1i64;
    let mut sign = 1;
    for col in 0..n {
        let Some(pivot) = (col..n).find(|&r| matrix[r][col] != 0) else {
            return 0;
        };
        if pivot != col {
            matrix.swap(pivot, col);
            sign = -sign;
        }
        for r in col + 1..n {
            for c in col + 1..n {
                matrix[r][c] =
                    (matrix[r][c] * matrix[col][col] - matrix[r][col] * matrix[col][c]) / previous;
            }
            matrix[r][col] = 0;
        }
        previous = matrix[col][col];
    }
    (sign * matrix[n - 1][n - 1]) as u64
}

#[cfg(test)]
mod tests {
    //! The count and `plies_of` against exhaustive searches of the game:
    //! on the whole board up to a few marks, and on a few squares to the
    //! end of the game (lines, and collapses completing them).

    use std::collections::{HashMap, HashSet};

    use super::*;
    use crate::{Action, Game, MoveKind, Player, PositionKey};

    /// Every position that games placing at most `marks` marks, all on the
    /// squares of `within`, reach: its plies (bit `p` for ply `p`) and a
    /// game reaching it. On the whole board that is every position of up
    /// to `marks` marks at every ply. On fewer squares a position may also
    /// be reached through others (a mark collapses into one of its two
    /// squares), but the games the proof builds stay on its own squares,
    /// so by the proof each is found at every ply at which it occurs.
    fn searched(within: u16, marks: u8) -> HashMap<u128, (u16, Game)> {
        let mut found: HashMap<u128, (u16, Game)> = HashMap::new();
        let mut level = vec![Game::new()];
        for ply in 0..=LAST_PLY {
            let mut next: HashMap<u128, Game> = HashMap::new();
            for game in &level {
                let key = game.position_key().to_bits();
                found.entry(key).or_insert((0, *game)).0 |= 1 << ply;
                for action in game.legal_actions().iter() {
                    let squares = match action {
                        Action::Move(m) => match m.kind() {
                            MoveKind::Spooky(a, b) => SquareSet::pair(a, b).bits(),
                            MoveKind::Classical(s) => SquareSet::of(s).bits(),
                        },
                        Action::Collapse(choice) => SquareSet::of(choice.square()).bits(),
                    };
                    let child = game.apply_unchecked(action);
                    if squares & !within == 0 && child.move_number() <= marks + 1 {
                        next.entry(child.position_key().to_bits()).or_insert(child);
                    }
                }
            }
            level = next.into_values().collect();
        }
        found
    }

    /// A range of plies as the bits of [`searched`].
    fn ply_bits(plies: Option<RangeInclusive<usize>>) -> Option<u16> {
        plies.map(|plies| plies.fold(0, |bits, ply| bits | 1 << ply))
    }

    /// The positions found, each at its plies and once in the whole game,
    /// of the kind the rules give it.
    fn tally_of(found: &HashMap<u128, (u16, Game)>) -> Tally {
        let mut tally = Tally::default();
        for (plies, game) in found.values() {
            let kind = match game.outcome().map(|o| o.winner()) {
                _ if game.collapse_options().is_some() => Kind::Pending,
                None => Kind::Open,
                Some(Some(Player::X)) => Kind::XWins,
                Some(Some(Player::O)) => Kind::OWins,
                Some(None) => Kind::Draw,
            };
            for ply in 0..=LAST_PLY {
                if plies & 1 << ply != 0 {
                    tally.by_ply[ply].add(kind, 1);
                }
            }
            tally.whole_game.add(kind, 1);
        }
        tally
    }

    /// On the squares of `within`: the count restricted to them equals
    /// the search ply by ply and kind by kind, and `plies_of` gives each
    /// position found exactly its plies.
    fn count_equals_search_within(within: u16) -> PositionCount {
        let found = searched(within, 9);
        for (&bits, &(plies, _)) in &found {
            assert_eq!(
                ply_bits(StateSpace::plies_of(bits)),
                Some(plies),
                "{bits:#x}"
            );
        }
        let mut pairs = [0u16; 9];
        for (a, paired) in pairs.iter_mut().enumerate() {
            if within & 1 << a != 0 {
                *paired = within & !(1 << a);
            }
        }
        let counted = Tally::restricted(within, &pairs);
        let searched = tally_of(&found);
        assert_eq!(counted.by_ply, searched.by_ply);
        assert_eq!(counted.whole_game, searched.whole_game);
        counted.whole_game
    }

    /// Five squares holding two lines of X (crossing, and meeting in a
    /// corner): X's lines from collapses at every ply they occur.
    #[test]
    fn the_count_on_five_squares_equals_the_search() {
        for within in [0b010_010_111, 0b001_001_111] {
            let whole = count_equals_search_within(within);
            assert!(whole.x_wins > 0 && whole.pending > 0, "{whole:?}");
        }
    }

    /// The top two rows (three million positions): a collapse of mark 6
    /// can complete X's 1, 3, 5 on one row and O's 2, 4, 6 on the other,
    /// lines for both players, which X wins. (O never wins there: O's line
    /// needs mark 6, and X's three marks then fit on the other row only.)
    #[test]
    #[ignore = "release mode: half a minute"]
    fn the_count_on_the_top_two_rows_equals_the_search() {
        let whole = count_equals_search_within(0b000_111_111);
        assert!(whole.x_wins > 0 && whole.o_wins == 0, "{whole:?}");
    }

    /// Every description with at most `marks` marks, each classical on a
    /// square or spooky on a pair, pending or not (most of them no
    /// position at all), as key bits.
    fn every_description(marks: usize, visit: &mut impl FnMut(u128)) {
        fn extend(bits: u128, mark: usize, marks: usize, visit: &mut impl FnMut(u128)) {
            visit(bits);
            visit(bits | 1 << 117);
            if mark > marks {
                return;
            }
            for square in 0..9 {
                if bits >> (4 * square) & 0xf == 0 {
                    extend(
                        bits | (mark as u128) << (4 * square),
                        mark + 1,
                        marks,
                        visit,
                    );
                }
            }
            for a in 0..9 {
                for b in a + 1..9 {
                    let pair = (1u128 << a) | (1 << b);
                    extend(bits | pair << (36 + 9 * (mark - 1)), mark + 1, marks, visit);
                }
            }
        }
        extend(0, 1, marks, visit);
    }

    /// Every description with at most `marks` marks is judged by
    /// `plies_of` exactly as the search of the whole board finds it (the
    /// positions it rules out are never reached), and the count's plies up
    /// to `marks` equal the search's, also up to symmetry.
    fn judged_as_the_search_finds(marks: usize) {
        let found = searched(0x1ff, marks as u8);
        let mut accepted = 0;
        every_description(marks, &mut |bits| {
            let plies = ply_bits(StateSpace::plies_of(bits));
            assert_eq!(
                plies,
                found.get(&bits).map(|&(plies, _)| plies),
                "{bits:#x}"
            );
            accepted += usize::from(plies.is_some());
        });
        // Every position found is one of the descriptions: all are judged.
        assert_eq!(accepted, found.len());
        let space = StateSpace::count();
        for ply in 0..=marks {
            let at_ply = || found.values().filter(|(plies, _)| plies & 1 << ply != 0);
            let orbits: HashSet<PositionKey> = at_ply().map(|(_, g)| g.canonical_key()).collect();
            assert_eq!(
                space.by_ply()[ply].positions,
                at_ply().count() as u64,
                "ply {ply}"
            );
            let symmetric = space.by_ply_up_to_symmetry()[ply].positions;
            assert_eq!(symmetric, orbits.len() as u64, "ply {ply} up to symmetry");
        }
    }

    #[test]
    fn every_position_of_three_marks_is_judged_as_the_search_finds_it() {
        judged_as_the_search_finds(3);
    }

    #[test]
    #[ignore = "release mode: a minute"]
    fn every_position_of_four_marks_is_judged_as_the_search_finds_it() {
        judged_as_the_search_finds(4);
    }

    /// Burnside's sums divide by 8 (checked in `divided`), and the whole
    /// game's figures add up.
    #[test]
    fn the_orbits_are_whole_numbers() {
        let space = StateSpace::count();
        let whole = space.whole_game();
        assert!(whole.terminal() + whole.pending < whole.positions);
        assert!(space.whole_game_up_to_symmetry().positions * 8 > whole.positions);
    }
}
