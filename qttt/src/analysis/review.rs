//! Reviews: every action of a game judged by perfect play.

use super::{Scoring, Solution, Solver};
use crate::gamefile::{AnnotatedGame, Glyph, Ply, Value, Variation};
use crate::{Action, Game, Player};

/// A game reviewed by perfect play: for each action, the value before and
/// after it, whether it kept the value, what it lost, the best actions and
/// the principal variations. Made by [`Review::new`].
///
/// Values are X's result under perfect play, X's points minus O's, each a
/// [`Value`] (a whole number of half points, −2 to 2, as
/// [`Solution::value_half_points`](super::Solution::value_half_points)).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Review {
    /// The scoring the values are under.
    pub scoring: Scoring,
    /// The position the review starts from.
    pub start: Game,
    /// The game reviewed (its end).
    pub end: Game,
    /// One step for each action from `start` to `end`.
    pub steps: Vec<ReviewStep>,
    /// The value at the end (the result, when the game is over).
    pub final_value: Value,
}

/// One action of a [`Review`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ReviewStep {
    /// The action's ply, counted from the empty board, from 1.
    pub ply: usize,
    /// The action.
    pub action: Action,
    /// Who played it.
    pub player: Player,
    /// The value before it.
    pub before: Value,
    /// The value after it.
    pub after: Value,
    /// What it lost, from the mover's side, in half points: 0 when it
    /// kept the value, up to 4 (a full win given away for a full loss).
    /// A difference of two values, so not itself a [`Value`].
    pub lost_half_points: i32,
    /// What kind of loss it is.
    pub verdict: Verdict,
    /// The best actions in the position before it: every action that keeps
    /// the value and wins soonest (or loses latest), ascending by id.
    pub best: Vec<Action>,
    /// A principal variation from the position before it: a best action,
    /// then perfect play to the end.
    pub best_line: Vec<Action>,
    /// A principal variation after it: perfect play to the end.
    pub line_after: Vec<Action>,
}

impl ReviewStep {
    /// Whether the action kept the value.
    #[must_use]
    pub fn kept(&self) -> bool {
        self.lost_half_points == 0
    }

    /// The glyph the review gives the action: none when it kept the value,
    /// [`Glyph::Blunder`] (`??`) for a full win given away for a full loss,
    /// [`Glyph::Dubious`] (`?!`) for half a point lost, else
    /// [`Glyph::Mistake`] (`?`). The one rule every binding and the
    /// annotated game file take.
    #[must_use]
    pub fn glyph(&self) -> Option<Glyph> {
        match self.verdict {
            Verdict::Kept => None,
            Verdict::WinGivenAway if self.lost_half_points >= 4 => Some(Glyph::Blunder),
            Verdict::HalfPointLost => Some(Glyph::Dubious),
            Verdict::WinGivenAway | Verdict::DrawGivenAway => Some(Glyph::Mistake),
        }
    }
}

/// What an action lost: nothing, or what it gave away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Verdict {
    /// The value was kept.
    Kept,
    /// A won position (a full win, or half a point ahead) turned into a
    /// draw or worse: glyph `??` from a full win to a full loss, else `?`.
    WinGivenAway,
    /// A drawn position turned into a loss (glyph `?`).
    DrawGivenAway,
    /// Half a point lost under [`Scoring::GoffPoints`] without giving away
    /// a win or a draw (glyph `?!`).
    HalfPointLost,
}

impl Verdict {
    /// The stable name: `kept`, `win_given_away`, `draw_given_away` or
    /// `half_point_lost`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Verdict::Kept => "kept",
            Verdict::WinGivenAway => "win_given_away",
            Verdict::DrawGivenAway => "draw_given_away",
            Verdict::HalfPointLost => "half_point_lost",
        }
    }

    /// The verdict on a move from `before` to `after`, both from the
    /// mover's side.
    fn of(before: i32, after: i32) -> Verdict {
        if after >= before {
            Verdict::Kept
        } else if before > 0 && after <= 0 {
            Verdict::WinGivenAway
        } else if before == 0 {
            Verdict::DrawGivenAway
        } else {
            Verdict::HalfPointLost
        }
    }
}

