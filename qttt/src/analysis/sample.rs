//! Positions drawn uniformly at random among the distinct reachable ones
//! (over the whole game or within one ply), and a data set of them labelled
//! with every legal action's exact value under each scoring.
//!
//! The sampler is rejection sampling from a superset that is easy to draw
//! from exactly: every *description* (marks `1..=n`, `k` of them classical
//! on distinct squares, the others spooky on pairs of the free squares, a
//! collapse pending or not), accepted when [`StateSpace::plies_of`] says
//! the position occurs (at the ply asked for). Each description is drawn
//! with the same probability and each position is exactly one description,
//! so the accepted ones are uniform; docs/analysis.md gives the argument.

use std::ops::RangeInclusive;

use super::{ActionValue, LAST_PLY, Scoring, Solver, StateSpace};
use crate::Game;
use crate::random::SplitMix64;

/// The 8 lines as square indices.
const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// A number in `0..n` (`n` ≥ 1), exactly uniform: 64 random bits below the
/// largest multiple of `n` that fits are rejected and drawn again.
fn below(rng: &mut SplitMix64, n: u64) -> u64 {
    debug_assert!(n > 0);
    // 2⁶⁴ mod n: the draws below it are the incomplete last block.
    let threshold = n.wrapping_neg() % n;
    loop {
        let x = rng.next_u64();
        if x >= threshold {
            return x % n;
        }
    }
}

fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |c, i| c * (n - i) / (i + 1))
}

/// The descriptions with `n` marks, `k` of them classical: which `k` of
/// the marks are classical, their squares in order, a pair of the `9 − k`
/// free squares for each other mark, and a collapse pending or not.
fn descriptions(n: u64, k: u64) -> u64 {
    let squares = (9 - k + 1..=9).product::<u64>();
    2 * binomial(n, k) * squares * binomial(9 - k, 2).pow((n - k) as u32)
}

/// Could a position with `n` marks, `k` of them classical, occur at `ply`
/// (`None`: at any ply)? A necessary condition only (fact 3 of
/// docs/analysis.md: `c` collapses, `1 ≤ c ≤ k/2` when `k > 0`, none when
/// `k = 0`, at ply `n + c`); [`StateSpace::plies_of`] decides.
fn may_occur(n: u64, k: u64, ply: Option<usize>) -> bool {
    if k == 1 || descriptions(n, k) == 0 {
        return false;
    }
    let Some(ply) = ply else { return true };
    let ply = ply as u64;
    if k == 0 {
        ply == n
    } else {
        ply > n && ply - n <= k / 2
    }
}

/// Draws positions uniformly at random among the distinct reachable ones
/// (each counted once, as [`StateSpace::whole_game`] counts them), or
/// among those that occur at one ply (as [`StateSpace::by_ply`] counts
/// them), each with a record that reaches it. Seeded: the same seed gives
/// the same positions on every machine.
///
/// ```
/// use qttt::analysis::PositionSampler;
/// let mut sampler = PositionSampler::at_ply(2026, 5).unwrap();
/// let sample = sampler.sample();
/// assert_eq!(sample.game.plies(), 5);
/// assert!(sample.plies.contains(&5));
/// ```
#[derive(Clone, Debug)]
pub struct PositionSampler {
    rng: SplitMix64,
    ply: Option<usize>,
    /// `(n, k, descriptions so far)` for each kind of description that may
    /// occur, the last running total being all of them.
    kinds: Vec<(u64, u64, u64)>,
    attempts: u64,
}

/// One position drawn by a [`PositionSampler`].
#[derive(Clone, Debug)]
pub struct SampledPosition {
    /// The position, reached by a record of `ply` actions when the sampler
    /// draws within a ply, else of the first ply in `plies`.
    pub game: Game,
    /// Every ply at which the position occurs (as
    /// [`StateSpace::plies_of`] gives them).
    pub plies: RangeInclusive<usize>,
}

impl PositionSampler {
    /// A sampler over all distinct reachable positions
    /// (8,275,673,077,381), each equally likely.
    #[must_use]
    pub fn new(seed: u64) -> PositionSampler {
        Self::with(seed, None)
    }

