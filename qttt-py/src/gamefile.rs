//! Game files, reviews and puzzles: `parse_games`, `write_games`,
//! `_review` and `_puzzles`,
//! translating the core's `qttt::gamefile` and `qttt::analysis::Review` to
//! plain Python data (dicts and lists, as `_qttt.pyi` describes them).
//! The games and reviews cross through the core's serde shape (feature
//! `serde`, values in points) with `pythonize`; Python's shape differs
//! from it only in a game's "tags" (a dict, not a list of pairs) and in
//! having no "end".

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use pythonize::{Depythonizer, pythonize};
use qttt::analysis::{Puzzle, Review, ReviewComment, Solver};
use qttt::gamefile::{self, AnnotatedGame};
use serde_path_to_error::Segment;

use crate::game::Game;
use crate::{GameFileError, QtttError};

/// The games of a game file (docs/gamefile.md), each a dict of JSON data:
/// "tags" (a dict, name to value, in the file's normal order), "scoring",
/// "start" (a record), "result" (the terminator) and "line" (the main
/// line: "comment" and "plies", each ply a dict of "action", "glyph",
/// "nags" (a list of ints), "value" (X's points minus O's, a float),
/// "comment" and "variations", a list of lines). A file that does not
/// parse raises GameFileError with `line`, `column` and `reason`.
#[pyfunction]
pub fn parse_games(py: Python<'_>, text: &str) -> PyResult<Vec<Py<PyDict>>> {
    parse(py, text)?.iter().map(|g| game_to_py(py, g)).collect()
}

/// The core's games of a file, or the GameFileError saying where it fails.
fn parse(py: Python<'_>, text: &str) -> PyResult<Vec<AnnotatedGame>> {
    gamefile::parse(text).map_err(|e| {
        let error = GameFileError::new_err(e.to_string());
        let value = error.value(py);
        let _ = value.setattr("line", e.line());
        let _ = value.setattr("column", e.column());
        let _ = value.setattr("reason", e.kind().to_string());
        error
    })
}

/// Writes games (dicts as `parse_games` gives them, or `Game`s: their
/// actions from the empty board under "single") as a game file, in normal
/// form. A dict that does not describe legal games raises QtttError (or
/// TypeError for a value of the wrong type).
#[pyfunction]
pub fn write_games(games: Vec<Bound<'_, PyAny>>) -> PyResult<String> {
    let games: Vec<AnnotatedGame> = games
        .iter()
        .enumerate()
        .map(|(i, game)| {
            game_or_dict(game, &format!("games[{i}]")).unwrap_or_else(|| {
                Err(PyTypeError::new_err(format!(
                    "write_games() takes Game objects and dicts as parse_games gives them, not {}",
                    crate::convert::type_name(game)
                )))
            })
        })
        .collect::<PyResult<_>>()?;
    let text = gamefile::write(&games);
    // What is written must read back: an illegal action is refused here.
    gamefile::parse(&text)
        .map_err(|e| QtttError::new_err(format!("the games are not legal: {e}")))?;
    Ok(text)
}

/// The game of a `Game` (its actions from the empty board, under
/// "single") or of a dict as `parse_games` gives it (errors naming where
/// in it, after `at`); `None` for another value.
fn game_or_dict(value: &Bound<'_, PyAny>, at: &str) -> Option<PyResult<AnnotatedGame>> {
    if let Ok(game) = value.cast::<Game>() {
        return Some(Ok(AnnotatedGame::from_game(
            &game.get().0,
            qttt::analysis::Scoring::SingleResult,
        )));
    }
    value
        .cast::<PyDict>()
        .ok()
        .map(|dict| game_from_py(dict, at))
}

/// The game a review takes: a `Game`, a dict as `parse_games` gives it,
/// or the text of a file of one game.
fn game_to_review(py: Python<'_>, game: &Bound<'_, PyAny>) -> PyResult<AnnotatedGame> {
    if let Some(annotated) = game_or_dict(game, "game") {
        return annotated;
    }
    if let Ok(text) = game.cast::<PyString>() {
        let mut games = parse(py, &text.to_cow()?)?;
        return match games.len() {
            1 => Ok(games.remove(0)),
            n => Err(QtttError::new_err(format!(
                "review() takes the text of one game, not {n}: review each of parse_games(text)"
            ))),
        };
    }
    Err(PyTypeError::new_err(format!(
        "review() takes a Game, a dict as parse_games gives it or a game file's text, not {}",
        crate::convert::type_name(game)
    )))
}