impl Review {
    /// Reviews the actions of `game` from its ply `first` on (0 for all of
    /// them; beyond the last ply, none), under the solver's scoring.
    /// Solves every position from there to the end once, the last first:
    /// each position's search then finds the later ones of the game in the
    /// solver's table, and searches less than from the first on (the
    /// results are the same; docs/performance.md has the figures).
    ///
    /// ```
    /// use qttt::{Game, analysis::{Review, Scoring, Solver, Verdict}, gamefile::Value};
    /// // X can choose @8 and win (X's line 4-5-6 comes first) and does.
    /// let game = Game::from_record("58 47 67 59 48 68 @8")?;
    /// let review = Review::new(&mut Solver::new(Scoring::SingleResult), &game, 6);
    /// let step = &review.steps[0];
    /// let x_wins = Value::from_half_points(2).unwrap();
    /// assert_eq!((step.before, step.after, step.verdict), (x_wins, x_wins, Verdict::Kept));
    /// assert_eq!(review.final_value.to_string(), "+1");
    /// # Ok::<(), qttt::RecordError>(())
    /// ```
    pub fn new(solver: &mut Solver, game: &Game, first: usize) -> Review {
        let actions: Vec<Action> = game.record().iter().collect();
        let first = first.min(actions.len());
        let start = actions[..first]
            .iter()
            .fold(Game::new(), |g, &a| g.apply_unchecked(a));
        let positions: Vec<Game> = core::iter::once(start)
            .chain(actions[first..].iter().scan(start, |position, &action| {
                *position = position.apply_unchecked(action);
                Some(*position)
            }))
            .collect();
        let mut solutions: Vec<Solution> =
            positions.iter().rev().map(|p| solver.solve(p)).collect();
        solutions.reverse();
        Review::of(
            solver.scoring(),
            &positions,
            &actions[first..],
            first,
            solutions,
        )
    }

    /// The review of `actions` played from `positions[0]` on, from the
    /// solutions of `positions` (the position before each action, then
    /// the end); `first` is the ply of `positions[0]`.
    fn of(
        scoring: Scoring,
        positions: &[Game],
        actions: &[Action],
        first: usize,
        solutions: Vec<Solution>,
    ) -> Review {
        let value = |half_points: i32| {
            Value::from_half_points(half_points).expect("a solver's value is -2 to 2 half points")
        };
        let final_value = value(solutions.last().map_or(0, |s| s.value_half_points));
        let mut solutions = solutions.into_iter().peekable();
        let mut steps = Vec::new();
        for (index, (&action, position)) in actions.iter().zip(positions).enumerate() {
            let player = position
                .current_player()
                .expect("a position with an action to play");
            let solution = solutions.next().expect("a solution for each position");
            let after = solutions.peek().expect("a solution after each action");
            let side = if player == Player::X { 1 } else { -1 };
            let (before_value, after_value) = (solution.value_half_points, after.value_half_points);
            steps.push(ReviewStep {
                ply: first + index + 1,
                action,
                player,
                before: value(before_value),
                after: value(after_value),
                lost_half_points: (side * (before_value - after_value)).max(0),
                verdict: Verdict::of(side * before_value, side * after_value),
                best: solution.optimal_actions,
                best_line: solution.principal_variation,
                line_after: after.principal_variation.clone(),
            });
        }
        Review {
            scoring,
            start: positions[0],
            end: positions[positions.len() - 1],
            steps,
            final_value,
        }
    }

    /// The steps whose action lost something.
    pub fn mistakes(&self) -> impl Iterator<Item = &ReviewStep> {
        self.steps.iter().filter(|step| !step.kept())
    }

