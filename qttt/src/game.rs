//! [`Game`]: the immutable game value and the rules of RULES.md.

//!
//! The fields of [`Game`] are private to this module and its submodules,
//! which hold the rest of the rules: `legality` (whether an action is
//! legal, and why not), `collapse` (the collapse, as `apply` sweeps it and
//! as the random playout walks it), `cycle` (the pending cycle's marks and
//! its collapse as ordered steps, for showing), `playout` (the random playout loop)
//! and `bytes` (the byte form). Everything else reads a game through its
//! methods.

use core::hash::{Hash, Hasher};

use core::str::FromStr;

use crate::record::{Record, RecordError, parse_record};
use crate::square_set::SquareSet;
use crate::{
    Action, ActionList, CollapseChoice, Mark, MarkSet, Move, MoveKind, Outcome, PlayError, Player,
    Square,
};

mod bytes;
mod collapse;
mod cycle;
mod legality;
mod playout;

pub use bytes::GAME_BYTES;
pub use cycle::{CollapseStep, CollapseSteps};

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// A move by [`Game::current_player`].
    Move,
    /// A collapse choice by [`Game::current_player`] (the opponent of the
    /// player who closed the cycle).
    Collapse,
    /// Nothing: the game is over, see [`Game::outcome`].
    Over,
}

impl core::fmt::Display for Phase {
    /// Writes [`as_str`](Phase::as_str).
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Phase {
    /// `"move"`, `"collapse"` or `"over"`, as in the JSON view.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Phase::Move => "move",
            Phase::Collapse => "collapse",
            Phase::Over => "over",
        }
    }
}

/// Where a mark is: spooky in two squares, or classical in one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Placement {
    /// Spooky in two different squares, the lower first.
    Spooky(Square, Square),
    /// Classical in one square.
    Classical(Square),
}

/// A game of quantum tic-tac-toe: the position and how it was reached.
///
/// `Game` is a small immutable [`Copy`] value. [`play`](Game::play),
/// [`collapse`](Game::collapse) and [`apply`](Game::apply) return a new game
/// or a [`PlayError`]; the game they were called on never changes. Nothing
/// here allocates.
///
/// # Methods by topic
///
/// - **Starting**: [`new`](Game::new) (also `Default`), from a record
///   [`from_record`](Game::from_record) (also `FromStr` and
///   `From<Record>`), from bytes [`from_bytes`](Game::from_bytes).
/// - **Playing**: [`play`](Game::play) a move, [`collapse`](Game::collapse)
///   a choice, [`apply`](Game::apply) either; [`is_legal`](Game::is_legal)
///   and [`legal_actions`](Game::legal_actions); [`undo`](Game::undo). For
///   search code: [`apply_in_place`](Game::apply_in_place) and
///   [`apply_unchecked`](Game::apply_unchecked).
/// - **Whose turn, and for what**: [`phase`](Game::phase),
///   [`current_player`](Game::current_player),
///   [`move_number`](Game::move_number),
///   [`collapse_options`](Game::collapse_options),
///   [`collapsing_mark`](Game::collapsing_mark),
///   [`cycle`](Game::cycle) and
///   [`collapse_steps`](Game::collapse_steps) (the collapse step by step),
///   [`classical_move_due`](Game::classical_move_due).
/// - **The marks**: [`classical`](Game::classical) in a square,
///   [`spooky_marks`](Game::spooky_marks) in a square, all
///   [`marks`](Game::marks) with where they are.
/// - **What it can still become**: the classical ensemble, counted
///   ([`ensemble_count`](Game::ensemble_count)) and listed
///   ([`ensemble`](Game::ensemble)).
/// - **The end**: [`is_over`](Game::is_over), [`outcome`](Game::outcome)
///   (the winner and the lines).
/// - **The history**: [`record`](Game::record), [`plies`](Game::plies).
/// - **Comparing positions**: [`position_key`](Game::position_key),
///   [`canonical_key`](Game::canonical_key) (up to symmetry),
///   [`transform`](Game::transform).
/// - **Showing and storing**: [`board`](Game::board) (text), `view` (the
///   JSON view, feature `serde`), [`to_bytes`](Game::to_bytes) and
///   [`from_bytes_unchecked`](Game::from_bytes_unchecked) (for bindings).
/// - **Analysis** (feature `std`): the `analysis` module takes games: the
///   solver's values and best actions, the computer opponents, counts.
///
/// # Equality
///
/// `==` and [`Hash`] compare the **record**: the sequence of actions from
/// the empty board. Two games are equal exactly when they were reached by
/// the same actions, so equal games also have equal [`undo`](Game::undo)
/// and [`record`](Game::record). To compare positions instead (the same
/// marks in the same squares, however they got there), compare
/// [`position_key`](Game::position_key)s; to also identify positions that
/// are mirror images or rotations, compare
/// [`canonical_key`](Game::canonical_key)s.
///
/// ```
/// use qttt::Game;
/// let a = Game::from_record("12 13 12 @1")?;
/// let b = Game::from_record("12 13 13 @1")?;
/// assert_ne!(a, b); // different records...
/// assert_eq!(a.position_key(), b.position_key()); // ...same position
/// # Ok::<(), qttt::RecordError>(())
/// ```
///
/// # Layout
///
/// `Game` is `#[repr(C)]` with integer fields only and no padding,
/// [`GAME_BYTES`](crate::GAME_BYTES) bytes in all: every bit pattern is a
/// memory-safe `Game`, so bindings may keep games in memory they own (the
/// C library does). A pattern that no qttt function wrote may make its
/// methods panic or answer nonsense; [`Game::from_bytes`] checks bytes from
/// elsewhere. The fields themselves are private.
#[derive(Clone, Copy)]
#[repr(C, align(8))] // integer fields only: every bit pattern is memory-safe (bindings keep games in foreign memory)
pub struct Game {
    /// The squares of each mark (index = move number − 1) while it is
    /// spooky; empty once classical or unplaced.
    spooky: [SquareSet; 9],
    /// The squares holding a classical mark of X.
    x_squares: SquareSet,
    /// The squares holding a classical mark of O.
    o_squares: SquareSet,
    /// The move number of the classical mark in each square, 0 if none.
    classical: [u8; 9],
    /// The number the next mark will carry, 1–10.
    move_number: u8,
    /// The entanglement component of each square: the index of a square of
    /// the same component (the square itself when it holds no spooky mark).
    component: [u8; 9],
    /// 1 while the newest mark's cycle awaits its collapse, else 0.
    pending: u8,
    /// The actions from the empty board.
    record: Record,
}

