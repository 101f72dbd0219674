//! Perfect play and computer opponents: `Game.solve`, `Solution`,
//! `RandomOpponent`, `MctsOpponent`, `PerfectOpponent`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, SendError, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use pyo3::exceptions::{PyRuntimeError, PyTimeoutError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use qttt::analysis::{GameCounter, Interrupted, Limits, Opponent, Scoring};

use crate::game::Game;
use crate::values::Action;

/// A scoring from its name (the core's `Scoring` names); another name is a
/// `QtttError` listing them.
pub fn scoring(name: &str) -> PyResult<Scoring> {
    name.parse()
        .map_err(|e: qttt::UnknownName| crate::convert::out_of_range(format!("'{name}' is {e}")))
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

impl From<qttt::analysis::Solution> for Solution {
    fn from(solution: qttt::analysis::Solution) -> Solution {
        Solution {
            value: qttt::analysis::points(solution.value_half_points),
            end_move: solution.end_move,
            optimal: solution.optimal_actions,
            variation: solution.principal_variation,
            nodes: solution.nodes,
        }
    }
}

/// A solver for `scoring` on `threads` threads (at least 1).
fn new_solver(scoring_name: &str, threads: usize) -> PyResult<qttt::analysis::Solver> {
    let scoring = scoring(scoring_name)?;
    if threads == 0 {
        return Err(crate::convert::out_of_range("threads must be at least 1"));
    }
    Ok(qttt::analysis::Solver::new(scoring).threads(threads))
}

/// The table bound of a solver: `table_limit` positions (at least 1), or
/// the core's default.
fn table_limit(positions: Option<usize>) -> PyResult<usize> {
    match positions {
        Some(0) => Err(crate::convert::out_of_range(
            "table_limit must be at least 1 position",
        )),
        Some(positions) => Ok(positions),
        None => Ok(qttt::analysis::DEFAULT_TABLE_LIMIT),
    }
}

/// Solves a game (see `Game.solve`) without holding the interpreter lock.
pub fn solve(
    py: Python<'_>,
    game: &Game,
    scoring_name: &str,
    stops: Stops,
    threads: usize,
) -> PyResult<Solution> {
    let mut solver = new_solver(scoring_name, threads)?;
    let position = game.0;
    let solution = interruptible(py, stops, move |limits| {
        solver.solve_with(&position, limits)
    })?;
    Ok(solution.into())
}

/// A solver that keeps its table of solved positions from call to call:
/// hints on every move of a game, or many positions of one opening, are
/// answered from what earlier calls solved. `scoring` and `threads` as for
/// `Game.solve`; `opening_book=False` searches the early positions that
/// the crate's opening book would answer (under "single"). The table grows
/// with what it solves, up to `table_limit` positions (default 28 million,
/// the core's `DEFAULT_TABLE_LIMIT`, about 1.1 GB; under about 40 bytes a
/// position), then only updates what it holds: results stay exact, large
/// solves get slower. One thread at a time.
#[pyclass(module = "qttt", skip_from_py_object)]
pub struct Solver {
    /// Shared with the analysis thread of a call (which ends before the
    /// call returns, so the lock is never contended).
    solver: Arc<Mutex<qttt::analysis::Solver>>,
}

impl Solver {
    /// The core's solver, shared (a review run with it, `_review`).
    pub(crate) fn shared(&self) -> Arc<Mutex<qttt::analysis::Solver>> {
        Arc::clone(&self.solver)
    }

    fn table(&self) -> std::sync::MutexGuard<'_, qttt::analysis::Solver> {
        // A panic in the solver (none is known) leaves a table of exact entries.
        self.solver.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs `work` on the solver on an analysis thread (see `interruptible`).
    fn run<T: Send + 'static>(
        &mut self,
        py: Python<'_>,
        stops: Stops,
        work: impl FnOnce(&mut qttt::analysis::Solver, &Limits<'_>) -> Result<T, Interrupted>
        + Send
        + 'static,
    ) -> PyResult<T> {
        let solver = Arc::clone(&self.solver);
        interruptible(py, stops, move |limits| {
            let mut solver = solver.lock().unwrap_or_else(PoisonError::into_inner);
            work(&mut solver, limits)
        })
    }
}

#[pymethods]
impl Solver {
    #[new]
    #[pyo3(signature = (scoring = "single", *, threads = 1, opening_book = true, table_limit = None))]
    fn new(
        scoring: &str,
        threads: usize,
        opening_book: bool,
        table_limit: Option<usize>,
    ) -> PyResult<Solver> {
        let solver = new_solver(scoring, threads)?
            .opening_book(opening_book)
            .table_limit(self::table_limit(table_limit)?);
        Ok(Solver {
            solver: Arc::new(Mutex::new(solver)),
        })
    }

    /// As `Game.solve`, answering from the table what earlier calls solved.
    #[pyo3(signature = (game, *, time_limit = None, position_limit = None))]
    fn solve(
        &mut self,
        py: Python<'_>,
        game: &Game,
        time_limit: Option<f64>,
        position_limit: Option<u64>,
    ) -> PyResult<Solution> {
        let position = game.0;
        let stops = Stops {
            time_limit,
            position_limit,
        };
        let solution = self.run(py, stops, move |solver, limits| {
            solver.solve_with(&position, limits)
        })?;
        Ok(solution.into())
    }

    /// Every legal action of `game` with its value under perfect play, best
    /// first for the player who acts (a higher result; among equal results,
    /// a win that ends sooner or a loss that ends later; then by action
    /// id): the order of every hint list. Empty once the game is over.
    /// `time_limit` (seconds) and `position_limit` (positions searched)
    /// cover all the actions.
    #[pyo3(signature = (game, *, time_limit = None, position_limit = None))]
    fn action_values(
        &mut self,
        py: Python<'_>,
        game: &Game,
        time_limit: Option<f64>,
        position_limit: Option<u64>,
    ) -> PyResult<Vec<ActionValue>> {
        let position = game.0;
        let stops = Stops {
            time_limit,
            position_limit,
        };
        let values = self.run(py, stops, move |solver, limits| {
            solver.action_values_with(&position, limits)
        })?;
        Ok(values.into_iter().map(ActionValue).collect())
    }

    /// The scoring's name: "single", "goff" or "complete".
    #[getter]
    fn scoring(&self) -> &'static str {
        self.table().scoring().name()
    }

    /// How many positions the table holds.
    #[getter]
    fn table_len(&self) -> usize {
        self.table().table_len()
    }

    fn __repr__(&self) -> String {
        let solver = self.table();
        format!(
            "<Solver scoring='{}' positions={}>",
            solver.scoring(),
            solver.table_len()
        )
    }
}