    /// The review as an annotated game: from [`Review::start`], each action
    /// with its value after it (`[%value v]`), a mistake with its glyph
    /// (`??` a full win given away for a full loss, `?` any other win or
    /// draw given away,
    /// `?!` half a point), a comment saying what it gave away and the best
    /// actions, and the best line as a variation; tag `Annotator` names
    /// the review. The comments are in English ([`ReviewComment`]'s
    /// `Display`); [`Review::to_annotated_with`] writes them in other words.
    #[must_use]
    pub fn to_annotated(&self) -> AnnotatedGame {
        self.to_annotated_with(|comment| comment.to_string())
    }

    /// [`Review::to_annotated`] with each comment in the words `words`
    /// gives it (a binding's locale files: the messages
    /// `review-comment-start` and `review-comment-mistake`).
    ///
    /// ```
    /// use qttt::{Game, analysis::{Review, ReviewComment, Scoring, Solver}};
    /// let game = Game::from_record("28 14 25 57 49 69 47 79 @9")?;
    /// let review = Review::new(&mut Solver::new(Scoring::SingleResult), &game, 6);
    /// let annotated = review.to_annotated_with(|comment| match comment {
    ///     ReviewComment::Start { value } => format!("Wert zu Beginn: {value}"),
    ///     ReviewComment::Mistake { player, .. } => format!("ein Fehler von {player}"),
    ///     _ => comment.to_string(),
    /// });
    /// assert_eq!(annotated.line.comment.as_deref(), Some("Wert zu Beginn: +1"));
    /// assert_eq!(annotated.line.plies[0].comment.as_deref(), Some("ein Fehler von X"));
    /// # Ok::<(), qttt::RecordError>(())
    /// ```
    #[must_use]
    pub fn to_annotated_with<'a>(
        &'a self,
        mut words: impl FnMut(&ReviewComment<'a>) -> String,
    ) -> AnnotatedGame {
        let plies = self
            .steps
            .iter()
            .map(|step| {
                let mut ply = Ply::new(step.action);
                ply.value = Some(step.after);
                if !step.kept() {
                    ply.glyph = step.glyph();
                    ply.comment = Some(words(&ReviewComment::Mistake {
                        player: step.player,
                        verdict: step.verdict,
                        best: &step.best,
                    }));
                    ply.variations.push(Variation {
                        comment: None,
                        plies: step.best_line.iter().copied().map(Ply::new).collect(),
                    });
                }
                ply
            })
            .collect();
        let line = Variation {
            comment: Some(words(&ReviewComment::Start {
                value: self.steps.first().map_or(self.final_value, |s| s.before),
            })),
            plies,
        };
        let mut game = AnnotatedGame::new(self.start, line, self.scoring);
        game.set_tag("Annotator", "qttt review (perfect play)");
        game
    }
}

/// What a review's annotated game says in its comments, as data: the
/// words are each binding's, from the locale files
/// (`qttt-locales/ftl/*.ftl`: `review-comment-start`,
/// `review-comment-mistake`). `Display` gives the English that
/// [`Review::to_annotated`] writes: `Value at the start: +1`, `X gives
/// away the win; best: 15, 26`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReviewComment<'a> {
    /// The main line's comment: the value at the start of the review.
    Start {
        /// The value before the first reviewed action.
        value: Value,
    },
    /// The comment on an action that lost value.
    Mistake {
        /// Who played it.
        player: Player,
        /// What it gave away (never [`Verdict::Kept`]).
        verdict: Verdict,
        /// The best actions instead, ascending by id.
        best: &'a [Action],
    },
}

