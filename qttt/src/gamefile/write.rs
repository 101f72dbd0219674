//! Writing game files: [`write()`].

use super::{AnnotatedGame, ROSTER, RULES, Variation};
use crate::Game;

/// The longest line of movetext written, in characters (PGN's 79), unless a
/// single word is longer.
const WIDTH: usize = 79;

/// Writes games as a game file (`docs/gamefile.md`), each in normal form
/// ([`AnnotatedGame::normalized`]): its tag pairs one to a line (the
/// [roster](ROSTER) with `Result`, then `Rules`, `Scoring`, `Start` when
/// not the empty board, then the others), an empty line, the movetext in
/// lines of at most 79 characters, and an empty line between games.
/// [`parse`](super::parse) gives the normal forms back exactly, as long
/// as every action is legal where it stands (as in every parsed game).
#[must_use]
pub fn write(games: &[AnnotatedGame]) -> String {
    let mut out = String::new();
    for (i, game) in games.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        write_game(&mut out, &game.normalized());
    }
    out
}

fn write_game(out: &mut String, game: &AnnotatedGame) {
    let (roster, others) = game.tags.split_at(ROSTER.len());
    for (name, value) in roster {
        tag_pair(out, name, value);
    }
    tag_pair(out, "Result", game.result.token());
    tag_pair(out, "Rules", RULES);
    tag_pair(out, "Scoring", game.scoring.name());
    if game.start.plies() > 0 {
        tag_pair(out, "Start", &game.start.record().to_string());
    }
    for (name, value) in others {
        tag_pair(out, name, value);
    }
    out.push('\n');
    let mut words = Vec::new();
    line(&mut words, &game.line, game.start);
    words.push(game.result.token().to_owned());
    out.push_str(&lay_out(&words));
    out.push('\n');
}

fn tag_pair(out: &mut String, name: &str, value: &str) {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    out.push_str(&format!("[{name} \"{escaped}\"]\n"));
}

/// Lays out words in lines of at most [`WIDTH`] characters (a longer word
/// alone on its line), separated by single spaces.
fn lay_out(words: &[String]) -> String {
    let mut text = String::new();
    let mut column = 0;
    for word in words {
        let len = word.chars().count();
        if column > 0 && column + 1 + len > WIDTH {
            text.push('\n');
            column = 0;
        } else if column > 0 {
            text.push(' ');
            column += 1;
        }
        text.push_str(word);
        column += len;
    }
    text
}

/// Appends a comment's words, the first after `{`, the last before `}`.
fn comment(words: &mut Vec<String>, text: &str) {
    let first = words.len();
    words.extend(text.split(' ').map(str::to_owned));
    words[first].insert(0, '{');
    words.last_mut().expect("a comment has a word").push('}');
}

/// The words of a line from `start`: each move after its mark number, each
/// action with its glyph, numeric glyphs, comment (value first) and
/// variations.
fn line(words: &mut Vec<String>, line_: &Variation, start: Game) {
    if let Some(text) = &line_.comment {
        comment(words, text);
    }
    let mut game = start;
    for ply in &line_.plies {
        if matches!(ply.action, crate::Action::Move(_)) {
            words.push(format!("{}.", game.move_number()));
        }
        let glyph = ply.glyph.map_or("", |glyph| glyph.suffix());
        words.push(format!("{}{glyph}", ply.action));
        words.extend(ply.nags.iter().map(|nag| format!("${nag}")));
        // A value stays on one line: `[%value v]` is one word.
        let first = words.len();
        match (ply.value, &ply.comment) {
            (Some(value), Some(text)) => comment(words, &format!("[%value {value}] {text}")),
            (Some(value), None) => comment(words, &format!("[%value {value}]")),
            (None, Some(text)) => comment(words, text),
            (None, None) => {}
        }
        if ply.value.is_some() {
            let joined = format!("{} {}", words[first], words[first + 1]);
            words.splice(first..first + 2, [joined]);
        }
        for variation in &ply.variations {
            let first = words.len();
            line(words, variation, game);
            if words.len() == first {
                // Only a game built by hand holds an empty variation: written
                // as it is, `()`, which readers refuse.
                words.push("()".to_owned());
                continue;
            }
            words[first].insert(0, '(');
            words
                .last_mut()
                .expect("a variation has an action")
                .push(')');
        }
        game = game.apply(ply.action).unwrap_or(game);
    }
}
