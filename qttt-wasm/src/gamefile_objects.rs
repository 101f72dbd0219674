//! Game files from JavaScript objects: `writeGames` reads the objects
//! `parseGames` gives (the shapes of Python's `write_games` dicts) with
//! the core's serde reader (`serde-wasm-bindgen`, `serde_path_to_error`
//! for where), judges them with the core's [`UncheckedGame::check`] and
//! writes them with the core's writer. Every refusal names where the bad
//! value is (`games[0].line.plies[2].glyph`): a `TypeError` for a value of
//! the wrong type (a walk over the objects' shapes, before serde, which
//! would take an array for an empty object), the engine's errors for an
//! action that is none or not legal where it stands, a `QtttError`
//! ("invalid_argument") for any other value the format cannot hold.

use js_sys::{Array, Reflect};
use qttt::Game;
use qttt::gamefile::{self, GameCheckError, GameCheckErrorKind, MAX_NESTING, UncheckedGame};
use serde_path_to_error::Segment;
use wasm_bindgen::prelude::*;

use crate::errors;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** A ply to write: a `GameFilePly`, each field but `action` optional. */
export interface GameFilePlyInput {
  action: string;
  glyph?: "!" | "?" | "!!" | "??" | "!?" | "?!" | null;
  nags?: number[];
  value?: number | null;
  comment?: string | null;
  variations?: GameFileLineInput[];
}
/** A line to write: a `GameFileLine`, its fields optional. */
export interface GameFileLineInput { comment?: string | null; plies?: GameFilePlyInput[]; }
/**
 * A game to write: a `GameFileGame`, its fields optional (no tags, "single",
 * the empty board, no action; the result by default the one the main line's
 * end has, else "*"). `end` is not read: it follows from `start` and `line`.
 */
export interface GameFileGameInput {
  tags?: [string, string][];
  scoring?: ScoringName;
  start?: string;
  end?: string;
  result?: "1-0" | "0-1" | "1/2-1/2" | "1-1/2" | "1/2-1" | "*";
  line?: GameFileLineInput;
}
"#;

/// Games (objects as `parseGames` gives them; `end` is not read) written as
/// a game file in normal form: `writeGames(parseGames(text))` is
/// `normalizeGames(text)`. A value of the wrong type throws a `TypeError`,
/// an action that is none an `InvalidActionError`, an action not legal
/// where it stands an `IllegalActionError` (each with the engine's reason),
/// a start record that does not play a `RecordError`, and any other value
/// the format cannot hold (a glyph, a tag, a result the game contradicts,
/// an empty variation, ...) a `QtttError` with reason "invalid_argument";
/// each message begins with where the value is (`games[0].line.plies[2]`).
#[wasm_bindgen(js_name = writeGames)]
pub fn write_games(
    #[wasm_bindgen(unchecked_param_type = "GameFileGameInput[]")] games: JsValue,
) -> Result<String, JsValue> {
    walk(&games, &GAMES, "games", 0)?;
    let deserializer = serde_wasm_bindgen::Deserializer::from(games.clone());
    let unchecked: Vec<UncheckedGame> = serde_path_to_error::deserialize(deserializer)
        .map_err(|error| value_error(&games, &error))?;
    let games = unchecked
        .into_iter()
        .enumerate()
        .map(|(i, game)| game.check().map_err(|e| check_error(i, &e)))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(gamefile::write(&games))
}

/// The shape of a JavaScript value `writeGames` reads.
enum Shape {
    Text,
    Number,
    Integer,
    /// An array of values of a shape.
    List(&'static Shape),
    /// A `[name, value]` pair of strings.
    Pair,
    /// An object's fields (name, shape, required); `null` and `undefined`
    /// fields count as missing, others are not read.
    Object(&'static [(&'static str, Shape, bool)]),
    /// Another shape (a line, where a game names its main line).
    Is(&'static Shape),
}

static GAMES: Shape = Shape::List(&GAME);
static GAME: Shape = Shape::Object(&[
    ("tags", Shape::List(&Shape::Pair), false),
    ("scoring", Shape::Text, false),
    ("start", Shape::Text, false),
    ("result", Shape::Text, false),
    ("line", Shape::Is(&LINE), false),
]);
static LINE: Shape = Shape::Object(&[
    ("comment", Shape::Text, false),
    ("plies", Shape::List(&PLY), false),
]);
static PLY: Shape = Shape::Object(&[
    ("action", Shape::Text, true),
    ("glyph", Shape::Text, false),
    ("nags", Shape::List(&Shape::Integer), false),
    ("value", Shape::Number, false),
    ("comment", Shape::Text, false),
    ("variations", Shape::List(&LINE), false),
]);

