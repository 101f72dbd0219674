//! Puzzles: positions with exactly one winning action, proven by the
//! solver, that a person can solve (a win within a few own actions), each
//! tagged by what it teaches and graded by its depth.
//!
//! [`Puzzle`] is what a puzzle means; [`Puzzle::to_annotated`] writes it as
//! a game of a game file and [`Puzzle::from_annotated`] reads it back, the
//! one reading every binding takes (its number is the `Round` tag).
//! [`shipped`] is the shipped set, read.

use core::fmt;

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
    /// Its number in its set, from 1 (a game file's `Round` tag); `None`
    /// when it has none (a puzzle just found, or a file whose `Round` is
    /// not a whole number from 1).
    pub number: Option<u32>,
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
            number: None,
            position: *position,
            winner,
            solution: line,
            depth,
            themes,
        })
    }

    /// The puzzle as a game of a game file: tags `Round` (its number, when
    /// it has one), `Puzzle` (its themes), `Depth`, `Comment` ("X to play
    /// and win in 2": two own actions), the position as `Start` and the
    /// solution as the main line. [`Puzzle::from_annotated`] reads it back.
    /// The caption is in English ([`PuzzleCaption`]'s `Display`);
    /// [`Puzzle::to_annotated_with`] writes it in other words.
    #[must_use]
    pub fn to_annotated(&self) -> AnnotatedGame {
        self.to_annotated_with(|caption| caption.to_string())
    }

    /// The puzzle's caption as data: who is to play and win, in how many
    /// of their own actions.
    #[must_use]
    pub fn caption(&self) -> PuzzleCaption {
        PuzzleCaption {
            winner: self.winner,
            depth: self.depth,
        }
    }

    /// [`Puzzle::to_annotated`] with the `Comment` tag in the words `words`
    /// gives the caption (a binding's locale files: message
    /// `puzzle-caption`).
    ///
    /// ```
    /// use qttt::analysis::Puzzle;
    /// let puzzle = &qttt::analysis::puzzles::shipped()[0];
    /// let game = puzzle.to_annotated_with(|c| format!("{} am Zug, gewinnt in {}", c.winner, c.depth));
    /// assert_eq!(game.tag("Comment"), Some(format!("{} am Zug, gewinnt in {}", puzzle.winner, puzzle.depth).as_str()));
    /// assert_eq!(puzzle.to_annotated().tag("Comment"), Some(puzzle.caption().to_string().as_str()));
    /// ```
    #[must_use]
    pub fn to_annotated_with(&self, words: impl FnOnce(&PuzzleCaption) -> String) -> AnnotatedGame {
        let line = Variation {
            comment: None,
            plies: self.solution.iter().copied().map(Ply::new).collect(),
        };
        let mut game = AnnotatedGame::new(self.position, line, Scoring::SingleResult);
        let themes: Vec<&str> = self.themes.iter().map(|t| t.name()).collect();
        game.set_tag("Event", "qttt puzzles");
        if let Some(number) = self.number {
            game.set_tag("Round", &number.to_string());
        }
        game.set_tag("Puzzle", &themes.join(" "));
        game.set_tag("Depth", &self.depth.to_string());
        game.set_tag("Comment", &words(&self.caption()));
        game
    }

    /// The puzzle a game of a game file describes, as
    /// [`Puzzle::to_annotated`] writes it: the position is its `Start`, the
    /// solution its main line, the winner the player to act, the depth the
    /// winner's own actions in the solution, the themes the names of tag
    /// `Puzzle` (none without it), the number tag `Round` (see
    /// [`Puzzle::number`]). Checks what it can without a solver: someone
    /// acts, the solution is a win for them, and a `Depth` tag, if any,
    /// agrees; that the winning action is the only one is not checked (the
    /// shipped set's test proves it).
    ///
    /// ```
    /// use qttt::analysis::Puzzle;
    /// use qttt::gamefile;
    /// let text = "[Round \"7\"]\n[Start \"46 45 46 @6 38 17 27\"]\n\
    ///             [Puzzle \"forcing-cycle\"]\n[Depth \"1\"]\n\n17 @1 1-0\n";
    /// let puzzle = Puzzle::from_annotated(&gamefile::parse(text)?[0])?;
    /// assert_eq!(puzzle.number, Some(7));
    /// assert_eq!((puzzle.winner.to_string(), puzzle.depth), ("X".to_owned(), 1));
    /// assert_eq!(puzzle.solution[0].to_string(), "17");
    /// assert_eq!(Puzzle::from_annotated(&puzzle.to_annotated())?, puzzle);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_annotated(game: &AnnotatedGame) -> Result<Puzzle, PuzzleError> {
        let position = game.start;
        let winner = position.current_player().ok_or(PuzzleError::GameOver)?;
        let solution: Vec<Action> = game.line.plies.iter().map(|ply| ply.action).collect();
        let mut end = position;
        let mut depth: u8 = 0;
        for &action in &solution {
            if end.current_player() == Some(winner) {
                depth = depth.saturating_add(1);
            }
            end = end.apply(action).map_err(|_| PuzzleError::NotAWin)?;
        }
        if end.outcome().and_then(|o| o.winner()) != Some(winner) {
            return Err(PuzzleError::NotAWin);
        }
        if let Some(tag) = game.tag("Depth") {
            if tag.parse::<u8>() != Ok(depth) {
                return Err(PuzzleError::Depth(tag.to_owned()));
            }
        }
        let themes = game
            .tag("Puzzle")
            .unwrap_or("")
            .split_whitespace()
            .map(|name| name.parse().map_err(PuzzleError::Theme))
            .collect::<Result<Vec<Theme>, _>>()?;
        let number = game
            .tag("Round")
            .and_then(|round| round.parse::<u32>().ok())
            .filter(|&n| n >= 1);
        Ok(Puzzle {
            number,
            position,
            winner,
            solution,
            depth,
            themes,
        })
    }
}

