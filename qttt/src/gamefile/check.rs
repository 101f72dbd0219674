//! [`UncheckedGame`]: a game as plain data describes it (the serde shape
//! of the bindings' objects and dicts), judged by [`UncheckedGame::check`]
//! with a structured [`GameCheckError`] saying where and why.

use std::format;
use std::string::String;
use std::vec::Vec;

use super::{AnnotatedGame, GameFileErrorKind, GameResult, INTERPRETED_TAGS, Variation};
use crate::analysis::Scoring;
use crate::{Action, Game, PlayError};

/// A game whose parts are read but not yet judged: its lines may hold
/// actions that are not legal where they stand, its tags may be
/// interpreted, invalid or repeated, its result may contradict its end.
/// [`UncheckedGame::check`] judges it into an [`AnnotatedGame`];
/// [`AnnotatedGame`]'s serde reader (feature `serde`) is this type's, then
/// the check.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UncheckedGame {
    /// The tag pairs, in order.
    pub tags: Vec<(String, String)>,
    /// The scoring.
    pub scoring: Scoring,
    /// The start position.
    pub start: Game,
    /// The result; `None` for the one the main line's end has (else `*`).
    pub result: Option<GameResult>,
    /// The main line.
    pub line: Variation,
}

/// Why an [`UncheckedGame`] is not a game a file can hold, and where in
/// it (a path such as `line.plies[2].action` or `tags[1]`, empty for the
/// game as a whole). Its message is `PATH: WHY` (only `WHY` at the game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameCheckError {
    at: String,
    kind: GameCheckErrorKind,
}

impl GameCheckError {
    /// Where in the game: `line.plies[2].variations[0].plies[0].action`,
    /// `tags[1]`, or empty for the game as a whole.
    #[must_use]
    pub fn at(&self) -> &str {
        &self.at
    }

    /// What is wrong.
    #[must_use]
    pub fn kind(&self) -> &GameCheckErrorKind {
        &self.kind
    }
}

impl core::fmt::Display for GameCheckError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if self.at.is_empty() {
            write!(f, "{}", self.kind)
        } else {
            write!(f, "{}: {}", self.at, self.kind)
        }
    }
}

impl std::error::Error for GameCheckError {}

/// What is wrong with an [`UncheckedGame`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GameCheckErrorKind {
    /// An action not legal where it stands: the ply it would be (from 1,
    /// counted from the empty board), the action and the engine's refusal
    /// (its [`PlayError::reason`] the binding's error class and reason).
    #[error("`{action}` at ply {ply}: {error}")]
    Illegal {
        /// The ply, from 1, counted from the empty board.
        ply: usize,
        /// The action.
        action: Action,
        /// Why the engine refuses it.
        error: PlayError,
    },
    /// A tag written from the game's own fields ([`INTERPRETED_TAGS`]).
    #[error(
        "{0} is not a tag here: it is written from the game's result, scoring and start (Rules: goff)"
    )]
    InterpretedTag(String),
    /// A tag name given twice.
    #[error("tag {0} appears twice")]
    RepeatedTag(String),
    /// A name that is not a tag name.
    #[error("{0:?} is not a tag name (a letter, then letters, digits and _)")]
    BadTagName(String),
    /// One of the format's own rules, as the reader judges it (an empty
    /// variation, a result the game contradicts, ...).
    #[error("{0}")]
    Format(GameFileErrorKind),
}

impl UncheckedGame {
    /// The game, judged: every action of every line played where it stands
    /// (each variation from the position before its ply, the first
    /// refusal reported), then the tags (none interpreted, invalid or
    /// repeated), then the result and the format's rules, as the reader
    /// judges what the writer writes.
    ///
    /// ```
    /// use qttt::gamefile::{GameCheckErrorKind, Ply, UncheckedGame, Variation};
    /// let plies = ["15", "15", "34"].map(|t| Ply::new(t.parse().unwrap())).to_vec();
    /// let game = UncheckedGame { line: Variation { comment: None, plies }, ..UncheckedGame::default() };
    /// let error = game.check().unwrap_err();
    /// assert_eq!(error.at(), "line.plies[2].action");
    /// let GameCheckErrorKind::Illegal { ply, error, .. } = error.kind() else { panic!() };
    /// assert_eq!((*ply, error.reason().code()), (3, "collapse_pending"));
    /// ```
    pub fn check(self) -> Result<AnnotatedGame, GameCheckError> {
        play(&self.line, self.start, "line")?;
        let mut game = AnnotatedGame::new(self.start, self.line, self.scoring);
        set_tags(&mut game, self.tags)?;
        if let Some(result) = self.result {
            game.result = result;
        }
        if let Err(error) = super::parse(&super::write(core::slice::from_ref(&game))) {
            return Err(GameCheckError {
                at: String::new(),
                kind: GameCheckErrorKind::Format(error.kind().clone()),
            });
        }
        Ok(game)
    }
}

/// Plays `line` from `game`, each variation from the position before its
/// ply; the first refusal names its place (`at`, as `line`).
fn play(line: &Variation, mut game: Game, at: &str) -> Result<(), GameCheckError> {
    for (i, ply) in line.plies.iter().enumerate() {
        for (j, variation) in ply.variations.iter().enumerate() {
            play(variation, game, &format!("{at}.plies[{i}].variations[{j}]"))?;
        }
        game = game.apply(ply.action).map_err(|error| GameCheckError {
            at: format!("{at}.plies[{i}].action"),
            kind: GameCheckErrorKind::Illegal {
                ply: game.plies() + 1,
                action: ply.action,
                error,
            },
        })?;
    }
    Ok(())
}

/// Sets the tags on `game`, refusing what a file cannot hold.
fn set_tags(game: &mut AnnotatedGame, tags: Vec<(String, String)>) -> Result<(), GameCheckError> {
    let mut seen: Vec<String> = Vec::new();
    for (i, (name, value)) in tags.into_iter().enumerate() {
        let refuse = |kind| GameCheckError {
            at: format!("tags[{i}]"),
            kind,
        };
        if INTERPRETED_TAGS.contains(&name.as_str()) {
            return Err(refuse(GameCheckErrorKind::InterpretedTag(name)));
        }
        if seen.contains(&name) {
            return Err(refuse(GameCheckErrorKind::RepeatedTag(name)));
        }
        game.set_tag(&name, &value);
        if game.tag(&name).is_none() {
            return Err(refuse(GameCheckErrorKind::BadTagName(name)));
        }
        seen.push(name);
    }
    Ok(())
}
