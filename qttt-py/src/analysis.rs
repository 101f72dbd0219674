//! Perfect play and computer opponents: `Game.solve`, `Solution`,
//! `RandomPlayer`, `MctsPlayer`, `PerfectPlayer`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use pyo3::exceptions::{PyTimeoutError, PyValueError};
use pyo3::prelude::*;

use qttt::analysis::{
    GameCounter, Interrupted, Limits, MctsOpponent, Opponent, PerfectOpponent, RandomOpponent,
    Scoring, Solver,
};

use crate::game::Game;
use crate::values::Action;

/// A scoring from its Python name.
pub fn scoring(name: &str) -> PyResult<Scoring> {
    match name {
        "single" => Ok(Scoring::SingleResult),
        "goff" => Ok(Scoring::GoffPoints),
        "complete" => Ok(Scoring::CompleteWin),
        other => Err(PyValueError::new_err(format!(
            "scoring must be 'single', 'goff' or 'complete', not {other:?}"
        ))),
    }
}

/// What `Game.solve` found: the value under perfect play (X's points minus
/// O's: 1, 1/2, 0, -1/2 or -1), the number of marks when the game ends
/// (the winner hurries, the loser delays), every optimal action and a
/// principal variation.
#[pyclass(frozen, skip_from_py_object, module = "qttt")]
pub struct Solution {
    /// X's points minus O's under perfect play.
    #[pyo3(get)]
    value: f64,
    /// Marks on the board when the game ends under optimal play.
    #[pyo3(get)]
    end_move: u8,
    optimal: Vec<qttt::Action>,
    variation: Vec<qttt::Action>,
    /// Positions searched.
    #[pyo3(get)]
    nodes: u64,
}

#[pymethods]
impl Solution {
    /// Every optimal action, ascending by id.
    #[getter]
    fn optimal_actions(&self) -> Vec<Action> {
        self.optimal.iter().copied().map(Action).collect()
    }

    /// Optimal actions from the position to the end of the game.
    #[getter]
    fn principal_variation(&self) -> Vec<Action> {
        self.variation.iter().copied().map(Action).collect()
    }

