//! The `Game` class.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyTuple, PyType};

use crate::convert::{self, play_error};
use crate::values::{Action, CollapseStep, Mark, Outcome, Phase, Player, Symmetry};

/// A game of quantum tic-tac-toe: an immutable value. `play`, `collapse`
/// and `apply` return a new game and leave this one as it was.
///
/// `==` and `hash` compare records (the actions from the empty board); to
/// compare positions, compare `position_key()`, or `canonical_key()` to
/// also identify rotations and mirror images.
#[pyclass(frozen, skip_from_py_object, module = "qttt")]
#[derive(Clone, Copy)]
pub struct Game(pub qttt::Game);

impl Game {
    fn next(&self, action: qttt::Action) -> PyResult<Game> {
        self.0.apply(action).map(Game).map_err(play_error)
    }
}

#[pymethods]
impl Game {
    /// The empty board, or the game a record reaches (`Game("15 15 @1")`).
    #[new]
    #[pyo3(signature = (record = ""))]
    fn new(record: &str) -> PyResult<Game> {
        Game::from_record_str(record)
    }

    /// Replays a record such as "58 47 67 59 48 68 @8"; a malformed or
    /// illegal token raises NotationError naming it.
    #[classmethod]
    fn from_record(_cls: &Bound<'_, PyType>, record: &str) -> PyResult<Game> {
        Game::from_record_str(record)
    }

    /// The canonical record: tokens separated by single spaces.
    #[getter]
    fn record(&self) -> String {
        self.0.record().to_string()
    }

    /// Plays a move: a Move (or an Action holding one) or a move token
    /// ("15", "7"). A collapse choice raises InvalidActionError (reason
    /// "wrong_action_kind"); an int raises TypeError, since 15 could mean
    /// the token "15" or the action with id 15 (for ids, use `apply`).
    fn play(&self, r#move: &Bound<'_, PyAny>) -> PyResult<Game> {
        self.next(convert::action_of_kind::<qttt::Move>(r#move, "play")?.into())
    }

    /// Makes a collapse choice: a CollapseChoice (or an Action holding one)
    /// or a token ("@5"). A move raises InvalidActionError (reason
    /// "wrong_action_kind"); an int raises TypeError.
    fn collapse(&self, choice: &Bound<'_, PyAny>) -> PyResult<Game> {
        self.next(convert::action_of_kind::<qttt::CollapseChoice>(choice, "collapse")?.into())
    }

    /// Applies any action: an Action, Move or CollapseChoice, a token, or
    /// an action id int (0-53; `apply(15)` is id 15, the token "34").
    fn apply(&self, action: &Bound<'_, PyAny>) -> PyResult<Game> {
        self.next(convert::action(action, "apply", true)?)
    }

    /// The legal actions, in ascending id order (empty once the game is over).
    fn legal_actions(&self) -> Vec<Action> {
        self.0.legal_actions().iter().map(Action).collect()
    }

    /// Whether `apply` would succeed with this action: True or False for
    /// every str (a text that is no token, such as "99" or "hello", is
    /// never legal), every int (an id outside 0-53 is never legal) and
    /// every Action, Move or CollapseChoice; a value of another type raises
    /// TypeError, as `apply` does.
    fn is_legal(&self, action: &Bound<'_, PyAny>) -> PyResult<bool> {
        match convert::action(action, "is_legal", true) {
            Ok(action) => Ok(self.0.is_legal(action)),
            Err(error) if error.is_instance_of::<PyTypeError>(action.py()) => Err(error),
            // Not an action at all ("99", "hello", id 54): never legal.
            Err(_) => Ok(false),
        }
    }

    /// What the game waits for.
    #[getter]
    fn phase(&self) -> Phase {
        self.0.phase().into()
    }

    /// Who acts now (during a pending collapse: the chooser, who then also
    /// moves); None once the game is over.
    #[getter]
    fn current_player(&self) -> Option<Player> {
        self.0.current_player().map(Player::from)
    }

    /// The number the next mark will carry (1-10).
    #[getter]
    fn move_number(&self) -> u8 {
        self.0.move_number()
    }

    /// How many actions were played.
    #[getter]
    fn plies(&self) -> usize {
        self.0.plies()
    }

    /// X's result of the finished game under `scoring`, X's points minus
    /// O's: "single" 1.0 (X wins), 0.0 (draw) or -1.0; "goff" also 0.5 or
    /// -0.5 when both players have lines (a point against half a point);
    /// "complete" 0.0 then. None while the game goes on.
    #[pyo3(signature = (scoring = "single"))]
    fn result(&self, scoring: &str) -> PyResult<Option<f64>> {
        Ok(crate::analysis::scoring(scoring)?
            .result(&self.0)
            .map(qttt::analysis::points))
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.0.is_over()
    }

    /// The classical mark on a square (1-9), or None.
    fn classical(&self, square: &Bound<'_, PyAny>) -> PyResult<Option<Mark>> {
        Ok(self.0.classical(convert::square(square)?).map(Mark))
    }

    /// The spooky marks in a square (1-9), by move number.
    fn spooky_marks(&self, square: &Bound<'_, PyAny>) -> PyResult<Vec<Mark>> {
        Ok(self
            .0
            .spooky_marks(convert::square(square)?)
            .iter()
            .map(Mark)
            .collect())
    }

    /// Every mark placed so far, by move number, with its squares: two for
    /// a spooky mark, one for a classical mark.
    fn marks<'py>(&self, py: Python<'py>) -> PyResult<Vec<(Mark, Bound<'py, PyTuple>)>> {
        self.0
            .marks()
            .map(|(mark, placement)| {
                let squares = match placement {
                    qttt::Placement::Spooky(a, b) => PyTuple::new(py, [a.number(), b.number()])?,
                    qttt::Placement::Classical(s) => PyTuple::new(py, [s.number()])?,
                };
                Ok((Mark(mark), squares))
            })
            .collect()
    }

    /// The classical ensemble (docs/ensemble.md): every classical board the
    /// marks can still become, in mark order. Each board is a tuple of nine
    /// entries, square 1 first: the Mark in that square, or None.
    fn ensemble<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        self.0
            .ensemble()
            .iter()
            .map(|board| PyTuple::new(py, qttt::Square::ALL.map(|s| board.mark(s).map(Mark))))
            .collect()
    }