    /// A sampler over the positions that occur after exactly `ply` actions
    /// from the empty board, each equally likely; `None` for a ply past
    /// [`LAST_PLY`].
    #[must_use]
    pub fn at_ply(seed: u64, ply: usize) -> Option<PositionSampler> {
        (ply <= LAST_PLY).then(|| Self::with(seed, Some(ply)))
    }

    fn with(seed: u64, ply: Option<usize>) -> PositionSampler {
        let mut kinds = Vec::new();
        let mut total = 0;
        for n in 0..=9 {
            for k in 0..=n {
                if may_occur(n, k, ply) {
                    total += descriptions(n, k);
                    kinds.push((n, k, total));
                }
            }
        }
        PositionSampler {
            rng: SplitMix64::new(seed),
            ply,
            kinds,
            attempts: 0,
        }
    }

    /// The ply the sampler draws within, if any.
    #[must_use]
    pub fn ply(&self) -> Option<usize> {
        self.ply
    }

    /// The descriptions drawn so far, accepted or not (the cost of the
    /// rejection).
    #[must_use]
    pub fn attempts(&self) -> u64 {
        self.attempts
    }

    /// The next position.
    pub fn sample(&mut self) -> SampledPosition {
        loop {
            let (bits, description) = self.draw();
            self.attempts += 1;
            let Some(plies) = StateSpace::plies_of(bits) else {
                continue;
            };
            let ply = match self.ply {
                Some(ply) if plies.contains(&ply) => ply,
                Some(_) => continue,
                None => *plies.start(),
            };
            let record = description.record_reaching(ply);
            let game = Game::from_record(&record).unwrap_or_else(|e| {
                panic!("the record built for a reachable position: {record}: {e}")
            });
            assert_eq!(
                game.position_key().to_bits(),
                bits,
                "the record built: {record}"
            );
            assert_eq!(game.plies(), ply, "the record built: {record}");
            return SampledPosition { game, plies };
        }
    }

    /// One description, every one of the superset equally likely.
    fn draw(&mut self) -> (u128, Description) {
        let total = self.kinds.last().expect("every ply has positions").2;
        let pick = below(&mut self.rng, total);
        let &(n, k, _) = self
            .kinds
            .iter()
            .find(|&&(_, _, upto)| pick < upto)
            .expect("below the total");
        let (n, k) = (n as usize, k as usize);
        let mut description = Description {
            classical: [0; 9],
            spooky: [None; 9],
            pending: below(&mut self.rng, 2) == 1,
        };
        // A uniform set of k marks (a partial shuffle), on a uniform
        // sequence of k distinct squares in ascending order of the marks.
        let mut marks: Vec<usize> = (1..=n).collect();
        for i in 0..k {
            let j = i + below(&mut self.rng, (n - i) as u64) as usize;
            marks.swap(i, j);
        }
        let mut classical_marks = marks[..k].to_vec();
        classical_marks.sort_unstable();
        let mut squares: Vec<usize> = (0..9).collect();
        for (i, &mark) in classical_marks.iter().enumerate() {
            let j = i + below(&mut self.rng, (9 - i) as u64) as usize;
            squares.swap(i, j);
            description.classical[squares[i]] = mark as u8;
        }
        let free = &squares[k..];
        let pairs = (free.len() * free.len().saturating_sub(1) / 2) as u64;
        for mark in 1..=n {
            if classical_marks.contains(&mark) {
                continue;
            }
            let mut index = below(&mut self.rng, pairs) as usize;
            'pair: for a in 0..free.len() {
                for b in a + 1..free.len() {
                    if index == 0 {
                        let (x, y) = (free[a].min(free[b]), free[a].max(free[b]));
                        description.spooky[mark - 1] = Some((x, y));
                        break 'pair;
                    }
                    index -= 1;
                }
            }
        }
        (description.bits(), description)
    }
}

impl Iterator for PositionSampler {
    type Item = SampledPosition;

    fn next(&mut self) -> Option<SampledPosition> {
        Some(self.sample())
    }
}

/// A position as its key describes it: the mark number on each square (0
/// none), the two squares of each spooky mark (index = number − 1), and
/// whether a collapse is pending.
#[derive(Clone, Copy, Debug)]
struct Description {
    classical: [u8; 9],
    spooky: [Option<(usize, usize)>; 9],
    pending: bool,
}

