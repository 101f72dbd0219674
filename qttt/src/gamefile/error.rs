//! [`GameFileError`]: why a game file does not parse, and where.

use crate::RecordErrorKind;

use super::GameResult;

/// Why a game file does not parse: where (line and column, from 1; the
/// column counts characters), in which game, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct GameFileError {
    pub(super) game: usize,
    pub(super) line: usize,
    pub(super) column: usize,
    pub(super) kind: GameFileErrorKind,
}

impl GameFileError {
    /// The game of the file the error is in, from 1, counting every game
    /// before it, those that do not parse too (as [`read`](super::read)
    /// gives them). The message does not name it: it is
    /// `line L, column C: why`.
    ///
    /// ```
    /// use qttt::gamefile;
    /// let error = gamefile::parse("1. 12 *\n\n1. 12 2. 12 3. 34 *").unwrap_err();
    /// assert_eq!((error.game(), error.line(), error.column()), (2, 3, 16));
    /// ```
    #[must_use]
    pub fn game(&self) -> usize {
        self.game
    }

    /// The line of the text, from 1 (a line ends at LF; CR LF is one end).
    #[must_use]
    pub fn line(&self) -> usize {
        self.line
    }

    /// The column, from 1, in characters (Unicode scalar values).
    #[must_use]
    pub fn column(&self) -> usize {
        self.column
    }

    /// Why.
    #[must_use]
    pub fn kind(&self) -> &GameFileErrorKind {
        &self.kind
    }
}

/// Why a game file does not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GameFileErrorKind {
    /// A character that cannot begin anything here.
    #[error("unexpected character {0:?}")]
    UnexpectedCharacter(char),
    /// A tag pair that is not `[Name "value"]`; says what was expected.
    #[error("a tag pair is [Name \"value\"]: expected {0}")]
    BadTagPair(&'static str),
    /// A tag value whose closing `"` is not on its line.
    #[error("the tag value's closing \" is missing on its line")]
    UnterminatedString,
    /// A `{` comment with no `}`.
    #[error("the comment is not closed by }}")]
    UnterminatedComment,
    /// A tag name given twice in one game.
    #[error("tag {0} appears twice")]
    DuplicateTag(String),
    /// A tag the engine reads, with a value it does not accept.
    #[error("tag {tag}: {reason}")]
    BadTagValue {
        /// The tag's name.
        tag: &'static str,
        /// What is wrong with its value.
        reason: String,
    },
    /// A token of the movetext that is no action, or an action that is not
    /// legal there: the ply (from 1, counted from the empty board), the
    /// token and the engine's reason.
    #[error("ply {ply} `{token}`: {error}")]
    Action {
        /// The ply the token would be, counted from the empty board, from 1.
        ply: usize,
        /// The token, without its glyph.
        token: String,
        /// Why it fails: not an action, or not legal.
        error: RecordErrorKind,
    },
    /// A suffix of `!` and `?` that is not one of the six glyphs.
    #[error("`{0}` is not an annotation glyph (!, ?, !!, ??, !?, ?!)")]
    BadGlyph(String),
    /// A second glyph (suffix or `$1`–`$6`) on one action.
    #[error("an action has one annotation glyph at most")]
    TwoGlyphs,
    /// A `$` not followed by a number 0–255.
    #[error("`{0}` is not a numeric annotation glyph ($0 to $255)")]
    BadNag(String),
    /// A glyph, a comment's value or a variation before any action of its line.
    #[error("{0} must follow an action")]
    NothingToAnnotate(&'static str),
    /// A `[%value v]` command whose value is not `+1`, `+1/2`, `0`, `-1/2` or `-1`.
    #[error("`{0}` is not a value (+1, +1/2, 0, -1/2, -1)")]
    BadValue(String),
    /// A second `[%value v]` for one action.
    #[error("an action has one value at most")]
    TwoValues,
    /// `()` with no action.
    #[error("a variation holds at least one action")]
    EmptyVariation,
    /// A `(` never closed.
    #[error("the variation is not closed by )")]
    UnclosedVariation,
    /// A `)` with no `(`.
    #[error(") closes no variation")]
    UnmatchedParenthesis,
    /// Variations nested deeper than [`MAX_NESTING`](super::MAX_NESTING).
    #[error("variations nest at most {} deep", super::MAX_NESTING)]
    TooDeep,
    /// A result terminator inside a variation.
    #[error("a variation has no result")]
    ResultInVariation,
    /// A `Result` tag that is not the terminator.
    #[error("the Result tag says {tag} but the movetext ends with {terminator}")]
    ResultTagMismatch {
        /// The tag's value.
        tag: GameResult,
        /// The terminator.
        terminator: GameResult,
    },
    /// A comment longer than [`MAX_COMMENT_BYTES`](super::MAX_COMMENT_BYTES)
    /// in normal form (the comments of one place joined), at the comment
    /// that makes it so.
    #[error("a comment holds at most {} bytes", super::MAX_COMMENT_BYTES)]
    CommentTooLong,
    /// A text longer than [`MAX_FILE_BYTES`](super::MAX_FILE_BYTES): its
    /// length in bytes (reported at line 1, column 1).
    #[error(
        "the text has {0} bytes; a game file has at most {limit}",
        limit = super::MAX_FILE_BYTES
    )]
    FileTooLarge(usize),
    /// A result the main line's end contradicts.
    #[error("the result {written} does not fit the game: {actual}")]
    ResultContradictsGame {
        /// The result written.
        written: GameResult,
        /// What the end of the main line is: its result, or `*` (in play).
        actual: GameResult,
    },
}