const _: () = assert!(core::mem::size_of::<Game>() == GAME_BYTES);

impl core::fmt::Debug for Game {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Game(\"{}\")", self.record())
    }
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl PartialEq for Game {
    /// Compares the records; see [the type docs](Game#equality).
    fn eq(&self, other: &Game) -> bool {
        self.record == other.record
    }
}

impl Eq for Game {}

impl Hash for Game {
    /// Hashes the record, consistent with `==`.
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.record.hash(state);
    }
}

impl Game {
    /// The empty board, X to move.
    #[must_use]
    pub const fn new() -> Game {
        Game {
            spooky: [SquareSet::EMPTY; 9],
            x_squares: SquareSet::EMPTY,
            o_squares: SquareSet::EMPTY,
            classical: [0; 9],
            component: [0, 1, 2, 3, 4, 5, 6, 7, 8],
            move_number: 1,
            pending: 0,
            record: Record::EMPTY,
        }
    }

    /// The squares holding a classical mark of X (for the analysis, which
    /// lives outside the game module).
    #[cfg(feature = "std")]
    #[inline]
    pub(crate) fn x_squares(&self) -> SquareSet {
        self.x_squares
    }

    /// The squares holding a classical mark of O (for the analysis, which
    /// lives outside the game module).
    #[cfg(feature = "std")]
    #[inline]
    pub(crate) fn o_squares(&self) -> SquareSet {
        self.o_squares
    }

    /// The squares holding no classical mark.
    #[inline]
    pub(crate) fn free_squares(&self) -> SquareSet {
        (self.x_squares | self.o_squares).complement()
    }

    /// The move number of the classical mark in each square, 0 if none.
    #[inline]
    pub(crate) fn classical_numbers(&self) -> &[u8; 9] {
        &self.classical
    }

    /// The squares of each spooky mark, by mark (index = move number − 1):
    /// empty for a classical or unplaced mark.
    #[inline]
    pub(crate) fn spooky_masks(&self) -> [SquareSet; 9] {
        self.spooky
    }

    #[inline]
    fn is_pending(&self) -> bool {
        self.pending != 0
    }

    /// The newest mark's two squares (meaningful while a collapse is
    /// pending).
    #[inline]
    fn newest_squares(&self) -> SquareSet {
        self.spooky[usize::from(self.move_number) - 2]
    }

