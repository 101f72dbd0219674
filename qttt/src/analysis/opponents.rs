//! Computer opponents behind one small trait: random, Monte Carlo tree
//! search, and perfect play.

use crate::analysis::{Interrupted, Limits, Scoring, Solver};
use crate::random::{SplitMix64, random_action, random_playout};
use crate::{Action, Game, Player};

/// Something that picks an action for whoever acts in a game.
pub trait Opponent {
    /// An action for `game.current_player()`, or `None` once the game is over.
    fn choose(&mut self, game: &Game) -> Option<Action>;
}

/// The kinds of computer opponent, with stable names (`random`, `mcts`,
/// `perfect`: the command-line program's `--ai`, the playground's and the
/// npm package's opponent names) and indices (C's `QTTT_OPPONENT_*`),
/// parsed by [`FromStr`](core::str::FromStr) and written by
/// [`Display`](core::fmt::Display); [`opponent`](OpponentKind::opponent)
/// builds one.
///
/// ```
/// use qttt::analysis::{OpponentKind, OpponentOptions};
/// let kind: OpponentKind = "mcts".parse()?;
/// assert_eq!(kind, OpponentKind::Mcts);
/// assert_eq!(OpponentKind::Perfect.to_string(), "perfect");
/// let mut computer = kind.opponent(OpponentOptions::new().seed(7).playouts(200));
/// assert!(computer.choose(&qttt::Game::new()).is_some());
/// # Ok::<(), qttt::UnknownName>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum OpponentKind {
    /// [`RandomOpponent`]: uniformly random legal actions.
    #[default]
    Random,
    /// [`MctsOpponent`]: Monte Carlo tree search with a budget of playouts.
    Mcts,
    /// [`PerfectOpponent`]: perfect play.
    Perfect,
}

impl OpponentKind {
    /// Every kind, in index order.
    pub const ALL: [OpponentKind; 3] = [
        OpponentKind::Random,
        OpponentKind::Mcts,
        OpponentKind::Perfect,
    ];

    /// The stable index: 0 `Random`, 1 `Mcts`, 2 `Perfect`.
    #[must_use]
    pub const fn index(self) -> u8 {
        match self {
            OpponentKind::Random => 0,
            OpponentKind::Mcts => 1,
            OpponentKind::Perfect => 2,
        }
    }

    /// The kind with this [`index`](OpponentKind::index), or `None`.
    #[must_use]
    pub const fn from_index(index: u8) -> Option<OpponentKind> {
        if (index as usize) < OpponentKind::ALL.len() {
            Some(OpponentKind::ALL[index as usize])
        } else {
            None
        }
    }

    /// The stable name: `random`, `mcts` or `perfect`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            OpponentKind::Random => "random",
            OpponentKind::Mcts => "mcts",
            OpponentKind::Perfect => "perfect",
        }
    }

    /// An opponent of this kind: seeded with `options`' seed; MCTS with
    /// its playouts, perfect play under its scoring.
    #[must_use]
    pub fn opponent(self, options: OpponentOptions) -> Box<dyn Opponent + Send> {
        match self {
            OpponentKind::Random => Box::new(RandomOpponent::new(options.seed)),
            OpponentKind::Mcts => Box::new(MctsOpponent::new(options.playouts, options.seed)),
            OpponentKind::Perfect => Box::new(PerfectOpponent::with_solver(
                Solver::new(options.scoring),
                options.seed,
            )),
        }
    }
}

crate::reason::display_and_parse_by_name!(
    OpponentKind,
    name,
    "opponent",
    "random, mcts or perfect"
);

/// The settings [`OpponentKind::opponent`] builds an opponent with: a seed
/// (default 0), MCTS's playouts per choice (default
/// [`MctsOpponent::DEFAULT_PLAYOUTS`]) and perfect play's scoring (default
/// [`Scoring::SingleResult`]). Each kind uses what applies to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OpponentOptions {
    seed: u64,
    playouts: u32,
    scoring: Scoring,
}

impl Default for OpponentOptions {
    fn default() -> OpponentOptions {
        OpponentOptions::new()
    }
}

impl OpponentOptions {
    /// The defaults.
    #[must_use]
    pub const fn new() -> OpponentOptions {
        OpponentOptions {
            seed: 0,
            playouts: MctsOpponent::DEFAULT_PLAYOUTS,
            scoring: Scoring::SingleResult,
        }
    }

