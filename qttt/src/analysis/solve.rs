//! The solver: the exact value of a position under perfect play.

use super::forest::{Forest, with_square};
use super::limits::{Interrupted, Limits, Watch};
use super::table::KeyMap;
use crate::outcome::lines_in;
use crate::random::SplitMix64;
use crate::{Action, CollapseChoice, Game, Outcome, Player, PositionKey, Square, Symmetry};

/// How finished games are scored.
///
/// Each scoring has a stable [`name`](Scoring::name) (`single`, `goff`,
/// `complete`: the command-line program's `--scoring`, Python's `scoring=`)
/// and [`index`](Scoring::index) (C's `QTTT_SCORING_*`), parsed by
/// [`FromStr`](core::str::FromStr) and written by [`Display`](core::fmt::Display).
///
/// ```
/// use qttt::analysis::Scoring;
/// assert_eq!("goff".parse::<Scoring>(), Ok(Scoring::GoffPoints));
/// assert_eq!(Scoring::CompleteWin.to_string(), "complete");
/// assert_eq!(Scoring::from_index(0), Some(Scoring::SingleResult));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Scoring {
    /// RULES.md: a win, a draw or a loss (with lines for both players, the
    /// earlier line wins).
    #[default]
    SingleResult,
    /// Goff's published points: a single winner 1 : 0; lines for both
    /// players, the earlier line 1 and the other 1/2; a draw 0 : 0. The value
    /// is X's points minus O's.
    GoffPoints,
    /// The literature's "complete win": lines for both players at once
    /// count as a draw.
    CompleteWin,
}

impl Scoring {
    /// Every scoring, in index order.
    pub const ALL: [Scoring; 3] = [
        Scoring::SingleResult,
        Scoring::GoffPoints,
        Scoring::CompleteWin,
    ];

    /// The stable index: 0 `SingleResult`, 1 `GoffPoints`, 2 `CompleteWin`.
    #[must_use]
    pub const fn index(self) -> u8 {
        match self {
            Scoring::SingleResult => 0,
            Scoring::GoffPoints => 1,
            Scoring::CompleteWin => 2,
        }
    }

    /// The scoring with this [`index`](Scoring::index), or `None`.
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Scoring> {
        if (index as usize) < Scoring::ALL.len() {
            Some(Scoring::ALL[index as usize])
        } else {
            None
        }
    }

    /// The stable name: `single`, `goff` or `complete`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Scoring::SingleResult => "single",
            Scoring::GoffPoints => "goff",
            Scoring::CompleteWin => "complete",
        }
    }

    /// X's result of a finished game under this scoring, in half points
    /// (as [`Solution::value_half_points`]); `None` while the game goes on.
    ///
    /// ```
    /// use qttt::{Game, analysis::Scoring};
    /// // X's line 4-5-6 (highest mark 5) beats O's 7-8-9 (highest 6).
    /// let game = Game::from_record("58 47 67 59 48 68 @8")?;
    /// assert_eq!(Scoring::SingleResult.result(&game), Some(2));
    /// assert_eq!(Scoring::GoffPoints.result(&game), Some(1)); // a point against half a point
    /// assert_eq!(Scoring::CompleteWin.result(&game), Some(0));
    /// assert_eq!(Scoring::SingleResult.result(&Game::new()), None);
    /// # Ok::<(), qttt::RecordError>(())
    /// ```
    #[must_use]
    pub fn result(self, game: &Game) -> Option<i32> {
        game.is_over().then(|| {
            self.half_points(game.x_squares(), game.o_squares(), || {
                *game.classical_numbers()
            })
        })
    }

    /// X's result in half points (X's points minus O's, times two) on a
    /// finished board: the masks of X's and O's squares, and each square's
    /// classical move number (0 for none), asked for only when both players
    /// have lines.
    fn half_points(
        self,
        x_squares: u16,
        o_squares: u16,
        classical: impl FnOnce() -> [u8; 9],
    ) -> i32 {
        // Most games end with lines for at most one player: no need to
        // compare lines then.
        self.without_numbers(x_squares, o_squares)
            .unwrap_or_else(|| {
                let sign = match Outcome::of_board(&classical(), x_squares, o_squares).winner() {
                    Some(Player::X) => 1,
                    _ => -1,
                };
                match self {
                    Scoring::GoffPoints => sign,
                    _ => 2 * sign,
                }
            })
    }

    /// [`half_points`](Scoring::half_points) when the masks alone decide
    /// it; `None` when both players have lines and the mark numbers tell
    /// which line came first (under `CompleteWin` they do not matter).
    fn without_numbers(self, x_squares: u16, o_squares: u16) -> Option<i32> {
        match (lines_in(x_squares) != 0, lines_in(o_squares) != 0) {
            (false, false) => Some(0),
            (true, false) => Some(2),
            (false, true) => Some(-2),
            (true, true) => (self == Scoring::CompleteWin).then_some(0),
        }
    }
}

