//! Reading game files: [`parse`].

use super::error::{GameFileError, GameFileErrorKind as Kind};
use super::{
    AnnotatedGame, GameResult, Glyph, MAX_NESTING, Ply, RULES, Value, Variation, normal_comment,
};
use crate::analysis::Scoring;
use crate::{Action, Game, RecordErrorKind};

/// Reads every game of a game file (`docs/gamefile.md`), each action
/// checked by the engine; the games come in normal form
/// ([`AnnotatedGame::normalized`]). An empty file has no games.
///
/// # Errors
///
/// The first thing that does not parse, with its line and column: a
/// malformed tag pair, a bad value of a tag the engine reads, a token that
/// is no action or an action that is not legal where it stands (naming the
/// ply), an unclosed comment or variation, or a result that contradicts
/// the `Result` tag or the game.
pub fn parse(text: &str) -> Result<Vec<AnnotatedGame>, GameFileError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut parser = Parser { text, pos: 0 };
    let mut games = Vec::new();
    loop {
        parser.skip_space();
        if parser.peek().is_none() {
            return Ok(games);
        }
        games.push(parser.game()?);
    }
}

/// The characters that end a word of movetext.
const DELIMITERS: &[char] = &['{', '}', '(', ')', '[', ']', ';'];

struct Parser<'a> {
    text: &'a str,
    /// The byte offset of the next character.
    pos: usize,
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
        let before = &self.text[..offset];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        GameFileError {
            line: before.matches('\n').count() + 1,
            column: before[line_start..].chars().count() + 1,
            kind,
        }
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
        let mut seen: Vec<String> = Vec::new();
        let (mut scoring, mut start) = (Scoring::SingleResult, Game::new());
        let mut result_tag: Option<(GameResult, usize)> = None;
        while self.peek() == Some('[') {
            let (name, value, at) = self.tag_pair()?;
            if seen.contains(&name) {
                return Err(self.error(at, Kind::DuplicateTag(name)));
            }
            seen.push(name.clone());
            let bad = |tag, reason: String| self.error(at, Kind::BadTagValue { tag, reason });
            match name.as_str() {
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
                _ => tags.push((name, value)),
            }
            self.skip_space();
        }
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
    fn tag_pair(&mut self) -> Result<(String, String, usize), GameFileError> {
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
        let name = self.text[name_start..self.pos].to_owned();
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
                    let len = self.text[self.pos..]
                        .find('}')
                        .ok_or_else(|| self.error(at, Kind::UnterminatedComment))?;
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
        let Some(ply) = line.plies.last_mut() else {
            append(&mut line.comment, text);
            return Ok(());
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
        append(&mut ply.comment, &rest);
        Ok(())
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

/// Appends `text` to a comment, in normal form.
fn append(comment: &mut Option<String>, text: &str) {
    let joined = match comment.take() {
        Some(old) => format!("{old} {text}"),
        None => text.to_owned(),
    };
    *comment = normal_comment(&joined);
}
