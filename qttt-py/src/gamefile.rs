//! Game files, reviews and puzzles: `parse_games`, `write_games`,
//! `_review` and `_puzzles`,
//! translating the core's `qttt::gamefile` and `qttt::analysis::Review` to
//! plain Python data (dicts and lists, as `_qttt.pyi` describes them).
//! Values are in points (X's points minus O's), turned from and into the
//! core's half points by `qttt::analysis::{points, half_points}`.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use qttt::analysis::{Puzzle, Review, Solver, half_points, points};
use qttt::gamefile::{self, AnnotatedGame, GameResult, Glyph, Ply, Value, Variation};

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
        .map(|game| {
            game_or_dict(game).unwrap_or_else(|| {
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
/// "single") or of a dict as `parse_games` gives it; `None` for another
/// value.
fn game_or_dict(value: &Bound<'_, PyAny>) -> Option<PyResult<AnnotatedGame>> {
    if let Ok(game) = value.cast::<Game>() {
        return Some(Ok(AnnotatedGame::from_game(
            &game.get().0,
            qttt::analysis::Scoring::SingleResult,
        )));
    }
    value.cast::<PyDict>().ok().map(game_from_py)
}

/// The game a review takes: a `Game`, a dict as `parse_games` gives it,
/// or the text of a file of one game.
fn game_to_review(py: Python<'_>, game: &Bound<'_, PyAny>) -> PyResult<AnnotatedGame> {
    if let Some(annotated) = game_or_dict(game) {
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
#[pyfunction]
#[pyo3(signature = (game, scoring = None, first = 0, opening_book = true, solver = None))]
pub fn _review(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    scoring: Option<&str>,
    first: usize,
    opening_book: bool,
    solver: Option<PyRef<'_, crate::analysis::Solver>>,
) -> PyResult<(Py<PyDict>, String)> {
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
    let mut annotated = review.to_annotated();
    for (name, value) in file.tags.iter().filter(|(name, _)| name != "Annotator") {
        annotated.set_tag(name, value);
    }
    let dict = PyDict::new(py);
    dict.set_item("scoring", review.scoring.name())?;
    dict.set_item("start", review.start.record().to_string())?;
    dict.set_item("end", review.end.record().to_string())?;
    dict.set_item("tags", tags_to_py(py, &annotated)?)?;
    dict.set_item("final_value", points(review.final_value.half_points()))?;
    let tokens =
        |actions: &[qttt::Action]| actions.iter().map(ToString::to_string).collect::<Vec<_>>();
    let steps = PyList::empty(py);
    for step in &review.steps {
        let s = PyDict::new(py);
        s.set_item("ply", step.ply)?;
        s.set_item("action", step.action.to_string())?;
        s.set_item("player", step.player.to_string())?;
        s.set_item("before", points(step.before.half_points()))?;
        s.set_item("after", points(step.after.half_points()))?;
        s.set_item("lost", points(step.lost_half_points))?;
        s.set_item("verdict", step.verdict.name())?;
        s.set_item("glyph", step.glyph().map(qttt::gamefile::Glyph::suffix))?;
        s.set_item("best", tokens(&step.best))?;
        s.set_item("best_line", tokens(&step.best_line))?;
        s.set_item("line_after", tokens(&step.line_after))?;
        steps.append(s)?;
    }
    dict.set_item("steps", steps)?;
    Ok((dict.unbind(), gamefile::write(&[annotated])))
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

fn game_to_py(py: Python<'_>, game: &AnnotatedGame) -> PyResult<Py<PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("tags", tags_to_py(py, game)?)?;
    dict.set_item("scoring", game.scoring.name())?;
    dict.set_item("start", game.start.record().to_string())?;
    dict.set_item("result", game.result.token())?;
    dict.set_item("line", line_to_py(py, &game.line)?)?;
    Ok(dict.unbind())
}

fn line_to_py<'py>(py: Python<'py>, line: &Variation) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("comment", line.comment.clone())?;
    let plies = PyList::empty(py);
    for ply in &line.plies {
        let p = PyDict::new(py);
        p.set_item("action", ply.action.to_string())?;
        p.set_item("glyph", ply.glyph.map(Glyph::suffix))?;
        // A list of ints (a Vec<u8> would become bytes, which is not JSON).
        p.set_item("nags", PyList::new(py, &ply.nags)?)?;
        p.set_item("value", ply.value.map(|v| points(v.half_points())))?;
        p.set_item("comment", ply.comment.clone())?;
        let variations = PyList::empty(py);
        for variation in &ply.variations {
            variations.append(line_to_py(py, variation)?)?;
        }
        p.set_item("variations", variations)?;
        plies.append(p)?;
    }
    dict.set_item("plies", plies)?;
    Ok(dict)
}

/// The item `key` of a dict, or `None` when it is missing or None.
fn item<'py, T: for<'a> FromPyObject<'a, 'py>>(
    dict: &Bound<'py, PyDict>,
    key: &str,
) -> PyResult<Option<T>> {
    match dict.get_item(key)? {
        Some(value) if !value.is_none() => value
            .extract::<T>()
            .map(Some)
            .map_err(|_| PyTypeError::new_err(format!("{key:?} has the wrong type"))),
        _ => Ok(None),
    }
}

fn game_from_py(dict: &Bound<'_, PyDict>) -> PyResult<AnnotatedGame> {
    let scoring = crate::analysis::scoring(
        &item::<String>(dict, "scoring")?.unwrap_or_else(|| "single".into()),
    )?;
    let start = qttt::Game::from_record(&item::<String>(dict, "start")?.unwrap_or_default())
        .map_err(|e| QtttError::new_err(format!("start: {e}")))?;
    let line = match item::<Bound<'_, PyDict>>(dict, "line")? {
        Some(line) => line_from_py(&line)?,
        None => Variation::default(),
    };
    let mut game = AnnotatedGame::new(start, line, scoring);
    for (name, value) in tags_from_py(dict)? {
        game.set_tag(&name, &value);
    }
    if let Some(result) = item::<String>(dict, "result")? {
        game.result = GameResult::from_token(&result).ok_or_else(|| {
            QtttError::new_err(format!("result {result:?} is not a result terminator"))
        })?;
    }
    Ok(game)
}

/// The "tags" of a game dict: a dict (name to value, as `parse_games`
/// gives them) or a list of (name, value) pairs.
fn tags_from_py(dict: &Bound<'_, PyDict>) -> PyResult<Vec<(String, String)>> {
    let wrong = |_| PyTypeError::new_err("\"tags\" has the wrong type (a dict of str to str)");
    match dict.get_item("tags")? {
        Some(tags) if !tags.is_none() => match tags.cast::<PyDict>() {
            Ok(tags) => tags
                .iter()
                .map(|(name, value)| {
                    Ok((
                        name.extract().map_err(wrong)?,
                        value.extract().map_err(wrong)?,
                    ))
                })
                .collect(),
            Err(_) => tags.extract().map_err(wrong),
        },
        _ => Ok(Vec::new()),
    }
}

fn line_from_py(dict: &Bound<'_, PyDict>) -> PyResult<Variation> {
    let mut line = Variation {
        comment: item(dict, "comment")?,
        plies: Vec::new(),
    };
    for p in item::<Vec<Bound<'_, PyDict>>>(dict, "plies")?.unwrap_or_default() {
        let action =
            crate::convert::parse_token(&item::<String>(&p, "action")?.unwrap_or_default())?;
        let mut ply = Ply::new(action);
        if let Some(glyph) = item::<String>(&p, "glyph")? {
            ply.glyph = Some(
                Glyph::from_suffix(&glyph)
                    .ok_or_else(|| QtttError::new_err(format!("{glyph:?} is not a glyph")))?,
            );
        }
        ply.nags = item(&p, "nags")?.unwrap_or_default();
        if let Some(value) = item::<f64>(&p, "value")? {
            ply.value = Some(half_points(value).and_then(Value::from_half_points).ok_or_else(|| {
                QtttError::new_err(format!(
                    "value {value} is not a value (X's points minus O's: -1, -0.5, 0, 0.5 or 1)"
                ))
            })?);
        }
        ply.comment = item(&p, "comment")?;
        for variation in item::<Vec<Bound<'_, PyDict>>>(&p, "variations")?.unwrap_or_default() {
            ply.variations.push(line_from_py(&variation)?);
        }
        line.plies.push(ply);
    }
    Ok(line)
}