crate::reason::display_and_parse_by_name!(Scoring, name, "scoring", "single, goff or complete");

/// A score from X's side: the result in half points, then, among equal
/// results, the winner prefers an earlier end and the loser a later one.
/// Scores compare as integers; `MOVE_WEIGHT` separates results.
type Score = i32;
const MOVE_WEIGHT: i32 = 16;

fn terminal_score(scoring: Scoring, game: &Game) -> Score {
    let result = scoring.half_points(game.x_squares(), game.o_squares(), || {
        *game.classical_numbers()
    });
    with_end(result, game.move_number() - 1)
}

/// The score of a result (in half points) reached with `marks` marks
/// placed (5 to 9).
fn with_end(result: i32, marks: u8) -> Score {
    result * MOVE_WEIGHT + result.signum() * (MOVE_WEIGHT - i32::from(marks))
}

/// What [`Solver::solve`] found about a position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Solution {
    /// X's result under perfect play, in half points: for
    /// [`Scoring::SingleResult`] and [`Scoring::CompleteWin`] 2 (X wins), 0
    /// (draw) or −2 (O wins); for [`Scoring::GoffPoints`] also ±1 (a half
    /// point).
    pub value_half_points: i32,
    /// The number of marks on the board when the game ends under optimal
    /// play (the winner hurries, the loser delays).
    pub end_move: u8,
    /// Every optimal action, ascending by id.
    pub optimal_actions: Vec<Action>,
    /// A principal variation: optimal actions to the end.
    pub principal_variation: Vec<Action>,
    /// Positions searched.
    pub nodes: u64,
}

/// The value of one legal action under perfect play from then on: an
/// entry of [`Solver::action_values`], the list every hint shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ActionValue {
    /// The action.
    pub action: Action,
    /// X's result of the game after it under perfect play, in half points
    /// (as [`Solution::value_half_points`]).
    pub value_half_points: i32,
    /// The number of marks on the board when that game ends (as
    /// [`Solution::end_move`]).
    pub end_move: u8,
}

impl ActionValue {
    /// The result for `player` in half points: `value_half_points` from
    /// X's side, its negation from O's (positive: `player` wins).
    #[must_use]
    pub const fn for_player(&self, player: Player) -> i32 {
        match player {
            Player::X => self.value_half_points,
            Player::O => -self.value_half_points,
        }
    }
}

#[derive(Clone, Copy)]
struct Entry {
    score: Score,
    bound: Bound,
    best: Action,
}

#[derive(Clone, Copy)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

/// A solver with a transposition table keyed by symmetry-canonical
/// positions; keep it to make later solves of related positions fast.
pub struct Solver {
    scoring: Scoring,
    /// Canonical position → score, bound, and the best action found (in
    /// the canonical orientation).
    table: KeyMap<Entry>,
    /// How often each action (by id, for each player) caused a cutoff:
    /// the move-ordering "history heuristic".
    history: [[u32; crate::ACTION_COUNT]; 2],
    nodes: u64,
    /// The most positions the table keeps (it then only updates them).
    table_limit: usize,
    /// Set when limits stop a search; nothing is stored from then on.
    stopped: Option<Interrupted>,
    /// Threads that test the root's actions for optimality.
    threads: usize,
    /// Whether to answer the positions of the opening book from it.
    book: bool,
}

impl core::fmt::Debug for Solver {
    /// The settings and the table's size, not its contents.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Solver")
            .field("scoring", &self.scoring)
            .field("threads", &self.threads)
            .field("table_len", &self.table.len())
            .field("table_limit", &self.table_limit)
            .field("nodes", &self.nodes)
            .finish_non_exhaustive()
    }
}

/// The default [`Solver::table_limit`]: 28 million positions, which keeps
/// the table in 2^25 slots of 32 bytes (about 1.1 GB).
pub const DEFAULT_TABLE_LIMIT: usize = 28_000_000;