/// A legal action and its value under perfect play, an entry of
/// `Solver.action_values`: the value (X's points minus O's) and the number
/// of marks when the game ends, as in `Solution`.
#[pyclass(frozen, skip_from_py_object, module = "qttt")]
pub struct ActionValue(qttt::analysis::ActionValue);

#[pymethods]
impl ActionValue {
    /// The action.
    #[getter]
    fn action(&self) -> Action {
        Action(self.0.action)
    }

    /// X's points minus O's after the action, under perfect play.
    #[getter]
    fn value(&self) -> f64 {
        qttt::analysis::points(self.0.value_half_points)
    }

    /// Marks on the board when the game ends under optimal play.
    #[getter]
    fn end_move(&self) -> u8 {
        self.0.end_move
    }

    fn __repr__(&self) -> String {
        format!(
            "<ActionValue action='{}' value={:?} end_move={}>",
            self.0.action,
            self.value(),
            self.0.end_move
        )
    }
}

/// The games of a `_solve_batch` call: `Game` objects or records.
fn batch_games(games: &Bound<'_, PyAny>) -> PyResult<Vec<qttt::Game>> {
    let mut out = Vec::new();
    for (index, item) in games.try_iter()?.enumerate() {
        let item = item?;
        if let Ok(game) = item.cast::<Game>() {
            out.push(game.get().0);
        } else if let Ok(record) = item.cast::<pyo3::types::PyString>() {
            let record = record.to_cow()?;
            let game = qttt::Game::from_record(&record)
                .map_err(|e| crate::convert::notation(&record, &e))?;
            out.push(game);
        } else {
            return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "games[{index}] is not a Game or a record str but {}",
                crate::convert::type_name(&item)
            )));
        }
    }
    Ok(out)
}