    /// Plays a move: the new game, or why the move is illegal here.
    ///
    /// ```
    /// use qttt::{Game, Move, Phase, Square};
    /// let game = Game::new().play(Move::spooky(Square::S1, Square::S2).unwrap())?;
    /// let game = game.play(Move::spooky(Square::S2, Square::S1).unwrap())?; // closes a cycle
    /// assert_eq!(game.phase(), Phase::Collapse);
    /// # Ok::<(), qttt::PlayError>(())
    /// ```
    #[inline]
    pub fn play(&self, m: Move) -> Result<Game, PlayError> {
        self.apply(Action::Move(m))
    }

    /// Makes a collapse choice: the new game, or why the choice is illegal here.
    #[inline]
    pub fn collapse(&self, choice: CollapseChoice) -> Result<Game, PlayError> {
        self.apply(Action::Collapse(choice))
    }

    /// Applies any action: the new game, or why the action is illegal here.
    #[inline]
    pub fn apply(&self, action: Action) -> Result<Game, PlayError> {
        self.check(action)?;
        Ok(self.apply_unchecked(action))
    }

    /// Applies an action to this game in place: `*self = self.apply(action)?`
    /// without the copy, for search code and bindings that keep a game in
    /// place. On an error the game is unchanged.
    ///
    /// ```
    /// let mut game = qttt::Game::new();
    /// game.apply_in_place("15".parse()?)?;
    /// assert!(game.apply_in_place("@1".parse()?).is_err());
    /// assert_eq!(game.record().to_string(), "15");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn apply_in_place(&mut self, action: Action) -> Result<(), PlayError> {
        self.check(action)?;
        self.advance(action);
        Ok(())
    }

    /// Whether `action` is legal here (exactly when [`apply`](Game::apply)
    /// would succeed).
    #[inline]
    #[must_use]
    pub fn is_legal(&self, action: Action) -> bool {
        self.check(action).is_ok()
    }

    /// Applies an action without checking that it is legal, for search code
    /// that takes its actions from [`legal_actions`](Game::legal_actions).
    ///
    /// # Panics
    ///
    /// Assumes `action` is legal. An illegal action panics in debug builds;
    /// in release builds it may panic or return a game that breaks the rules
    /// (never undefined behaviour: the crate has no `unsafe`).
    #[inline]
    #[must_use]
    pub fn apply_unchecked(&self, action: Action) -> Game {
        let mut next = *self;
        next.advance(action);
        next
    }

    /// Applies a legal action in place, for
    /// [`apply_unchecked`](Game::apply_unchecked) and
    /// [`apply_in_place`](Game::apply_in_place). (Random playouts have a
    /// loop of their own: `Game::play_out`, in `playout`.)
    #[inline]
    pub(crate) fn advance(&mut self, action: Action) {
        debug_assert!(
            self.is_legal(action),
            "illegal action {action} in {}",
            self.record()
        );
        match action {
            Action::Move(m) => match m.kind() {
                MoveKind::Spooky(a, b) => self.place_spooky(a, b),
                MoveKind::Classical(s) => {
                    self.set_classical(self.move_number, s);
                    self.move_number += 1;
                }
            },
            Action::Collapse(choice) => self.collapse_by_sweep(choice.square()),
        }
        self.record.push(action.id());
    }

    /// The next mark goes spooky into squares `a` and `b`; a cycle closed
    /// by it waits for its collapse.
    #[inline]
    fn place_spooky(&mut self, a: Square, b: Square) {
        self.spooky[usize::from(self.move_number) - 1] = SquareSet::pair(a, b);
        self.move_number += 1;
        let (ca, cb) = (self.component[a.index()], self.component[b.index()]);
        if ca == cb {
            self.pending = 1;
        } else {
            self.join_components(ca, cb);
        }
    }

    /// Every square of component `from` joins component `to`. Branch-free
    /// (which squares join is unpredictable): eight components as one
    /// word, compared bytewise in registers, and the ninth on its own.
    #[inline]
    fn join_components(&mut self, to: u8, from: u8) {
        const ONES: u64 = 0x0101_0101_0101_0101;
        const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        let [c0, c1, c2, c3, c4, c5, c6, c7, c8] = self.component;
        let word = u64::from_le_bytes([c0, c1, c2, c3, c4, c5, c6, c7]);
        // A zero byte of `diff` is a square of `from`: its high bit marks it.
        let diff = word ^ (u64::from(from) * ONES);
        let found = !(((diff & LOW7) + LOW7) | diff | LOW7);
        let joins = (found >> 7) * 0xff;
        let word = (word & !joins) | ((u64::from(to) * ONES) & joins);
        let [c0, c1, c2, c3, c4, c5, c6, c7] = word.to_le_bytes();
        let last = u8::from(c8 == from).wrapping_neg();
        self.component = [c0, c1, c2, c3, c4, c5, c6, c7, (c8 & !last) | (to & last)];
    }

    /// The mark with move number `number` turns classical in `square`.
    #[inline]
    fn set_classical(&mut self, number: u8, square: Square) {
        self.classical[square.index()] = number;
        let owner = match Player::of_move(number) {
            Player::X => &mut self.x_squares,
            Player::O => &mut self.o_squares,
        };
        *owner |= SquareSet::of(square);
    }

    /// Whether the game is over: a line, or a full board (never while a
    /// collapse is pending, since lines only appear after collapses and
    /// the classical last move).
    #[inline]
    #[must_use]
    pub fn is_over(&self) -> bool {
        !self.is_pending()
            && (self.free_squares().is_empty()
                || self.x_squares.lines() | self.o_squares.lines() != 0)
    }

    /// The legal actions in ascending id order; empty exactly when the game
    /// is over. Lives on the stack.
    ///
    /// ```
    /// use qttt::Game;
    /// let game = Game::new();
    /// assert_eq!(game.legal_actions().len(), 36);
    /// let game = Game::from_record("12 12")?;
    /// let tokens: Vec<String> = game.legal_actions().iter().map(|a| a.to_string()).collect();
    /// assert_eq!(tokens, ["@1", "@2"]);
    /// # Ok::<(), qttt::RecordError>(())
    /// ```
    #[must_use]
    pub fn legal_actions(&self) -> ActionList {
        let mut list = ActionList::EMPTY;
        if let Some(options) = self.collapse_options() {
            for square in options {
                list.push(CollapseChoice(square).into());
            }
        } else if !self.is_over() {
            let free = self.free_squares();
            if free.len() == 1 {
                list.push(Move::classical(free.lowest()).into());
            } else {
                return ActionList::spooky_moves(free);
            }
        }
        list
    }

    /// The legal action at the position `pick(len)` of
    /// [`legal_actions`](Game::legal_actions) (`len` legal actions), without
    /// building the list; `None` once the game is over. For random play.
    #[inline]
    pub(crate) fn legal_action_at(&self, pick: impl FnOnce(u32) -> usize) -> Option<Action> {
        if self.is_pending() {
            let options = self.newest_squares();
            let square = if pick(2) == 0 {
                options.lowest()
            } else {
                options.without_lowest().lowest()
            };
            return Some(CollapseChoice(square).into());
        }
        if self.is_over() {
            return None;
        }
        let free = self.free_squares();
        let n = free.len();
        if n == 1 {
            // Asked all the same: a random pick among one still draws a number.
            pick(1);
            return Some(Move::classical(free.lowest()).into());
        }
        Some(ActionList::spooky_move_at(free, pick(n * (n - 1) / 2)))
    }

    /// What the game waits for.
    #[inline]
    #[must_use]
    pub fn phase(&self) -> Phase {
        if self.is_pending() {
            Phase::Collapse
        } else if self.is_over() {
            Phase::Over
        } else {
            Phase::Move
        }
    }

    /// Who acts now: the mover, or during a pending collapse the chooser
    /// (who then also makes the next move). `None` once the game is over.
    #[inline]
    #[must_use]
    pub fn current_player(&self) -> Option<Player> {
        if self.is_over() {
            None
        } else {
            Some(Player::of_move(self.move_number()))
        }
    }

    /// The number the next mark will carry: 1 on the empty board, up to 10
    /// once all nine marks are placed.
    #[inline]
    #[must_use]
    pub fn move_number(&self) -> u8 {
        self.move_number
    }

    /// The classical mark on `square`, if any.
    #[inline]
    #[must_use]
    pub fn classical(&self, square: Square) -> Option<Mark> {
        Mark::new(self.classical[square.index()])
    }

    /// The spooky marks in `square` (empty when the square is classical).
    #[must_use]
    pub fn spooky_marks(&self, square: Square) -> MarkSet {
        self.marks()
            .filter(|(_, place)| matches!(*place, Placement::Spooky(a, b) if a == square || b == square))
            .fold(MarkSet::EMPTY, |set, (mark, _)| set.with(mark))
    }

    /// Every mark placed so far with where it is, in move-number order.
    pub fn marks(&self) -> impl Iterator<Item = (Mark, Placement)> + '_ {
        (1..self.move_number()).filter_map(move |number| {
            let mark = Mark::new(number)?;
            let squares = self.spooky[usize::from(number) - 1];
            let placement = if let Some((a, b)) = squares.ends() {
                Placement::Spooky(a, b)
            } else {
                let square = self.classical.iter().position(|&n| n == number)?;
                Placement::Classical(Square::ALL[square])
            };
            Some((mark, placement))
        })
    }

    /// The newest mark's two squares (ascending) while a collapse is
    /// pending; `None` otherwise.
    #[inline]
    #[must_use]
    pub fn collapse_options(&self) -> Option<[Square; 2]> {
        if !self.is_pending() {
            return None;
        }
        let squares = self.newest_squares();
        Some([squares.lowest(), squares.without_lowest().lowest()])
    }

    /// The newest mark while a collapse is pending: the mark that closed
    /// the cycle.
    #[must_use]
    pub fn collapsing_mark(&self) -> Option<Mark> {
        if self.is_pending() {
            Mark::new(self.move_number() - 1)
        } else {
            None
        }
    }

    /// Whether the next action is the classical last move (RULES.md:
    /// exactly one square holds no classical mark, so a pair cannot fit);
    /// false during a collapse choice and once the game is over.
    ///
    /// ```
    /// use qttt::Game;
    /// let pending = Game::from_record("12 12 @2 35 35 @5 46 46 @6 78 78")?;
    /// assert!(!pending.classical_move_due()); // X first chooses where O8 lands
    /// let game = pending.apply("@7".parse()?)?;
    /// assert!(game.classical_move_due()); // square 9 is the last free one
    /// assert_eq!(game.legal_actions().len(), 1);
    /// assert!(!Game::new().classical_move_due());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn classical_move_due(&self) -> bool {
        !self.is_pending() && !self.is_over() && self.free_squares().len() == 1
    }

    /// How the game ended; `None` while it goes on.
    #[inline]
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if self.is_over() {
            Some(Outcome::of_board(
                &self.classical,
                self.x_squares,
                self.o_squares,
            ))
        } else {
            None
        }
    }

    /// The game one action earlier; `None` on the empty board.
    #[must_use]
    pub fn undo(&self) -> Option<Game> {
        Some(Game::replay(self.record().without_last()?.iter()))
    }

    /// The actions that reached this game from the empty board.
    #[inline]
    #[must_use]
    pub fn record(&self) -> Record {
        self.record
    }

    /// How many actions were played (the length of the record).
    #[inline]
    #[must_use]
    pub fn plies(&self) -> usize {
        self.record.len()
    }

    /// Replays a record's actions from the empty board. They are legal for
    /// every game this crate builds; the check only keeps a game decoded
    /// from hand-edited bytes (see [`Game::from_bytes`]) from panicking.
    pub(crate) fn replay(actions: impl IntoIterator<Item = Action>) -> Game {
        actions.into_iter().fold(Game::new(), |game, action| {
            game.apply(action).unwrap_or(game)
        })
    }
}