impl Solver {
    /// A solver for one scoring.
    #[must_use]
    pub fn new(scoring: Scoring) -> Solver {
        Solver {
            scoring,
            table: KeyMap::default(),
            history: [[0; crate::ACTION_COUNT]; 2],
            nodes: 0,
            table_limit: DEFAULT_TABLE_LIMIT,
            stopped: None,
            threads: 1,
            book: true,
        }
    }

    /// Whether to take the scores of early positions from the opening
    /// book shipped in the crate (on by default; it applies to
    /// [`Scoring::SingleResult`]): every position with at most two marks,
    /// up to symmetry, solved once by `cargo run --release -p qttt
    /// --example opening_book`. With it, solving such a position, or
    /// choosing a perfect action in it, searches almost nothing. Off, the
    /// solver searches everything itself (how the book was made and is
    /// tested).
    #[must_use]
    pub fn opening_book(mut self, on: bool) -> Solver {
        self.book = on;
        self
    }

    /// Uses `threads` threads (1, the default, for none) to test the
    /// position's actions: whether each holds a draw or better, and which
    /// are optimal once the value is known. That is nearly all the time of
    /// a drawn position, less from a won one such as the empty board. Each
    /// helper thread works on a copy of the table (so memory
    /// grows by one table per thread) and what the helpers prove is not
    /// kept. Results are the same as with one thread.
    #[must_use]
    pub fn threads(mut self, threads: usize) -> Solver {
        self.threads = threads.max(1);
        self
    }

    /// Bounds the table to `positions` entries (the default is
    /// [`DEFAULT_TABLE_LIMIT`]): once full, it only updates the positions
    /// it holds. Results stay exact; a small table makes large solves
    /// slower. Memory stays under about `positions` × 40 bytes.
    #[must_use]
    pub fn table_limit(mut self, positions: usize) -> Solver {
        self.table_limit = positions;
        self
    }

    /// The scoring it uses.
    #[must_use]
    pub fn scoring(&self) -> Scoring {
        self.scoring
    }

    /// How many positions the table holds.
    #[must_use]
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// The exact value of `game` under perfect play, its optimal actions and
    /// a principal variation. A finished game has no actions. Takes as long
    /// as it needs. Under [`Scoring::SingleResult`] the opening book answers
    /// positions with up to three marks, so every position takes
    /// milliseconds; the other scorings search from the empty board for
    /// about a second and 0.1 GB on one core, any position after the first
    /// move under a second (see [`Solver::solve_with`] for limits).
    pub fn solve(&mut self, game: &Game) -> Solution {
        self.run(game, &mut Limits::new().start())
            .expect("an unlimited search is never interrupted")
    }

    /// [`Solver::solve`] within `limits`: the solution, or why it stopped.
    /// The table keeps what was proved before the stop, so solving again
    /// continues faster.
    pub fn solve_with(
        &mut self,
        game: &Game,
        limits: &Limits<'_>,
    ) -> Result<Solution, Interrupted> {
        self.run(game, &mut limits.start())
    }

    /// A perfect action for whoever acts in `game` under the solver's
    /// scoring: one of [`Solution::optimal_actions`] (the winner hurries,
    /// the loser delays), picked uniformly by `rng` among them; `None` for
    /// a finished game (and `rng` is not used). The one way every binding
    /// and [`PerfectOpponent`](super::PerfectOpponent) choose perfect play.
    ///
    /// ```
    /// use qttt::analysis::{Scoring, Solver};
    /// use qttt::random::SplitMix64;
    /// let game = qttt::Game::from_record("58 47 67 59 48 68")?;
    /// let mut solver = Solver::new(Scoring::SingleResult);
    /// let action = solver.best_action(&game, &mut SplitMix64::new(1));
    /// assert_eq!(action.map(|a| a.to_string()), Some("@8".to_owned())); // X's line at once
    /// # Ok::<(), qttt::RecordError>(())
    /// ```
    pub fn best_action(&mut self, game: &Game, rng: &mut SplitMix64) -> Option<Action> {
        self.best_action_with(game, &Limits::new(), rng)
            .expect("an unlimited search is never interrupted")
    }

