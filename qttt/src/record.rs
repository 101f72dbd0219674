//! Game records (RULES.md notation): [`Record`], its tokens, and
//! [`RecordError`] for a token that fails.

use core::fmt;
use core::str::FromStr;

use crate::{Action, Game, ParseActionError, PlayError};

/// The most actions a game can hold: 9 moves and at most 4 collapses.
/// Every collapse turns a whole cycle classical, at least two marks (a
/// cycle has two or more edges), and there are at most 9 marks, so at most
/// 4 collapses happen (for example after moves 2, 4, 6 and 8).
pub const MAX_PLIES: usize = 13;

/// The actions of a game from the empty board, at most [`MAX_PLIES`].
///
/// Displays as the canonical record: tokens separated by single spaces,
/// spooky squares ascending (`58 47 67 59 48 68 @8`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C)] // part of `Game`'s layout
pub struct Record {
    /// Action ids; only `..len` is used, the rest stays 0 so that the
    /// derived `==` and `Hash` see only the actions.
    ids: [u8; MAX_PLIES],
    len: u8,
}

impl Record {
    /// No action.
    pub(crate) const EMPTY: Record = Record {
        ids: [0; MAX_PLIES],
        len: 0,
    };

    /// A record of these ids and length, unchecked (the byte form).
    pub(crate) const fn from_parts(ids: [u8; MAX_PLIES], len: u8) -> Record {
        Record { ids, len }
    }

    /// The ids array, unused slots 0, and the length (the byte form).
    pub(crate) const fn parts(&self) -> ([u8; MAX_PLIES], u8) {
        (self.ids, self.len)
    }

    /// Appends an action id (a game never holds more than [`MAX_PLIES`]).
    #[inline]
    pub(crate) fn push(&mut self, id: u8) {
        self.ids[usize::from(self.len)] = id;
        self.len += 1;
    }

    /// The action ids, in the order they were played.
    #[inline]
    #[must_use]
    pub fn ids(&self) -> &[u8] {
        &self.ids[..usize::from(self.len).min(MAX_PLIES)]
    }

    /// The actions, in the order they were played.
    #[must_use]
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = Action> + ExactSizeIterator + '_ {
        self.ids()
            .iter()
            .map(|&id| Action::from_id(id).expect("records hold valid ids"))
    }

    /// How many actions.
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no action was played.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many of the actions are moves (the rest are collapse choices).
    #[inline]
    pub(crate) fn moves(&self) -> usize {
        self.ids()
            .iter()
            .filter(|&&id| id < crate::action::FIRST_COLLAPSE)
            .count()
    }

    /// The record without its last action.
    pub(crate) fn without_last(mut self) -> Option<Record> {
        self.len = self.len.checked_sub(1)?;
        self.ids[self.len as usize] = 0;
        Some(self)
    }

    /// Whether the length fits, every used id is an action and unused
    /// slots are 0 (always true but for bytes from outside).
    #[inline]
    pub(crate) fn is_valid(&self) -> bool {
        let mut ok = usize::from(self.len) <= MAX_PLIES;
        for (i, &id) in self.ids.iter().enumerate() {
            ok &= if i < usize::from(self.len) {
                usize::from(id) < crate::ACTION_COUNT
            } else {
                id == 0
            };
        }
        ok
    }
}

impl fmt::Debug for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Record(\"{self}\")")
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, action) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            action.fmt(f)?;
        }
        Ok(())
    }
}

/// Why a record does not describe a game: the offending token, where it
/// is, and why it fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("token {index} `{token}` (byte {offset}): {kind}")]
pub struct RecordError {
    index: usize,
    offset: usize,
    len: usize,
    token: TokenText,
    kind: RecordErrorKind,
}

/// Why a record's token fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordErrorKind {
    /// The token is not an action at all.
    #[error(transparent)]
    Syntax(ParseActionError),
    /// The token is an action, but not legal at that point of the game.
    #[error(transparent)]
    Illegal(PlayError),
}

impl RecordErrorKind {
    /// The reason in the shared vocabulary ([`ParseActionError::reason`]
    /// or [`PlayError::reason`]).
    #[must_use]
    pub const fn reason(self) -> crate::Reason {
        match self {
            RecordErrorKind::Syntax(e) => e.reason(),
            RecordErrorKind::Illegal(e) => e.reason(),
        }
    }

    /// The stable code of the reason ([`ParseActionError::code`] or [`PlayError::code`]).
    #[must_use]
    pub const fn code(self) -> &'static str {
        self.reason().code()
    }
}

