//! The small value classes: Player, Phase, Symmetry, Mark, Move,
//! CollapseChoice, Action, Line, Outcome.

use pyo3::prelude::*;
use pyo3::types::{PyTuple, PyType};

use crate::convert::{refused, square};

/// What pickles a class instance: the class and its constructor's arguments.
pub type Reduce<'py, Args> = (Bound<'py, PyType>, Args);

/// What pickles a simple enum member: `getattr(EnumClass, "NAME")`.
type EnumReduce<'py> = (Bound<'py, PyAny>, (Bound<'py, PyType>, String));

fn reduce_member<'py>(member: &Bound<'py, PyAny>, name: String) -> PyResult<EnumReduce<'py>> {
    let getattr = member.py().import("builtins")?.getattr("getattr")?;
    Ok((getattr, (member.get_type(), name)))
}

/// One of the two players. X moves first and owns the odd move numbers.
#[pyclass(from_py_object, eq, eq_int, frozen, hash, module = "qttt")]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Player {
    X,
    O,
}

#[pymethods]
impl Player {
    /// The other player.
    fn other(&self) -> Player {
        Player::from(qttt::Player::from(*self).other())
    }

    fn __str__(&self) -> &'static str {
        match self {
            Player::X => "X",
            Player::O => "O",
        }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<EnumReduce<'py>> {
        let name = slf.get().__str__();
        reduce_member(slf.as_any(), name.to_owned())
    }
}

impl From<qttt::Player> for Player {
    fn from(player: qttt::Player) -> Player {
        match player {
            qttt::Player::X => Player::X,
            qttt::Player::O => Player::O,
        }
    }
}

impl From<Player> for qttt::Player {
    fn from(player: Player) -> qttt::Player {
        match player {
            Player::X => qttt::Player::X,
            Player::O => qttt::Player::O,
        }
    }
}

/// What a game waits for: a move, a collapse choice, or nothing (over).
#[pyclass(skip_from_py_object, eq, eq_int, frozen, hash, module = "qttt")]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[allow(clippy::upper_case_acronyms)] // Python's enum member style
pub enum Phase {
    MOVE,
    COLLAPSE,
    OVER,
}

#[pymethods]
impl Phase {
    /// "move", "collapse" or "over", as in the JSON view.
    fn __str__(&self) -> &'static str {
        qttt::Phase::from(*self).as_str()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<EnumReduce<'py>> {
        let name = qttt::Phase::from(*slf.get()).as_str().to_uppercase();
        reduce_member(slf.as_any(), name)
    }
}

impl From<qttt::Phase> for Phase {
    fn from(phase: qttt::Phase) -> Phase {
        match phase {
            qttt::Phase::Move => Phase::MOVE,
            qttt::Phase::Collapse => Phase::COLLAPSE,
            qttt::Phase::Over => Phase::OVER,
        }
    }
}

impl From<Phase> for qttt::Phase {
    fn from(phase: Phase) -> qttt::Phase {
        match phase {
            Phase::MOVE => qttt::Phase::Move,
            Phase::COLLAPSE => qttt::Phase::Collapse,
            Phase::OVER => qttt::Phase::Over,
        }
    }
}

/// The 8 symmetries of the board.
#[pyclass(skip_from_py_object, eq, eq_int, frozen, hash, module = "qttt")]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[allow(non_camel_case_types, clippy::upper_case_acronyms)] // Python's enum member style
pub enum Symmetry {
    IDENTITY,
    ROTATE_90,
    ROTATE_180,
    ROTATE_270,
    FLIP_HORIZONTAL,
    FLIP_VERTICAL,
    TRANSPOSE,
    ANTI_TRANSPOSE,
}

impl Symmetry {
    /// The core's symmetry: the members are declared in the core's
    /// `Symmetry::ALL` order (its stable index), and named after its names.
    pub fn core(self) -> qttt::Symmetry {
        qttt::Symmetry::ALL[self as usize]
    }

