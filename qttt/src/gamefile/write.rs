//! Writing game files: [`write_to`], [`write()`] and
//! [`AnnotatedGame::write_to`].

use core::fmt::{self, Write};

use super::{AnnotatedGame, ROSTER, RULES, Variation};
use crate::Game;

/// The longest line of movetext written, in characters (PGN's 79), unless a
/// single word is longer.
const WIDTH: usize = 79;

/// Writes games as a game file (`docs/gamefile.md`) into `out`, as
/// [`write()`] does, without building the whole text first.
///
/// ```
/// use qttt::{Game, analysis::Scoring, gamefile::{self, AnnotatedGame}};
/// let game = AnnotatedGame::from_game(&Game::from_record("15 15 @1")?, Scoring::SingleResult);
/// let mut out = String::from("% two games\n");
/// gamefile::write_to(&[game.clone(), game.clone()], &mut out)?;
/// assert_eq!(out, format!("% two games\n{game}\n{game}"));
/// assert_eq!(gamefile::parse(&out)?, [game.clone(), game]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// Only those of `out` (a [`String`] has none).
pub fn write_to(games: &[AnnotatedGame], out: &mut impl Write) -> fmt::Result {
    for (i, game) in games.iter().enumerate() {
        if i > 0 {
            out.write_char('\n')?;
        }
        game.write_to(out)?;
    }
    Ok(())
}

/// Writes games as a game file (`docs/gamefile.md`), each in normal form
/// ([`AnnotatedGame::normalized`]): its tag pairs one to a line (the
/// [roster](ROSTER) with `Result`, then `Rules`, `Scoring`, `Start` when
/// not the empty board, then the others), an empty line, the movetext in
/// lines of at most 79 characters, and an empty line between games.
/// [`parse`](super::parse) gives the normal forms back exactly, as long
/// as every action is legal where it stands (as in every parsed game) and
/// no comment is longer than [`MAX_COMMENT_BYTES`](super::MAX_COMMENT_BYTES).
/// The same text as [`write_to`] into a [`String`].
#[must_use]
pub fn write(games: &[AnnotatedGame]) -> String {
    let mut out = String::new();
    write_to(games, &mut out).expect("a String takes any text");
    out
}

impl AnnotatedGame {
    /// Writes the game, in normal form, into `out`: the text [`write()`]
    /// writes for it alone (and `Display` writes).
    ///
    /// ```
    /// use qttt::{Game, analysis::Scoring, gamefile::AnnotatedGame};
    /// let game = AnnotatedGame::from_game(&Game::from_record("15 15 @1")?, Scoring::SingleResult);
    /// let mut out = String::new();
    /// game.write_to(&mut out)?;
    /// assert!(out.ends_with("[Scoring \"single\"]\n\n1. 15 2. 15 @1 *\n"));
    /// assert_eq!(out, game.to_string());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// Only those of `out`.
    pub fn write_to(&self, out: &mut impl Write) -> fmt::Result {
        let game = self.normalized();
        let (roster, others) = game.tags.split_at(ROSTER.len());
        for (name, value) in roster {
            tag_pair(out, name, value)?;
        }
        tag_pair(out, "Result", game.result.token())?;
        tag_pair(out, "Rules", RULES)?;
        tag_pair(out, "Scoring", game.scoring.name())?;
        if game.start.plies() > 0 {
            tag_pair(out, "Start", &game.start.record().to_string())?;
        }
        for (name, value) in others {
            tag_pair(out, name, value)?;
        }
        out.write_char('\n')?;
        let mut layout = Layout {
            out: &mut *out,
            column: 0,
            word: String::new(),
            glued: false,
        };
        layout.line(&game.line, game.start)?;
        layout.word(game.result.token())?;
        layout.flush()?;
        out.write_char('\n')
    }
}

/// Writes `[name "value"]` and a line end, `\` and `"` escaped.
fn tag_pair(out: &mut impl Write, name: &str, value: &str) -> fmt::Result {
    write!(out, "[{name} \"")?;
    for c in value.chars() {
        if matches!(c, '\\' | '"') {
            out.write_char('\\')?;
        }
        out.write_char(c)?;
    }
    out.write_str("\"]\n")
}

/// Lays out words in lines of at most [`WIDTH`] characters (a longer word
/// alone on its line), separated by single spaces, as they come: the last
/// word is held until the next begins, so that a closing `}` or `)` can
/// still join it.
struct Layout<'w, W> {
    out: &'w mut W,
    /// The characters on the current line so far.
    column: usize,
    /// The word not yet placed.
    word: String,
    /// Whether the next word joins [`Layout::word`] (after an opening `{`
    /// or `(`) instead of starting a new one.
    glued: bool,
}

impl<W: Write> Layout<'_, W> {
    /// Places the held word.
    fn flush(&mut self) -> fmt::Result {
        if self.word.is_empty() {
            return Ok(());
        }
        let len = self.word.chars().count();
        if self.column > 0 && self.column + 1 + len > WIDTH {
            self.out.write_char('\n')?;
            self.column = 0;
        } else if self.column > 0 {
            self.out.write_char(' ')?;
            self.column += 1;
        }
        self.out.write_str(&self.word)?;
        self.column += len;
        self.word.clear();
        Ok(())
    }

    /// Begins a word with `text` (or adds it to an opening `{` or `(`).
    fn word(&mut self, text: &str) -> fmt::Result {
        if !core::mem::take(&mut self.glued) {
            self.flush()?;
        }
        self.word.push_str(text);
        Ok(())
    }

    /// Begins a word with `opening`, which the next word joins.
    fn open(&mut self, opening: char) -> fmt::Result {
        self.word(opening.encode_utf8(&mut [0; 4]))?;
        self.glued = true;
        Ok(())
    }

    /// Adds `text` to the current word (a glyph, a closing `}` or `)`).
    fn join(&mut self, text: &str) {
        self.glued = false;
        self.word.push_str(text);
    }

    /// A comment's words (normal form: separated by single spaces) in
    /// `{` `}`, the value first as one word, `[%value v]`.
    fn comment(&mut self, value: Option<super::Value>, text: Option<&str>) -> fmt::Result {
        if value.is_none() && text.is_none() {
            return Ok(());
        }
        self.open('{')?;
        if let Some(value) = value {
            self.word("[%value ")?;
            write!(self.word, "{value}]")?;
        }
        for word in text.into_iter().flat_map(|text| text.split(' ')) {
            self.word(word)?;
        }
        self.join("}");
        Ok(())
    }

    /// The words of a line from `start`: each move after its mark number,
    /// each action with its glyph, numeric glyphs, comment (value first)
    /// and variations.
    fn line(&mut self, line: &Variation, start: Game) -> fmt::Result {
        self.comment(None, line.comment.as_deref())?;
        let mut game = start;
        for ply in &line.plies {
            if matches!(ply.action, crate::Action::Move(_)) {
                self.word("")?;
                write!(self.word, "{}.", game.move_number())?;
            }
            self.word("")?;
            write!(self.word, "{}", ply.action)?;
            self.join(ply.glyph.map_or("", |glyph| glyph.suffix()));
            for nag in &ply.nags {
                self.word("")?;
                write!(self.word, "${nag}")?;
            }
            self.comment(ply.value, ply.comment.as_deref())?;
            for variation in &ply.variations {
                // Only a game built by hand holds an empty variation:
                // written as it is, `()`, which readers refuse.
                self.open('(')?;
                self.line(variation, game)?;
                self.join(")");
            }
            game = game.apply(ply.action).unwrap_or(game);
        }
        Ok(())
    }
}
