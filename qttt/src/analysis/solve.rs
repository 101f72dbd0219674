//! The solver: the exact value of a position under perfect play.

use super::limits::{Interrupted, Limits, Watch};
use super::table::KeyMap;
use crate::{Action, Game, Player};

/// How finished games are scored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
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
    /// X's result in half points (X's points minus O's, times two).
    fn half_points(self, game: &Game) -> i32 {
        let outcome = game.outcome().expect("scored games are over");
        let sign = match outcome.winner() {
            Some(Player::X) => 1,
            Some(Player::O) => -1,
            None => return 0,
        };
        match (self, outcome.both_players_have_lines()) {
            (Scoring::SingleResult, _) | (Scoring::GoffPoints | Scoring::CompleteWin, false) => {
                2 * sign
            }
            (Scoring::GoffPoints, true) => sign,
            (Scoring::CompleteWin, true) => 0,
        }
    }
}

/// A score from X's side: the result in half points, then, among equal
/// results, the winner prefers an earlier end and the loser a later one.
/// Scores compare as integers; `MOVE_WEIGHT` separates results.
type Score = i32;
const MOVE_WEIGHT: i32 = 16;

fn terminal_score(scoring: Scoring, game: &Game) -> Score {
    let result = scoring.half_points(game);
    let moves = i32::from(game.move_number()) - 1; // marks placed: 5..=9
    result * MOVE_WEIGHT + result.signum() * (MOVE_WEIGHT - moves)
}

/// What [`Solver::solve`] found about a position.
#[derive(Clone, Debug, PartialEq, Eq)]
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
}

/// The default [`Solver::table_limit`]: 28 million positions, which keeps
/// the table in 2^25 slots of 32 bytes (about 1.1 GB).
pub const DEFAULT_TABLE_LIMIT: usize = 28_000_000;

impl Solver {
    /// A solver for one scoring.
    pub fn new(scoring: Scoring) -> Solver {
        Solver {
            scoring,
            table: KeyMap::default(),
            history: [[0; crate::ACTION_COUNT]; 2],
            nodes: 0,
            table_limit: DEFAULT_TABLE_LIMIT,
            stopped: None,
            threads: 1,
        }
    }

    /// Uses `threads` threads (1, the default, for none) to find which of
    /// the position's actions are optimal, once its value is known: most of
    /// the time of a drawn position a few moves in, little from the empty
    /// board. Each helper thread works on a copy of the table (so memory
    /// grows by one table per thread) and what the helpers prove is not
    /// kept. Results are the same as with one thread.
    pub fn threads(mut self, threads: usize) -> Solver {
        self.threads = threads.max(1);
        self
    }

    /// Bounds the table to `positions` entries (the default is
    /// [`DEFAULT_TABLE_LIMIT`]): once full, it only updates the positions
    /// it holds. Results stay exact; a small table makes large solves
    /// slower. Memory stays under about `positions` × 40 bytes.
    pub fn table_limit(mut self, positions: usize) -> Solver {
        self.table_limit = positions;
        self
    }

    /// The scoring it uses.
    pub fn scoring(&self) -> Scoring {
        self.scoring
    }

    /// How many positions the table holds.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// The exact value of `game` under perfect play, its optimal actions and
    /// a principal variation. A finished game has no actions. Takes as long
    /// as it needs: from the empty board 2–4 seconds and up to 1.1 GB
    /// (see [`Solver::solve_with`] for limits).
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