    fn of_index(index: usize) -> Symmetry {
        use Symmetry::*;
        [
            IDENTITY,
            ROTATE_90,
            ROTATE_180,
            ROTATE_270,
            FLIP_HORIZONTAL,
            FLIP_VERTICAL,
            TRANSPOSE,
            ANTI_TRANSPOSE,
        ][index]
    }
}

#[pymethods]
impl Symmetry {
    /// All 8 symmetries, the identity first.
    #[classmethod]
    fn all(_cls: &Bound<'_, PyType>) -> Vec<Symmetry> {
        (0..qttt::Symmetry::ALL.len())
            .map(Symmetry::of_index)
            .collect()
    }

    /// The symmetry with this stable index (0-7), as in every binding.
    #[classmethod]
    fn from_index(_cls: &Bound<'_, PyType>, index: &Bound<'_, PyAny>) -> PyResult<Symmetry> {
        let n = crate::convert::small_int(index, "a symmetry index")?;
        qttt::Symmetry::try_from(n)
            .map(|s| Symmetry::of_index(usize::from(s.index())))
            .map_err(|_| {
                crate::convert::out_of_range(format!(
                    "{index} is not a symmetry (symmetries are numbered 0 to 7)"
                ))
            })
    }

    /// The stable index, 0-7.
    #[getter]
    fn index(&self) -> u8 {
        self.core().index()
    }

    /// The stable name: "identity", "rotate_90", ... (the member names in
    /// lower case).
    #[getter]
    fn name(&self) -> &'static str {
        self.core().name()
    }

    /// Where this symmetry takes a square (1-9).
    fn square(&self, square_number: &Bound<'_, PyAny>) -> PyResult<u8> {
        Ok(self.core().square(square(square_number)?).number())
    }

    /// The image of an action.
    fn action(&self, action: &Action) -> Action {
        Action(self.core().action(action.0))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<EnumReduce<'py>> {
        reduce_member(slf.as_any(), slf.get().core().name().to_uppercase())
    }
}

/// A mark: its move number (1-9) and, from it, its owner. `str(mark)` and
/// `repr(mark)` are "X5"; the module names the nine marks (`qttt.X5` is
/// `Mark(5)`).
#[pyclass(from_py_object, eq, ord, frozen, hash, module = "qttt")]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Mark(pub qttt::Mark);

#[pymethods]
impl Mark {
    #[new]
    fn new(number: &Bound<'_, PyAny>) -> PyResult<Mark> {
        let n = crate::convert::small_int(number, "a mark's move number")?;
        qttt::Mark::try_from(n).map(Mark).map_err(|_| {
            crate::convert::out_of_range(format!(
                "{number} is not a mark (marks are numbered 1 to 9)"
            ))
        })
    }

    #[classattr]
    fn __match_args__() -> (&'static str,) {
        ("number",)
    }

    /// The move number, 1-9.
    #[getter]
    fn number(&self) -> u8 {
        self.0.number()
    }

    /// The owner: X for odd numbers, O for even ones.
    #[getter]
    fn player(&self) -> Player {
        self.0.player().into()
    }

    /// The mark's name, which the module holds it under: `X1`, `O2`, ...
    fn __repr__(&self) -> String {
        self.0.to_string()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduce<'py, (u8,)>> {
        Ok((slf.get_type(), (slf.get().0.number(),)))
    }
}

/// A move: a spooky mark in two different squares (`Move(1, 5)` or
/// `Move("15")`), or the classical move into the last free square
/// (`Move(7)` or `Move("7")`).
#[pyclass(skip_from_py_object, eq, ord, frozen, hash, module = "qttt")]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Move(pub qttt::Move);

#[pymethods]
impl Move {
    #[new]
    #[pyo3(signature = (first, second = None))]
    fn new(first: &Bound<'_, PyAny>, second: Option<&Bound<'_, PyAny>>) -> PyResult<Move> {
        if let (Ok(token), None) = (first.extract::<String>(), second) {
            return crate::convert::parse_token(&token).map(Move);
        }
        let a = square(first)?;
        match second {
            None => Ok(Move(qttt::Move::classical(a))),
            Some(b) => qttt::Move::spooky(a, square(b)?).map(Move).ok_or_else(|| {
                let error = qttt::ParseActionError::SameSquareTwice(a);
                refused(error.reason(), error.to_string())
            }),
        }
    }

