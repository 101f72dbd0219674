//! Game files, reviews and puzzles for JavaScript: the core's
//! `qttt::gamefile`, `qttt::analysis::Review` and the shipped puzzle set,
//! as plain objects. Games and reviews cross through the core's serde
//! shape (feature `serde`, values in points) with `serde-wasm-bindgen`;
//! a review's three snake_case keys are renamed to JavaScript's
//! camelCase.

use js_sys::Reflect;
use qttt::analysis::{Puzzle, Review, ReviewComment, Solver};
use qttt::gamefile::{self, AnnotatedGame};
use serde::Serialize;
use serde_json::{Value, json};
use wasm_bindgen::prelude::*;

use crate::errors;
use crate::game::game;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** One action of a game file's line and what is written about it. */
export interface GameFilePly {
  action: string;
  glyph: "!" | "?" | "!!" | "??" | "!?" | "?!" | null;
  nags: number[];
  /** The value after the action, X's points minus O's: 1 X wins, 0.5, 0, -0.5, -1 O wins. */
  value: number | null;
  comment: string | null;
  variations: GameFileLine[];
}
/** A main line or a variation. */
export interface GameFileLine { comment: string | null; plies: GameFilePly[]; }
/** One game of a game file (docs/gamefile.md), in normal form. */
export interface GameFileGame {
  tags: [string, string][];
  scoring: ScoringName;
  /** The record of the start position ("" for the empty board). */
  start: string;
  /** The record at the end of the main line. */
  end: string;
  result: "1-0" | "0-1" | "1/2-1/2" | "1-1/2" | "1/2-1" | "*";
  line: GameFileLine;
}
/** One action of a review; values are X's points minus O's: 1 X wins, 0.5, 0, -0.5, -1 O wins. */
export interface ReviewStep {
  ply: number;
  action: string;
  player: PlayerName;
  before: number;
  after: number;
  /** The points the action lost, from its player's side (0 when it kept the value). */
  lost: number;
  verdict: "kept" | "win_given_away" | "draw_given_away" | "half_point_lost";
  /** The review's glyph for the action: null when it kept the value. */
  glyph: "??" | "?" | "?!" | null;
  best: string[];
  bestLine: string[];
  lineAfter: string[];
}
/** A puzzle, as the engine reads it from a puzzle file (`readPuzzles`). */
export interface Puzzle {
  /** Its number in its set, from 1 (the game's `Round` tag); null without one. */
  number: number | null;
  /** The record of the position to solve. */
  start: string;
  /** The record once the solution is played (the game won). */
  end: string;
  /** Who is to play and win. */
  winner: PlayerName;
  /** The winner's own actions in the solution. */
  depth: number;
  /** What it teaches: "collapse-choice", "earlier-line", "forced-ninth-mark", "avoiding-cycle", "forcing-cycle". */
  themes: string[];
  /** The only winning action, then perfect play to the end. */
  solution: string[];
}
/**
 * What a review's annotated game file says in a comment, as data (the
 * core's `ReviewComment`), for `review(..., words)` to put into words: the
 * value at the start (in points), or an action that lost value: who played
 * it, what it gave away and the best actions instead.
 */
export type ReviewComment =
  | { kind: "start"; value: number }
  | { kind: "mistake"; player: PlayerName; verdict: "win_given_away" | "draw_given_away" | "half_point_lost"; best: string[] };
/** A game reviewed by perfect play; `qgn` is the annotated game file. */
export interface Review {
  scoring: ScoringName;
  start: string;
  end: string;
  finalValue: number;
  steps: ReviewStep[];
  qgn: string;
}
"#;

/// The error for a file that does not parse: a QttError (reason
/// "invalid_gamefile") with `line` and `column`.
fn file_error(error: &gamefile::GameFileError) -> JsValue {
    let value = errors::make_error(
        "other",
        &error.to_string(),
        "invalid_gamefile",
        0,
        None,
        None,
    );
    let _ = js_sys::Reflect::set(&value, &"line".into(), &(error.line() as f64).into());
    let _ = js_sys::Reflect::set(&value, &"column".into(), &(error.column() as f64).into());
    value
}

fn parse(text: &str) -> Result<Vec<AnnotatedGame>, JsValue> {
    gamefile::parse(text).map_err(|e| file_error(&e))
}

/// `value` as plain JavaScript data: objects, arrays, strings, numbers
/// and `null` (for `None`), as `JSON.parse` would give.
fn to_plain<T: Serialize + ?Sized>(value: &T) -> JsValue {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .expect("the core's games and reviews serialise")
}

/// Renames the property `from` of `object` to `to`, keeping its value.
fn rename(object: &JsValue, from: &str, to: &str) {
    if let Ok(value) = Reflect::get(object, &from.into()) {
        let _ = Reflect::set(object, &to.into(), &value);
        let _ = Reflect::delete_property(object.unchecked_ref::<js_sys::Object>(), &from.into());
    }
}

fn to_js(value: &Value) -> JsValue {
    js_sys::JSON::parse(&value.to_string()).expect("valid JSON")
}

/// The games of a game file (docs/gamefile.md) as plain objects; a file
/// that does not parse throws a QtttError with reason "invalid_gamefile",
/// `line` and `column`.
#[wasm_bindgen(js_name = parseGames, unchecked_return_type = "GameFileGame[]")]
pub fn parse_games(text: &str) -> Result<JsValue, JsValue> {
    Ok(to_plain(&parse(text)?))
}

