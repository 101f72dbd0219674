//! [`Game`]: the immutable game value and the rules of RULES.md.

use core::hash::{Hash, Hasher};

use core::str::FromStr;

use crate::outcome::lines_in;
use crate::record::{Record, RecordError, parse_record};
use crate::{
    Action, ActionList, CollapseChoice, Mark, MarkSet, Move, MoveKind, Outcome, PlayError, Player,
    Square,
};

/// All nine squares as a mask.
const ALL_SQUARES: u16 = 0x1ff;

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
    /// spooky, as a mask of square indices; 0 once classical or unplaced.
    pub(crate) spooky: [u16; 9],
    /// The squares holding a classical mark of X, as a mask.
    pub(crate) x_squares: u16,
    /// The squares holding a classical mark of O, as a mask.
    pub(crate) o_squares: u16,
    /// The move number of the classical mark in each square, 0 if none.
    pub(crate) classical: [u8; 9],
    /// The number the next mark will carry, 1–10.
    pub(crate) move_number: u8,
    /// The entanglement component of each square: the index of a square of
    /// the same component (the square itself when it holds no spooky mark).
    pub(crate) component: [u8; 9],
    /// 1 while the newest mark's cycle awaits its collapse, else 0.
    pub(crate) pending: u8,
    /// The actions from the empty board.
    pub(crate) record: Record,
}

