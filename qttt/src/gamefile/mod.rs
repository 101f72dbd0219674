//! Game files (feature `std`): QGN, the project's game file format in the
//! manner of PGN, specified in `docs/gamefile.md`.
//!
//! A file holds any number of games. Each game has tag pairs (the players,
//! the date, the event, the scoring, the result, the time control, a free
//! comment, ...), then its movetext: the actions in the RULES.md tokens,
//! numbered by mark, with comments, annotation glyphs, nested variations and
//! value annotations, ended by a result terminator.
//!
//! [`parse`] reads a file, checking every action with the engine, and
//! refuses with a [`GameFileError`] that says where (line and column) and
//! why. [`read`] reads it leniently: each game or its error, going on with
//! the next game after a broken one. [`write()`] writes games so that
//! parsing gives them back exactly ([`write_to`] into any
//! [`fmt::Write`]).
//!
//! ```
//! use qttt::gamefile::{self, GameResult};
//! let text = "[Event \"Club night\"]\n[X \"Ann\"]\n[O \"Bob\"]\n\n\
//!             1. 58 2. 47 3. 67 4. 59 5. 48 6. 68? {O closes a cycle} @8 1-0\n";
//! let games = gamefile::parse(text)?;
//! assert_eq!(games.len(), 1);
//! assert_eq!(games[0].tag("X"), Some("Ann"));
//! assert_eq!(games[0].result, GameResult::XWins);
//! assert_eq!(games[0].end().record().to_string(), "58 47 67 59 48 68 @8");
//! let written = gamefile::write(&games);
//! assert_eq!(gamefile::parse(&written)?, games);
//! # Ok::<(), qttt::gamefile::GameFileError>(())
//! ```

mod check;
mod error;
mod parse;
mod write;

pub use check::{GameCheckError, GameCheckErrorKind, UncheckedGame};
pub use error::{GameFileError, GameFileErrorKind};
pub use parse::{Games, parse, read};
pub use write::{write, write_to};

use core::fmt;
use std::collections::HashSet;

use crate::analysis::Scoring;
use crate::{Action, Game, Player};

/// The file extension of game files, without the dot.
pub const EXTENSION: &str = "qgn";

/// The media type of game files (UTF-8 text).
pub const MEDIA_TYPE: &str = "application/x-qttt-qgn";

/// The value of [`Rules`](AnnotatedGame) tag pairs: the rules of RULES.md,
/// Allan Goff's, the only rules this engine plays.
pub const RULES: &str = "goff";

/// The most levels of variations inside variations a file may nest.
pub const MAX_NESTING: usize = 32;

/// The longest comment of one place a reader accepts, in bytes of its
/// normal form (64 KiB): the comments after one action, or before a
/// line's first action, joined. A longer one is
/// [`GameFileErrorKind::CommentTooLong`], at the comment that crosses it.
///
/// ```
/// use qttt::gamefile::{self, GameFileErrorKind, MAX_COMMENT_BYTES};
/// let fits = format!("1. 12 {{{}}} *", "a".repeat(MAX_COMMENT_BYTES));
/// assert!(gamefile::parse(&fits).is_ok());
/// let over = format!("1. 12 {{{}}} {{b}} *", "a".repeat(MAX_COMMENT_BYTES - 1));
/// let error = gamefile::parse(&over).unwrap_err();
/// assert_eq!(error.kind(), &GameFileErrorKind::CommentTooLong);
/// assert_eq!(error.column(), 7 + MAX_COMMENT_BYTES + 2); // the second `{`
/// ```
pub const MAX_COMMENT_BYTES: usize = 64 * 1024;

/// The longest text a reader reads, in bytes (16 MiB, after a byte order
/// mark): a longer one is refused whole, with
/// [`GameFileErrorKind::FileTooLarge`] (line 1, column 1, game 1).
///
/// ```
/// use qttt::gamefile::{self, GameFileErrorKind, MAX_FILE_BYTES};
/// let text = " ".repeat(MAX_FILE_BYTES + 1);
/// let error = gamefile::parse(&text).unwrap_err();
/// assert_eq!(error.kind(), &GameFileErrorKind::FileTooLarge(MAX_FILE_BYTES + 1));
/// assert!(gamefile::parse(&text[1..]).unwrap().is_empty());
/// ```
pub const MAX_FILE_BYTES: usize = 16 * 1024 * 1024;