    fn __repr__(&self) -> String {
        let tokens = |actions: &[qttt::Action]| {
            actions
                .iter()
                .map(|a| format!("'{a}'"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        format!(
            "<Solution value={:?} end_move={} optimal_actions=[{}] principal_variation=[{}]>",
            self.value,
            self.end_move,
            tokens(&self.optimal),
            tokens(&self.variation)
        )
    }
}

/// Solves a game (see `Game.solve`) without holding the interpreter lock.
pub fn solve(
    py: Python<'_>,
    game: &Game,
    scoring_name: &str,
    time_limit: Option<f64>,
    threads: usize,
) -> PyResult<Solution> {
    let scoring = scoring(scoring_name)?;
    if threads == 0 {
        return Err(PyValueError::new_err("threads must be at least 1"));
    }
    let position = game.0;
    let solution = interruptible(py, time_limit, |limits| {
        Solver::new(scoring)
            .threads(threads)
            .solve_with(&position, limits)
    })?;
    Ok(Solution {
        value: f64::from(solution.value_half_points) / 2.0,
        end_move: solution.end_move,
        optimal: solution.optimal_actions,
        variation: solution.principal_variation,
        nodes: solution.nodes,
    })
}

/// Counts complete games (see `Game.count_games`) without holding the
/// interpreter lock.
pub fn count_games(py: Python<'_>, game: &Game, time_limit: Option<f64>) -> PyResult<u64> {
    let position = game.0;
    interruptible(py, time_limit, |limits| {
        GameCounter::new().count_with(&position, limits)
    })
}

/// Runs a long analysis on a worker thread while this thread, without the
/// interpreter lock, wakes every 50 ms to let Python handle signals: Ctrl-C
/// (or a notebook's interrupt) cancels the analysis and raises
/// `KeyboardInterrupt`; a passed `time_limit` (seconds) raises `TimeoutError`.
fn interruptible<T: Send>(
    py: Python<'_>,
    time_limit: Option<f64>,
    work: impl FnOnce(&Limits<'_>) -> Result<T, Interrupted> + Send,
) -> PyResult<T> {
    let cancel = AtomicBool::new(false);
    let mut limits = Limits::new().cancel(&cancel);
    if let Some(seconds) = time_limit {
        let time = Duration::try_from_secs_f64(seconds).map_err(|_| {
            PyValueError::new_err(format!(
                "time_limit must be a non-negative number of seconds, not {seconds}"
            ))
        })?;
        limits = limits.time(time);
    }
    let outcome = std::thread::scope(|scope| {
        let caller = std::thread::current();
        let limits = &limits;
        let worker = scope.spawn(move || {
            let result = work(limits);
            caller.unpark();
            result
        });
        while !worker.is_finished() {
            py.detach(|| std::thread::park_timeout(Duration::from_millis(50)));
            if let Err(signal) = py.check_signals() {
                cancel.store(true, Ordering::Relaxed);
                let _ = worker.join();
                return Err(signal);
            }
        }
        Ok(worker.join().expect("analyses do not panic"))
    })?;
    outcome.map_err(|reason| PyTimeoutError::new_err(reason.to_string()))
}

/// Runs an opponent's choice without holding the interpreter lock.
fn choose(py: Python<'_>, opponent: &mut (dyn Opponent + Send), game: &Game) -> Option<Action> {
    let position = game.0;
    py.detach(|| opponent.choose(&position)).map(Action)
}

/// A Python class over one computer opponent: its constructor (with
/// Python defaults) and `choose`.
macro_rules! player_class {
    ($(#[$doc:meta])* $name:ident($opponent:ident::new($($arg:ident: $type:ty = $default:tt),*))) => {
        $(#[$doc])*
        #[pyclass(module = "qttt", skip_from_py_object)]
        pub struct $name($opponent);

        #[pymethods]
        impl $name {
            #[new]
            #[pyo3(signature = ($($arg = $default),*))]
            fn new($($arg: $type),*) -> $name {
                $name($opponent::new($($arg),*))
            }

            /// An action for whoever acts in `game`, or None once it is over.
            fn choose(&mut self, py: Python<'_>, game: &Game) -> Option<Action> {
                choose(py, &mut self.0, game)
            }
        }
    };
}

player_class! {
    /// Plays uniformly random legal actions (seeded).
    RandomPlayer(RandomOpponent::new(seed: u64 = 0))
}

player_class! {
    /// Monte Carlo tree search with `playouts` random playouts per choice:
    /// medium strength, stronger with more playouts.
    MctsPlayer(MctsOpponent::new(playouts: u32 = 2000, seed: u64 = 0))
}

player_class! {
    /// Perfect play (the earlier-line rule): always an optimal action, winning
    /// fastest and losing slowest, seeded choice among equals. The first
    /// choice from an empty board takes a second or two; it remembers what it
    /// solved, so later choices are quick.
    PerfectPlayer(PerfectOpponent::new(seed: u64 = 0))
}

/// Statistics of `n` games of uniformly random legal actions from the empty
/// board, on `threads` threads (default: one per core), without holding the
/// interpreter lock: the shares of X wins, O wins, draws and games ending
/// with lines for both players, and Goff's mean score (X's points minus
/// O's), each with its standard error under "standard_errors". The games
/// depend on `seed` and on `threads`; `qttt stats N --seed S` on a machine
/// with as many cores gives the same figures.
#[pyfunction]
#[pyo3(signature = (n, seed = 0, *, threads = None))]
pub fn random_stats<'py>(
    py: Python<'py>,
    n: u64,
    seed: u64,
    threads: Option<usize>,
) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
    if n == 0 {
        return Err(PyValueError::new_err(
            "random_stats needs at least one game",
        ));
    }
    let threads = match threads {
        Some(0) => return Err(PyValueError::new_err("threads must be at least 1")),
        Some(t) => t,
        None => std::thread::available_parallelism().map_or(1, |t| t.get()),
    };
    let stats = py.detach(|| qttt::analysis::RandomStats::run(n, seed, threads));
    let result = pyo3::types::PyDict::new(py);
    let errors = pyo3::types::PyDict::new(py);
    result.set_item("games", n)?;
    for (name, count) in [
        ("x_wins", stats.x_wins),
        ("o_wins", stats.o_wins),
        ("draws", stats.draws),
        ("both_lines", stats.both_lines),
    ] {
        let (share, error) = stats.share(count);
        result.set_item(name, share)?;
        errors.set_item(name, error)?;
    }
    let (mean, error) = stats.goff_mean();
    result.set_item("goff_score", mean)?;
    errors.set_item("goff_score", error)?;
    result.set_item("standard_errors", errors)?;
    Ok(result)
}