impl Description {
    /// The key's bits, laid out as [`crate::PositionKey::to_bits`] writes
    /// them.
    fn bits(&self) -> u128 {
        let mut bits = u128::from(self.pending) << 117;
        for (square, &number) in self.classical.iter().enumerate() {
            bits |= u128::from(number) << (4 * square);
        }
        for (k, pair) in self.spooky.iter().enumerate() {
            if let Some((a, b)) = pair {
                bits |= u128::from((1u16 << a) | (1 << b)) << (36 + 9 * k);
            }
        }
        bits
    }

    fn marks(&self) -> usize {
        (1..=9)
            .rev()
            .find(|&n| self.spooky[n - 1].is_some() || self.classical.contains(&(n as u8)))
            .unwrap_or(0)
    }

    fn square_of(&self, number: usize) -> Option<usize> {
        self.classical
            .iter()
            .position(|&n| usize::from(n) == number)
    }

    /// The lines of one owner's classical marks among `squares`.
    fn has_lines_within(&self, squares: &[usize]) -> Vec<[usize; 3]> {
        let owner = |s: usize| (self.classical[s] != 0).then(|| self.classical[s] % 2);
        LINES
            .into_iter()
            .filter(|line| {
                line.iter().all(|s| squares.contains(s))
                    && owner(line[0]).is_some()
                    && line.iter().all(|&s| owner(s) == owner(line[0]))
            })
            .collect()
    }

    /// A record reaching the position after exactly `ply` actions (a ply
    /// [`StateSpace::plies_of`] gives it), built as fact 1 of
    /// docs/analysis.md builds it: the classical squares split into
    /// `ply − n` blocks (the last holding the highest mark and meeting
    /// every line), each block a cycle of two marks with its others hanging
    /// off its highest mark's square, collapsed right after that mark; the
    /// spooky marks where they are.
    fn record_reaching(&self, ply: usize) -> String {
        let n = self.marks();
        let classical: Vec<usize> = (0..9).filter(|&s| self.classical[s] != 0).collect();
        let mut collapses = ply - n;
        let (mut to_split, mut last_block) = (classical.clone(), Vec::new());
        let lines = self.has_lines_within(&classical);
        if !lines.is_empty() {
            let highest = (1..=n).rev().find_map(|m| self.square_of(m));
            let top = highest.expect("a line is classical");
            let rest: Vec<usize> = classical.iter().copied().filter(|&s| s != top).collect();
            let missing: Vec<&[usize; 3]> = lines.iter().filter(|l| !l.contains(&top)).collect();
            // The fewest other squares meeting every line that misses `top`.
            let meeting = (0u32..1 << rest.len())
                .filter(|set| {
                    missing.iter().all(|line| {
                        (0..rest.len()).any(|i| set & 1 << i != 0 && line.contains(&rest[i]))
                    })
                })
                .min_by_key(|set| set.count_ones())
                .expect("all the others meet every line");
            last_block.push(top);
            last_block.extend(
                (0..rest.len())
                    .filter(|i| meeting & 1 << i != 0)
                    .map(|i| rest[i]),
            );
            to_split.retain(|s| !last_block.contains(s));
            if last_block.len() < 2 || collapses == 1 {
                // Fill the last block up to two squares, or take everything.
                let take = if collapses == 1 { to_split.len() } else { 1 };
                last_block.extend(to_split.drain(..take));
            }
            collapses -= 1;
        }
        // Blocks of two and one of the rest.
        let mut blocks: Vec<Vec<usize>> = Vec::new();
        if collapses > 0 {
            for _ in 1..collapses {
                blocks.push(to_split.drain(..2).collect());
            }
            blocks.push(core::mem::take(&mut to_split));
        }
        debug_assert!(to_split.is_empty());
        if !last_block.is_empty() {
            blocks.push(last_block);
        }
        // Each mark's token, and the collapse after each block's highest.
        let digit = |s: usize| char::from(b'1' + s as u8);
        let mut tokens: Vec<String> = vec![String::new(); n + 1];
        let mut after: Vec<Option<usize>> = vec![None; n + 1];
        for block in &blocks {
            let top_mark = block
                .iter()
                .map(|&s| usize::from(self.classical[s]))
                .max()
                .expect("a block has squares");
            let first = self.square_of(top_mark).expect("the block's own mark");
            let second = *block.iter().find(|&&s| s != first).expect("two squares");
            for &square in block {
                let mark = usize::from(self.classical[square]);
                let other = if square == first { second } else { first };
                tokens[mark] = [digit(square.min(other)), digit(square.max(other))]
                    .iter()
                    .collect();
            }
            after[top_mark] = Some(first);
        }
        for (mark, pair) in self.spooky.iter().enumerate().take(n) {
            if let Some((a, b)) = pair {
                tokens[mark + 1] = [digit(*a), digit(*b)].iter().collect();
            }
        }
        let mut record = String::new();
        for mark in 1..=n {
            if !record.is_empty() {
                record.push(' ');
            }
            record.push_str(&tokens[mark]);
            if let Some(square) = after[mark] {
                record.push_str(" @");
                record.push(digit(square));
            }
        }
        record
    }
}