/// One game's labels: its solution and its actions' values.
type Labels = (qttt::analysis::Solution, Vec<qttt::analysis::ActionValue>);

/// Solves every game (and values its actions, when `with_values`) on
/// `threads` threads, each with a solver of its own (made by `solver`),
/// taking the next unsolved game in turn; the labels in the games' order.
fn label_all(
    games: &[qttt::Game],
    with_values: bool,
    threads: usize,
    solver: impl Fn() -> qttt::analysis::Solver + Sync,
    limits: &Limits<'_>,
) -> Result<Vec<Labels>, Interrupted> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let work = || -> Result<Vec<(usize, Labels)>, Interrupted> {
        let mut solver = solver();
        let mut done = Vec::new();
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            let Some(game) = games.get(index) else {
                return Ok(done);
            };
            let solution = solver.solve_with(game, limits)?;
            let values = if with_values {
                solver.action_values_with(game, limits)?
            } else {
                Vec::new()
            };
            done.push((index, (solution, values)));
        }
    };
    let parts = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads).map(|_| scope.spawn(work)).collect();
        let mut parts = vec![work()];
        parts.extend(
            helpers
                .into_iter()
                .map(|helper| helper.join().expect("analyses do not panic")),
        );
        parts
    });
    let mut labels: Vec<Option<Labels>> = vec![None; games.len()];
    for part in parts {
        for (index, label) in part? {
            labels[index] = Some(label);
        }
    }
    Ok(labels
        .into_iter()
        .map(|label| label.expect("every game was taken"))
        .collect())
}

/// The bytes of `_solve_batch`: values, end moves, optimal masks, action
/// values, movers.
type BatchBytes = (Vec<u8>, Vec<u8>, Vec<u8>, Vec<u8>, Vec<u8>);

/// Labels many games at once for data sets (`qttt.rl.solve_batch` views
/// the bytes as numpy arrays): `games` are `Game` objects or records, each
/// solved under `scoring` on `threads` threads (default: one per core)
/// without the interpreter lock, each thread with a solver of its own
/// (`table_limit` positions each, `opening_book` as for `Solver`). Returns
/// five little-endian byte strings, one entry per game: the values (X's
/// points minus O's, float32), the marks when the game ends (uint8), the
/// optimal actions as masks over the 54 action ids (uint64, bit `id`), the
/// value of the game after each action id (n × 54 float32, NaN where the
/// id is not legal; empty unless `action_values`, which solves each
/// action's position as well) and the mover (int8: 1 X, -1 O, 0 over).
/// Ctrl-C stops it with KeyboardInterrupt.
#[pyfunction]
#[pyo3(signature = (games, scoring = "single", *, threads = None, table_limit = None, opening_book = true, action_values = true))]
#[allow(clippy::type_complexity)]
pub fn _solve_batch<'py>(
    py: Python<'py>,
    games: &Bound<'py, PyAny>,
    scoring: &str,
    threads: Option<usize>,
    table_limit: Option<usize>,
    opening_book: bool,
    action_values: bool,
) -> PyResult<(
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
)> {
    let scoring = self::scoring(scoring)?;
    let table_limit = self::table_limit(table_limit)?;
    let threads = match threads {
        Some(0) => return Err(crate::convert::out_of_range("threads must be at least 1")),
        Some(t) => t,
        None => std::thread::available_parallelism().map_or(1, |t| t.get()),
    };
    let games = batch_games(games)?;
    let stops = Stops {
        time_limit: None,
        position_limit: None,
    };
    let bytes: BatchBytes = interruptible(py, stops, move |limits| {
        let solver = || {
            qttt::analysis::Solver::new(scoring)
                .opening_book(opening_book)
                .table_limit(table_limit)
        };
        let threads = threads.min(games.len()).max(1);
        let labels = label_all(&games, action_values, threads, solver, limits)?;
        Ok(batch_bytes(&games, &labels, action_values))
    })?;
    Ok((
        PyBytes::new(py, &bytes.0),
        PyBytes::new(py, &bytes.1),
        PyBytes::new(py, &bytes.2),
        PyBytes::new(py, &bytes.3),
        PyBytes::new(py, &bytes.4),
    ))
}