    fn run(&mut self, game: &Game, watch: &mut Watch<'_>) -> Result<Solution, Interrupted> {
        self.stopped = None;
        let start = self.nodes;
        let score = self.score(game, watch);
        if let Some(reason) = self.stopped.take() {
            return Err(reason);
        }
        let optimal_actions = self.optimal_actions(game, score, watch);
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

    /// The actions of `game` that keep its score `score`, ascending, tested
    /// on [`Solver::threads`] threads (action `i` by thread `i % threads`).
    fn optimal_actions(&mut self, game: &Game, score: Score, watch: &mut Watch<'_>) -> Vec<Action> {
        let actions: Vec<Action> = game.legal_actions().iter().collect();
        let threads = self.threads.min(actions.len()).max(1);
        if threads == 1 {
            return actions
                .into_iter()
                .filter(|&action| self.is_optimal(game, action, score, watch))
                .collect();
        }
        let mut optimal = vec![false; actions.len()];
        std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads)
                .map(|t| {
                    let mut helper = Solver {
                        scoring: self.scoring,
                        table: self.table.clone(),
                        history: self.history,
                        nodes: 0,
                        table_limit: self.table_limit,
                        stopped: None,
                        threads: 1,
                    };
                    let mut watch = watch.clone();
                    let actions = &actions;
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
            .into_iter()
            .zip(optimal)
            .filter_map(|(action, keep)| keep.then_some(action))
            .collect()
    }

    /// The exact score of `game` (X's side).
    fn score(&mut self, game: &Game, watch: &mut Watch<'_>) -> Score {
        self.search(game, Score::MIN + 1, Score::MAX, watch)
    }

    /// Whether `action` keeps the score `score` of `game`. No child does
    /// better for the player acting than `score`, so one null-window test
    /// tells: for X, whether the child reaches `score`; for O, whether it
    /// stays at or below it.
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
        if game.move_number() == 9 && game.collapse_options().is_none() {
            // The last mark: too many positions to be worth remembering,
            // and a closed form.
            return self.last_mark(game);
        }
        let (key, symmetry) = game.canonical();
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
        let squares = crate::Square::ALL
            .into_iter()
            .filter(|s| free & s.bit() != 0);
        let (mut best, mut second) = (Score::MIN, Score::MIN);
        if free.count_ones() == 1 {
            let last = squares.clone().next().expect("one free square");
            self.nodes += 1;
            return terminal_score(
                self.scoring,
                &game.apply_unchecked(crate::Move::classical(last).into()),
            );
        }
        let anchor = squares.clone().next().expect("free squares");
        for landing in squares {
            let other = if landing == anchor {
                crate::Square::lowest_in(free & !anchor.bit())
            } else {
                anchor
            };
            let placed = crate::Move::spooky(landing, other).expect("two squares");
            let end = game
                .apply_unchecked(placed.into())
                .apply_unchecked(crate::CollapseChoice(landing).into());
            debug_assert!(end.is_over(), "the last collapse fills the board");
            self.nodes += 1;
            let score = terminal_score(self.scoring, &end);
            if score > best {
                (best, second) = (score, best);
            } else if score > second {
                second = score;
            }
        }
        second
    }

    /// The best score among the children of `game` within the window, and
    /// the action reaching it; `first` (a previous best) is tried first.
    fn search_children(
        &mut self,
        game: &Game,
        player: Player,
        mut alpha: Score,
        mut beta: Score,
        first: Option<Action>,
        watch: &mut Watch<'_>,
    ) -> (Score, Action) {
        let maximising = player == Player::X;
        let legal = game.legal_actions();
        let history = &self.history[player as usize];
        let mut ordered: [(u32, Action); crate::MAX_LEGAL_ACTIONS] =
            [(0, legal[0]); crate::MAX_LEGAL_ACTIONS];
        for (slot, action) in ordered.iter_mut().zip(legal.iter()) {
            let rank = if Some(action) == first {
                u32::MAX
            } else {
                history[usize::from(action.id())]
            };
            *slot = (rank, action);
        }
        let ordered = &mut ordered[..legal.len()];
        ordered.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut best = (if maximising { Score::MIN } else { Score::MAX }, legal[0]);
        for &(_, action) in ordered.iter() {
            let score = self.search(&game.apply_unchecked(action), alpha, beta, watch);
            if self.stopped.is_some() {
                break;
            }
            if (maximising && score > best.0) || (!maximising && score < best.0) {
                best = (score, action);
            }
            if maximising {
                alpha = alpha.max(score);
            } else {
                beta = beta.min(score);
            }
            if alpha >= beta {
                let count = &mut self.history[player as usize][usize::from(action.id())];
                *count = count.saturating_add(1 << (10 - game.move_number()));
                break;
            }
        }
        best
    }
}

/// The result part of a score, in half points.
fn result_of(score: Score) -> i32 {
    // |score| = |result| * MOVE_WEIGHT + (MOVE_WEIGHT - moves), 0 < tie < MOVE_WEIGHT.
    score.signum() * (score.abs() / MOVE_WEIGHT)
}