/// The review of `game` (a `Game`, a parsed game or a file's text) from
/// ply `first` (at least the file's start) under `scoring` (by default the
/// file's, else "single"): (a dict of "scoring", "start", "end", "tags",
/// "final_value" and "steps", the annotated game file's text, with the
/// game's tags).
/// With `solver` (a `qttt.Solver`), the review uses and keeps its table,
/// its scoring and its opening book (`scoring`, if given, must be its).
/// The annotated file's comments are in `lang` (one of `LANGUAGES`), from
/// the locale files ([`review_words`]).
#[pyfunction]
#[pyo3(signature = (game, scoring = None, first = 0, opening_book = true, solver = None, lang = "en"))]
pub fn _review(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    scoring: Option<&str>,
    first: usize,
    opening_book: bool,
    solver: Option<PyRef<'_, crate::analysis::Solver>>,
    lang: &str,
) -> PyResult<(Py<PyDict>, String)> {
    if !qttt_locales::LANGUAGES.contains(&lang) {
        return Err(QtttError::new_err(format!(
            "lang must be one of {}, not {lang:?}",
            qttt_locales::LANGUAGES.join(", ")
        )));
    }
    let file = game_to_review(py, game)?;
    let scoring = match scoring {
        Some(name) => Some(crate::analysis::scoring(name)?),
        None => None,
    };
    let (end, first) = (file.end(), first.max(file.start.plies()));
    let review = match solver {
        Some(solver) => {
            let shared = solver.shared();
            let held = shared
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .scoring();
            if let Some(scoring) = scoring.filter(|&s| s != held) {
                return Err(QtttError::new_err(format!(
                    "review(): scoring {scoring} is not the solver's ({held})"
                )));
            }
            py.detach(move || {
                let mut solver = shared
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                Review::new(&mut solver, &end, first)
            })
        }
        None => {
            let scoring = scoring.unwrap_or(file.scoring);
            py.detach(|| {
                Review::new(
                    &mut Solver::new(scoring).opening_book(opening_book),
                    &end,
                    first,
                )
            })
        }
    };
    // The file's tags (players, event, ...), under the review's Annotator.
    let mut annotated = review.to_annotated_with(|comment| review_words(lang, comment));
    for (name, value) in file.tags.iter().filter(|(name, _)| name != "Annotator") {
        annotated.set_tag(name, value);
    }
    let dict = pythonize(py, &review)?.cast_into::<PyDict>()?;
    dict.set_item("tags", tags_to_py(py, &annotated)?)?;
    Ok((dict.unbind(), gamefile::write(&[annotated])))
}

/// A review's comment (the core's [`ReviewComment`]) in `lang`, from the
/// locale files: `review-comment-start` with the value's `value-label`,
/// `review-comment-mistake` with the player, the verdict's name and the
/// best actions joined by ", ". In English exactly the core's own words
/// (its `Display`).
fn review_words(lang: &str, comment: &ReviewComment<'_>) -> String {
    use qttt_locales::{Arg, message};
    let text = match comment {
        ReviewComment::Start { value } => message(
            lang,
            "value-label",
            &[("half", Arg::Number(value.half_points().into()))],
        )
        .and_then(|value| {
            message(
                lang,
                "review-comment-start",
                &[("value", Arg::Text(&value))],
            )
        }),
        ReviewComment::Mistake {
            player,
            verdict,
            best,
        } => {
            let best: Vec<String> = best.iter().map(ToString::to_string).collect();
            message(
                lang,
                "review-comment-mistake",
                &[
                    ("player", Arg::Text(&player.to_string())),
                    ("verdict", Arg::Text(verdict.name())),
                    ("best", Arg::Text(&best.join(", "))),
                ],
            )
        }
        _ => Ok(comment.to_string()),
    };
    // The language is checked and the messages are tested in every file.
    text.unwrap_or_else(|_| comment.to_string())
}