    /// How many classical boards the marks can still become (1 to 27): the
    /// length of `ensemble()`, counted without listing them.
    fn ensemble_count(&self) -> usize {
        self.0.ensemble_count()
    }

    /// The newest mark's two squares while a collapse is pending, else None.
    #[getter]
    fn collapse_options(&self) -> Option<(u8, u8)> {
        self.0
            .collapse_options()
            .map(|[a, b]| (a.number(), b.number()))
    }

    /// The mark that closed the cycle while a collapse is pending, else None.
    #[getter]
    fn collapsing_mark(&self) -> Option<Mark> {
        self.0.collapsing_mark().map(Mark)
    }

    /// The marks of the pending cycle (the newest mark and the path that
    /// already joined its two squares), by move number; None when no
    /// collapse is pending.
    #[getter]
    fn cycle(&self) -> Option<Vec<Mark>> {
        self.0.cycle().map(|marks| marks.iter().map(Mark).collect())
    }

    /// The collapse a choice (a CollapseChoice, an Action holding one, or
    /// a token such as "@5") would make, step by step: the newest mark
    /// lands first in the chosen square, then breadth first each mark
    /// forced out of a square an earlier step landed in. Raises what
    /// `collapse` would raise for the same choice; the game is unchanged.
    fn collapse_steps(&self, choice: &Bound<'_, PyAny>) -> PyResult<Vec<CollapseStep>> {
        let choice = convert::action_of_kind::<qttt::CollapseChoice>(choice, "collapse_steps")?;
        let steps = self.0.collapse_steps(choice).map_err(play_error)?;
        Ok(steps.iter().map(CollapseStep::from).collect())
    }