    /// The squares: two (ascending) for a spooky move, one for a classical move.
    #[getter]
    fn squares<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        match self.0.kind() {
            qttt::MoveKind::Spooky(a, b) => PyTuple::new(py, [a.number(), b.number()]),
            qttt::MoveKind::Classical(s) => PyTuple::new(py, [s.number()]),
        }
    }

    /// Whether this is a spooky move.
    #[getter]
    fn is_spooky(&self) -> bool {
        self.0.is_spooky()
    }

    /// The normative action id (0-44).
    #[getter]
    fn id(&self) -> u8 {
        self.0.id()
    }

    /// The token, "15" or "7".
    #[getter]
    fn token(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.0)
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduce<'py, (String,)>> {
        Ok((slf.get_type(), (slf.get().0.to_string(),)))
    }
}

/// A collapse choice: the square the newest mark lands in
/// (`CollapseChoice(5)` or `CollapseChoice("@5")`).
#[pyclass(skip_from_py_object, eq, ord, frozen, hash, module = "qttt")]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct CollapseChoice(pub qttt::CollapseChoice);

#[pymethods]
impl CollapseChoice {
    #[new]
    fn new(square_or_token: &Bound<'_, PyAny>) -> PyResult<CollapseChoice> {
        if let Ok(token) = square_or_token.extract::<String>() {
            return crate::convert::parse_token(&token).map(CollapseChoice);
        }
        Ok(CollapseChoice(qttt::CollapseChoice(square(
            square_or_token,
        )?)))
    }

    /// The square the newest mark lands in.
    #[getter]
    fn square(&self) -> u8 {
        self.0.square().number()
    }

    /// The normative action id (45-53).
    #[getter]
    fn id(&self) -> u8 {
        self.0.id()
    }

    /// The token, "@5".
    #[getter]
    fn token(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("CollapseChoice({})", self.0.square())
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduce<'py, (u8,)>> {
        Ok((slf.get_type(), (slf.get().0.square().number(),)))
    }
}

/// Any action: a move or a collapse choice. `Action("15")`,
/// `Action(Move(1, 5))`, or from its normative id `Action(49)` (also
/// `Action.from_id(49)`). Actions order by id.
#[pyclass(skip_from_py_object, eq, ord, frozen, hash, module = "qttt")]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Action(pub qttt::Action);

#[pymethods]
impl Action {
    #[new]
    fn new(value: &Bound<'_, PyAny>) -> PyResult<Action> {
        crate::convert::action(value, "Action", true).map(Action)
    }

    /// The action with this normative id (0-53); another int raises
    /// InvalidActionError (reason "invalid_action_id").
    #[classmethod]
    fn from_id(_cls: &Bound<'_, PyType>, id: &Bound<'_, PyAny>) -> PyResult<Action> {
        crate::convert::action_from_id(id).map(Action)
    }

    /// The normative id, 0-53.
    #[getter]
    fn id(&self) -> u8 {
        self.0.id()
    }

    /// The token: "15", "7" or "@5".
    #[getter]
    fn token(&self) -> String {
        self.0.to_string()
    }

    /// "spooky", "classical" or "collapse".
    #[getter]
    fn kind(&self) -> &'static str {
        match self.0 {
            qttt::Action::Move(m) if m.is_spooky() => "spooky",
            qttt::Action::Move(_) => "classical",
            qttt::Action::Collapse(_) => "collapse",
        }
    }

    /// The move, or None for a collapse choice.
    #[getter(r#move)]
    fn as_move(&self) -> Option<Move> {
        match self.0 {
            qttt::Action::Move(m) => Some(Move(m)),
            qttt::Action::Collapse(_) => None,
        }
    }

    /// The collapse choice, or None for a move.
    #[getter]
    fn collapse_choice(&self) -> Option<CollapseChoice> {
        match self.0 {
            qttt::Action::Collapse(c) => Some(CollapseChoice(c)),
            qttt::Action::Move(_) => None,
        }
    }

    fn __repr__(&self) -> String {
        format!("Action('{}')", self.0)
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __int__(&self) -> u8 {
        self.0.id()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduce<'py, (String,)>> {
        Ok((slf.get_type(), (slf.get().0.to_string(),)))
    }
}

