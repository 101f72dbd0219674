//! Reading game files: [`read`], each game or its error, and [`parse`],
//! all games or the first error, written on top of it.

use core::cell::Cell;
use core::iter::FusedIterator;

use super::error::{GameFileError, GameFileErrorKind as Kind};
use super::{
    AnnotatedGame, GameResult, Glyph, MAX_COMMENT_BYTES, MAX_FILE_BYTES, MAX_NESTING, Ply, RULES,
    TagNames, Value, Variation, normal_comment,
};
use crate::analysis::Scoring;
use crate::{Action, Game, RecordErrorKind};

/// Reads every game of a game file (`docs/gamefile.md`), each action
/// checked by the engine; the games come in normal form
/// ([`AnnotatedGame::normalized`]). An empty file has no games. The games
/// of [`read`], collected up to the first error.
///
/// # Errors
///
/// The first thing that does not parse, with its line and column: a
/// malformed tag pair, a bad value of a tag the engine reads, a token that
/// is no action or an action that is not legal where it stands (naming the
/// ply), an unclosed comment or variation, a result that contradicts
/// the `Result` tag or the game, or a comment or text over its budget
/// ([`MAX_COMMENT_BYTES`], [`MAX_FILE_BYTES`]).
pub fn parse(text: &str) -> Result<Vec<AnnotatedGame>, GameFileError> {
    read(text).collect()
}

/// Reads a game file leniently: an iterator over its games, each the game
/// (as [`parse`] gives it) or why it does not parse. After a broken game
/// the reader goes on at the next game: the next line that begins with
/// `[` and a tag name, after the broken game's tag pairs when it broke
/// among them (what lies between is the broken game's). Every error names
/// its game ([`GameFileError::game`], from 1) and its line and column in
/// the whole text. A text over [`MAX_FILE_BYTES`] gives one error.
///
/// ```
/// use qttt::gamefile::{self, GameFileErrorKind};
/// let text = "[Round \"1\"]\n1. 12 2. 12 @1 *\n\n\
///             [Round \"2\"]\n1. 12 2. 99 *\n\n\
///             [Round \"3\"]\n1. 15 *\n";
/// let games: Vec<_> = gamefile::read(text).collect();
/// assert_eq!(games.len(), 3);
/// assert_eq!(games[0].as_ref().unwrap().tag("Round"), Some("1"));
/// let error = games[1].as_ref().unwrap_err();
/// assert_eq!((error.game(), error.line(), error.column()), (2, 5, 10));
/// assert!(matches!(error.kind(), GameFileErrorKind::Action { ply: 2, .. }));
/// assert_eq!(games[2].as_ref().unwrap().tag("Round"), Some("3"));
/// // The strict reader stops at the first error.
/// assert_eq!(gamefile::parse(text), Err(error.clone()));
/// ```
#[must_use]
pub fn read(text: &str) -> Games<'_> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let state = if text.len() > MAX_FILE_BYTES {
        State::TooLarge
    } else {
        State::Next
    };
    Games {
        parser: Parser {
            text,
            pos: 0,
            game: 0,
            game_start: 0,
            in_tags: false,
            mark: Cell::new(Mark::START),
            unclosed_from: usize::MAX,
        },
        state,
    }
}

/// The games of a file, each a game or its error: see [`read`].
#[derive(Clone, Debug)]
pub struct Games<'a> {
    parser: Parser<'a>,
    state: State,
}

/// Where [`Games`] stands.
#[derive(Clone, Copy, Debug)]
enum State {
    /// The next game begins at the parser's position (after whitespace).
    Next,
    /// The last game broke, among its tag pairs or not: the next begins
    /// at the next tag pair at the start of a line.
    Broken {
        /// Whether it broke among its tag pairs (before its movetext).
        in_tags: bool,
    },
    /// The text is over [`MAX_FILE_BYTES`]: one error.
    TooLarge,
    /// Nothing more.
    Done,
}

impl Iterator for Games<'_> {
    type Item = Result<AnnotatedGame, GameFileError>;

    fn next(&mut self) -> Option<Self::Item> {
        let parser = &mut self.parser;
        match self.state {
            State::Done => return None,
            State::TooLarge => {
                self.state = State::Done;
                parser.game = 1;
                return Some(Err(parser.error(0, Kind::FileTooLarge(parser.text.len()))));
            }
            State::Broken { in_tags } => parser.resynchronize(in_tags),
            State::Next => {}
        }
        parser.skip_space();
        if parser.peek().is_none() {
            self.state = State::Done;
            return None;
        }
        parser.game += 1;
        parser.game_start = parser.pos;
        parser.in_tags = true;
        let game = parser.game();
        self.state = match game {
            Ok(_) => State::Next,
            Err(_) => State::Broken {
                in_tags: parser.in_tags,
            },
        };
        Some(game)
    }
}