/// One labelled position of a [`Dataset`]: the position and, under each
/// scoring of [`Scoring::ALL`] (in that order), every legal action with its
/// exact value, in [`Solver::action_values`]' order (best first for the
/// player who acts; empty for a finished game).
#[derive(Clone, Debug)]
pub struct LabelledPosition {
    /// The position, with a record reaching it.
    pub game: Game,
    /// Every ply at which it occurs.
    pub plies: RangeInclusive<usize>,
    /// The legal actions' values, one list per scoring of [`Scoring::ALL`].
    pub action_values: [Vec<ActionValue>; 3],
}

/// Uniformly drawn positions (a [`PositionSampler`]) labelled by three
/// solvers (one per scoring, with the opening book, each table bounded at
/// [`Dataset::TABLE_LIMIT`] positions so that the three stay within a
/// gigabyte); an endless iterator: `take` as many as wanted.
///
/// ```
/// use qttt::analysis::{Dataset, PositionSampler};
/// let mut data = Dataset::new(PositionSampler::at_ply(7, 11).unwrap());
/// let labelled = data.next().unwrap();
/// assert_eq!(labelled.action_values[0].len(), labelled.game.legal_actions().len());
/// ```
pub struct Dataset {
    sampler: PositionSampler,
    solvers: [Solver; 3],
}

impl Dataset {
    /// Each solver's table bound: 2²² positions (at most about 170 MB each,
    /// 40 bytes a position).
    pub const TABLE_LIMIT: usize = 1 << 22;

    /// A data set of the positions `sampler` draws.
    #[must_use]
    pub fn new(sampler: PositionSampler) -> Dataset {
        Dataset {
            sampler,
            solvers: Scoring::ALL.map(|s| Solver::new(s).table_limit(Self::TABLE_LIMIT)),
        }
    }

    /// Labels through `table` (answers from it instead of searches; the
    /// values are the same): see [`Solver::tablebase`].
    #[must_use]
    pub fn tablebase(mut self, table: std::sync::Arc<super::Tablebase>) -> Dataset {
        self.solvers = Scoring::ALL.map(|s| {
            Solver::new(s)
                .table_limit(Self::TABLE_LIMIT)
                .tablebase(table.clone())
        });
        self
    }

    /// The sampler.
    #[must_use]
    pub fn sampler(&self) -> &PositionSampler {
        &self.sampler
    }

    /// Labels one position.
    pub fn label(&mut self, sample: SampledPosition) -> LabelledPosition {
        let game = sample.game;
        let action_values = [0, 1, 2].map(|i| self.solvers[i].action_values(&game));
        LabelledPosition {
            game,
            plies: sample.plies,
            action_values,
        }
    }
}

impl Iterator for Dataset {
    type Item = LabelledPosition;

    fn next(&mut self) -> Option<LabelledPosition> {
        let sample = self.sampler.sample();
        Some(self.label(sample))
    }
}

impl LabelledPosition {
    /// The position's own value under the scoring at `index` of
    /// [`Scoring::ALL`], in half points, and the number of marks when the
    /// game ends: its best action's, or the score of a finished game.
    #[must_use]
    pub fn value(&self, index: usize) -> (i32, u8) {
        match self.action_values[index].first() {
            Some(best) => (best.value_half_points, best.end_move),
            None => (
                Scoring::ALL[index].result(&self.game).unwrap_or(0),
                self.game.move_number() - 1,
            ),
        }
    }

