//! Game files and reviews: `parse_games`, `write_games` and `_review`,
//! translating the core's `qttt::gamefile` and `qttt::analysis::Review` to
//! plain Python data (dicts and lists, as `_qttt.pyi` describes them).

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use qttt::analysis::{Review, Solver};
use qttt::gamefile::{self, AnnotatedGame, GameResult, Glyph, Ply, Value, Variation};

use crate::game::Game;
use crate::{GameFileError, QtttError};

/// The games of a game file (docs/gamefile.md), each a dict: "tags" (a
/// list of (name, value) pairs), "scoring", "start" (a record), "result"
/// (the terminator) and "line" (the main line: "comment" and "plies", each
/// ply a dict of "action", "glyph", "nags", "value" (half points, X's
/// side), "comment" and "variations", a list of lines). A file that does
/// not parse raises GameFileError with `line`, `column` and `reason`.
#[pyfunction]
pub fn parse_games(py: Python<'_>, text: &str) -> PyResult<Vec<Py<PyDict>>> {
    let games = gamefile::parse(text).map_err(|e| {
        let error = GameFileError::new_err(e.to_string());
        let value = error.value(py);
        let _ = value.setattr("line", e.line());
        let _ = value.setattr("column", e.column());
        let _ = value.setattr("reason", e.kind().to_string());
        error
    })?;
    games.iter().map(|g| game_to_py(py, g)).collect()
}

/// Writes games (dicts as `parse_games` gives them) as a game file, in
/// normal form. A dict that does not describe legal games raises
/// QtttError (or TypeError for a value of the wrong type).
#[pyfunction]
pub fn write_games(games: Vec<Bound<'_, PyDict>>) -> PyResult<String> {
    let games: Vec<AnnotatedGame> = games.iter().map(game_from_py).collect::<PyResult<_>>()?;
    let text = gamefile::write(&games);
    // What is written must read back: an illegal action is refused here.
    gamefile::parse(&text)
        .map_err(|e| QtttError::new_err(format!("the games are not legal: {e}")))?;
    Ok(text)
}

/// The review of `game` from ply `first` under `scoring`: (a dict of
/// "scoring", "start", "end", "final_value" and "steps", the annotated
/// game file's text).
#[pyfunction]
#[pyo3(signature = (game, scoring = "single", first = 0, opening_book = true))]
pub fn _review(
    py: Python<'_>,
    game: &Game,
    scoring: &str,
    first: usize,
    opening_book: bool,
) -> PyResult<(Py<PyDict>, String)> {
    let scoring = crate::analysis::scoring(scoring)?;
    let position = game.0;
    let review = py.detach(|| {
        Review::new(
            &mut Solver::new(scoring).opening_book(opening_book),
            &position,
            first,
        )
    });
    let dict = PyDict::new(py);
    dict.set_item("scoring", review.scoring.name())?;
    dict.set_item("start", review.start.record().to_string())?;
    dict.set_item("end", review.end.record().to_string())?;
    dict.set_item("final_value", review.final_value)?;
    let tokens =
        |actions: &[qttt::Action]| actions.iter().map(ToString::to_string).collect::<Vec<_>>();
    let steps = PyList::empty(py);
    for step in &review.steps {
        let s = PyDict::new(py);
        s.set_item("ply", step.ply)?;
        s.set_item("action", step.action.to_string())?;
        s.set_item("player", step.player.to_string())?;
        s.set_item("before", step.before)?;
        s.set_item("after", step.after)?;
        s.set_item("lost_half_points", step.lost_half_points)?;
        s.set_item("verdict", step.verdict.name())?;
        s.set_item("glyph", step.glyph().map(qttt::gamefile::Glyph::suffix))?;
        s.set_item("best", tokens(&step.best))?;
        s.set_item("best_line", tokens(&step.best_line))?;
        s.set_item("line_after", tokens(&step.line_after))?;
        steps.append(s)?;
    }
    dict.set_item("steps", steps)?;
    Ok((dict.unbind(), gamefile::write(&[review.to_annotated()])))
}

fn game_to_py(py: Python<'_>, game: &AnnotatedGame) -> PyResult<Py<PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("tags", game.tags.clone())?;
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
        p.set_item("nags", ply.nags.clone())?;
        p.set_item("value", ply.value.map(Value::half_points))?;
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
    for (name, value) in item::<Vec<(String, String)>>(dict, "tags")?.unwrap_or_default() {
        game.set_tag(&name, &value);
    }
    if let Some(result) = item::<String>(dict, "result")? {
        game.result = GameResult::from_token(&result).ok_or_else(|| {
            QtttError::new_err(format!("result {result:?} is not a result terminator"))
        })?;
    }
    Ok(game)
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
        if let Some(value) = item::<i32>(&p, "value")? {
            ply.value = Some(
                Value::from_half_points(value)
                    .ok_or_else(|| QtttError::new_err(format!("value {value} is not -2 to 2")))?,
            );
        }
        ply.comment = item(&p, "comment")?;
        for variation in item::<Vec<Bound<'_, PyDict>>>(&p, "variations")?.unwrap_or_default() {
            ply.variations.push(line_from_py(&variation)?);
        }
        line.plies.push(ply);
    }
    Ok(line)
}