/// A game file written back in normal form (errors as `parseGames`);
/// `writeGames` writes the objects `parseGames` gives.
#[wasm_bindgen(js_name = normalizeGames)]
pub fn normalize_games(text: &str) -> Result<String, JsValue> {
    Ok(gamefile::write(&parse(text)?))
}

/// `review(game, scoring, first, openingBook, words)` (js/api.js) over
/// the game's bytes: reviews the game by perfect play from its ply `first`
/// on (default 0: every action) under `scoring` (default "single"), with
/// the opening book unless `openingBook` is false (Python's
/// `opening_book`); the `qgn`'s comments in English, or each what `words`
/// (a function of a `ReviewComment` object) returns.
#[wasm_bindgen(js_name = gameReview, unchecked_return_type = "Review")]
pub fn review(
    bytes: &[u8],
    #[wasm_bindgen(unchecked_param_type = "ScoringName")] scoring: Option<String>,
    first: Option<u32>,
    opening_book: Option<bool>,
    #[wasm_bindgen(unchecked_param_type = "(comment: ReviewComment) => string")] words: Option<
        js_sys::Function,
    >,
) -> Result<JsValue, JsValue> {
    let scoring = crate::analysis::scoring(scoring)?;
    let review = Review::new(
        &mut Solver::new(scoring).opening_book(opening_book.unwrap_or(true)),
        &game(bytes),
        first.unwrap_or(0) as usize,
    );
    let object = to_plain(&review);
    rename(&object, "final_value", "finalValue");
    if let Ok(steps) = Reflect::get(&object, &"steps".into()) {
        for step in js_sys::Array::from(&steps).iter() {
            rename(&step, "best_line", "bestLine");
            rename(&step, "line_after", "lineAfter");
        }
    }
    let qgn = match words {
        None => gamefile::write(&[review.to_annotated()]),
        Some(words) => {
            let mut failed = None;
            let annotated = review.to_annotated_with(|comment| {
                if failed.is_some() {
                    return String::new();
                }
                match say(&words, comment) {
                    Ok(text) => text,
                    Err(error) => {
                        failed = Some(error);
                        String::new()
                    }
                }
            });
            if let Some(error) = failed {
                return Err(error);
            }
            gamefile::write(&[annotated])
        }
    };
    let _ = Reflect::set(&object, &"qgn".into(), &qgn.into());
    Ok(object)
}

/// What `words` says of a review's comment, given as a plain object:
/// `{kind: "start", value}` or `{kind: "mistake", player, verdict, best}`
/// (values in points, `best` as tokens). It must return a string; what it
/// throws is thrown.
fn say(words: &js_sys::Function, comment: &ReviewComment<'_>) -> Result<String, JsValue> {
    let object = match comment {
        ReviewComment::Start { value } => json!({ "kind": "start", "value": value }),
        ReviewComment::Mistake {
            player,
            verdict,
            best,
        } => {
            let best: Vec<String> = best.iter().map(ToString::to_string).collect();
            json!({ "kind": "mistake", "player": player.to_string(), "verdict": verdict.name(), "best": best })
        }
        _ => json!({ "kind": "other", "text": comment.to_string() }),
    };
    let said = words.call1(&JsValue::NULL, &to_js(&object))?;
    said.as_string()
        .ok_or_else(|| errors::wrong_type("review(): words(comment) must return a string"))
}

/// The shipped puzzle set, a game file: 330 positions with exactly one
/// winning action (the solution is each game's main line; tags `Round`,
/// `Puzzle` and `Depth`). `readPuzzles` reads it.
#[wasm_bindgen]
pub fn puzzles() -> String {
    qttt::analysis::puzzles::SHIPPED.to_owned()
}

/// The puzzles of a puzzle file (default: the shipped set, `puzzles()`),
/// each read by the core's `Puzzle::from_annotated`: its number (the
/// `Round` tag, from 1; null without one), start and end records, winner,
/// depth, themes and solution. A file that does not parse throws as
/// `parseGames`; a game that is not a puzzle, a QtttError (reason
/// "invalid_argument").
#[wasm_bindgen(js_name = readPuzzles, unchecked_return_type = "Puzzle[]")]
pub fn read_puzzles(text: Option<String>) -> Result<JsValue, JsValue> {
    let text = text.as_deref().unwrap_or(qttt::analysis::puzzles::SHIPPED);
    let puzzles = parse(text)?
        .iter()
        .enumerate()
        .map(|(index, game)| {
            let puzzle = Puzzle::from_annotated(game)
                .map_err(|e| errors::invalid_argument(&format!("game {}: {e}", index + 1)))?;
            let tokens: Vec<String> = puzzle.solution.iter().map(ToString::to_string).collect();
            let themes: Vec<&str> = puzzle.themes.iter().map(|t| t.name()).collect();
            Ok(json!({
                "number": puzzle.number,
                "start": puzzle.position.record().to_string(),
                "end": game.end().record().to_string(),
                "winner": puzzle.winner.to_string(),
                "depth": puzzle.depth,
                "themes": themes,
                "solution": tokens,
            }))
        })
        .collect::<Result<Vec<Value>, JsValue>>()?;
    Ok(to_js(&Value::from(puzzles)))
}