impl core::fmt::Display for ReviewComment<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ReviewComment::Start { value } => write!(f, "Value at the start: {value}"),
            ReviewComment::Mistake {
                player,
                verdict,
                best,
            } => {
                let what = match verdict {
                    Verdict::WinGivenAway => "gives away the win",
                    Verdict::DrawGivenAway => "gives away the draw",
                    _ => "loses half a point",
                };
                write!(f, "{player} {what}; best: ")?;
                for (i, action) in best.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{action}")?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::{SplitMix64, random_playout};

    /// The straightforward review: the positions solved from the first
    /// on, each by a solver of its own.
    fn straightforward(solver: impl Fn() -> Solver, game: &Game, first: usize) -> Review {
        let actions: Vec<Action> = game.record().iter().collect();
        let first = first.min(actions.len());
        let positions: Vec<Game> = (first..=actions.len())
            .map(|ply| {
                actions[..ply]
                    .iter()
                    .fold(Game::new(), |g, &a| g.apply(a).expect("a legal action"))
            })
            .collect();
        let solutions = positions.iter().map(|p| solver().solve(p)).collect();
        Review::of(
            solver().scoring(),
            &positions,
            &actions[first..],
            first,
            solutions,
        )
    }

    /// The glyph rule on the worked examples of docs/reviews.md: X gives
    /// a full win away for a full loss (`??`), O a win for a draw and X a
    /// draw for a loss (`?` each); under Goff's scoring, `@8` (both lines,
    /// X's first: 1 to 1/2) instead of `@6` costs X half a point (`?!`);
    /// under the single result `@8` wins and has no glyph.
    #[test]
    fn the_glyph_follows_what_the_action_lost() {
        let record = |r: &str| Game::from_record(r).expect("a legal record");
        let single = Review::new(
            &mut Solver::new(Scoring::SingleResult),
            &record("28 14 25 57 49 69 47 79 @9"),
            6,
        );
        let glyphs: Vec<Option<Glyph>> = single.steps.iter().map(ReviewStep::glyph).collect();
        assert_eq!(
            glyphs,
            [
                Some(Glyph::Blunder),
                Some(Glyph::Mistake),
                Some(Glyph::Mistake)
            ]
        );
        let goff = Review::new(
            &mut Solver::new(Scoring::GoffPoints),
            &record("58 47 67 59 48 68 @8"),
            6,
        );
        assert_eq!(goff.steps[0].verdict, Verdict::HalfPointLost);
        assert_eq!(goff.steps[0].glyph(), Some(Glyph::Dubious));
        let kept = Review::new(
            &mut Solver::new(Scoring::SingleResult),
            &record("58 47 67 59 48 68 @8"),
            6,
        );
        assert_eq!(kept.steps[0].glyph(), None);
    }

    #[test]
    fn one_solver_from_the_end_reviews_as_a_fresh_solver_per_position() {
        // Random games, finished and cut short, and a game with mistakes.
        let mut games: Vec<Game> = (1..=4)
            .map(|seed| random_playout(&Game::new(), &mut SplitMix64::new(seed)))
            .collect();
        for seed in 5..=6 {
            let end = random_playout(&Game::new(), &mut SplitMix64::new(seed));
            let actions: Vec<Action> = end.record().iter().collect();
            let cut = actions.len() - 2;
            games.push(
                actions[..cut]
                    .iter()
                    .fold(Game::new(), |g, &a| g.apply_unchecked(a)),
            );
        }
        games.push(Game::from_record("28 14 25 57 49 69 47 79 @9").expect("a legal record"));
        for game in &games {
            // The opening book answers the first positions; without it,
            // and under the other scorings, the review starts after ply 4.
            let settings = [
                (Scoring::SingleResult, true, 0),
                (Scoring::SingleResult, false, 4),
                (Scoring::GoffPoints, true, 4),
                (Scoring::CompleteWin, true, 4),
            ];
            for (scoring, book, first) in settings {
                let solver = || Solver::new(scoring).opening_book(book);
                let review = Review::new(&mut solver(), game, first);
                assert_eq!(
                    review,
                    straightforward(solver, game, first),
                    "{} under {scoring}, book {book}",
                    game.record()
                );
            }
        }
    }
}