/// The arguments that rebuild a Line: its squares, player and highest mark.
type LineArgs = ((u8, u8, u8), Player, Mark);

/// A completed line: three classical marks of one player.
#[pyclass(from_py_object, eq, frozen, hash, module = "qttt")]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Line(pub qttt::Line);

#[pymethods]
impl Line {
    /// The line through three squares (a row, column or diagonal) whose
    /// highest mark is `highest`, owned by `player`; anything else raises
    /// QtttError.
    #[new]
    fn new(squares: [u8; 3], player: Player, highest: Mark) -> PyResult<Line> {
        let squares = squares.map(qttt::Square::new);
        let [Some(a), Some(b), Some(c)] = squares else {
            return Err(crate::convert::out_of_range("squares are numbered 1 to 9"));
        };
        let line = qttt::Line::new([a, b, c], highest.0).ok_or_else(|| {
            crate::convert::out_of_range(format!(
                "squares {a}, {b} and {c} are not a row, column or diagonal"
            ))
        })?;
        if Player::from(line.player()) != player {
            return Err(crate::convert::out_of_range(format!(
                "the highest mark {} is not {}'s",
                highest.0,
                player.__str__()
            )));
        }
        Ok(Line(line))
    }

    #[classattr]
    fn __match_args__() -> (&'static str, &'static str, &'static str) {
        ("squares", "player", "highest")
    }

    /// The three squares, ascending.
    #[getter]
    fn squares(&self) -> (u8, u8, u8) {
        let [a, b, c] = self.0.squares().map(|s| s.number());
        (a, b, c)
    }

    /// Whose marks they are.
    #[getter]
    fn player(&self) -> Player {
        self.0.player().into()
    }

    /// The line's mark with the highest move number (the earlier line wins
    /// when both players have one).
    #[getter]
    fn highest(&self) -> Mark {
        Mark(self.0.highest())
    }

    fn __repr__(&self) -> String {
        let (a, b, c) = self.squares();
        format!(
            "Line(squares=({a}, {b}, {c}), player=Player.{}, highest={})",
            self.0.player(),
            self.0.highest()
        )
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduce<'py, LineArgs>> {
        let line = slf.get();
        Ok((
            slf.get_type(),
            (line.squares(), line.player(), line.highest()),
        ))
    }
}

/// How a game ended: the winner (None for a draw) and every completed line.
#[pyclass(skip_from_py_object, eq, frozen, hash, module = "qttt")]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Outcome(pub qttt::Outcome);

#[pymethods]
impl Outcome {
    /// The outcome with these completed lines; `winner` must be the one
    /// the rules give them (the only player with lines, or the earlier
    /// line's), else QtttError.
    #[new]
    fn new(winner: Option<Player>, lines: Vec<Line>) -> PyResult<Outcome> {
        let lines: Vec<qttt::Line> = lines.iter().map(|l| l.0).collect();
        let outcome = qttt::Outcome::from_lines(&lines)
            .ok_or_else(|| crate::convert::out_of_range("a line is given twice"))?;
        let rules = outcome.winner().map(Player::from);
        if rules != winner {
            let name = |p: Option<Player>| p.map_or("None (a draw)", |p| p.__str__());
            return Err(crate::convert::out_of_range(format!(
                "with these lines the winner is {}, not {}",
                name(rules),
                name(winner)
            )));
        }
        Ok(Outcome(outcome))
    }

    #[classattr]
    fn __match_args__() -> (&'static str, &'static str) {
        ("winner", "lines")
    }

    /// The winner, or None for a draw.
    #[getter]
    fn winner(&self) -> Option<Player> {
        self.0.winner().map(Player::from)
    }