    /// [`Solver::best_action`] within `limits`: the action (`None` for a
    /// finished game), or why it stopped.
    pub fn best_action_with(
        &mut self,
        game: &Game,
        limits: &Limits<'_>,
        rng: &mut SplitMix64,
    ) -> Result<Option<Action>, Interrupted> {
        if game.is_over() {
            return Ok(None);
        }
        let optimal = self.solve_with(game, limits)?.optimal_actions;
        let count = u32::try_from(optimal.len()).expect("at most 54 actions");
        Ok(Some(optimal[rng.below(count) as usize]))
    }

    /// Every legal action of `game` with its value under perfect play
    /// (the value of the game after it), best first for the player who
    /// acts: a higher result first; among equal results, a win that ends
    /// sooner and a loss that ends later first (the order of
    /// [`Solution::optimal_actions`], whose actions lead the list); then
    /// ascending by action id. Empty for a finished game. The one order of
    /// every hint list (the command-line program, Python, C, the
    /// playground).
    ///
    /// ```
    /// use qttt::analysis::{Scoring, Solver};
    /// // O chooses where X9 lands: @9 draws, @8 gives X the line 7-8-9.
    /// let game = qttt::Game::from_record("12 12 @2 35 35 @5 46 46 @6 78 79 89")?;
    /// let values = Solver::new(Scoring::SingleResult).action_values(&game);
    /// let listed: Vec<_> = values.iter().map(|v| (v.action.to_string(), v.value_half_points)).collect();
    /// assert_eq!(listed, [("@9".to_owned(), 0), ("@8".to_owned(), 2)]);
    /// # Ok::<(), qttt::RecordError>(())
    /// ```
    pub fn action_values(&mut self, game: &Game) -> Vec<ActionValue> {
        self.action_values_with(game, &Limits::new())
            .expect("an unlimited search is never interrupted")
    }

    /// [`Solver::action_values`] within `limits` (one budget for all the
    /// actions): the list, or why it stopped.
    pub fn action_values_with(
        &mut self,
        game: &Game,
        limits: &Limits<'_>,
    ) -> Result<Vec<ActionValue>, Interrupted> {
        let Some(player) = game.current_player() else {
            return Ok(Vec::new());
        };
        let mut watch = limits.start();
        let mut values = Vec::new();
        for action in game.legal_actions() {
            let after = self.run(&game.apply_unchecked(action), &mut watch)?;
            values.push(ActionValue {
                action,
                value_half_points: after.value_half_points,
                end_move: after.end_move,
            });
        }
        // The mover's score: the result, then the winner hurries and the
        // loser delays (as the search scores); ties ascending by id.
        values.sort_by_key(|v| {
            (
                core::cmp::Reverse(with_end(v.for_player(player), v.end_move)),
                v.action.id(),
            )
        });
        Ok(values)
    }

    fn run(&mut self, game: &Game, watch: &mut Watch<'_>) -> Result<Solution, Interrupted> {
        self.stopped = None;
        let start = self.nodes;
        let actions: Vec<Action> = game.legal_actions().iter().collect();
        let (score, optimal_actions) = match self.book_answer(game) {
            Some(known) => known,
            None => {
                let score = self.score(game, watch);
                if let Some(reason) = self.stopped.take() {
                    return Err(reason);
                }
                (score, self.keeping(game, &actions, score, watch))
            }
        };
        // Optimal play keeps the score, so the variation follows the first
        // child that still has it.
        let mut principal_variation = Vec::new();
        let mut position = *game;
        let mut next = optimal_actions.first().copied();
        while let Some(action) = next {
            principal_variation.push(action);
            position = position.apply_unchecked(action);
            next = None;
            for a in position.legal_actions() {
                if self.is_optimal(&position, a, score, watch) {
                    next = Some(a);
                    break;
                }
            }
        }
        if let Some(reason) = self.stopped.take() {
            return Err(reason);
        }
        Ok(Solution {
            value_half_points: result_of(score),
            end_move: position.move_number() - 1,
            optimal_actions,
            principal_variation,
            nodes: self.nodes - start,
        })
    }