/// The tags every written game carries, in this order, with the value
/// written when a game has none (PGN's seven-tag roster, with `X` and `O`
/// for White and Black). `Result` is [`AnnotatedGame::result`].
pub const ROSTER: [(&str, &str); 6] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("X", "?"),
    ("O", "?"),
];

/// The tags the engine reads itself, held in [`AnnotatedGame`]'s own
/// fields rather than in [`AnnotatedGame::tags`].
pub const INTERPRETED_TAGS: [&str; 4] = ["Result", "Rules", "Scoring", "Start"];

/// One game of a file.
///
/// Parsing gives games in normal form (see [`AnnotatedGame::normalized`]),
/// which is what [`write()`] writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnnotatedGame {
    /// The tag pairs other than the [interpreted ones](INTERPRETED_TAGS), as
    /// (name, value): the [`ROSTER`] first, in its order, then the others
    /// in the order of the file.
    pub tags: Vec<(String, String)>,
    /// The scoring the result and value annotations are under (tag
    /// `Scoring`, default [`Scoring::SingleResult`]).
    pub scoring: Scoring,
    /// The position the movetext starts from (tag `Start`, a record; by
    /// default the empty board).
    pub start: Game,
    /// The main line.
    pub line: Variation,
    /// The result (tag `Result` and the terminator).
    pub result: GameResult,
}

/// A sequence of actions: a game's main line ([`AnnotatedGame::line`]) or
/// an alternative to one of its actions ([`Ply::variations`]). (Not
/// [`crate::Line`], a winning line of three squares.)
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variation {
    /// A comment before the first action.
    pub comment: Option<String>,
    /// The actions, each with its annotations.
    pub plies: Vec<Ply>,
}

/// One action of a line and what is written about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The action.
    pub action: Action,
    /// Its annotation glyph.
    pub glyph: Option<Glyph>,
    /// Other numeric annotation glyphs (PGN's `$n`, other than `$1`–`$6`,
    /// which are [`Glyph`]s), in the order written.
    pub nags: Vec<u8>,
    /// The value of the position after the action under perfect play (a
    /// `[%value v]` command in its comment).
    pub value: Option<Value>,
    /// The comment after the action.
    pub comment: Option<String>,
    /// Alternatives to this action, each played from the position before it.
    pub variations: Vec<Variation>,
}

impl Ply {
    /// The action with no annotation.
    #[must_use]
    pub fn new(action: Action) -> Ply {
        Ply {
            action,
            glyph: None,
            nags: Vec::new(),
            value: None,
            comment: None,
            variations: Vec::new(),
        }
    }
}

/// An annotation glyph: a judgement of an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Glyph {
    /// `!`, a good action (`$1`).
    Good,
    /// `?`, a mistake (`$2`).
    Mistake,
    /// `!!`, a very good action (`$3`).
    Brilliant,
    /// `??`, a blunder (`$4`).
    Blunder,
    /// `!?`, an interesting action (`$5`).
    Interesting,
    /// `?!`, a dubious action (`$6`).
    Dubious,
}

impl Glyph {
    /// Every glyph, in the order of their numbers (`$1`–`$6`).
    pub const ALL: [Glyph; 6] = [
        Glyph::Good,
        Glyph::Mistake,
        Glyph::Brilliant,
        Glyph::Blunder,
        Glyph::Interesting,
        Glyph::Dubious,
    ];

    /// The suffix written after the action: `!`, `?`, `!!`, `??`, `!?` or `?!`.
    #[must_use]
    pub const fn suffix(self) -> &'static str {
        match self {
            Glyph::Good => "!",
            Glyph::Mistake => "?",
            Glyph::Brilliant => "!!",
            Glyph::Blunder => "??",
            Glyph::Interesting => "!?",
            Glyph::Dubious => "?!",
        }
    }

    /// PGN's numeric annotation glyph, 1–6.
    #[must_use]
    pub const fn nag(self) -> u8 {
        match self {
            Glyph::Good => 1,
            Glyph::Mistake => 2,
            Glyph::Brilliant => 3,
            Glyph::Blunder => 4,
            Glyph::Interesting => 5,
            Glyph::Dubious => 6,
        }
    }

    /// The glyph with this suffix.
    #[must_use]
    pub fn from_suffix(suffix: &str) -> Option<Glyph> {
        Glyph::ALL.into_iter().find(|g| g.suffix() == suffix)
    }

    /// The glyph with this numeric annotation glyph (1–6).
    #[must_use]
    pub fn from_nag(nag: u8) -> Option<Glyph> {
        Glyph::ALL.into_iter().find(|g| g.nag() == nag)
    }
}

