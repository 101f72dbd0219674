//! Game files from JavaScript objects: `writeGames` reads the objects
//! `parseGames` gives (the shapes of Python's `write_games` dicts) into the
//! core's `AnnotatedGame`s and writes them with the core's writer. Every
//! refusal names where the bad value is (`games[0].line.plies[2].glyph`):
//! a `TypeError` for a value of the wrong type, the engine's errors for an
//! action that is none or not legal where it stands, a `QtttError`
//! ("invalid_argument") for any other value the format cannot hold.

use js_sys::{Array, Reflect};
use qttt::Action;
use qttt::Game;
use qttt::analysis::{Scoring, half_points};
use qttt::gamefile::{
    self, AnnotatedGame, GameResult, Glyph, INTERPRETED_TAGS, MAX_NESTING, Ply, Value, Variation,
};
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
    let games = array(&games, "games")?
        .iter()
        .enumerate()
        .map(|(i, game)| annotated_game(&game, &format!("games[{i}]")))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(gamefile::write(&games))
}

fn annotated_game(object: &JsValue, at: &str) -> Result<AnnotatedGame, JsValue> {
    is_object(object, at)?;
    let scoring = match field(object, "scoring") {
        Some(name) => string(&name, &format!("{at}.scoring"))?
            .parse::<Scoring>()
            .map_err(|e| invalid(&format!("{at}.scoring"), &e.to_string()))?,
        None => Scoring::SingleResult,
    };
    let start = match field(object, "start") {
        Some(record) => start(&string(&record, &format!("{at}.start"))?, at)?,
        None => Game::new(),
    };
    let line = match field(object, "line") {
        Some(line) => read_line(&line, &format!("{at}.line"), start, 0)?,
        None => Variation::default(),
    };
    let mut game = AnnotatedGame::new(start, line, scoring);
    if let Some(tags) = field(object, "tags") {
        read_tags(&mut game, &tags, &format!("{at}.tags"))?;
    }
    if let Some(result) = field(object, "result") {
        let here = format!("{at}.result");
        let token = string(&result, &here)?;
        game.result = GameResult::from_token(&token).ok_or_else(|| {
            invalid(
                &here,
                &format!("{token:?} is not a result (1-0, 0-1, 1/2-1/2, 1-1/2, 1/2-1, *)"),
            )
        })?;
    }
    // That the result fits the game and that no variation is empty are
    // the format's rules: the core's reader judges what the writer wrote.
    if let Err(error) = gamefile::parse(&gamefile::write(core::slice::from_ref(&game))) {
        return Err(invalid(at, &error.kind().to_string()));
    }
    Ok(game)
}

/// The game a start record reaches, else a `RecordError` naming `at.start`.
fn start(record: &str, at: &str) -> Result<Game, JsValue> {
    Game::from_record(record).map_err(|e| {
        let error = errors::record(record, &e);
        let message = format!("{at}.start: {e}");
        let _ = Reflect::set(&error, &"message".into(), &message.into());
        error
    })
}

fn read_tags(game: &mut AnnotatedGame, tags: &JsValue, at: &str) -> Result<(), JsValue> {
    let mut seen: Vec<String> = Vec::new();
    for (i, pair) in array(tags, at)?.iter().enumerate() {
        let here = format!("{at}[{i}]");
        let pair = array(&pair, &here)?;
        if pair.length() != 2 {
            return Err(errors::wrong_type(&format!(
                "{here} must be a [name, value] pair of strings"
            )));
        }
        let name = string(&pair.get(0), &format!("{here}[0]"))?;
        let value = string(&pair.get(1), &format!("{here}[1]"))?;
        if INTERPRETED_TAGS.contains(&name.as_str()) {
            return Err(invalid(
                &here,
                &format!(
                    "{name} is not a tag here: it is written from the game's result, scoring and start (Rules: goff)"
                ),
            ));
        }
        if seen.contains(&name) {
            return Err(invalid(&here, &format!("tag {name} appears twice")));
        }
        game.set_tag(&name, &value);
        if game.tag(&name).is_none() {
            return Err(invalid(
                &here,
                &format!("{name:?} is not a tag name (a letter, then letters, digits and _)"),
            ));
        }
        seen.push(name);
    }
    Ok(())
}

/// A line played from `position`, `depth` variations deep.
fn read_line(
    object: &JsValue,
    at: &str,
    position: Game,
    depth: usize,
) -> Result<Variation, JsValue> {
    is_object(object, at)?;
    let mut line = Variation {
        comment: optional_string(object, "comment", at)?,
        plies: Vec::new(),
    };
    let mut game = position;
    if let Some(plies) = field(object, "plies") {
        for (i, ply) in array(&plies, &format!("{at}.plies"))?.iter().enumerate() {
            let (ply, next) = read_ply(&ply, &format!("{at}.plies[{i}]"), game, depth)?;
            line.plies.push(ply);
            game = next;
        }
    }
    Ok(line)
}