impl Game {
    /// Replays a record (RULES.md notation) from the empty board. Tokens are
    /// separated by any whitespace; spooky squares may come in either order.
    ///
    /// ```
    /// use qttt::{Game, Player};
    /// let game = Game::from_record("58 47 67 59 48 68 @8")?;
    /// assert_eq!(game.outcome().unwrap().winner(), Some(Player::X));
    ///
    /// let err = Game::from_record("12 34 43 @5").unwrap_err();
    /// assert_eq!((err.token_index(), err.token()), (3, "@5"));
    /// assert_eq!(err.kind().code(), "not_collapse_option");
    /// # Ok::<(), qttt::RecordError>(())
    /// ```
    pub fn from_record(record: &str) -> Result<Game, RecordError> {
        let mut game = Game::new();
        parse_record(record, |action| game.apply_in_place(action))?;
        Ok(game)
    }
}

impl FromStr for Game {
    type Err = RecordError;

    /// Same as [`Game::from_record`]. (`Game` has no `Display`: write its
    /// [`record`](Game::record) to get text that parses back, or its
    /// [`board`](Game::board) to draw it.)
    fn from_str(record: &str) -> Result<Game, RecordError> {
        Game::from_record(record)
    }
}

impl From<Record> for Game {
    /// The game a record reaches (records are legal by construction).
    fn from(record: Record) -> Game {
        Game::replay(record.iter())
    }
}