/// The labels as `_solve_batch`'s byte strings.
fn batch_bytes(games: &[qttt::Game], labels: &[Labels], with_values: bool) -> BatchBytes {
    let points = |half_points: i32| qttt::analysis::points(half_points) as f32;
    let mut out: BatchBytes = Default::default();
    for (game, (solution, values)) in games.iter().zip(labels) {
        out.0
            .extend(points(solution.value_half_points).to_le_bytes());
        out.1.push(solution.end_move);
        let mask = solution
            .optimal_actions
            .iter()
            .fold(0u64, |mask, a| mask | 1 << a.id());
        out.2.extend(mask.to_le_bytes());
        if with_values {
            let mut row = [f32::NAN; qttt::ACTION_COUNT];
            for value in values {
                row[usize::from(value.action.id())] = points(value.value_half_points);
            }
            out.3.extend(row.iter().flat_map(|v| v.to_le_bytes()));
        }
        let mover: i8 = match game.current_player() {
            Some(qttt::Player::X) => 1,
            Some(qttt::Player::O) => -1,
            None => 0,
        };
        out.4.extend(mover.to_le_bytes());
    }
    out
}

/// Counts complete games (see `Game.count_games`) without holding the
/// interpreter lock.
pub fn count_games(py: Python<'_>, game: &Game, stops: Stops) -> PyResult<u64> {
    let position = game.0;
    interruptible(py, stops, move |limits| {
        GameCounter::new().count_with(&position, limits)
    })
}

/// The keyword arguments that stop an analysis: `time_limit` (seconds)
/// and `position_limit` (positions searched).
pub struct Stops {
    pub time_limit: Option<f64>,
    pub position_limit: Option<u64>,
}

impl Stops {
    /// The core's limits for these stops and the `cancel` flag; a time
    /// limit that is not a non-negative number of seconds is a `QtttError`.
    fn limits(time: Option<Duration>, positions: Option<u64>, cancel: &AtomicBool) -> Limits<'_> {
        let mut limits = Limits::new().cancel(cancel);
        if let Some(positions) = positions {
            limits = limits.positions(positions);
        }
        if let Some(time) = time {
            limits = limits.time(time);
        }
        limits
    }

    fn time(&self) -> PyResult<Option<Duration>> {
        self.time_limit
            .map(|seconds| {
                Duration::try_from_secs_f64(seconds).map_err(|_| {
                    crate::convert::out_of_range(format!(
                        "time_limit must be a non-negative number of seconds, not {seconds}"
                    ))
                })
            })
            .transpose()
    }
}

/// A job for an analysis thread.
type Job = Box<dyn FnOnce() + Send>;

/// The analysis threads waiting for a job, each by the sending end of its
/// channel. A call takes one (or starts one when none waits) and puts it
/// back once its result has come, so a loop of small analyses reuses one
/// thread; there are as many threads as analyses ever ran at once, and
/// they wait, without using the processor, for the life of the process.
static IDLE: Mutex<Vec<Sender<Job>>> = Mutex::new(Vec::new());

/// How often a caller waiting for an analysis lets Python handle signals.
const SIGNAL_INTERVAL: Duration = Duration::from_millis(50);

fn idle() -> std::sync::MutexGuard<'static, Vec<Sender<Job>>> {
    // The list stays valid whatever a holder did (it only pushes and pops).
    IDLE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Hands `job` to a waiting analysis thread, or to a new one; returns the