/// The puzzles of a puzzle file, each read by the core's
/// `Puzzle::from_annotated`, as dicts of "number" (from 1, the `Round`
/// tag; None without one), "start" (the position's record), "winner",
/// "depth", "themes" and "solution" (tokens). A file that does not parse
/// raises GameFileError; a game that is not a puzzle, QtttError.
#[pyfunction]
pub fn _puzzles(py: Python<'_>, text: &str) -> PyResult<Vec<Py<PyDict>>> {
    parse(py, text)?
        .iter()
        .enumerate()
        .map(|(index, game)| {
            let puzzle = Puzzle::from_annotated(game)
                .map_err(|e| QtttError::new_err(format!("game {}: {e}", index + 1)))?;
            let dict = PyDict::new(py);
            dict.set_item("number", puzzle.number)?;
            dict.set_item("start", puzzle.position.record().to_string())?;
            dict.set_item("winner", puzzle.winner.to_string())?;
            dict.set_item("depth", puzzle.depth)?;
            let themes: Vec<&str> = puzzle.themes.iter().map(|t| t.name()).collect();
            dict.set_item("themes", themes)?;
            let solution: Vec<String> = puzzle.solution.iter().map(ToString::to_string).collect();
            dict.set_item("solution", solution)?;
            Ok(dict.unbind())
        })
        .collect()
}

/// A game's tags as a dict, name to value, in their order.
fn tags_to_py<'py>(py: Python<'py>, game: &AnnotatedGame) -> PyResult<Bound<'py, PyDict>> {
    let tags = PyDict::new(py);
    for (name, value) in &game.tags {
        tags.set_item(name, value)?;
    }
    Ok(tags)
}

/// A game as `parse_games` gives it: the core's shape with the tags as a
/// dict and no "end".
fn game_to_py(py: Python<'_>, game: &AnnotatedGame) -> PyResult<Py<PyDict>> {
    let dict = pythonize(py, game)?.cast_into::<PyDict>()?;
    dict.set_item("tags", tags_to_py(py, game)?)?;
    dict.del_item("end")?;
    Ok(dict.unbind())
}

/// The game of a dict as `parse_games` gives it (tags also as (name,
/// value) pairs), read by the core's serde: a value of the wrong type
/// raises TypeError (`"value" has the wrong type: ...`), an action that
/// is none InvalidActionError, anything else the format cannot hold (an
/// illegal action, a glyph, a value, ...) QtttError; each message names
/// where the value is (`games[0].line.plies[2].glyph`).
fn game_from_py(dict: &Bound<'_, PyDict>, at: &str) -> PyResult<AnnotatedGame> {
    let mut depythonizer = Depythonizer::from_object(dict.as_any());
    serde_path_to_error::deserialize(&mut depythonizer).map_err(|error| {
        let path = error.path().clone();
        let segments: Vec<&Segment> = path.iter().collect();
        let here = if segments.is_empty() {
            at.to_owned()
        } else if matches!(segments[0], Segment::Seq { .. }) {
            format!("{at}{path}")
        } else {
            format!("{at}.{path}")
        };
        let error = PyErr::from(error.into_inner());
        let message = error.to_string();
        let py = dict.py();
        let wrong_type = error.is_instance_of::<PyTypeError>(py)
            || error.is_instance_of::<PyValueError>(py)
            || message.contains("invalid type:");
        if wrong_type {
            // The field it is in: "tags" for any part of the tags, else
            // the innermost key.
            let field = match segments.first().and_then(key_of) {
                Some("tags") => Some("tags"),
                _ => segments.iter().rev().find_map(key_of),
            };
            let field = field.map_or_else(|| "game".to_owned(), |f| format!("{f:?}"));
            return PyTypeError::new_err(format!(
                "{field} has the wrong type: {here}: {}",
                message.trim_start_matches("TypeError: ")
            ));
        }
        // An action that is none: the engine's InvalidActionError.
        if let Some(token) = at_path(dict.as_any(), &segments)
            .filter(|_| segments.last().and_then(key_of) == Some("action"))
            .and_then(|value| value.extract::<String>().ok())
        {
            if let Err(refused) = crate::convert::parse_token::<qttt::Action>(&token) {
                return refused;
            }
        }
        if message.contains("missing field `action`") {
            if let Err(refused) = crate::convert::parse_token::<qttt::Action>("") {
                return refused;
            }
        }
        QtttError::new_err(format!(
            "{here}: {}",
            message.trim_start_matches("Exception: ")
        ))
    })
}

fn key_of<'a>(segment: &&'a Segment) -> Option<&'a str> {
    match segment {
        Segment::Map { key } => Some(key.as_str()),
        _ => None,
    }
}

/// The value at `segments` inside `value`, if it is there.
fn at_path<'py>(value: &Bound<'py, PyAny>, segments: &[&Segment]) -> Option<Bound<'py, PyAny>> {
    let mut value = value.clone();
    for segment in segments {
        value = match segment {
            Segment::Seq { index } => value.get_item(*index).ok()?,
            Segment::Map { key } => value.get_item(key.as_str()).ok()?,
            _ => return None,
        };
    }
    Some(value)
}