impl RecordError {
    /// The token's position among the record's tokens, from 0.
    #[must_use]
    pub fn token_index(&self) -> usize {
        self.index
    }

    /// The token's byte offset in the record string.
    #[must_use]
    pub fn byte_offset(&self) -> usize {
        self.offset
    }

    /// The token's byte range in the record string: slice the record with
    /// it to get the whole token however long it is.
    #[must_use]
    pub fn byte_range(&self) -> core::ops::Range<usize> {
        self.offset..self.offset + self.len
    }

    /// The token, shortened to at most [`TokenText::CAPACITY`] bytes (see
    /// [`byte_range`](RecordError::byte_range) for all of it).
    #[must_use]
    pub fn token(&self) -> &str {
        self.token.as_str()
    }

    /// Why the token fails.
    #[must_use]
    pub fn kind(&self) -> RecordErrorKind {
        self.kind
    }
}

/// The text of an offending token, kept inline (no allocation) and
/// shortened at a character boundary when longer than [`TokenText::CAPACITY`].
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct TokenText {
    bytes: [u8; TokenText::CAPACITY],
    len: u8,
    truncated: bool,
}

impl TokenText {
    /// The most bytes kept.
    pub const CAPACITY: usize = 24;

    fn new(token: &str) -> TokenText {
        let mut len = token.len().min(Self::CAPACITY);
        while !token.is_char_boundary(len) {
            len -= 1;
        }
        let mut bytes = [0; Self::CAPACITY];
        bytes[..len].copy_from_slice(&token.as_bytes()[..len]);
        TokenText {
            bytes,
            len: len as u8,
            truncated: len < token.len(),
        }
    }

    /// The kept text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        // Cut at a character boundary of a `str`, so always valid UTF-8.
        core::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or_default()
    }

    /// Whether the token was longer than what is kept.
    #[must_use]
    pub fn is_truncated(&self) -> bool {
        self.truncated
    }
}

impl fmt::Debug for TokenText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for TokenText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())?;
        if self.truncated {
            f.write_str("…")?;
        }
        Ok(())
    }
}

/// Reads a record's tokens (separated by any whitespace) and hands each
/// action to `play` in turn: the first token that is no action, or that
/// `play` refuses, is the error, with its place in the record.
pub(crate) fn parse_record(
    record: &str,
    mut play: impl FnMut(Action) -> Result<(), PlayError>,
) -> Result<(), RecordError> {
    let mut rest = record;
    let mut index = 0;
    loop {
        let trimmed = rest.trim_start();
        if trimmed.is_empty() {
            return Ok(());
        }
        let token_len = trimmed.find(char::is_whitespace).unwrap_or(trimmed.len());
        let token = &trimmed[..token_len];
        let offset = record.len() - trimmed.len();
        let error = |kind| RecordError {
            index,
            offset,
            len: token_len,
            token: TokenText::new(token),
            kind,
        };
        let action: Action = token
            .parse()
            .map_err(|e| error(RecordErrorKind::Syntax(e)))?;
        play(action).map_err(|e| error(RecordErrorKind::Illegal(e)))?;
        rest = &trimmed[token_len..];
        index += 1;
    }
}

impl FromStr for Record {
    type Err = RecordError;

    /// Parses a record and checks that its actions are legal in turn: the
    /// record of [`Game::from_record`], which `Display` writes back in
    /// canonical form.
    fn from_str(record: &str) -> Result<Record, RecordError> {
        Game::from_record(record).map(|game| game.record())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_text_keeps_a_short_copy() {
        let long = TokenText::new(&"7".repeat(30));
        assert!(long.is_truncated());
        assert_eq!(long.as_str(), "7".repeat(TokenText::CAPACITY));
        assert_eq!(format!("{long:?}"), format!("{:?}", "7".repeat(24)));
        assert_eq!(format!("{long}"), format!("{}…", "7".repeat(24)));
        // Cut at a character boundary: "a" then two-byte "é"s, so byte 24
        // falls inside an "é" and 23 bytes are kept.
        let accents = TokenText::new(&format!("a{}", "é".repeat(20)));
        assert_eq!(accents.as_str(), format!("a{}", "é".repeat(11)));
        let short = TokenText::new("0");
        assert!(!short.is_truncated());
        assert_eq!(
            (format!("{short:?}"), format!("{short}")),
            (r#""0""#.to_owned(), "0".to_owned())
        );
    }
}