impl fmt::Display for Glyph {
    /// Writes the suffix.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.suffix())
    }
}

/// A value under perfect play, from X's side: X's points minus O's, in
/// half points, −2 to 2 (as [`Solution::value_half_points`]). Written
/// `+1`, `+1/2`, `0`, `-1/2` or `-1`.
///
/// [`Solution::value_half_points`]: crate::analysis::Solution::value_half_points
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Value(i8);

impl Value {
    /// The value of `half_points` (−2 to 2), or `None`.
    #[must_use]
    pub fn from_half_points(half_points: i32) -> Option<Value> {
        (-2..=2)
            .contains(&half_points)
            .then_some(Value(half_points as i8))
    }

    /// X's points minus O's, in half points.
    #[must_use]
    pub const fn half_points(self) -> i32 {
        self.0 as i32
    }
}

impl fmt::Display for Value {
    /// Writes `+1`, `+1/2`, `0`, `-1/2` or `-1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.0 {
            2 => "+1",
            1 => "+1/2",
            0 => "0",
            -1 => "-1/2",
            _ => "-1",
        })
    }
}

impl core::str::FromStr for Value {
    type Err = ();

    /// Parses `+1`, `+1/2`, `0`, `-1/2` or `-1` (also `1` and `1/2`).
    fn from_str(text: &str) -> Result<Value, ()> {
        match text {
            "+1" | "1" => Ok(Value(2)),
            "+1/2" | "1/2" => Ok(Value(1)),
            "0" | "+0" | "-0" => Ok(Value(0)),
            "-1/2" => Ok(Value(-1)),
            "-1" => Ok(Value(-2)),
            _ => Err(()),
        }
    }
}

/// A game's result: its terminator and its `Result` tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`: X won.
    XWins,
    /// `0-1`: O won.
    OWins,
    /// `1/2-1/2`: a draw (under [`Scoring::CompleteWin`] also lines for both).
    Draw,
    /// `1-1/2`: lines for both players, X's first, under [`Scoring::GoffPoints`].
    XWinsHalf,
    /// `1/2-1`: lines for both players, O's first, under [`Scoring::GoffPoints`].
    OWinsHalf,
    /// `*`: unfinished or unknown.
    Unfinished,
}

impl GameResult {
    /// Every result.
    pub const ALL: [GameResult; 6] = [
        GameResult::XWins,
        GameResult::OWins,
        GameResult::Draw,
        GameResult::XWinsHalf,
        GameResult::OWinsHalf,
        GameResult::Unfinished,
    ];