    /// The optimal actions under the scoring at `index` of
    /// [`Scoring::ALL`]: those with the best action's value and end move
    /// (the winner hurrying, the loser delaying), ascending by id.
    #[must_use]
    pub fn optimal_actions(&self, index: usize) -> Vec<crate::Action> {
        let values = &self.action_values[index];
        let Some(best) = values.first() else {
            return Vec::new();
        };
        let mut optimal: Vec<crate::Action> = values
            .iter()
            .take_while(|v| {
                v.value_half_points == best.value_half_points && v.end_move == best.end_move
            })
            .map(|v| v.action)
            .collect();
        optimal.sort_by_key(|a| a.id());
        optimal
    }
}

/// One JSON line of `qttt dataset` (docs/cli.md): `record`, `ply`, `plies`
/// (first and last), `view` (the game's JSON view), the position's
/// `values`, `end_move` and `best` actions per scoring, and `actions`:
/// every legal action in id order with its `values` and `end_move` per
/// scoring. Values are X's points minus O's (`goff` may be ±0.5).
#[cfg(feature = "serde")]
impl serde::Serialize for LabelledPosition {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeStruct};

        /// One entry per scoring, by name.
        struct ByScoring<F>(F);
        impl<T: serde::Serialize, F: Fn(usize) -> T> serde::Serialize for ByScoring<F> {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut map = serializer.serialize_map(Some(3))?;
                for (i, scoring) in Scoring::ALL.iter().enumerate() {
                    map.serialize_entry(scoring.name(), &(self.0)(i))?;
                }
                map.end()
            }
        }

        /// One legal action with its values.
        struct Labelled<'a>(&'a LabelledPosition, crate::Action);
        impl serde::Serialize for Labelled<'_> {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let value = |i: usize| {
                    *self.0.action_values[i]
                        .iter()
                        .find(|v| v.action == self.1)
                        .expect("every scoring values every legal action")
                };
                let mut entry = serializer.serialize_struct("Action", 3)?;
                entry.serialize_field("action", &self.1)?;
                entry.serialize_field(
                    "values",
                    &ByScoring(|i| super::points(value(i).value_half_points)),
                )?;
                entry.serialize_field("end_move", &ByScoring(|i| value(i).end_move))?;
                entry.end()
            }
        }

        let actions: Vec<Labelled<'_>> = self
            .game
            .legal_actions()
            .iter()
            .map(|a| Labelled(self, a))
            .collect();
        let mut line = serializer.serialize_struct("LabelledPosition", 8)?;
        line.serialize_field("record", &self.game)?;
        line.serialize_field("ply", &self.game.plies())?;
        line.serialize_field("plies", &[*self.plies.start(), *self.plies.end()])?;
        line.serialize_field("view", &self.game.view())?;
        line.serialize_field("values", &ByScoring(|i| super::points(self.value(i).0)))?;
        line.serialize_field("end_move", &ByScoring(|i| self.value(i).1))?;
        line.serialize_field("best", &ByScoring(|i| self.optimal_actions(i)))?;
        line.serialize_field("actions", &actions)?;
        line.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ply of every position drawn within it is reached by its record,
    /// and the position is the one drawn.
    #[test]
    fn every_ply_is_reached() {
        for ply in 0..=LAST_PLY {
            let mut sampler = PositionSampler::at_ply(ply as u64, ply).unwrap();
            for _ in 0..200 {
                let sample = sampler.sample();
                assert_eq!(sample.game.plies(), ply, "{}", sample.game.record());
                assert!(sample.plies.contains(&ply));
                assert_eq!(
                    StateSpace::plies_of(sample.game.position_key().to_bits()),
                    Some(sample.plies.clone())
                );
            }
        }
    }

    /// The rejection stays cheap: at every ply and over the whole game at
    /// least one description in 50 is accepted.
    #[test]
    fn at_least_one_draw_in_fifty_is_accepted() {
        let samplers = (0..=LAST_PLY)
            .map(|ply| PositionSampler::at_ply(1, ply).unwrap())
            .chain([PositionSampler::new(1)]);
        for mut sampler in samplers {
            for _ in 0..1_000 {
                sampler.sample();
            }
            let rate = 1_000.0 / sampler.attempts() as f64;
            eprintln!("ply {:?}: {:.1} % accepted", sampler.ply(), 100.0 * rate);
            assert!(rate > 0.02, "ply {:?}: {rate}", sampler.ply());
        }
    }
}