    /// Every completed line: rows, then columns, then the diagonals.
    #[getter]
    fn lines<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.0.lines().map(Line).collect::<Vec<_>>())
    }

    /// Whether the game was drawn.
    #[getter]
    fn is_draw(&self) -> bool {
        self.0.is_draw()
    }

    /// Whether both players completed lines (in the same collapse).
    #[getter]
    fn both_players_have_lines(&self) -> bool {
        self.0.both_players_have_lines()
    }

    fn __repr__(&self) -> String {
        let winner = self
            .winner()
            .map_or("None".to_owned(), |p| format!("Player.{}", p.__str__()));
        let lines: Vec<String> = self.0.lines().map(|l| Line(l).__repr__()).collect();
        let trailing = if lines.len() == 1 { "," } else { "" };
        format!(
            "Outcome(winner={winner}, lines=({}{trailing}))",
            lines.join(", ")
        )
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<Reduce<'py, (Option<Player>, Vec<Line>)>> {
        let outcome = slf.get();
        Ok((
            slf.get_type(),
            (outcome.winner(), outcome.0.lines().map(Line).collect()),
        ))
    }
}

/// The arguments that rebuild a CollapseStep.
type CollapseStepArgs = (Mark, u8, u8, Option<Mark>);

/// One step of a collapse (`Game.collapse_steps`): `mark` lands in
/// `square`, leaving `from_square`; `forced_by` is the mark whose landing
/// in `from_square` forced it out (None for the first step, the newest
/// mark, which lands where the chooser said).
#[pyclass(skip_from_py_object, eq, frozen, hash, module = "qttt")]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CollapseStep {
    mark: qttt::Mark,
    square: qttt::Square,
    from_square: qttt::Square,
    forced_by: Option<qttt::Mark>,
}

impl From<&qttt::CollapseStep> for CollapseStep {
    fn from(step: &qttt::CollapseStep) -> CollapseStep {
        CollapseStep {
            mark: step.mark(),
            square: step.square(),
            from_square: step.from(),
            forced_by: step.forced_by(),
        }
    }
}

#[pymethods]
impl CollapseStep {
    /// A step as plain data (squares 1-9); `Game.collapse_steps` makes them.
    #[new]
    #[pyo3(signature = (mark, square, from_square, forced_by = None))]
    fn new(
        mark: Mark,
        square: &Bound<'_, PyAny>,
        from_square: &Bound<'_, PyAny>,
        forced_by: Option<Mark>,
    ) -> PyResult<CollapseStep> {
        Ok(CollapseStep {
            mark: mark.0,
            square: crate::convert::square(square)?,
            from_square: crate::convert::square(from_square)?,
            forced_by: forced_by.map(|m| m.0),
        })
    }

    #[classattr]
    fn __match_args__() -> (&'static str, &'static str, &'static str, &'static str) {
        ("mark", "square", "from_square", "forced_by")
    }

    /// The mark that lands.
    #[getter]
    fn mark(&self) -> Mark {
        Mark(self.mark)
    }

    /// The square it lands in (1-9).
    #[getter]
    fn square(&self) -> u8 {
        self.square.number()
    }

    /// The square it leaves: for the newest mark the one not chosen, for a
    /// forced mark the one it was forced out of.
    #[getter(from_square)]
    fn left_square(&self) -> u8 {
        self.from_square.number()
    }

    /// The mark that forced it out, or None for the first step.
    #[getter]
    fn forced_by(&self) -> Option<Mark> {
        self.forced_by.map(Mark)
    }

    fn __repr__(&self) -> String {
        let forced_by = self
            .forced_by
            .map_or_else(|| "None".to_owned(), |m| m.to_string());
        format!(
            "CollapseStep(mark={}, square={}, from_square={}, forced_by={forced_by})",
            self.mark, self.square, self.from_square
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduce<'py, CollapseStepArgs>> {
        let step = slf.get();
        Ok((
            slf.get_type(),
            (
                Mark(step.mark),
                step.square.number(),
                step.from_square.number(),
                step.forced_by.map(Mark),
            ),
        ))
    }
}