    /// The terminator: `1-0`, `0-1`, `1/2-1/2`, `1-1/2`, `1/2-1` or `*`.
    #[must_use]
    pub const fn token(self) -> &'static str {
        match self {
            GameResult::XWins => "1-0",
            GameResult::OWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::XWinsHalf => "1-1/2",
            GameResult::OWinsHalf => "1/2-1",
            GameResult::Unfinished => "*",
        }
    }

    /// The result with this terminator.
    #[must_use]
    pub fn from_token(token: &str) -> Option<GameResult> {
        GameResult::ALL.into_iter().find(|r| r.token() == token)
    }

    /// The result of a finished game under `scoring`; `None` while it goes on.
    ///
    /// ```
    /// use qttt::{Game, analysis::Scoring, gamefile::GameResult};
    /// let game = Game::from_record("58 47 67 59 48 68 @8")?; // lines for both, X's first
    /// assert_eq!(GameResult::of(&game, Scoring::SingleResult), Some(GameResult::XWins));
    /// assert_eq!(GameResult::of(&game, Scoring::GoffPoints), Some(GameResult::XWinsHalf));
    /// assert_eq!(GameResult::of(&game, Scoring::CompleteWin), Some(GameResult::Draw));
    /// # Ok::<(), qttt::RecordError>(())
    /// ```
    #[must_use]
    pub fn of(game: &Game, scoring: Scoring) -> Option<GameResult> {
        scoring
            .result(game)
            .and_then(Value::from_half_points)
            .map(GameResult::of_value)
    }

    /// The result of a finished game of value `value` (X's points minus
    /// O's): the one rule from values to terminators, which every binding
    /// takes (a game that ends with a forfeit or on time, for instance,
    /// gets the loser's full loss).
    ///
    /// ```
    /// use qttt::gamefile::{GameResult, Value};
    /// let value = |text: &str| text.parse::<Value>().unwrap();
    /// assert_eq!(GameResult::of_value(value("+1/2")), GameResult::XWinsHalf);
    /// assert_eq!(GameResult::of_value(value("-1")).token(), "0-1");
    /// ```
    #[must_use]
    pub const fn of_value(value: Value) -> GameResult {
        match value.0 {
            2.. => GameResult::XWins,
            1 => GameResult::XWinsHalf,
            0 => GameResult::Draw,
            -1 => GameResult::OWinsHalf,
            _ => GameResult::OWins,
        }
    }

    /// The result of a game `loser` lost off the board (by an
    /// [`Ending`](crate::Ending) not on the board: a resignation, a flag,
    /// a forfeit): the other player's full win.
    ///
    /// ```
    /// use qttt::{Player, gamefile::GameResult};
    /// assert_eq!(GameResult::lost_by(Player::X), GameResult::OWins);
    /// assert_eq!(GameResult::lost_by(Player::O).token(), "1-0");
    /// ```
    #[must_use]
    pub const fn lost_by(loser: Player) -> GameResult {
        match loser {
            Player::X => GameResult::OWins,
            Player::O => GameResult::XWins,
        }
    }

    /// The value of the result (X's points minus O's), `None` for
    /// [`GameResult::Unfinished`]: the inverse of [`GameResult::of_value`].
    ///
    /// ```
    /// use qttt::gamefile::{GameResult, Value};
    /// for result in GameResult::ALL {
    ///     if let Some(value) = result.value() {
    ///         assert_eq!(GameResult::of_value(value), result);
    ///     }
    /// }
    /// assert_eq!(GameResult::Draw.value().map(Value::half_points), Some(0));
    /// assert_eq!(GameResult::Unfinished.value(), None);
    /// ```
    #[must_use]
    pub const fn value(self) -> Option<Value> {
        match self {
            GameResult::XWins => Some(Value(2)),
            GameResult::XWinsHalf => Some(Value(1)),
            GameResult::Draw => Some(Value(0)),
            GameResult::OWinsHalf => Some(Value(-1)),
            GameResult::OWins => Some(Value(-2)),
            GameResult::Unfinished => None,
        }
    }
}

impl fmt::Display for GameResult {
    /// Writes the terminator.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token())
    }
}

impl AnnotatedGame {
    /// A game with no tags (the roster's defaults), from `start`, with
    /// `line` as its main line; the result is the outcome of its end
    /// under `scoring`, or [`GameResult::Unfinished`].
    #[must_use]
    pub fn new(start: Game, line: Variation, scoring: Scoring) -> AnnotatedGame {
        let mut game = AnnotatedGame {
            tags: Vec::new(),
            scoring,
            start,
            line,
            result: GameResult::Unfinished,
        };
        game.result = GameResult::of(&game.end(), scoring).unwrap_or(GameResult::Unfinished);
        game.normalize();
        game
    }

    /// The game of a record: `game`'s actions, from the empty board, with
    /// no annotation.
    ///
    /// ```
    /// use qttt::{Game, analysis::Scoring, gamefile::AnnotatedGame};
    /// let game = Game::from_record("15 15 @1")?;
    /// let file = AnnotatedGame::from_game(&game, Scoring::SingleResult);
    /// assert!(file.to_string().ends_with("\n1. 15 2. 15 @1 *\n"));
    /// # Ok::<(), qttt::RecordError>(())
    /// ```
    #[must_use]
    pub fn from_game(game: &Game, scoring: Scoring) -> AnnotatedGame {
        let line = Variation {
            comment: None,
            plies: game.record().iter().map(Ply::new).collect(),
        };
        AnnotatedGame::new(Game::new(), line, scoring)
    }

