//! Puzzles: positions with exactly one winning action, proven by the
//! solver, that a person can solve (a win within a few own actions), each
//! tagged by what it teaches and graded by its depth.

use super::{Scoring, Solver};
use crate::gamefile::{self, AnnotatedGame, Ply, Variation};
use crate::random::SplitMix64;
use crate::{Action, Game, Outcome, Phase, Player};

/// The shipped set: a game file of puzzles (one game each: the position
/// as its `Start` tag, the solution as its main line, the tags `Puzzle`
/// and `Depth`), written by `cargo run --release -p qttt --example
/// puzzles`; read it with [`shipped`].
pub const SHIPPED: &str = include_str!("puzzles.qgn");

/// The deepest puzzles kept: a win within this many own actions.
pub const MAX_DEPTH: u8 = 3;

/// What a puzzle teaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Theme {
    /// The winning action is a collapse choice.
    CollapseChoice,
    /// The win comes with lines for both players, the solver's first
    /// (RULES.md: the earlier line wins).
    EarlierLine,
    /// The winning line ends with the classical ninth mark, forced into
    /// the last free square.
    ForcedNinthMark,
    /// The winning action is a move that closes no cycle, where another
    /// move would close one.
    AvoidingCycle,
    /// The winning action is a move that closes a cycle (the opponent
    /// must choose a collapse).
    ForcingCycle,
}

impl Theme {
    /// Every theme.
    pub const ALL: [Theme; 5] = [
        Theme::CollapseChoice,
        Theme::EarlierLine,
        Theme::ForcedNinthMark,
        Theme::AvoidingCycle,
        Theme::ForcingCycle,
    ];

    /// The stable name: `collapse-choice`, `earlier-line`,
    /// `forced-ninth-mark`, `avoiding-cycle` or `forcing-cycle`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Theme::CollapseChoice => "collapse-choice",
            Theme::EarlierLine => "earlier-line",
            Theme::ForcedNinthMark => "forced-ninth-mark",
            Theme::AvoidingCycle => "avoiding-cycle",
            Theme::ForcingCycle => "forcing-cycle",
        }
    }
}

crate::reason::display_and_parse_by_name!(
    Theme,
    name,
    "puzzle theme",
    "collapse-choice, earlier-line, forced-ninth-mark, avoiding-cycle or forcing-cycle"
);

/// A puzzle: the player to act in `position` wins with exactly one of the
/// legal actions (under [`Scoring::SingleResult`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Puzzle {
    /// The position (a record from the empty board).
    pub position: Game,
    /// Who wins: the player to act.
    pub winner: Player,
    /// The winning action, then perfect play to the end (the winner
    /// hurries, the loser holds out).
    pub solution: Vec<Action>,
    /// The grade: the winner's own actions in the solution.
    pub depth: u8,
    /// What it teaches, in the order of [`Theme::ALL`].
    pub themes: Vec<Theme>,
}

impl Puzzle {
    /// The puzzle of `position`, if it is one: at least two legal actions,
    /// exactly one of which wins for the player to act, within
    /// [`MAX_DEPTH`] own actions. `solver` must use
    /// [`Scoring::SingleResult`].
    pub fn of(solver: &mut Solver, position: &Game) -> Option<Puzzle> {
        debug_assert_eq!(solver.scoring(), Scoring::SingleResult);
        let winner = position.current_player()?;
        let legal = position.legal_actions();
        if legal.len() < 2 {
            return None;
        }
        let wins = |value: i32| {
            if winner == Player::X {
                value > 0
            } else {
                value < 0
            }
        };
        let solution = solver.solve(position);
        if !wins(solution.value_half_points) {
            return None;
        }
        let mut winning = legal.iter().filter(|&action| {
            wins(
                solver
                    .solve(&position.apply_unchecked(action))
                    .value_half_points,
            )
        });
        let (first, second) = (winning.next(), winning.next());
        if first.is_none() || second.is_some() {
            return None;
        }
        let line = solution.principal_variation;
        let mut game = *position;
        let mut depth = 0;
        for &action in &line {
            if game.current_player() == Some(winner) {
                depth += 1;
            }
            game = game.apply_unchecked(action);
        }
        if depth > MAX_DEPTH {
            return None;
        }
        let themes = themes(position, &line, &game);
        Some(Puzzle {
            position: *position,
            winner,
            solution: line,
            depth,
            themes,
        })
    }