    /// Seeds the opponent's choices.
    #[must_use]
    pub const fn seed(mut self, seed: u64) -> OpponentOptions {
        self.seed = seed;
        self
    }

    /// MCTS's playouts per choice (at least 1).
    #[must_use]
    pub const fn playouts(mut self, playouts: u32) -> OpponentOptions {
        self.playouts = playouts;
        self
    }

    /// Perfect play's scoring.
    #[must_use]
    pub const fn scoring(mut self, scoring: Scoring) -> OpponentOptions {
        self.scoring = scoring;
        self
    }
}

/// Uniformly random legal actions (seeded).
#[derive(Clone, Debug)]
pub struct RandomOpponent {
    rng: SplitMix64,
}

impl RandomOpponent {
    /// A random opponent seeded with `seed`.
    #[must_use]
    pub fn new(seed: u64) -> RandomOpponent {
        RandomOpponent {
            rng: SplitMix64::new(seed),
        }
    }
}

impl Opponent for RandomOpponent {
    fn choose(&mut self, game: &Game) -> Option<Action> {
        random_action(game, &mut self.rng)
    }
}

/// Perfect play: [`Solver::best_action`] under the solver's scoring,
/// always an optimal action (among equal results it wins fastest and
/// loses slowest), chosen at random among equals (seeded). Keeps its
/// solver, so later moves are fast.
#[derive(Debug)]
pub struct PerfectOpponent {
    solver: Solver,
    rng: SplitMix64,
}

impl PerfectOpponent {
    /// A perfect opponent under [`Scoring::SingleResult`] seeded with `seed`.
    #[must_use]
    pub fn new(seed: u64) -> PerfectOpponent {
        PerfectOpponent::with_solver(Solver::new(Scoring::SingleResult), seed)
    }

    /// A perfect opponent playing with `solver` (its scoring, threads,
    /// table and what it has solved), seeded with `seed`.
    #[must_use]
    pub fn with_solver(solver: Solver, seed: u64) -> PerfectOpponent {
        PerfectOpponent {
            solver,
            rng: SplitMix64::new(seed),
        }
    }

    /// Its solver, to solve positions or list hints with the same table.
    pub fn solver(&mut self) -> &mut Solver {
        &mut self.solver
    }

    /// [`Opponent::choose`] within `limits`: the action (`None` once the
    /// game is over), or why it stopped.
    pub fn choose_with(
        &mut self,
        game: &Game,
        limits: &Limits<'_>,
    ) -> Result<Option<Action>, Interrupted> {
        self.solver.best_action_with(game, limits, &mut self.rng)
    }
}

impl Opponent for PerfectOpponent {
    fn choose(&mut self, game: &Game) -> Option<Action> {
        self.solver.best_action(game, &mut self.rng)
    }
}

/// Monte Carlo tree search (UCT) with a budget of random playouts per
/// choice: medium strength, tunable by the budget.
#[derive(Clone, Debug)]
pub struct MctsOpponent {
    playouts: u32,
    rng: SplitMix64,
}

/// A node of the search tree: the game there, who moved into it, and the
/// mover's total reward (1 a win, 1/2 a draw) over its visits.
struct Node {
    game: Game,
    mover: Option<Player>,
    visits: u32,
    reward: f64,
    children: Vec<(Action, usize)>,
    untried: Vec<Action>,
}

impl MctsOpponent {
    /// The playouts per choice of an opponent built from an [`OpponentKind`]
    /// without saying (Python's and the playground's default too): medium
    /// strength, a fraction of a second a move.
    pub const DEFAULT_PLAYOUTS: u32 = 2000;

    /// An opponent that runs `playouts` playouts (at least 1) per choice.
    #[must_use]
    pub fn new(playouts: u32, seed: u64) -> MctsOpponent {
        MctsOpponent {
            playouts: playouts.max(1),
            rng: SplitMix64::new(seed),
        }
    }

    fn node(game: Game, mover: Option<Player>) -> Node {
        Node {
            game,
            mover,
            visits: 0,
            reward: 0.0,
            children: Vec::new(),
            untried: game.legal_actions().iter().collect(),
        }
    }
}