    /// The score and optimal actions (ascending by id) of a position the
    /// opening book holds, mapped from its canonical orientation.
    fn book_answer(&self, game: &Game) -> Option<(Score, Vec<Action>)> {
        if !self.book
            || self.scoring != Scoring::SingleResult
            || game.move_number() > super::book::LAST_MOVE_NUMBER
        {
            return None;
        }
        let (key, symmetry) = game.canonical();
        let entry = super::book::lookup(key)?;
        let back = symmetry.inverse();
        let mut optimal: Vec<Action> = (0..crate::ACTION_COUNT as u8)
            .filter(|id| entry.optimal >> id & 1 == 1)
            .filter_map(Action::from_id)
            .map(|action| back.action(action))
            .collect();
        optimal.sort_unstable();
        Some((
            with_end(i32::from(entry.value_half_points), entry.end_move),
            optimal,
        ))
    }

    /// Those of `actions` (ascending) after which the player to move in
    /// `game` does at least as well as `score`. Actions whose results are
    /// equal up to symmetry (on a symmetric position) are tested once.
    fn keeping(
        &mut self,
        game: &Game,
        actions: &[Action],
        score: Score,
        watch: &mut Watch<'_>,
    ) -> Vec<Action> {
        let keys: Vec<PositionKey> = actions
            .iter()
            .map(|&action| game.apply_unchecked(action).canonical_key())
            .collect();
        let distinct: Vec<Action> = (0..actions.len())
            .filter(|&i| !keys[..i].contains(&keys[i]))
            .map(|i| actions[i])
            .collect();
        let kept = self.keeping_each(game, &distinct, score, watch);
        let kept_keys: Vec<PositionKey> = (0..actions.len())
            .filter(|&i| kept.contains(&actions[i]))
            .map(|i| keys[i])
            .collect();
        (0..actions.len())
            .filter(|&i| kept_keys.contains(&keys[i]))
            .map(|i| actions[i])
            .collect()
    }