    /// The value of tag `name` (one of [`AnnotatedGame::tags`]).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `name` (replacing its value, or adding it at the end).
    /// Names that are not tag names (a letter, then letters, digits and
    /// `_`) or that are [interpreted](INTERPRETED_TAGS) are not written.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = value.to_owned(),
            None => self.tags.push((name.to_owned(), value.to_owned())),
        }
        self.normalize();
    }

    /// The position at the end of the main line. Actions that are not legal
    /// (only possible in a game built by hand) are skipped.
    #[must_use]
    pub fn end(&self) -> Game {
        self.line.plies.iter().fold(self.start, |game, ply| {
            game.apply(ply.action).unwrap_or(game)
        })
    }

    /// The game in normal form, as [`parse`] gives it and [`write()`] writes
    /// it: tags with valid names and no interpreted ones, the [`ROSTER`]
    /// first (with its defaults), each name once (the first kept); in tag
    /// values control characters become spaces; in comments whitespace
    /// runs become one space, with none at either end, `}` becomes `)`,
    /// `[%value` that is text (no command) becomes `[% value`, and an
    /// empty comment none.
    #[must_use]
    pub fn normalized(&self) -> AnnotatedGame {
        let mut game = self.clone();
        game.normalize();
        game
    }

    fn normalize(&mut self) {
        let mut tags: Vec<(String, String)> = ROSTER
            .iter()
            .map(|&(name, default)| {
                let value = self.tag(name).unwrap_or(default);
                (name.to_owned(), normal_tag_value(value))
            })
            .collect();
        let mut seen = TagNames::default();
        for (name, _) in ROSTER {
            seen.insert(name);
        }
        for (name, value) in &self.tags {
            if is_tag_name(name)
                && !INTERPRETED_TAGS.contains(&name.as_str())
                && seen.insert(name.as_str())
            {
                tags.push((name.clone(), normal_tag_value(value)));
            }
        }
        self.tags = tags;
        self.line.normalize();
    }
}

impl Variation {
    fn normalize(&mut self) {
        normalize_comment(&mut self.comment);
        for ply in &mut self.plies {
            normalize_comment(&mut ply.comment);
            for line in &mut ply.variations {
                line.normalize();
            }
        }
    }
}

impl fmt::Display for AnnotatedGame {
    /// Writes the game as [`write()`] does ([`AnnotatedGame::write_to`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

/// A set of tag names: a list while short (a game has a dozen tags or
/// so, where a list is faster than hashing), a hash set beyond, so that a
/// game of many tags stays linear.
#[derive(Default)]
struct TagNames<'a> {
    list: Vec<&'a str>,
    set: HashSet<&'a str>,
}

impl<'a> TagNames<'a> {
    /// The most names held as a list.
    const LIST: usize = 32;

    /// Adds `name`; `false` when it was there already.
    fn insert(&mut self, name: &'a str) -> bool {
        if !self.set.is_empty() {
            return self.set.insert(name);
        }
        if self.list.contains(&name) {
            return false;
        }
        self.list.push(name);
        if self.list.len() > Self::LIST {
            self.set.extend(self.list.drain(..));
        }
        true
    }
}

/// Whether `name` is a tag name: an ASCII letter, then ASCII letters,
/// digits and `_`.
fn is_tag_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// A tag value with its control characters as spaces.
fn normal_tag_value(value: &str) -> String {
    value
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// A comment's text in normal form, `None` when nothing is left.
fn normal_comment(text: &str) -> Option<String> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|w| !w.is_empty())
        .collect();
    // `[%value` left as text (not a command where it was read) is written
    // `[% value`, so that joining comments or words never makes it one.
    (!words.is_empty()).then(|| {
        words
            .join(" ")
            .replace('}', ")")
            .replace("[%value", "[% value")
    })
}

fn normalize_comment(comment: &mut Option<String>) {
    *comment = comment.as_deref().and_then(normal_comment);
}
