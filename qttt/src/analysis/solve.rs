//! The solver: the exact value of a position under perfect play.

use super::Scoring;
use super::limits::{Interrupted, Limits, Watch};
use super::table::TranspositionTable;
use super::tablebase::Tablebase;
use crate::random::SplitMix64;
use crate::{Action, Game, Player, PositionKey, Symmetry};
use std::sync::Arc;

mod endgame;

/// A score from X's side: the result in half points, then, among equal
/// results, the winner prefers an earlier end and the loser a later one.
/// Scores compare as integers; `MOVE_WEIGHT` separates results.
pub(super) type Score = i32;
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
    table: TranspositionTable<Entry>,
    /// How often each action (by id, for each player) caused a cutoff:
    /// the move-ordering "history heuristic".
    history: [[u32; crate::ACTION_COUNT]; 2],
    nodes: u64,
    /// Set when limits stop a search; nothing is stored from then on.
    stopped: Option<Interrupted>,
    /// Threads that test the root's actions for optimality.
    threads: usize,
    /// Whether to answer the positions of the opening book from it.
    book: bool,
    /// A table of perfect play that answers the positions it stores.
    tablebase: Option<Arc<Tablebase>>,
}

impl core::fmt::Debug for Solver {
    /// The settings and the table's size, not its contents.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Solver")
            .field("scoring", &self.scoring)
            .field("threads", &self.threads)
            .field("table_len", &self.table.len())
            .field("table_limit", &self.table.limit())
            .field("nodes", &self.nodes)
            .field("tablebase", &self.tablebase.as_ref().map(|t| t.len()))
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
            table: TranspositionTable::new(DEFAULT_TABLE_LIMIT),
            history: [[0; crate::ACTION_COUNT]; 2],
            nodes: 0,
            stopped: None,
            threads: 1,
            book: true,
            tablebase: None,
        }
    }

    /// Whether to take the scores of early positions from the opening
    /// book shipped in the crate (on by default; it applies to
    /// [`Scoring::SingleResult`]): every position with at most three marks,
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

    /// Answers the positions that `table` stores (those waiting for a move
    /// before mark 8, up to symmetry) from it instead of searching them:
    /// with a complete table every solve searches only the positions that
    /// lead to stored ones (a handful of moves). Results are the same.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use qttt::analysis::{Scoring, Solver, Tablebase};
    /// let game = qttt::Game::from_record("58 47 67 59")?;
    /// let table = Arc::new(Tablebase::build_from(&[game]));
    /// let with = Solver::new(Scoring::GoffPoints).tablebase(table).solve(&game);
    /// let without = Solver::new(Scoring::GoffPoints).solve(&game);
    /// assert_eq!(with.value_half_points, without.value_half_points);
    /// assert!(with.nodes < without.nodes);
    /// # Ok::<(), qttt::RecordError>(())
    /// ```
    #[must_use]
    pub fn tablebase(mut self, table: Arc<Tablebase>) -> Solver {
        self.tablebase = Some(table);
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
        self.table.set_limit(positions);
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
    /// milliseconds; the other scorings search the empty board in under a
    /// second and well under a gigabyte on one core, any later position
    /// faster (docs/performance.md; [`Solver::solve_with`] for limits).
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
            stopped: None,
            threads: 1,
            book: self.book,
            tablebase: self.tablebase.clone(),
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
                None => self.mark_9(game),
                Some(_) => {
                    self.search_children(game, player, alpha, beta, None, watch)
                        .0
                }
            };
        }
        if let Some(score) = self
            .tablebase
            .as_ref()
            .and_then(|table| table.stored_score(game, self.scoring))
        {
            return score;
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
        if let Some(entry) = self.table.get(key) {
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
        self.table.store(key, entry);
        best
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

/// A score in the terms of the tablebase: X's result in half points and,
/// for a decided game, the number of marks when it ends (`None` for a
/// draw, whose end perfect play does not weigh).
pub(super) fn score_parts(score: Score) -> (i32, Option<u8>) {
    let result = result_of(score);
    if score == 0 {
        return (0, None);
    }
    let tie = score.abs() - result.abs() * MOVE_WEIGHT; // MOVE_WEIGHT − marks
    let marks = u8::try_from(MOVE_WEIGHT - tie).expect("5 to 9 marks");
    (result, Some(marks))
}

/// [`score_parts`] turned back.
pub(super) fn score_of(result: i32, end: Option<u8>) -> Score {
    end.map_or(0, |marks| with_end(result, marks))
}

/// The exact score of `game` without search: a finished game by its
/// scoring, a position waiting for mark 8 or mark 9 (no collapse pending)
/// by the closed forms; `None` for anything else.
pub(super) fn closed_form_score(scoring: Scoring, game: &Game) -> Option<Score> {
    if game.is_over() {
        return Some(terminal_score(scoring, game));
    }
    if game.collapse_options().is_some() {
        return None;
    }
    let mut solver = Solver::new(scoring).opening_book(false);
    match game.move_number() {
        8 => Some(solver.mark_8(game, Score::MIN)),
        9 => Some(solver.mark_9(game)),
        _ => None,
    }
}

/// The exact scores, under each of [`Scoring::ALL`], of a position waiting
/// for mark 7 (X's) with no collapse pending: the best of its children,
/// each decided by the closed forms (mark 8 or 9, through a collapse O
/// chooses, or a finished game). Each child is bounded by the best found so
/// far, so one that cannot beat it stops as soon as that is clear
/// ([`Solver::mark_8`]'s `alpha`), and each scoring tries the previous
/// one's best child first. These are the tablebase's last stored layer,
/// nearly all of its build.
pub(super) fn mark_7_scores(game: &Game) -> [Score; 3] {
    debug_assert!(game.move_number() == 7 && game.collapse_options().is_none());
    let mut children = [*game; crate::ACTION_COUNT];
    let mut len = 0;
    for action in game.legal_actions() {
        children[len] = game.apply_unchecked(action);
        len += 1;
    }
    let children = &children[..len];
    let mut first = 0;
    Scoring::ALL.map(|scoring| {
        let mut solver = Solver::new(scoring).opening_book(false);
        let mut best = Score::MIN;
        let start = first;
        let order = core::iter::once(start).chain((0..children.len()).filter(|&i| i != start));
        for index in order {
            let score = solver.closed_form_at_most(&children[index], best);
            if score > best {
                (best, first) = (score, index);
            }
        }
        best
    })
}

impl Solver {
    /// The score of `game`, a finished game, a position waiting for mark 8
    /// or 9, or a collapse pending after mark 7 or 8: exact, or, when that
    /// is at or below `alpha`, an upper bound at or below `alpha`.
    fn closed_form_at_most(&mut self, game: &Game, alpha: Score) -> Score {
        if game.is_over() {
            return terminal_score(self.scoring, game);
        }
        if game.collapse_options().is_some() {
            let children = game
                .legal_actions()
                .into_iter()
                .map(|a| game.apply_unchecked(a));
            return if game.current_player() == Some(Player::X) {
                children
                    .map(|child| self.closed_form_at_most(&child, alpha))
                    .max()
                    .unwrap_or(Score::MIN)
            } else {
                let mut worst = Score::MAX;
                for child in children {
                    worst = worst.min(self.closed_form_at_most(&child, alpha));
                    if worst <= alpha {
                        break;
                    }
                }
                worst
            };
        }
        match game.move_number() {
            8 => self.mark_8(game, alpha),
            9 => self.mark_9(game),
            marks => unreachable!("no closed form before mark 8 (mark {marks})"),
        }
    }
}

/// The result part of a score, in half points.
fn result_of(score: Score) -> i32 {
    // |score| = |result| * MOVE_WEIGHT + (MOVE_WEIGHT - moves), 0 < tie < MOVE_WEIGHT.
    score.signum() * (score.abs() / MOVE_WEIGHT)
}