/// thread's channel, to be put back in `IDLE` when the job is done.
fn start(mut job: Job) -> PyResult<Sender<Job>> {
    loop {
        let Some(worker) = idle().pop() else { break };
        match worker.send(job) {
            Ok(()) => return Ok(worker),
            // Its thread is gone (it can only end by a panic): try the next.
            Err(SendError(back)) => job = back,
        }
    }
    let (worker, jobs) = mpsc::channel::<Job>();
    std::thread::Builder::new()
        .name("qttt-analysis".to_owned())
        .spawn(move || {
            for job in jobs {
                job();
            }
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start an analysis thread: {e}")))?;
    worker
        .send(job)
        .map_err(|_| PyRuntimeError::new_err("the analysis thread ended at its start"))?;
    Ok(worker)
}

/// Runs an analysis on an analysis thread while this thread waits for its
/// result without the interpreter lock, woken by the result itself and
/// every `SIGNAL_INTERVAL` to let Python handle signals: Ctrl-C (or a
/// notebook's interrupt) cancels the analysis and raises
/// `KeyboardInterrupt`; a passed `time_limit` or `position_limit` that
/// stops it raises `TimeoutError`. The call returns only once the analysis
/// has stopped.
fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    stops: Stops,
    work: impl FnOnce(&Limits<'_>) -> Result<T, Interrupted> + Send + 'static,
) -> PyResult<T> {
    let time = stops.time()?;
    let positions = stops.position_limit;
    let cancel = Arc::new(AtomicBool::new(false));
    let (send, mut results) = mpsc::sync_channel(1);
    let flag = Arc::clone(&cancel);
    let worker = start(Box::new(move || {
        // The caller waits for this send; it fails only if the caller is gone.
        let _ = send.send(work(&Stops::limits(time, positions, &flag)));
    }))?;
    let mut signal = None;
    let outcome = loop {
        let (back, received) = py.detach(move || {
            let received = results.recv_timeout(SIGNAL_INTERVAL);
            (results, received)
        });
        results = back;
        match received {
            Ok(outcome) => break outcome,
            Err(RecvTimeoutError::Timeout) => {
                if signal.is_none() {
                    signal = py.check_signals().err();
                    cancel.store(signal.is_some(), Ordering::Relaxed);
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err(
                    "the analysis thread ended without a result",
                ));
            }
        }
    };
    idle().push(worker);
    if let Some(raised) = signal {
        return Err(raised);
    }
    outcome.map_err(|reason| PyTimeoutError::new_err(reason.to_string()))
}

/// Runs an opponent's choice without holding the interpreter lock.
fn choose(py: Python<'_>, opponent: &mut (dyn Opponent + Send), game: &Game) -> Option<Action> {
    let position = game.0;
    py.detach(|| opponent.choose(&position)).map(Action)
}

/// A Python class over one of the core's computer opponents: its
/// constructor (with Python defaults) and `choose`.
macro_rules! opponent_class {
    (
        $(#[$doc:meta])* $name:ident($core:ty)
        #[pyo3(signature = $signature:tt)]
        fn new($($arg:ident: $type:ty),*) $body:block
    ) => {
        $(#[$doc])*
        #[pyclass(module = "qttt", skip_from_py_object)]
        pub struct $name($core);

        #[pymethods]
        impl $name {
            #[new]
            #[pyo3(signature = $signature)]
            fn new($($arg: $type),*) -> PyResult<$name> {
                Ok($name($body))
            }

            /// An action for whoever acts in `game`, or None once it is over.
            fn choose(&mut self, py: Python<'_>, game: &Game) -> Option<Action> {
                choose(py, &mut self.0, game)
            }
        }
    };
}

opponent_class! {
    /// Plays uniformly random legal actions (seeded).
    RandomOpponent(qttt::analysis::RandomOpponent)
    #[pyo3(signature = (seed = 0))]
    fn new(seed: u64) {
        qttt::analysis::RandomOpponent::new(seed)
    }
}

// Python's signature shows the default as a literal: the core's.
const _: () = assert!(qttt::analysis::MctsOpponent::DEFAULT_PLAYOUTS == 2000);

opponent_class! {
    /// Monte Carlo tree search with `playouts` random playouts per choice
    /// (default 2000, the core's `MctsOpponent::DEFAULT_PLAYOUTS`): medium
    /// strength, stronger with more playouts.
    MctsOpponent(qttt::analysis::MctsOpponent)
    #[pyo3(signature = (playouts = 2000, seed = 0))]
    fn new(playouts: u32, seed: u64) {
        qttt::analysis::MctsOpponent::new(playouts, seed)
    }
}

opponent_class! {
    /// Perfect play under `scoring` ("single", the default, "goff" or
    /// "complete"): always an optimal action, winning fastest and losing
    /// slowest, seeded choice among equals. Under "single" the opening book
    /// answers the first moves at once; it remembers what it solved, so
    /// later choices are quick.
    PerfectOpponent(qttt::analysis::PerfectOpponent)
    #[pyo3(signature = (seed = 0, *, scoring = "single"))]
    fn new(seed: u64, scoring: &str) {
        let solver = qttt::analysis::Solver::new(self::scoring(scoring)?);
        qttt::analysis::PerfectOpponent::with_solver(solver, seed)
    }
}

/// Totals of `random_stats`: counts of the games' results, with the shares
/// and Goff's mean score as estimates with standard errors.
#[pyclass(frozen, skip_from_py_object, module = "qttt")]
pub struct RandomStats(qttt::analysis::RandomStats);

#[pymethods]
impl RandomStats {
    /// Games played.
    #[getter]
    fn games(&self) -> u64 {
        self.0.games
    }

    /// Games X won.
    #[getter]
    fn x_wins(&self) -> u64 {
        self.0.x_wins
    }

    /// Games O won.
    #[getter]
    fn o_wins(&self) -> u64 {
        self.0.o_wins
    }

    /// Drawn games.
    #[getter]
    fn draws(&self) -> u64 {
        self.0.draws
    }

    /// Games that ended with lines for both players.
    #[getter]
    fn both_lines(&self) -> u64 {
        self.0.both_lines
    }

    /// A count's share of the games with its standard error: (p, sqrt(p(1-p)/n)).
    fn share(&self, count: u64) -> (f64, f64) {
        self.0.share(count)
    }

    /// The mean of Goff's score (X's points minus O's) with its standard error.
    fn goff_mean(&self) -> (f64, f64) {
        self.0.goff_mean()
    }

    fn __repr__(&self) -> String {
        let s = &self.0;
        format!(
            "<RandomStats games={} x_wins={} o_wins={} draws={} both_lines={} goff_mean={:.4}>",
            s.games,
            s.x_wins,
            s.o_wins,
            s.draws,
            s.both_lines,
            s.goff_mean().0
        )
    }
}

/// Plays `n` games of uniformly random legal actions from the empty board,
/// on `threads` threads (default: one per core), without holding the
/// interpreter lock, and returns their `RandomStats`. The games are split
/// into fixed chunks, each with its own seed, so the same `n` and `seed`
/// give the same statistics with any number of threads and on every
/// machine (as `qttt stats N --seed S` and the Rust `RandomStats::run`).
#[pyfunction]
#[pyo3(signature = (n, seed = 0, *, threads = None))]
pub fn random_stats(
    py: Python<'_>,
    n: u64,
    seed: u64,
    threads: Option<usize>,
) -> PyResult<RandomStats> {
    if n == 0 {
        return Err(crate::convert::out_of_range(
            "random_stats needs at least one game",
        ));
    }
    let threads = match threads {
        Some(0) => return Err(crate::convert::out_of_range("threads must be at least 1")),
        Some(t) => t,
        None => std::thread::available_parallelism().map_or(1, |t| t.get()),
    };
    Ok(RandomStats(py.detach(|| {
        qttt::analysis::RandomStats::run(n, seed, threads)
    })))
}