impl Opponent for MctsOpponent {
    fn choose(&mut self, game: &Game) -> Option<Action> {
        game.current_player()?;
        let mut tree = vec![MctsOpponent::node(*game, None)];
        for _ in 0..self.playouts {
            // Select: follow the best upper confidence bound down to a node
            // with untried actions (or the end of the game).
            let mut path = vec![0];
            let mut current = 0;
            while tree[current].untried.is_empty() && !tree[current].children.is_empty() {
                let parent_visits = f64::from(tree[current].visits).ln();
                let (_, best) = tree[current]
                    .children
                    .iter()
                    .map(|&(_, child)| {
                        let node = &tree[child];
                        let visits = f64::from(node.visits);
                        (
                            node.reward / visits + (2.0 * parent_visits / visits).sqrt(),
                            child,
                        )
                    })
                    .fold((f64::MIN, 0), |best, candidate| {
                        if candidate.0 > best.0 {
                            candidate
                        } else {
                            best
                        }
                    });
                current = best;
                path.push(current);
            }
            // Expand one untried action.
            if !tree[current].untried.is_empty() {
                let pick = self.rng.below(tree[current].untried.len() as u32) as usize;
                let action = tree[current].untried.swap_remove(pick);
                let parent = &tree[current].game;
                let child =
                    MctsOpponent::node(parent.apply_unchecked(action), parent.current_player());
                tree.push(child);
                let index = tree.len() - 1;
                tree[current].children.push((action, index));
                current = index;
                path.push(current);
            }
            // Simulate, then credit every node on the path from its mover's side.
            let end = random_playout(&tree[current].game, &mut self.rng);
            let winner = end.outcome().and_then(|o| o.winner());
            for &index in &path {
                let node = &mut tree[index];
                node.visits += 1;
                node.reward += match (winner, node.mover) {
                    (None, _) => 0.5,
                    (Some(w), Some(m)) if w == m => 1.0,
                    _ => 0.0,
                };
            }
        }
        // The most visited action.
        tree[0]
            .children
            .iter()
            .max_by_key(|&&(_, child)| tree[child].visits)
            .map(|&(action, _)| action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(record: &str) -> Game {
        Game::from_record(record).unwrap()
    }

    #[test]
    fn every_opponent_plays_legal_actions_to_the_end() {
        let opponents: Vec<Box<dyn Opponent>> = vec![
            Box::new(RandomOpponent::new(1)),
            Box::new(MctsOpponent::new(50, 1)),
            Box::new(PerfectOpponent::new(1)),
        ];
        for mut opponent in opponents {
            let mut g = game("15 25 35");
            while let Some(action) = opponent.choose(&g) {
                g = g.apply(action).expect("a legal action");
            }
            assert!(g.outcome().is_some());
            assert_eq!(opponent.choose(&g), None);
        }
    }

    #[test]
    fn mcts_takes_a_winning_collapse() {
        // X chooses where O6 lands: @8 wins at once (the worked example).
        let choice = MctsOpponent::new(2000, 3).choose(&game("58 47 67 59 48 68"));
        assert_eq!(choice.map(|a| a.to_string()), Some("@8".to_owned()));
    }

    /// Points (1 a win, 1/2 a draw) `first` scores against `second` over
    /// `games` games with `first` as X, and as many with `first` as O.
    fn match_points(
        first: &mut impl Opponent,
        second: &mut impl Opponent,
        games: usize,
    ) -> (f64, f64) {
        let mut points = [0.0, 0.0];
        for (side, player) in [Player::X, Player::O].into_iter().enumerate() {
            for _ in 0..games {
                let mut g = Game::new();
                while let Some(mover) = g.current_player() {
                    let action = if mover == player {
                        first.choose(&g)
                    } else {
                        second.choose(&g)
                    };
                    g = g.apply(action.unwrap()).unwrap();
                }
                points[side] += match g.outcome().and_then(|o| o.winner()) {
                    None => 0.5,
                    Some(winner) if winner == player => 1.0,
                    Some(_) => 0.0,
                };
            }
        }
        (points[0], points[1])
    }

    #[test]
    fn mcts_beats_random_play_from_both_sides() {
        // Random play against random play scores about 0.65 a game as X and
        // 0.35 as O (58 % and 29 % wins, see the README): 13 and 7 points in
        // 20 games. A tree search of 300 playouts a move should almost never
        // lose to it: at least 18 points of 20 from either side.
        let (as_x, as_o) = match_points(
            &mut MctsOpponent::new(300, 1),
            &mut RandomOpponent::new(2),
            20,
        );
        assert!(as_x >= 18.0 && as_o >= 18.0, "{as_x} {as_o}");
    }

    #[test]
    fn mcts_prefers_a_draw_to_a_loss() {
        // O chooses where X9 lands: @9 draws, @8 gives X the column 1-4-7
        // (tests/vectors). Whatever the seed, the draw is worth more.
        let last = game("12 12 @2 35 35 @5 46 46 @6 78 79 89");
        for seed in 0..6 {
            let choice = MctsOpponent::new(200, seed).choose(&last);
            assert_eq!(choice.map(|a| a.to_string()), Some("@9".to_owned()));
        }
    }

    #[test]
    fn opponent_kinds_have_stable_names_and_indices() {
        let names: Vec<_> = OpponentKind::ALL.iter().map(|k| k.to_string()).collect();
        assert_eq!(names, ["random", "mcts", "perfect"]);
        for (index, kind) in OpponentKind::ALL.into_iter().enumerate() {
            assert_eq!(kind.index() as usize, index);
            assert_eq!(OpponentKind::from_index(index as u8), Some(kind));
            assert_eq!(kind.name().parse::<OpponentKind>(), Ok(kind));
        }
        assert_eq!(OpponentKind::from_index(3), None);
        let unknown = "minimax".parse::<OpponentKind>().unwrap_err();
        assert!(
            unknown.to_string().contains("random, mcts or perfect"),
            "{unknown}"
        );
        assert_eq!(OpponentKind::default(), OpponentKind::Random);
    }

    #[test]
    fn kinds_build_the_opponents_they_name() {
        // The same seeds give the same choices as the opponents made directly.
        let g = game("15 25 35");
        let options = OpponentOptions::new().seed(5).playouts(60);
        let built = |kind: OpponentKind| kind.opponent(options).choose(&g);
        assert_eq!(
            built(OpponentKind::Random),
            RandomOpponent::new(5).choose(&g)
        );
        assert_eq!(
            built(OpponentKind::Mcts),
            MctsOpponent::new(60, 5).choose(&g)
        );
        assert_eq!(
            built(OpponentKind::Perfect),
            PerfectOpponent::new(5).choose(&g)
        );
        assert_eq!(OpponentOptions::default(), OpponentOptions::new());
        // Perfect play under another scoring: with lines for both players
        // a draw under "complete win", X here must choose where O8 lands;
        // @3 and @9 both draw then (tests/solver.rs), only @3 under
        // single-result play.
        let choice = game("14 14 @4 25 25 @5 78 69 36 39");
        let complete = OpponentOptions::new().scoring(Scoring::CompleteWin);
        let picks: Vec<_> = (0..16)
            .filter_map(|seed| {
                OpponentKind::Perfect
                    .opponent(complete.seed(seed))
                    .choose(&choice)
            })
            .map(|a| a.to_string())
            .collect();
        assert!(picks.iter().all(|p| p == "@3" || p == "@9"), "{picks:?}");
        assert!(picks.iter().any(|p| p == "@9"), "{picks:?}");
        assert!(picks.contains(&"@3".to_owned()), "{picks:?}");
    }

    #[test]
    fn a_perfect_opponent_shares_its_solver() {
        let mut opponent = PerfectOpponent::with_solver(Solver::new(Scoring::GoffPoints), 1);
        assert_eq!(opponent.solver().scoring(), Scoring::GoffPoints);
        // X chooses where O8 lands: under Goff's points only @3 keeps the
        // draw, @9 loses by 1 : 1/2 (tests/solver.rs).
        let g = game("14 14 @4 25 25 @5 78 69 36 39");
        let limits = Limits::new();
        assert_eq!(
            opponent
                .choose_with(&g, &limits)
                .map(|a| a.map(|a| a.to_string())),
            Ok(Some("@3".to_owned()))
        );
        assert!(opponent.solver().table_len() > 0);
        let over = game("58 47 67 59 48 68 @8");
        assert_eq!(opponent.choose_with(&over, &limits), Ok(None));
    }

    #[test]
    fn perfect_opponent_picks_only_optimal_actions() {
        // O chooses where X9 lands: @9 draws, @8 loses (tests/vectors).
        let last = game("12 12 @2 35 35 @5 46 46 @6 78 79 89");
        for seed in 0..5 {
            assert_eq!(
                PerfectOpponent::new(seed)
                    .choose(&last)
                    .map(|a| a.to_string()),
                Some("@9".to_owned())
            );
        }
    }
}