/// A puzzle's caption as data ([`Puzzle::caption`]): the words are each
/// binding's, from the locale files (message `puzzle-caption`). `Display`
/// gives the English of the shipped set's `Comment` tags: `X to play and
/// win in 2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct PuzzleCaption {
    /// Who is to play and win.
    pub winner: Player,
    /// The winner's own actions in the solution.
    pub depth: u8,
}

impl fmt::Display for PuzzleCaption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} to play and win in {}", self.winner, self.depth)
    }
}

/// Why a game of a game file is not a puzzle ([`Puzzle::from_annotated`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PuzzleError {
    /// The start position is over: nobody acts.
    GameOver,
    /// The main line does not end with a win for the player to act.
    NotAWin,
    /// The `Depth` tag (this value) is not the winner's own actions in
    /// the solution.
    Depth(String),
    /// A name of the `Puzzle` tag is not a theme.
    Theme(crate::UnknownName),
}

impl core::fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            PuzzleError::GameOver => f.write_str("not a puzzle: the start position is over"),
            PuzzleError::NotAWin => f.write_str(
                "not a puzzle: the main line does not end with a win for the player to act",
            ),
            PuzzleError::Depth(depth) => write!(
                f,
                "not a puzzle: tag Depth {depth:?} is not the winner's actions in the solution"
            ),
            PuzzleError::Theme(error) => write!(f, "not a puzzle: tag Puzzle: {error}"),
        }
    }
}

impl std::error::Error for PuzzleError {}

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
        .into_iter()
        .zip(1..)
        .map(|(mut puzzle, number)| {
            puzzle.number = Some(number);
            puzzle.to_annotated()
        })
        .collect();
    gamefile::write(&games)
}

/// The shipped puzzles ([`SHIPPED`]), read by [`Puzzle::from_annotated`]:
/// numbered from 1 in order, easiest first. The uniqueness of each
/// winning action is the test suite's to prove.
#[must_use]
pub fn shipped() -> Vec<Puzzle> {
    gamefile::parse(SHIPPED)
        .expect("the shipped puzzles parse")
        .iter()
        .map(|game| Puzzle::from_annotated(game).expect("each shipped game is a puzzle"))
        .collect()
}