impl FusedIterator for Games<'_> {}

/// The characters that end a word of movetext.
const DELIMITERS: &[char] = &['{', '}', '(', ')', '[', ']', ';'];

#[derive(Clone, Debug)]
struct Parser<'a> {
    text: &'a str,
    /// The byte offset of the next character.
    pos: usize,
    /// The number of the game being read, from 1.
    game: usize,
    /// The byte offset where it begins.
    game_start: usize,
    /// Whether it is still among its tag pairs.
    in_tags: bool,
    /// A place whose line is known, at or before the game being read once
    /// an error was in it, so that the errors of many games cost the text
    /// once, not once each.
    mark: Cell<Mark>,
    /// A byte offset from which on the text has no `}` (none known:
    /// `usize::MAX`), so that many unclosed `{` cost the text once.
    unclosed_from: usize,
}

/// A byte offset of the text with its line (from 1) and the byte offset
/// where that line begins.
#[derive(Clone, Copy, Debug)]
struct Mark {
    offset: usize,
    line: usize,
    line_start: usize,
}

impl Mark {
    const START: Mark = Mark {
        offset: 0,
        line: 1,
        line_start: 0,
    };

    /// The mark of `offset` (at or after this one) in `text`.
    fn advanced(self, text: &str, offset: usize) -> Mark {
        let between = &text[self.offset..offset];
        match between.rfind('\n') {
            None => Mark { offset, ..self },
            Some(last) => Mark {
                offset,
                line: self.line + between.matches('\n').count(),
                line_start: self.offset + last + 1,
            },
        }
    }
}

/// What ends a line of movetext.
enum LineEnd {
    /// A result terminator, at its byte offset.
    Result(GameResult, usize),
    /// The end of the text, or the next game's tags, without a terminator.
    Missing,
    /// The `)` of a variation.
    Close,
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn error(&self, offset: usize, kind: Kind) -> GameFileError {
        let mut mark = self.mark.get();
        if mark.offset > offset {
            mark = Mark::START;
        } else if mark.offset < self.game_start && self.game_start <= offset {
            mark = mark.advanced(self.text, self.game_start);
            self.mark.set(mark);
        }
        let at = mark.advanced(self.text, offset);
        GameFileError {
            game: self.game,
            line: at.line,
            column: self.text[at.line_start..offset].chars().count() + 1,
            kind,
        }
    }

    /// Moves to the next game after a broken one: the next line, after
    /// the broken game's tag pairs when it broke `in_tags`, that begins
    /// with `[` and a tag name (spaces and tabs between them allowed), or
    /// the end of the text.
    fn resynchronize(&mut self, mut in_tags: bool) {
        let text = self.text;
        let next_line = |from: usize| text[from..].find('\n').map_or(text.len(), |i| from + i + 1);
        // Never the broken game's own start again.
        let first_len = text[self.game_start..]
            .chars()
            .next()
            .map_or(0, char::len_utf8);
        let from = self.pos.max(self.game_start + first_len);
        let mut line = if in_tags || (from > 0 && text.as_bytes()[from - 1] != b'\n') {
            next_line(from)
        } else {
            from
        };
        while line < text.len() {
            let rest = &text[line..];
            if in_tags {
                // Tag pairs, blank lines and escape lines go on the broken
                // game's tags; anything else is its movetext.
                let first = rest.trim_start_matches([' ', '\t']).chars().next();
                in_tags = matches!(first, Some('[' | '\n' | '\r')) || rest.starts_with('%');
            } else if rest.strip_prefix('[').is_some_and(|rest| {
                rest.trim_start_matches([' ', '\t'])
                    .starts_with(|c: char| c.is_ascii_alphabetic())
            }) {
                break;
            }
            line = next_line(line);
        }
        self.pos = line;
    }