const _: () = assert!(core::mem::size_of::<Game>() == crate::GAME_BYTES);

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
            spooky: [0; 9],
            x_squares: 0,
            o_squares: 0,
            classical: [0; 9],
            component: [0, 1, 2, 3, 4, 5, 6, 7, 8],
            move_number: 1,
            pending: 0,
            record: Record::EMPTY,
        }
    }

    #[inline]
    pub(crate) fn x_squares(&self) -> u16 {
        self.x_squares
    }

    #[inline]
    pub(crate) fn o_squares(&self) -> u16 {
        self.o_squares
    }

    #[inline]
    fn is_pending(&self) -> bool {
        self.pending != 0
    }

    /// Plays a move: the new game, or why the move is illegal here.
    ///
    /// ```
    /// use qttt::{Game, Move, Phase, Square};
    /// let sq = |n| Square::new(n).unwrap();
    /// let game = Game::new().play(Move::spooky(sq(1), sq(2)).unwrap())?;
    /// let game = game.play(Move::spooky(sq(2), sq(1)).unwrap())?; // closes a cycle
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
    /// loop of their own: `Game::play_out`.)
    #[inline]
    pub(crate) fn advance(&mut self, action: Action) {
        debug_assert!(
            self.is_legal(action),
            "illegal action {action} in {}",
            self.record()
        );
        match action {
            Action::Move(m) => match m.kind() {
                MoveKind::Spooky(a, b) => self.place_spooky(a.index(), b.index()),
                MoveKind::Classical(s) => {
                    self.set_classical(self.move_number, s.index());
                    self.move_number += 1;
                }
            },
            Action::Collapse(choice) => self.resolve_collapse(choice.square()),
        }
        self.record.push(action.id());
    }

    /// The next mark goes spooky into squares `a` and `b` (indices); a
    /// cycle closed by it waits for its collapse.
    #[inline]
    pub(crate) fn place_spooky(&mut self, a: usize, b: usize) {
        self.spooky[usize::from(self.move_number) - 1] = (1 << a) | (1 << b);
        self.move_number += 1;
        let (ca, cb) = (self.component[a], self.component[b]);
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

    #[inline]
    pub(crate) fn set_classical(&mut self, number: u8, square: usize) {
        self.classical[square] = number;
        let owner = if number % 2 == 1 {
            &mut self.x_squares
        } else {
            &mut self.o_squares
        };
        *owner |= 1 << square;
    }

    /// The newest mark lands in `square`; every mark connected to it is
    /// forced in turn (RULES.md, Collapse): the marks of its component form
    /// a tree once the newest is placed, and each lands in the square it
    /// does not share with the squares already reached. (Random playouts
    /// walk the tree instead, from marks per square they keep up to date:
    /// see `Game::collapse_from`.)
    fn resolve_collapse(&mut self, square: Square) {
        let newest = usize::from(self.move_number) - 2;
        self.spooky[newest] = 0;
        self.set_classical(newest as u8 + 1, square.index());
        let masks = self.spooky;
        // The older spooky marks not yet forced; those of other components
        // are never reached and stay.
        let mut left = 0u16;
        for (mark, &squares) in masks.iter().enumerate().take(newest) {
            left |= u16::from(squares != 0) << mark;
        }
        let mut reached = square.bit();
        while left != 0 {
            let before = left;
            let mut marks = left;
            while marks != 0 {
                let mark = marks.trailing_zeros() as usize;
                marks &= marks - 1;
                if masks[mark] & reached != 0 {
                    let landing = masks[mark] & !reached;
                    self.spooky[mark] = 0;
                    left &= !(1 << mark);
                    // Both squares reached happens only in corrupted states.
                    if landing != 0 {
                        self.set_classical(mark as u8 + 1, landing.trailing_zeros() as usize);
                        reached |= landing;
                    }
                }
            }
            if left == before {
                break; // the rest belong to other components
            }
        }
        self.end_collapse(reached);
    }

    /// After a collapse that turned the squares of `reached` classical:
    /// each is a component of its own again, and nothing is pending.
    #[inline]
    pub(crate) fn end_collapse(&mut self, reached: u16) {
        let mut squares = reached;
        while squares != 0 {
            let s = squares.trailing_zeros() as usize;
            squares &= squares - 1;
            self.component[s] = s as u8;
        }
        self.pending = 0;
    }

    /// `Ok` when `action` is legal here, else the reason: a few mask tests
    /// for the legal case, and [`refusal`](Game::refusal) for the others.
    #[inline]
    fn check(&self, action: Action) -> Result<(), PlayError> {
        let id = action.id();
        let squares = crate::action::squares_of(action);
        let legal = if self.is_pending() {
            let newest = self.spooky[usize::from(self.move_number) - 2];
            id >= crate::action::FIRST_COLLAPSE && newest & squares != 0
        } else {
            let free = self.free_squares();
            let last_square = free & free.wrapping_sub(1) == 0;
            id < crate::action::FIRST_COLLAPSE
                && free & squares == squares
                && crate::action::is_spooky_id(id) != last_square
                && lines_in(self.x_squares) | lines_in(self.o_squares) == 0
        };
        if legal {
            Ok(())
        } else {
            Err(self.refusal(action))
        }
    }

    /// Why an illegal action is refused, the first reason in the order of
    /// [`PlayError`]'s documentation.
    #[cold]
    fn refusal(&self, action: Action) -> PlayError {
        match self.reason_refused(action) {
            Err(error) => error,
            Ok(()) => unreachable!("refusal() of a legal action {action}"),
        }
    }

    /// The rules' checks one by one, in the order of [`PlayError`]'s
    /// documentation (the error precedence).
    fn reason_refused(&self, action: Action) -> Result<(), PlayError> {
        if let Some(options) = self.collapse_options() {
            return match action {
                Action::Move(_) => Err(PlayError::CollapsePending { options }),
                Action::Collapse(c) if options.contains(&c.square()) => Ok(()),
                Action::Collapse(c) => Err(PlayError::NotCollapseOption {
                    square: c.square(),
                    options,
                }),
            };
        }
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let free = self.free_squares();
        let is_free = |s: Square| {
            if free & s.bit() != 0 {
                Ok(())
            } else {
                Err(PlayError::SquareClassical(s))
            }
        };
        match action {
            Action::Collapse(_) => Err(PlayError::NoCollapsePending),
            Action::Move(m) => match m.kind() {
                MoveKind::Spooky(..) if free.count_ones() == 1 => {
                    Err(PlayError::SpookyMoveOnLastSquare(Square::lowest_in(free)))
                }
                MoveKind::Spooky(a, b) => is_free(a).and(is_free(b)),
                MoveKind::Classical(_) if free.count_ones() != 1 => {
                    Err(PlayError::ClassicalMoveNotAllowed)
                }
                MoveKind::Classical(s) => is_free(s),
            },
        }
    }

    /// Mask of the squares holding no classical mark.
    #[inline]
    pub(crate) fn free_squares(&self) -> u16 {
        !(self.x_squares() | self.o_squares()) & ALL_SQUARES
    }

    /// Whether the game is over: a line, or a full board (never while a
    /// collapse is pending, since lines only appear after collapses and
    /// the classical last move).
    #[inline]
    #[must_use]
    pub fn is_over(&self) -> bool {
        !self.is_pending()
            && (self.free_squares() == 0
                || lines_in(self.x_squares()) | lines_in(self.o_squares()) != 0)
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
            if free.count_ones() == 1 {
                list.push(Move::classical(Square::lowest_in(free)).into());
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
            let options = self.spooky[usize::from(self.move_number) - 2];
            let low = Square::lowest_in(options);
            let square = if pick(2) == 0 {
                low
            } else {
                Square::lowest_in(options & !low.bit())
            };
            return Some(CollapseChoice(square).into());
        }
        if self.is_over() {
            return None;
        }
        let free = self.free_squares();
        let n = free.count_ones();
        if n == 1 {
            // Asked all the same: a random pick among one still draws a number.
            pick(1);
            return Some(Move::classical(Square::lowest_in(free)).into());
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
            let placement = if squares != 0 {
                let a = Square::lowest_in(squares);
                Placement::Spooky(a, Square::lowest_in(squares & !a.bit()))
            } else {
                let square = self.classical_numbers().iter().position(|&n| n == number)?;
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
        let squares = self.spooky[usize::from(self.move_number) - 2];
        let a = Square::lowest_in(squares);
        Some([a, Square::lowest_in(squares & !a.bit())])
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
        !self.is_pending() && !self.is_over() && self.free_squares().count_ones() == 1
    }

    /// How the game ended; `None` while it goes on.
    #[inline]
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if self.is_over() {
            Some(Outcome::of_board(
                self.classical_numbers(),
                self.x_squares(),
                self.o_squares(),
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

    /// The move number of the classical mark in each square, 0 if none.
    #[inline]
    pub(crate) fn classical_numbers(&self) -> &[u8; 9] {
        &self.classical
    }

    /// The spooky masks by mark, for the symmetry module's keys.
    #[inline]
    pub(crate) fn spooky_masks(&self) -> [u16; 9] {
        self.spooky
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

impl FromStr for Record {
    type Err = RecordError;

    /// Parses a record and checks that its actions are legal in turn: the
    /// record of [`Game::from_record`], which `Display` writes back in
    /// canonical form.
    fn from_str(record: &str) -> Result<Record, RecordError> {
        Game::from_record(record).map(|game| game.record)
    }
}

impl From<Record> for Game {
    /// The game a record reaches (records are legal by construction).
    fn from(record: Record) -> Game {
        Game::replay(record.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::{SplitMix64, random_action};

    #[test]
    fn the_quick_check_agrees_with_the_rules_one_by_one() {
        // Every action id in every position of 2,000 random games: the mask
        // test of `check` and the step-by-step `reason_refused` agree.
        let mut rng = SplitMix64::new(11);
        let mut positions = 0;
        for _ in 0..2_000 {
            let mut game = Game::new();
            loop {
                for id in 0..crate::ACTION_COUNT as u8 {
                    let action = Action::from_id(id).unwrap();
                    assert_eq!(
                        game.check(action),
                        game.reason_refused(action),
                        "{action} in {}",
                        game.record()
                    );
                }
                positions += 1;
                match random_action(&game, &mut rng) {
                    Some(action) => game.advance(action),
                    None => break,
                }
            }
        }
        assert!(positions > 20_000);
    }
}