/// A ply played in `game`, and the game after it.
fn read_ply(object: &JsValue, at: &str, game: Game, depth: usize) -> Result<(Ply, Game), JsValue> {
    is_object(object, at)?;
    let here = format!("{at}.action");
    let token = field(object, "action")
        .ok_or_else(|| errors::wrong_type(&format!("{here} is missing (a token string)")))?;
    let token = string(&token, &here)?;
    let action: Action = token.parse().map_err(|e: qttt::ParseActionError| {
        errors::refused(e.reason(), &format!("{here}: `{token}`: {e}"))
    })?;
    let next = game.apply(action).map_err(|e| {
        errors::refused(
            e.reason(),
            &format!("{here}: `{action}` at ply {}: {e}", game.plies() + 1),
        )
    })?;
    let mut ply = Ply::new(action);
    if let Some(glyph) = field(object, "glyph") {
        let here = format!("{at}.glyph");
        let suffix = string(&glyph, &here)?;
        ply.glyph = Some(Glyph::from_suffix(&suffix).ok_or_else(|| {
            invalid(
                &here,
                &format!("{suffix:?} is not an annotation glyph (!, ?, !!, ??, !?, ?!)"),
            )
        })?);
    }
    if let Some(nags) = field(object, "nags") {
        for (i, nag) in array(&nags, &format!("{at}.nags"))?.iter().enumerate() {
            ply.nags.push(read_nag(&nag, &format!("{at}.nags[{i}]"))?);
        }
    }
    if let Some(value) = field(object, "value") {
        let here = format!("{at}.value");
        let points = value.as_f64().ok_or_else(|| {
            errors::wrong_type(&format!("{here} must be a number, not {}", kind(&value)))
        })?;
        ply.value = half_points(points)
            .and_then(Value::from_half_points)
            .map(Some)
            .ok_or_else(|| {
                invalid(
                    &here,
                    &format!(
                        "{points} is not a value (X's points minus O's: -1, -0.5, 0, 0.5 or 1)"
                    ),
                )
            })?;
    }
    ply.comment = optional_string(object, "comment", at)?;
    if let Some(variations) = field(object, "variations") {
        let here = format!("{at}.variations");
        for (i, line) in array(&variations, &here)?.iter().enumerate() {
            let here = format!("{here}[{i}]");
            // Checked here, not only by the reader afterwards: an object
            // that holds itself would otherwise be read for ever.
            if depth == MAX_NESTING {
                return Err(invalid(
                    &here,
                    &format!("variations nest at most {MAX_NESTING} deep"),
                ));
            }
            ply.variations
                .push(read_line(&line, &here, game, depth + 1)?);
        }
    }
    Ok((ply, next))
}

/// A numeric annotation glyph other than the six glyphs' own `$1`–`$6`.
fn read_nag(value: &JsValue, at: &str) -> Result<u8, JsValue> {
    let number = integer(value, at)?;
    let nag = u8::try_from(number).map_err(|_| {
        invalid(
            at,
            &format!("{number} is not a numeric annotation glyph (0 to 255)"),
        )
    })?;
    match Glyph::from_nag(nag) {
        Some(glyph) => Err(invalid(
            at,
            &format!("${nag} is a glyph: give it as the ply's glyph \"{glyph}\""),
        )),
        None => Ok(nag),
    }
}

/// The property `key` of `object`; `None` when it is missing, `undefined`
/// or `null`.
fn field(object: &JsValue, key: &str) -> Option<JsValue> {
    Reflect::get(object, &key.into())
        .ok()
        .filter(|value| !value.is_undefined() && !value.is_null())
}

/// What a value is, for a `TypeError`'s message.
fn kind(value: &JsValue) -> String {
    if Array::is_array(value) {
        "an array".to_owned()
    } else {
        format!("a {}", value.js_typeof().as_string().unwrap_or_default())
    }
}

fn is_object(value: &JsValue, at: &str) -> Result<(), JsValue> {
    if value.is_object() && !Array::is_array(value) {
        Ok(())
    } else {
        Err(errors::wrong_type(&format!(
            "{at} must be an object, not {}",
            kind(value)
        )))
    }
}

fn array(value: &JsValue, at: &str) -> Result<Array, JsValue> {
    if Array::is_array(value) {
        Ok(Array::from(value))
    } else {
        Err(errors::wrong_type(&format!(
            "{at} must be an array, not {}",
            kind(value)
        )))
    }
}

fn string(value: &JsValue, at: &str) -> Result<String, JsValue> {
    value
        .as_string()
        .ok_or_else(|| errors::wrong_type(&format!("{at} must be a string, not {}", kind(value))))
}

fn optional_string(object: &JsValue, key: &str, at: &str) -> Result<Option<String>, JsValue> {
    field(object, key)
        .map(|value| string(&value, &format!("{at}.{key}")))
        .transpose()
}

fn integer(value: &JsValue, at: &str) -> Result<i64, JsValue> {
    match value.as_f64() {
        Some(number) if number.fract() == 0.0 && number.abs() <= 9_007_199_254_740_992.0 => {
            Ok(number as i64)
        }
        Some(number) => Err(errors::wrong_type(&format!(
            "{at} must be an integer, not {number}"
        ))),
        None => Err(errors::wrong_type(&format!(
            "{at} must be an integer, not {}",
            kind(value)
        ))),
    }
}

/// A `QtttError` ("invalid_argument") about the value at `at`.
fn invalid(at: &str, message: &str) -> JsValue {
    errors::invalid_argument(&format!("{at}: {message}"))
}