    /// Skips whitespace and `%` escape lines (a `%` first on its line).
    fn skip_space(&mut self) {
        while let Some(c) = self.peek() {
            let at_line_start = self.pos == 0 || self.text.as_bytes()[self.pos - 1] == b'\n';
            if c == '%' && at_line_start {
                self.skip_line();
            } else if c.is_whitespace() {
                self.pos += c.len_utf8();
            } else {
                return;
            }
        }
    }

    /// Skips to the end of the line (before its LF).
    fn skip_line(&mut self) -> &'a str {
        let start = self.pos;
        let len = self.text[start..]
            .find('\n')
            .unwrap_or(self.text.len() - start);
        self.pos += len;
        &self.text[start..self.pos]
    }

    /// Skips spaces and tabs (inside a tag pair).
    fn skip_blanks(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t')) {
            self.pos += 1;
        }
    }

    fn game(&mut self) -> Result<AnnotatedGame, GameFileError> {
        let mut tags: Vec<(String, String)> = Vec::new();
        let mut seen = TagNames::default();
        let (mut scoring, mut start) = (Scoring::SingleResult, Game::new());
        let mut result_tag: Option<(GameResult, usize)> = None;
        while self.peek() == Some('[') {
            let (name, value, at) = self.tag_pair()?;
            if !seen.insert(name) {
                return Err(self.error(at, Kind::DuplicateTag(name.to_owned())));
            }
            let bad = |tag, reason: String| self.error(at, Kind::BadTagValue { tag, reason });
            match name {
                "Result" => {
                    let result = GameResult::from_token(&value).ok_or_else(|| {
                        bad(
                            "Result",
                            format!("`{value}` is not 1-0, 0-1, 1/2-1/2, 1-1/2, 1/2-1 or *"),
                        )
                    })?;
                    result_tag = Some((result, at));
                }
                "Rules" if value != RULES => {
                    return Err(bad(
                        "Rules",
                        format!("`{value}`: only `{RULES}` (RULES.md) is played"),
                    ));
                }
                "Rules" => {}
                "Scoring" => {
                    scoring = value
                        .parse()
                        .map_err(|e: crate::UnknownName| bad("Scoring", e.to_string()))?;
                }
                "Start" => {
                    start = Game::from_record(&value).map_err(|e| bad("Start", e.to_string()))?;
                }
                _ => tags.push((name.to_owned(), value)),
            }
            self.skip_space();
        }
        self.in_tags = false;
        let (line, end) = self.line(start, 0, None)?;
        let terminator = match end {
            LineEnd::Result(result, at) => Some((result, at)),
            _ => None,
        };
        let mut game = AnnotatedGame {
            tags,
            scoring,
            start,
            line,
            result: GameResult::Unfinished,
        };
        let actual = GameResult::of(&game.end(), scoring);
        let (result, at) = match (terminator, result_tag) {
            (Some((t, at)), Some((tag, _))) if t != tag => {
                return Err(self.error(at, Kind::ResultTagMismatch { tag, terminator: t }));
            }
            (Some(written), _) | (None, Some(written)) => written,
            (None, None) => (actual.unwrap_or(GameResult::Unfinished), self.pos),
        };
        let fits = match actual {
            Some(actual) => actual == result,
            None => !matches!(result, GameResult::XWinsHalf | GameResult::OWinsHalf),
        };
        if !fits {
            let actual = actual.unwrap_or(GameResult::Unfinished);
            return Err(self.error(
                at,
                Kind::ResultContradictsGame {
                    written: result,
                    actual,
                },
            ));
        }
        game.result = result;
        game.normalize();
        Ok(game)
    }

    /// A tag pair: its name, its value (escapes resolved) and the byte
    /// offset of the `[`.
    fn tag_pair(&mut self) -> Result<(&'a str, String, usize), GameFileError> {
        let at = self.pos;
        self.pos += 1;
        self.skip_blanks();
        let name_start = self.pos;
        if self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
            while self
                .peek()
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
            {
                self.pos += 1;
            }
        }
        if self.pos == name_start {
            return Err(self.error(self.pos, Kind::BadTagPair("a tag name")));
        }
        let name = &self.text[name_start..self.pos];
        self.skip_blanks();
        if self.peek() != Some('"') {
            return Err(self.error(self.pos, Kind::BadTagPair("\" before the value")));
        }
        let quote = self.pos;
        self.pos += 1;
        let mut value = String::new();
        loop {
            match self.peek() {
                None | Some('\n' | '\r') => return Err(self.error(quote, Kind::UnterminatedString)),
                Some('"') => break,
                Some('\\')
                    if matches!(self.text[self.pos + 1..].chars().next(), Some('\\' | '"')) =>
                {
                    value.push(self.text.as_bytes()[self.pos + 1] as char);
                    self.pos += 2;
                }
                Some(c) => {
                    value.push(c);
                    self.pos += c.len_utf8();
                }
            }
        }
        self.pos += 1;
        self.skip_blanks();
        if self.peek() != Some(']') {
            return Err(self.error(self.pos, Kind::BadTagPair("] after the value")));
        }
        self.pos += 1;
        Ok((name, value, at))
    }

    /// A line of movetext from `start`, `depth` variations deep; `open` is
    /// the offset of its `(` (none for the main line).
    fn line(
        &mut self,
        start: Game,
        depth: usize,
        open: Option<usize>,
    ) -> Result<(Variation, LineEnd), GameFileError> {
        let mut line = Variation::default();
        // The position before the last ply (its variations start there) and after it.
        let (mut before, mut game) = (start, start);
        loop {
            self.skip_space();
            let at = self.pos;
            let Some(c) = self.peek() else {
                return match open {
                    Some(open) => Err(self.error(open, Kind::UnclosedVariation)),
                    None => Ok((line, LineEnd::Missing)),
                };
            };
            match c {
                '[' => match open {
                    Some(open) => return Err(self.error(open, Kind::UnclosedVariation)),
                    None => return Ok((line, LineEnd::Missing)),
                },
                '{' => {
                    self.pos += 1;
                    let close = match self.pos < self.unclosed_from {
                        true => self.text[self.pos..].find('}'),
                        false => None,
                    };
                    let Some(len) = close else {
                        self.unclosed_from = self.unclosed_from.min(self.pos);
                        return Err(self.error(at, Kind::UnterminatedComment));
                    };
                    let text = &self.text[self.pos..self.pos + len];
                    self.pos += len + 1;
                    self.comment(&mut line, text, at + 1)?;
                }
                ';' => {
                    self.pos += 1;
                    let text = self.skip_line();
                    self.comment(&mut line, text, at + 1)?;
                }
                '(' => {
                    self.pos += 1;
                    if depth + 1 > MAX_NESTING {
                        return Err(self.error(at, Kind::TooDeep));
                    }
                    if line.plies.is_empty() {
                        return Err(self.error(at, Kind::NothingToAnnotate("a variation")));
                    }
                    let (variation, _) = self.line(before, depth + 1, Some(at))?;
                    if variation.plies.is_empty() {
                        return Err(self.error(at, Kind::EmptyVariation));
                    }
                    line.plies
                        .last_mut()
                        .expect("checked")
                        .variations
                        .push(variation);
                }
                ')' => {
                    if open.is_none() {
                        return Err(self.error(at, Kind::UnmatchedParenthesis));
                    }
                    self.pos += 1;
                    return Ok((line, LineEnd::Close));
                }
                ']' | '}' => return Err(self.error(at, Kind::UnexpectedCharacter(c))),
                _ => {
                    let len = self.text[at..]
                        .find(|c: char| c.is_whitespace() || DELIMITERS.contains(&c))
                        .unwrap_or(self.text.len() - at);
                    self.pos += len;
                    let word = &self.text[at..self.pos];
                    if let Some(result) = GameResult::from_token(word) {
                        if open.is_some() {
                            return Err(self.error(at, Kind::ResultInVariation));
                        }
                        return Ok((line, LineEnd::Result(result, at)));
                    }
                    // A move number (`5.`, `5...`), alone or before its move.
                    let digits =
                        word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                    let after_digits = &word[digits..];
                    let dots = after_digits.len() - after_digits.trim_start_matches('.').len();
                    let (word, at) = if digits > 0 && dots > 0 {
                        (&after_digits[dots..], at + digits + dots)
                    } else {
                        (word, at)
                    };
                    if word.is_empty() {
                        continue;
                    }
                    if let Some(number) = word.strip_prefix('$') {
                        let nag: u8 = number
                            .parse()
                            .ok()
                            .filter(|_| number.bytes().all(|b| b.is_ascii_digit()))
                            .ok_or_else(|| self.error(at, Kind::BadNag(word.to_owned())))?;
                        let ply = line
                            .plies
                            .last_mut()
                            .ok_or_else(|| self.error(at, Kind::NothingToAnnotate("a glyph")))?;
                        match Glyph::from_nag(nag) {
                            Some(glyph) => set_glyph(ply, glyph).map_err(|k| self.error(at, k))?,
                            None => ply.nags.push(nag),
                        }
                        continue;
                    }
                    let token_len = word.find(['!', '?']).unwrap_or(word.len());
                    let (token, suffix) = word.split_at(token_len);
                    let glyph = match suffix {
                        "" => None,
                        _ => Some(Glyph::from_suffix(suffix).ok_or_else(|| {
                            self.error(at + token_len, Kind::BadGlyph(suffix.to_owned()))
                        })?),
                    };
                    if token.is_empty() {
                        // A glyph standing apart from its action.
                        let ply = line
                            .plies
                            .last_mut()
                            .ok_or_else(|| self.error(at, Kind::NothingToAnnotate("a glyph")))?;
                        set_glyph(ply, glyph.expect("a suffix")).map_err(|k| self.error(at, k))?;
                        continue;
                    }
                    let failed = |error| Kind::Action {
                        ply: game.plies() + 1,
                        token: token.to_owned(),
                        error,
                    };
                    let action: Action = token
                        .parse()
                        .map_err(|e| self.error(at, failed(RecordErrorKind::Syntax(e))))?;
                    let next = game
                        .apply(action)
                        .map_err(|e| self.error(at, failed(RecordErrorKind::Illegal(e))))?;
                    (before, game) = (game, next);
                    let mut ply = Ply::new(action);
                    ply.glyph = glyph;
                    line.plies.push(ply);
                }
            }
        }
    }

    /// Adds a comment's `text`, starting at byte offset `at`, to the last
    /// ply of `line` (its `[%value v]` command to the ply's value), or
    /// before the first.
    fn comment(&self, line: &mut Variation, text: &str, at: usize) -> Result<(), GameFileError> {
        let too_long = || self.error(at - 1, Kind::CommentTooLong);
        let Some(ply) = line.plies.last_mut() else {
            return append(&mut line.comment, text).ok_or_else(too_long);
        };
        let mut rest = String::new();
        let mut from = 0;
        while let Some(found) = text[from..].find("[%value") {
            let command = from + found;
            let after = &text[command + "[%value".len()..];
            // Control characters separate words as whitespace does, as
            // in a comment's normal form (which writes them as spaces).
            if !after.starts_with(is_separator) {
                rest.push_str(&text[from..command + "[%value".len()]);
                from = command + "[%value".len();
                continue;
            }
            rest.push_str(&text[from..command]);
            let close = after
                .find(']')
                .ok_or_else(|| self.error(at + command, Kind::BadValue(after.trim().to_owned())))?;
            let word = after[..close].trim_matches(is_separator);
            let value: Value = word
                .parse()
                .map_err(|()| self.error(at + command, Kind::BadValue(word.to_owned())))?;
            if ply.value.replace(value).is_some() {
                return Err(self.error(at + command, Kind::TwoValues));
            }
            from = command + "[%value".len() + close + 1;
            rest.push(' ');
        }
        rest.push_str(&text[from..]);
        append(&mut ply.comment, &rest).ok_or_else(too_long)
    }
}

/// Sets a ply's glyph, refusing a second.
fn set_glyph(ply: &mut Ply, glyph: Glyph) -> Result<(), Kind> {
    match ply.glyph.replace(glyph) {
        Some(_) => Err(Kind::TwoGlyphs),
        None => Ok(()),
    }
}

/// Whether `c` separates words in a comment: whitespace or a control
/// character.
fn is_separator(c: char) -> bool {
    c.is_whitespace() || c.is_control()
}

/// Appends `text` to a comment in normal form, keeping it so: the normal
/// form of the joined text is the two normal forms joined by a space, so
/// only `text` is normalized (appending many pieces stays linear).
/// `None` when the comment would be longer than [`MAX_COMMENT_BYTES`].
fn append(comment: &mut Option<String>, text: &str) -> Option<()> {
    let Some(text) = normal_comment(text) else {
        return Some(());
    };
    match comment {
        Some(old) if old.len() + 1 + text.len() > MAX_COMMENT_BYTES => None,
        Some(old) => {
            old.push(' ');
            old.push_str(&text);
            Some(())
        }
        None if text.len() > MAX_COMMENT_BYTES => None,
        None => {
            *comment = Some(text);
            Some(())
        }
    }
}