/// Checks that `value` (at `at`, inside `lines` lines) has `shape`, else
/// the `TypeError` naming where. Lines deeper than serde reads are not
/// walked: its reader refuses them (and an object that holds itself
/// would otherwise be walked for ever).
fn walk(value: &JsValue, shape: &'static Shape, at: &str, lines: usize) -> Result<(), JsValue> {
    let wrong = |what: &str| {
        Err(errors::wrong_type(&format!(
            "{at} must be {what}, not {}",
            kind(value)
        )))
    };
    match shape {
        Shape::Text if value.as_string().is_some() => Ok(()),
        Shape::Text => wrong("a string"),
        Shape::Number if value.as_f64().is_some() => Ok(()),
        Shape::Number => wrong("a number"),
        Shape::Integer => match value.as_f64() {
            Some(number) if number.fract() == 0.0 && number.abs() <= 9_007_199_254_740_991.0 => {
                Ok(())
            }
            Some(number) => Err(errors::wrong_type(&format!(
                "{at} must be an integer, not {number}"
            ))),
            None => wrong("an integer"),
        },
        Shape::List(item) => {
            if !Array::is_array(value) {
                return wrong("an array");
            }
            for (i, element) in Array::from(value).iter().enumerate() {
                walk(&element, item, &format!("{at}[{i}]"), lines)?;
            }
            Ok(())
        }
        Shape::Pair => {
            if !Array::is_array(value) {
                return wrong("an array");
            }
            let pair = Array::from(value);
            if pair.length() != 2 {
                return Err(errors::wrong_type(&format!(
                    "{at} must be a [name, value] pair of strings"
                )));
            }
            walk(&pair.get(0), &Shape::Text, &format!("{at}[0]"), lines)?;
            walk(&pair.get(1), &Shape::Text, &format!("{at}[1]"), lines)
        }
        Shape::Is(shape) => walk(value, shape, at, lines),
        Shape::Object(fields) => {
            if !value.is_object() || Array::is_array(value) {
                return wrong("an object");
            }
            let lines = lines + usize::from(core::ptr::eq(shape, &LINE));
            if lines > MAX_NESTING + 1 {
                return Ok(());
            }
            for (name, shape, required) in *fields {
                let here = format!("{at}.{name}");
                match Reflect::get(value, &(*name).into()) {
                    Ok(field) if !field.is_undefined() && !field.is_null() => {
                        walk(&field, shape, &here, lines)?;
                    }
                    _ if *required => {
                        return Err(errors::wrong_type(&format!(
                            "{here} is missing (a token string)"
                        )));
                    }
                    _ => {}
                }
            }
            Ok(())
        }
    }
}

/// What a value is, for a `TypeError`'s message.
fn kind(value: &JsValue) -> String {
    if value.is_null() {
        "null".to_owned()
    } else if value.is_undefined() {
        "undefined".to_owned()
    } else if Array::is_array(value) {
        "an array".to_owned()
    } else if value.is_object() {
        "an object".to_owned()
    } else {
        format!("a {}", value.js_typeof().as_string().unwrap_or_default())
    }
}

/// The error for a value the core's reader refuses (the shapes are
/// right): the engine's error for an action token or a start record that
/// is none, else a `QtttError` with the reader's reason.
fn value_error(
    games: &JsValue,
    error: &serde_path_to_error::Error<serde_wasm_bindgen::Error>,
) -> JsValue {
    let segments: Vec<&Segment> = error.path().iter().collect();
    let here = if segments.is_empty() {
        "games".to_owned()
    } else {
        format!("games{}", error.path())
    };
    let text = at_path(games, &segments).and_then(|value| value.as_string());
    let key = match segments.last() {
        Some(Segment::Map { key }) => key.as_str(),
        _ => "",
    };
    match (key, text) {
        ("action", Some(token)) => {
            if let Err(e) = token.parse::<qttt::Action>() {
                return errors::refused(e.reason(), &format!("{here}: `{token}`: {e}"));
            }
        }
        ("start", Some(record)) => {
            if let Err(e) = Game::from_record(&record) {
                let refusal = errors::record(&record, &e);
                let message = format!("{here}: {e}");
                let _ = Reflect::set(&refusal, &"message".into(), &message.into());
                return refusal;
            }
        }
        _ => {}
    }
    // The message of the JavaScript error serde-wasm-bindgen made.
    let message = error.inner().to_string();
    invalid(&here, message.strip_prefix("Error: ").unwrap_or(&message))
}

/// The value at `segments` inside `value`, if it is there.
fn at_path(value: &JsValue, segments: &[&Segment]) -> Option<JsValue> {
    let mut value = value.clone();
    for segment in segments {
        value = match segment {
            Segment::Seq { index } => Reflect::get_u32(&value, u32::try_from(*index).ok()?).ok()?,
            Segment::Map { key } => Reflect::get(&value, &key.as_str().into()).ok()?,
            _ => return None,
        };
    }
    Some(value)
}

/// The error for game `index` the core's check refuses: the engine's
/// `IllegalActionError` for an action not legal where it stands, else a
/// `QtttError` ("invalid_argument").
fn check_error(index: usize, error: &GameCheckError) -> JsValue {
    let here = if error.at().is_empty() {
        format!("games[{index}]")
    } else {
        format!("games[{index}].{}", error.at())
    };
    match error.kind() {
        GameCheckErrorKind::Illegal { error: refusal, .. } => {
            errors::refused(refusal.reason(), &format!("{here}: {}", error.kind()))
        }
        kind => invalid(&here, &kind.to_string()),
    }
}

/// A `QtttError` ("invalid_argument") about the value at `at`.
fn invalid(at: &str, message: &str) -> JsValue {
    errors::invalid_argument(&format!("{at}: {message}"))
}
