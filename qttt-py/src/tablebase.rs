//! `qttt.Tablebase`: the value of any position from a table of perfect play
//! (docs/analysis.md, "The tablebase").

use pyo3::exceptions::PyKeyError;
use pyo3::prelude::*;

use qttt::analysis::{TableValue, TablebaseError as CoreError};

use crate::TablebaseError;
use crate::analysis::scoring;
use crate::game::Game;
use crate::values::Action;

/// A table of perfect play, opened memory-mapped from a file that
/// `qttt tablebase build` or `Tablebase.build` wrote, and checked whole at
/// open: a damaged, truncated or other-version file raises
/// `TablebaseError` (whose `code` says which), a missing one `OSError`;
/// never a table that answers wrong values. It answers any position:
/// stored ones (waiting for a move before mark 8) by a lookup, pending
/// collapses through their children, later positions by the solver's
/// closed forms. A reduced table (built below some positions) lacks the
/// others: asking for one raises `KeyError` (`game in table` tells).
/// Read-only; any number of threads may ask it at once.
#[pyclass(frozen, skip_from_py_object, module = "qttt")]
pub struct Tablebase(qttt::analysis::Tablebase);

/// The Python exception for a file that is not a usable table.
fn error(error: CoreError) -> PyErr {
    if let CoreError::Io(io) = error {
        return io.into();
    }
    Python::attach(|py| {
        let exception = TablebaseError::new_err(error.to_string());
        let _ = exception.value(py).setattr("code", error.code());
        exception
    })
}

impl Tablebase {
    fn lookup(&self, game: &Game, scoring_name: &str) -> PyResult<TableValue> {
        self.0
            .value(&game.0, scoring(scoring_name)?)
            .ok_or_else(|| not_in_table(game))
    }
}

fn not_in_table(game: &Game) -> PyErr {
    PyKeyError::new_err(format!(
        "the table lacks a position that '{}' needs (a reduced table)",
        game.0.record()
    ))
}

#[pymethods]
impl Tablebase {
    /// Opens (maps) and checks the table in the file at `path`.
    #[new]
    fn new(py: Python<'_>, path: std::path::PathBuf) -> PyResult<Tablebase> {
        py.detach(|| qttt_mmap::open_tablebase(&path))
            .map(Tablebase)
            .map_err(error)
    }

    /// Builds a reduced table of every position below `roots` (games) and
    /// writes it to `path` (beside it first, then renamed into place);
    /// returns it opened. From the empty board this is the complete table:
    /// about 145 million positions, hours and several gigabytes.
    #[staticmethod]
    fn build(
        py: Python<'_>,
        roots: Vec<PyRef<'_, Game>>,
        path: std::path::PathBuf,
    ) -> PyResult<Tablebase> {
        let roots: Vec<qttt::Game> = roots.iter().map(|g| g.0).collect();
        py.detach(|| {
            qttt::analysis::Tablebase::build_from(&roots)
                .write(&path)
                .map_err(CoreError::Io)?;
            qttt_mmap::open_tablebase(&path)
        })
        .map(Tablebase)
        .map_err(error)
    }

    /// X's points minus O's under perfect play (1, 1/2, 0, -1/2 or -1), as
    /// `Solution.value`; `KeyError` when a reduced table lacks the position.
    #[pyo3(signature = (game, scoring = "single"))]
    fn value(&self, game: &Game, scoring: &str) -> PyResult<f64> {
        Ok(qttt::analysis::points(
            self.lookup(game, scoring)?.value_half_points,
        ))
    }

    /// The number of marks when a decided game ends under perfect play (the
    /// winner hurries, the loser delays), as `Solution.end_move`; `None`
    /// for a draw. `KeyError` as for `value`.
    #[pyo3(signature = (game, scoring = "single"))]
    fn end_move(&self, game: &Game, scoring: &str) -> PyResult<Option<u8>> {
        Ok(self.lookup(game, scoring)?.end_move)
    }

    /// Every optimal action, ascending by id, as
    /// `Solution.optimal_actions` (empty once the game is over). `KeyError`
    /// as for `value`.
    #[pyo3(signature = (game, scoring = "single"))]
    fn optimal_actions(&self, game: &Game, scoring: &str) -> PyResult<Vec<Action>> {
        let actions = self
            .0
            .optimal_actions(&game.0, self::scoring(scoring)?)
            .ok_or_else(|| not_in_table(game))?;
        Ok(actions.into_iter().map(Action).collect())
    }

    /// Whether the table answers `game` (a complete table answers every
    /// position).
    fn __contains__(&self, game: &Game) -> bool {
        self.0.values(&game.0).is_some()
    }

    /// How many positions it stores.
    fn __len__(&self) -> usize {
        self.0.len()
    }

    /// Whether it was built from the empty board, so answers every position.
    #[getter]
    fn complete(&self) -> bool {
        self.0.is_complete()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Tablebase positions={} complete={}>",
            self.0.len(),
            if self.0.is_complete() {
                "True"
            } else {
                "False"
            }
        )
    }
}