    /// How the game ended, or None while it goes on.
    #[getter]
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome().map(Outcome)
    }

    /// The game one action earlier, or None on the empty board.
    fn undo(&self) -> Option<Game> {
        self.0.undo().map(Game)
    }

    /// The same game played on the board turned or mirrored.
    fn transform(&self, symmetry: &Bound<'_, PyAny>) -> PyResult<Game> {
        let symmetry = symmetry.cast::<Symmetry>().map_err(|_| {
            PyTypeError::new_err(format!(
                "transform() takes a Symmetry, not {}",
                convert::type_name(symmetry)
            ))
        })?;
        Ok(Game(self.0.transform(symmetry.get().core())))
    }

    /// An int that is equal for equal positions, however they were reached.
    fn position_key(&self) -> u128 {
        self.0.position_key().to_bits()
    }

    /// An int that is equal for positions that are rotations or mirror
    /// images of each other.
    fn canonical_key(&self) -> u128 {
        self.0.canonical_key().to_bits()
    }

    /// The value under perfect play, the optimal actions and a principal
    /// variation; `scoring` is "single" (RULES.md), "goff" (Goff's points)
    /// or "complete" (lines for both players draw). Under "single" the
    /// opening book answers positions with up to three marks, so every
    /// position takes milliseconds; under the others the empty board takes
    /// under a second and well under a gigabyte, later positions less
    /// (figures in docs/performance.md). Runs without the interpreter lock; Ctrl-C (or a
    /// notebook's interrupt) stops it with KeyboardInterrupt, and
    /// `time_limit` (seconds) or `position_limit` (positions searched, the
    /// same point on every machine) with TimeoutError. `threads` > 1 tests the
    /// actions for optimality in parallel (each thread with a copy of the
    /// solver's table).
    ///
    /// Each call solves from scratch; a `Solver` keeps its table from call
    /// to call (hints on every move of a game, analysing many positions).
    #[pyo3(signature = (scoring = "single", *, time_limit = None, position_limit = None, threads = 1))]
    fn solve(
        &self,
        py: Python<'_>,
        scoring: &str,
        time_limit: Option<f64>,
        position_limit: Option<u64>,
        threads: usize,
    ) -> PyResult<crate::analysis::Solution> {
        let stops = crate::analysis::Stops {
            time_limit,
            position_limit,
        };
        crate::analysis::solve(py, self, scoring, stops, threads)
    }

    /// The number of complete games from this position: every sequence of
    /// actions to the end, a collapse choice being an action of its own (a
    /// finished game counts 1). From the empty board it takes seconds and
    /// under a gigabyte (18,227,289,232,224 games); stops like `solve`.
    #[pyo3(signature = (*, time_limit = None, position_limit = None))]
    fn count_games(
        &self,
        py: Python<'_>,
        time_limit: Option<f64>,
        position_limit: Option<u64>,
    ) -> PyResult<u64> {
        let stops = crate::analysis::Stops {
            time_limit,
            position_limit,
        };
        crate::analysis::count_games(py, self, stops)
    }

    /// The JSON view (docs/API.md): one line, exactly as in every binding.
    fn view(&self) -> String {
        serde_json::to_string(&self.0.view()).expect("a view always serialises")
    }

    /// The JSON view as a dict.
    fn view_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?.call_method1("loads", (self.view(),))
    }

    /// The board drawn as SVG, `size` pixels wide (at least 60), its
    /// caption in language `lang` (one of LANGUAGES); another size or
    /// language raises QtttError. With `lines` (the default) a curve joins
    /// the two squares of each spooky mark, thick while they form the cycle.
    #[pyo3(signature = (size = 360, lines = true, lang = "en"))]
    fn svg(slf: &Bound<'_, Self>, size: i64, lines: bool, lang: &str) -> PyResult<String> {
        slf.py()
            .import("qttt.svg")?
            .call_method1("board", (slf, size, lines, lang))?
            .extract()
    }

    /// The collapse `choice` would make, drawn one SVG per step (see
    /// `collapse_steps`), as a list a notebook shows side by side, the
    /// captions in language `lang`.
    #[pyo3(signature = (choice, size = 360, lines = true, lang = "en"))]
    fn collapse_svg<'py>(
        slf: &Bound<'py, Self>,
        choice: &Bound<'py, PyAny>,
        size: i64,
        lines: bool,
        lang: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        slf.py()
            .import("qttt.svg")?
            .call_method1("collapse_steps", (slf, choice, size, lines, lang))
    }

    /// Jupyter draws the board with this.
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        Game::svg(slf, 360, true, "en")
    }

    fn __str__(&self) -> String {
        self.0.board().to_string()
    }

    fn __repr__(&self) -> String {
        if self.0.plies() == 0 {
            "Game()".to_owned()
        } else {
            format!("Game.from_record('{}')", self.0.record())
        }
    }

    /// Equal records; NotImplemented for a value that is not a Game, so
    /// Python can ask the other side.
    fn __eq__<'py>(&self, other: &Bound<'py, PyAny>) -> Bound<'py, PyAny> {
        let py = other.py();
        match other.cast::<Game>() {
            Ok(o) => pyo3::types::PyBool::new(py, o.get().0 == self.0)
                .to_owned()
                .into_any(),
            Err(_) => py.NotImplemented().into_bound(py),
        }
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.0.hash(&mut hasher);
        hasher.finish()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<crate::values::Reduce<'py, (String,)>> {
        Ok((slf.get_type(), (slf.get().0.record().to_string(),)))
    }

    fn __copy__(slf: Bound<'_, Self>) -> Bound<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: Bound<'py, Self>, _memo: &Bound<'py, PyAny>) -> Bound<'py, Self> {
        slf
    }
}

impl Game {
    fn from_record_str(record: &str) -> PyResult<Game> {
        qttt::Game::from_record(record)
            .map(Game)
            .map_err(|e| convert::notation(record, &e))
    }
}