    /// [`Solver::keeping`] testing every action, on [`Solver::threads`]
    /// threads (action `i` by thread `i % threads`).
    fn keeping_each(
        &mut self,
        game: &Game,
        actions: &[Action],
        score: Score,
        watch: &mut Watch<'_>,
    ) -> Vec<Action> {
        let threads = self.threads.min(actions.len()).max(1);
        if threads == 1 {
            return actions
                .iter()
                .copied()
                .filter(|&action| self.is_optimal(game, action, score, watch))
                .collect();
        }
        let mut optimal = vec![false; actions.len()];
        std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads)
                .map(|t| {
                    let mut helper = self.helper();
                    let mut watch = watch.clone();
                    scope.spawn(move || {
                        let found: Vec<(usize, bool)> = (t..actions.len())
                            .step_by(threads)
                            .map(|i| (i, helper.is_optimal(game, actions[i], score, &mut watch)))
                            .collect();
                        (found, helper.nodes, helper.stopped)
                    })
                })
                .collect();
            for i in (0..actions.len()).step_by(threads) {
                optimal[i] = self.is_optimal(game, actions[i], score, watch);
            }
            for helper in helpers {
                let (found, nodes, stopped) =
                    helper.join().expect("a solver thread does not panic");
                for (i, is_optimal) in found {
                    optimal[i] = is_optimal;
                }
                self.nodes += nodes;
                self.stopped = self.stopped.or(stopped);
            }
        });
        actions
            .iter()
            .copied()
            .zip(optimal)
            .filter_map(|(action, keep)| keep.then_some(action))
            .collect()
    }

    /// A one-thread copy of this solver (table and history included) for
    /// a helper thread, with its own count of positions.
    fn helper(&self) -> Solver {
        Solver {
            scoring: self.scoring,
            table: self.table.clone(),
            history: self.history,
            nodes: 0,
            table_limit: self.table_limit,
            stopped: None,
            threads: 1,
            book: self.book,
        }
    }

    /// The exact score of `game` (X's side). Null windows around a draw
    /// tell the result first: whether X wins, else whether O does. A draw
    /// is then exact (its score is 0 whatever the end), and a win needs
    /// only the window on its side of 0 for the end move. Proving the
    /// result first is much cheaper than one search with the full window,
    /// which spends its time on the end moves of lines that do not matter.
    fn score(&mut self, game: &Game, watch: &mut Watch<'_>) -> Score {
        if game.is_over() {
            self.search(game, Score::MIN + 1, Score::MAX, watch)
        } else if self.search(game, 0, 1, watch) >= 1 {
            self.search(game, 0, Score::MAX, watch)
        } else if self.search(game, -1, 0, watch) >= 0 {
            0
        } else {
            self.search(game, Score::MIN + 1, 0, watch)
        }
    }

    /// Whether `action` does at least as well as `score` for the player
    /// to move in `game`: one null-window test tells, for X whether the
    /// child reaches `score`, for O whether it stays at or below it. When
    /// `score` is the position's own, no child does better, so this says
    /// whether `action` keeps it.
    fn is_optimal(
        &mut self,
        game: &Game,
        action: Action,
        score: Score,
        watch: &mut Watch<'_>,
    ) -> bool {
        let child = game.apply_unchecked(action);
        if game.current_player() == Some(Player::X) {
            self.search(&child, score - 1, score, watch) >= score
        } else {
            self.search(&child, score, score + 1, watch) <= score
        }
    }

    /// Alpha-beta with a transposition table; scores are X's side, X
    /// maximises and O minimises (the chooser of a collapse acts twice in a
    /// row, so sides are not negated). Once limits stop it, it returns at
    /// once and stores nothing.
    fn search(
        &mut self,
        game: &Game,
        mut alpha: Score,
        mut beta: Score,
        watch: &mut Watch<'_>,
    ) -> Score {
        if self.stopped.is_some() {
            return 0;
        }
        if let Err(reason) = watch.check() {
            self.stopped = Some(reason);
            return 0;
        }
        self.nodes += 1;
        let Some(player) = game.current_player() else {
            return terminal_score(self.scoring, game);
        };
        if game.move_number() == 8 && game.collapse_options().is_none() {
            return self.mark_8(game, alpha);
        }
        if game.move_number() == 9 {
            // Too many positions, searched too quickly, to be worth
            // remembering: X's last mark has a closed form, and a collapse
            // of O's mark 8 for X to choose two children.
            return match game.collapse_options() {
                None => self.last_mark(game),
                Some(_) => {
                    self.search_children(game, player, alpha, beta, None, watch)
                        .0
                }
            };
        }
        if self.book
            && game.move_number() <= super::book::LAST_MOVE_NUMBER
            && self.scoring == Scoring::SingleResult
        {
            if let Some(entry) = super::book::lookup(game.canonical_key()) {
                return with_end(i32::from(entry.value_half_points), entry.end_move);
            }
        }
        // From mark 7 on, symmetric positions are rare and the canonical
        // form costs more than it saves: those positions are keyed as they
        // stand (their mark numbers keep them apart from earlier ones).
        let (key, symmetry) = if game.move_number() >= 7 {
            (game.position_key(), Symmetry::Identity)
        } else {
            game.canonical()
        };
        let key = key.to_bits();
        let mut first = None;
        if let Some(entry) = self.table.get(&key) {
            match entry.bound {
                Bound::Exact => return entry.score,
                Bound::Lower => alpha = alpha.max(entry.score),
                Bound::Upper => beta = beta.min(entry.score),
            }
            if alpha >= beta {
                return entry.score;
            }
            first = Some(symmetry.inverse().action(entry.best));
        }
        let (best, best_action) = self.search_children(game, player, alpha, beta, first, watch);
        if self.stopped.is_some() {
            return 0;
        }
        let bound = if best <= alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let entry = Entry {
            score: best,
            bound,
            best: symmetry.action(best_action),
        };
        if let Some(slot) = self.table.get_mut(&key) {
            *slot = entry;
        } else if self.table.len() < self.table_limit {
            self.table.insert(key, entry);
        }
        best
    }

    /// The score before mark 8 (O's) with no collapse pending, in closed
    /// form: exact, or an upper bound at or below `alpha`. The free squares
    /// hold two trees, `T` and `U` (`f` squares, `f − 2` marks). O's mark 8 either joins them, leaving one
    /// tree for X's mark 9, which gets the second best of its roots (see
    /// [`Solver::last_mark`]); or it closes a cycle inside one tree and X
    /// chooses which of its two squares it lands in: the tree collapses
    /// from there (a line ends the game) and X's mark 9 takes the other
    /// tree. O therefore picks the two landing squares worst for X and
    /// gets the second worst. Every root's colouring comes from one walk
    /// per tree ([`Forest::rooted`]); a branch where both players would
    /// get lines, the one case where the mark numbers matter, is scored
    /// from the game itself. O's options closing a cycle come first, being
    /// fewer; once one is at or below `alpha` the search above has what it
    /// needs (an upper bound), and that is returned.
    fn mark_8(&mut self, game: &Game, alpha: Score) -> Score {
        let free = game.free_squares();
        let forest = Forest::of(game);
        let rooted = forest.rooted(free);
        let t = forest.tree_of(free & free.wrapping_neg());
        let u = free & !t;
        let (x0, o0) = (game.x_squares(), game.o_squares());
        // Each square's tree collapsed from it, the square itself taking
        // mark 9 (X's) or mark 8 (O's), as (X squares, O squares).
        let (mut with_9, mut with_8) = ([(0u16, 0u16); 9], [(0u16, 0u16); 9]);
        for (square, &colours) in rooted.iter().enumerate() {
            with_9[square] = with_square(colours, 1 << square, true);
            with_8[square] = with_square(colours, 1 << square, false);
        }
        let mut worst = Score::MAX;
        // Mark 8 closing a cycle in one tree: X picks the better of its
        // two squares, O the pair, so O gets the second lowest.
        for (tree, other) in [(t, u), (u, t)] {
            if tree.count_ones() < 2 {
                continue;
            }
            let (mut lowest, mut second) = (Score::MAX, Score::MAX);
            for root in squares_of(tree) {
                let value = self.collapsed_at_8(game, tree, root, other, &with_8, &with_9);
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
        for a in squares_of(t) {
            for b in squares_of(u) {
                let roots = squares_of(free).map(|w| {
                    let entered = if t & 1 << w != 0 { b } else { a };
                    let ((x, o), (ex, eo)) = (with_9[w], with_8[entered]);
                    (x0 | x | ex, o0 | o | eo)
                });
                let value = match self.second_best_at_9(roots) {
                    Some(value) => value,
                    None => self.last_mark(&game.apply_unchecked(spooky(a, b))),
                };
                worst = worst.min(value);
                if worst <= alpha {
                    return worst;
                }
            }
        }
        worst
    }

    /// What X's mark 9 gets in the last tree, given each root's finished
    /// board (X's squares, O's): the second best of their scores (X joins
    /// the two best roots, O chooses between them). `None` when a board has
    /// lines for both players, whose result needs the mark numbers.
    fn second_best_at_9(&mut self, boards: impl Iterator<Item = (u16, u16)>) -> Option<Score> {
        let (mut best, mut second) = (Score::MIN, Score::MIN);
        for (x, o) in boards {
            self.nodes += 1;
            let score = with_end(self.scoring.without_numbers(x, o)?, 9);
            if score > best {
                (best, second) = (score, best);
            } else if score > second {
                second = score;
            }
        }
        Some(second)
    }

    /// The score after mark 8 closes a cycle in `tree` and lands in
    /// `root`: the tree collapses from there; a line ends the game, else
    /// X's mark 9 takes `other`, the last tree (a classical mark on its one
    /// square, or the second best of its roots).
    fn collapsed_at_8(
        &mut self,
        game: &Game,
        tree: u16,
        root: usize,
        other: u16,
        with_8: &[(u16, u16); 9],
        with_9: &[(u16, u16); 9],
    ) -> Score {
        let scoring = self.scoring;
        let (x0, o0) = (game.x_squares(), game.o_squares());
        let (x, o) = (x0 | with_8[root].0, o0 | with_8[root].1);
        self.nodes += 1;
        let quick = if lines_in(x) | lines_in(o) != 0 {
            scoring
                .without_numbers(x, o)
                .map(|result| with_end(result, 8))
        } else if other.count_ones() == 1 {
            scoring
                .without_numbers(x | other, o)
                .map(|result| with_end(result, 9))
        } else {
            self.second_best_at_9(squares_of(other).map(|s| (x | with_9[s].0, o | with_9[s].1)))
        };
        quick.unwrap_or_else(|| {
            // Both players with lines somewhere: play it out on the game.
            let partner = squares_of(tree & !(1 << root))
                .next()
                .expect("a tree of two squares or more");
            let child = game
                .apply_unchecked(spooky(root, partner))
                .apply_unchecked(CollapseChoice(Square::ALL[root]).into());
            if child.is_over() {
                terminal_score(scoring, &child)
            } else {
                self.last_mark(&child)
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
    fn last_mark(&mut self, game: &Game) -> Score {
        let free = game.free_squares();
        let root = Square::lowest_in(free);
        // Each square's owner once the tree has collapsed with mark 9 on
        // the root: X's and O's squares.
        let (mut x, mut o) = (game.x_squares() | root.bit(), game.o_squares());
        if free.count_ones() == 1 {
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
        let (mut len, mut reached) = (1, root.bit());
        let mut next = 0;
        while next < len {
            let square = order[next];
            next += 1;
            for (index, &squares) in spooky.iter().enumerate() {
                let other = squares & !reached;
                if squares & square.bit() != 0 && other != 0 {
                    let child = Square::lowest_in(other);
                    reached |= other;
                    parent[child.index()] = square;
                    joining[child.index()] = index as u8 + 1;
                    if index % 2 == 0 {
                        x |= other;
                    } else {
                        o |= other;
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
                let (up, bit) = (parent[square.index()], square.bit());
                let (x, o) = owners[up.index()];
                let (x, o) = if joining[square.index()] % 2 == 1 {
                    (x | up.bit(), o & !up.bit())
                } else {
                    (x & !up.bit(), o | up.bit())
                };
                owners[square.index()] = (x | bit, o & !bit);
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

    /// The best score among the children of `game` within the window, and
    /// the action reaching it; `first` (a previous best) is tried first,
    /// the others by how often they caused cutoffs, then by id.
    fn search_children(
        &mut self,
        game: &Game,
        player: Player,
        alpha: Score,
        beta: Score,
        first: Option<Action>,
        watch: &mut Watch<'_>,
    ) -> (Score, Action) {
        let legal = game.legal_actions();
        let mut node = Node {
            maximising: player == Player::X,
            alpha,
            beta,
            best: (
                if player == Player::X {
                    Score::MIN
                } else {
                    Score::MAX
                },
                legal[0],
            ),
        };
        if let Some(action) = first {
            if self.visit(game, &mut node, action, watch) {
                return node.best;
            }
        }
        // Sort keys: the rank above the id's complement, so that a plain
        // descending sort puts higher ranks first and, among equal ranks,
        // lower ids.
        let history = &self.history[player as usize];
        let mut ordered = [0u64; crate::MAX_LEGAL_ACTIONS];
        let mut len = 0;
        for action in legal.iter().filter(|&action| Some(action) != first) {
            let rank = history[usize::from(action.id())];
            ordered[len] = u64::from(rank) << 8 | u64::from(!action.id());
            len += 1;
        }
        let ordered = &mut ordered[..len];
        ordered.sort_unstable_by(|a, b| b.cmp(a));
        for &key in ordered.iter() {
            let action = Action::from_id(!(key as u8)).expect("a legal action's id");
            if self.visit(game, &mut node, action, watch) {
                break;
            }
        }
        node.best
    }

    /// Searches the child of `game` after `action` within the node's
    /// window and updates the node; true when the search may stop there (a
    /// cutoff, remembered in the history, or limits).
    fn visit(
        &mut self,
        game: &Game,
        node: &mut Node,
        action: Action,
        watch: &mut Watch<'_>,
    ) -> bool {
        let score = self.search(&game.apply_unchecked(action), node.alpha, node.beta, watch);
        if self.stopped.is_some() {
            return true;
        }
        if node.maximising {
            if score > node.best.0 {
                node.best = (score, action);
            }
            node.alpha = node.alpha.max(score);
        } else {
            if score < node.best.0 {
                node.best = (score, action);
            }
            node.beta = node.beta.min(score);
        }
        if node.alpha < node.beta {
            return false;
        }
        let player = usize::from(!node.maximising);
        let count = &mut self.history[player][usize::from(action.id())];
        *count = count.saturating_add(1 << (10 - game.move_number()));
        true
    }
}

/// A position being searched: its window and the best child so far.
struct Node {
    maximising: bool,
    alpha: Score,
    beta: Score,
    best: (Score, Action),
}

/// The square indices of a mask, lowest first.
fn squares_of(mask: u16) -> impl Iterator<Item = usize> {
    (0..9).filter(move |&square| mask & 1 << square != 0)
}

/// The spooky move on two squares (indices).
fn spooky(a: usize, b: usize) -> Action {
    Action::Move(crate::action::move_from_id(crate::action::spooky_id(
        Square::ALL[a],
        Square::ALL[b],
    )))
}

/// The result part of a score, in half points.
fn result_of(score: Score) -> i32 {
    // |score| = |result| * MOVE_WEIGHT + (MOVE_WEIGHT - moves), 0 < tie < MOVE_WEIGHT.
    score.signum() * (score.abs() / MOVE_WEIGHT)
}