    /// The puzzle as a game of a game file: tags `Puzzle` (its themes),
    /// `Depth`, `Comment` ("X to play and win in 2": two own actions), the
    /// position as `Start` and the solution as the main line.
    #[must_use]
    pub fn to_annotated(&self) -> AnnotatedGame {
        let line = Variation {
            comment: None,
            plies: self.solution.iter().copied().map(Ply::new).collect(),
        };
        let mut game = AnnotatedGame::new(self.position, line, Scoring::SingleResult);
        let themes: Vec<&str> = self.themes.iter().map(|t| t.name()).collect();
        game.set_tag("Event", "qttt puzzles");
        game.set_tag("Puzzle", &themes.join(" "));
        game.set_tag("Depth", &self.depth.to_string());
        game.set_tag(
            "Comment",
            &format!("{} to play and win in {}", self.winner, self.depth),
        );
        game
    }
}

/// The themes of a puzzle whose solution `line` leads from `position` to `end`.
fn themes(position: &Game, line: &[Action], end: &Game) -> Vec<Theme> {
    let first = line[0];
    let mut themes = Vec::new();
    if position.phase() == Phase::Collapse {
        themes.push(Theme::CollapseChoice);
    }
    if end.outcome().is_some_and(|o: Outcome| {
        o.lines()
            .map(|l| l.player())
            .collect::<Vec<_>>()
            .windows(2)
            .any(|w| w[0] != w[1])
    }) {
        themes.push(Theme::EarlierLine);
    }
    if line
        .iter()
        .any(|a| matches!(a, Action::Move(m) if !m.is_spooky()))
    {
        themes.push(Theme::ForcedNinthMark);
    }
    if let Action::Move(m) = first {
        let closes = |action: Action| position.apply_unchecked(action).phase() == Phase::Collapse;
        if closes(first) {
            themes.push(Theme::ForcingCycle);
        } else if m.is_spooky() && position.legal_actions().iter().any(closes) {
            themes.push(Theme::AvoidingCycle);
        }
    }
    themes
}

/// Puzzles from seeded random games: for each game, random actions from
/// the empty board, every position on the way tried (positions with at
/// least `min_marks` marks), until `count` puzzles are found, at most
/// `per_depth` of each depth (so at most `per_depth` × [`MAX_DEPTH`]).
/// The same seed gives the same puzzles.
#[must_use]
pub fn generate(seed: u64, count: usize, per_depth: usize, min_marks: u8) -> Vec<Puzzle> {
    let count = count.min(per_depth * usize::from(MAX_DEPTH));
    let mut solver = Solver::new(Scoring::SingleResult);
    let mut rng = SplitMix64::new(seed);
    let mut found: Vec<Puzzle> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    while found.len() < count {
        let mut game = Game::new();
        while let Some(action) = crate::random::random_action(&game, &mut rng) {
            game = game.apply_unchecked(action);
            if game.move_number() <= min_marks || !seen.insert(game.canonical_key()) {
                continue;
            }
            if let Some(puzzle) = Puzzle::of(&mut solver, &game) {
                if !puzzle.themes.is_empty()
                    && found.iter().filter(|p| p.depth == puzzle.depth).count() < per_depth
                {
                    found.push(puzzle);
                    if found.len() == count {
                        break;
                    }
                }
            }
        }
    }
    found
}

/// The set [`SHIPPED`] holds, made anew: [`generate`] with seed 2026,
/// 110 puzzles of each depth from positions with at least four marks,
/// easiest first (in the order found within a depth), numbered by their
/// `Round` tag, written as a game file. Takes seconds in a release build.
#[must_use]
pub fn shipped_set() -> String {
    let per_depth = 110;
    let mut found = generate(2026, per_depth * usize::from(MAX_DEPTH), per_depth, 4);
    found.sort_by_key(|p| p.depth);
    let games: Vec<AnnotatedGame> = found
        .iter()
        .enumerate()
        .map(|(i, puzzle)| {
            let mut game = puzzle.to_annotated();
            game.set_tag("Round", &(i + 1).to_string());
            game
        })
        .collect();
    gamefile::write(&games)
}

/// The shipped puzzles ([`SHIPPED`]), read back: position, solution and
/// the tags; the uniqueness is the test suite's to prove.
#[must_use]
pub fn shipped() -> Vec<AnnotatedGame> {
    gamefile::parse(SHIPPED).expect("the shipped puzzles parse")
}
