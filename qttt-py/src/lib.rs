//! The native module `qttt._qttt`: Python classes over the `qttt` engine.
//! The Python package `qttt` (python/qttt) re-exports it; the type stubs
//! are python/qttt/_qttt.pyi.

#![warn(missing_docs)]

mod analysis;
mod convert;
mod dataset;
mod game;
mod gamefile;
mod locales;
mod rl;
mod tablebase;
mod values;

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

create_exception!(
    qttt,
    QtttError,
    PyValueError,
    "Base class of every qttt error (a ValueError)."
);
create_exception!(
    qttt,
    NotationError,
    QtttError,
    "A record that does not parse or is illegal: `token`, `token_index` and `reason` say where and why."
);
create_exception!(
    qttt,
    GameFileError,
    QtttError,
    "A game file that does not parse: `line` and `column` (from 1) say where, `reason` why."
);
create_exception!(
    qttt,
    TablebaseError,
    QtttError,
    "A file that is not a usable tablebase: not one, damaged, truncated or of another format version; `code` says which ('bad_magic', 'format_version', 'truncated', 'trailing_bytes', 'checksum', 'bad_header', 'unsorted_keys', 'bad_entry')."
);
create_exception!(
    qttt,
    InvalidActionError,
    QtttError,
    "Not the action asked for at all: a malformed token ('5x'), one square twice ('55'), an id outside 0-53, or an action of the other kind (a collapse choice given to play()). `reason` is its stable code, such as 'malformed_token'."
);
create_exception!(
    qttt,
    IllegalActionError,
    QtttError,
    "An action that is not legal in this game: `reason` is its stable code, such as 'game_over'."
);

/// Plays `n` games of uniformly random legal actions from the empty board
/// (seeded SplitMix64, the same games in every language) without holding
/// the interpreter lock. Returns the counts {"X": wins, "O": wins, "draw":
/// draws}, or with `records=True` the list of game records. For shares
/// with standard errors, see `random_stats`.
#[pyfunction]
#[pyo3(signature = (n, seed = 0, *, records = false))]
fn random_games<'py>(
    py: Python<'py>,
    n: u64,
    seed: u64,
    records: bool,
) -> PyResult<Bound<'py, PyAny>> {
    if records {
        use qttt::random::{SplitMix64, random_playout};
        let games = py.detach(|| {
            let mut rng = SplitMix64::new(seed);
            (0..n)
                .map(|_| {
                    random_playout(&qttt::Game::new(), &mut rng)
                        .record()
                        .to_string()
                })
                .collect::<Vec<_>>()
        });
        return Ok(games.into_pyobject(py)?.into_any());
    }
    let counts = py.detach(|| qttt::analysis::RandomStats::run_sequential(n, seed));
    let dict = PyDict::new(py);
    dict.set_item("X", counts.x_wins)?;
    dict.set_item("O", counts.o_wins)?;
    dict.set_item("draw", counts.draws)?;
    Ok(dict.into_any())
}

/// The number of action sequences of exactly `depth` actions from `game`,
/// computed without holding the interpreter lock.
#[pyfunction]
fn perft(py: Python<'_>, game: &game::Game, depth: u32) -> u64 {
    let start = game.0;
    py.detach(|| qttt::perft(&start, depth))
}

#[pymodule]
fn _qttt(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("QtttError", py.get_type::<QtttError>())?;
    m.add("NotationError", py.get_type::<NotationError>())?;
    m.add("InvalidActionError", py.get_type::<InvalidActionError>())?;
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    m.add("GameFileError", py.get_type::<GameFileError>())?;
    m.add("TablebaseError", py.get_type::<TablebaseError>())?;
    let reasons: Vec<(u8, &str, &str)> = qttt::Reason::ALL
        .iter()
        .map(|r| (r.number(), r.code(), r.message()))
        .collect();
    m.add("REASONS", pyo3::types::PyTuple::new(py, reasons)?)?;
    let scorings: Vec<&str> = qttt::analysis::Scoring::ALL
        .iter()
        .map(|s| s.name())
        .collect();
    m.add("SCORINGS", pyo3::types::PyTuple::new(py, scorings)?)?;
    let results: Vec<(&str, Option<f64>)> = qttt::gamefile::GameResult::ALL
        .iter()
        .map(|r| {
            (
                r.token(),
                r.value().map(|v| qttt::analysis::points(v.half_points())),
            )
        })
        .collect();
    m.add("RESULTS", pyo3::types::PyTuple::new(py, results)?)?;
    let endings: Vec<&str> = qttt::Ending::ALL.iter().map(|e| e.name()).collect();
    m.add("ENDINGS", pyo3::types::PyTuple::new(py, endings)?)?;
    m.add("PUZZLES", qttt::analysis::puzzles::SHIPPED)?;
    let themes: Vec<&str> = qttt::analysis::puzzles::Theme::ALL
        .iter()
        .map(|t| t.name())
        .collect();
    m.add("PUZZLE_THEMES", pyo3::types::PyTuple::new(py, themes)?)?;
    let opponents: Vec<&str> = qttt::analysis::OpponentKind::ALL
        .iter()
        .map(|k| k.name())
        .collect();
    m.add("OPPONENTS", pyo3::types::PyTuple::new(py, opponents)?)?;
    m.add(
        "LANGUAGES",
        pyo3::types::PyTuple::new(py, qttt_locales::LANGUAGES)?,
    )?;
    m.add_class::<game::Game>()?;
    m.add_class::<values::Player>()?;
    m.add_class::<values::Phase>()?;
    m.add_class::<values::Symmetry>()?;
    m.add_class::<values::Mark>()?;
    m.add_class::<values::Move>()?;
    m.add_class::<values::CollapseChoice>()?;
    m.add_class::<values::Action>()?;
    m.add_class::<values::Line>()?;
    m.add_class::<values::CollapseStep>()?;
    m.add_class::<values::Outcome>()?;
    m.add_class::<analysis::Solution>()?;
    m.add_class::<analysis::Solver>()?;
    m.add_class::<analysis::ActionValue>()?;
    m.add_class::<analysis::RandomStats>()?;
    m.add_class::<analysis::RandomOpponent>()?;
    m.add_class::<analysis::MctsOpponent>()?;
    m.add_class::<analysis::PerfectOpponent>()?;
    m.add_class::<tablebase::Tablebase>()?;
    m.add_class::<dataset::_Dataset>()?;
    m.add_class::<rl::BatchEnv>()?;
    m.add_function(wrap_pyfunction!(rl::_observation, m)?)?;
    m.add_function(wrap_pyfunction!(rl::_legal_mask, m)?)?;
    m.add_function(wrap_pyfunction!(random_games, m)?)?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(gamefile::parse_games, m)?)?;
    m.add_function(wrap_pyfunction!(gamefile::write_games, m)?)?;
    m.add_function(wrap_pyfunction!(gamefile::_review, m)?)?;
    m.add_function(wrap_pyfunction!(gamefile::_puzzles, m)?)?;
    m.add_function(wrap_pyfunction!(analysis::random_stats, m)?)?;
    m.add_function(wrap_pyfunction!(analysis::_solve_batch, m)?)?;
    m.add_function(wrap_pyfunction!(locales::_message, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
