//! The game's functions over its byte form. The package's `Game` class
//! (`js/game.js`) keeps a game as its 56 bytes (`qttt::GAME_BYTES`) in a
//! JavaScript `Uint8Array`, so games are ordinary JavaScript values that
//! the garbage collector reclaims like any other, nothing in the
//! WebAssembly heap to free; each method passes the bytes here, and an
//! action returns the next game's bytes. The methods' documentation is that of
//! `js/index.d.ts`; these functions are not exported from the package.

use qttt::{Action, CollapseChoice, GAME_BYTES, Move, Symmetry};
use wasm_bindgen::prelude::*;

use crate::errors;

/// The game whose bytes these are. The bytes come from `to_bytes` (the
/// class never hands them out), so they are not checked again.
pub fn game(bytes: &[u8]) -> qttt::Game {
    let bytes: [u8; GAME_BYTES] = bytes
        .try_into()
        .unwrap_or_else(|_| panic!("a game is {GAME_BYTES} bytes, not {}", bytes.len()));
    qttt::Game::from_bytes_unchecked(bytes)
}

/// The bytes of `next`, or the error.
fn next(next: Result<qttt::Game, qttt::PlayError>) -> Result<Vec<u8>, JsValue> {
    next.map(|game| game.to_bytes().to_vec())
        .map_err(|e| errors::refused(e.reason(), &e.to_string()))
}

/// The empty board's bytes.
#[wasm_bindgen(js_name = gameNew)]
#[must_use]
pub fn new() -> Vec<u8> {
    qttt::Game::new().to_bytes().to_vec()
}

/// `Game.fromRecord`.
#[wasm_bindgen(js_name = gameFromRecord)]
pub fn from_record(record: &str) -> Result<Vec<u8>, JsValue> {
    qttt::Game::from_record(record)
        .map(|g| g.to_bytes().to_vec())
        .map_err(|e| errors::record(record, &e))
}

/// `game.record`.
#[wasm_bindgen(js_name = gameRecord)]
#[must_use]
pub fn record(bytes: &[u8]) -> String {
    game(bytes).record().to_string()
}

/// `game.play(token)`.
#[wasm_bindgen(js_name = gamePlay)]
pub fn play(bytes: &[u8], token: &JsValue) -> Result<Vec<u8>, JsValue> {
    let m = errors::token::<Move>(token, "play")?;
    next(game(bytes).play(m))
}

/// `game.collapse(token)`.
#[wasm_bindgen(js_name = gameCollapse)]
pub fn collapse(bytes: &[u8], token: &JsValue) -> Result<Vec<u8>, JsValue> {
    let choice = errors::token::<CollapseChoice>(token, "collapse")?;
    next(game(bytes).collapse(choice))
}

/// `game.apply(action)`: a token or an action id.
#[wasm_bindgen(js_name = gameApply)]
pub fn apply(bytes: &[u8], action: &JsValue) -> Result<Vec<u8>, JsValue> {
    let action = errors::action(action, "apply", true)?;
    next(game(bytes).apply(action))
}

/// `game.isLegal(action)`.
#[wasm_bindgen(js_name = gameIsLegal)]
#[must_use]
pub fn is_legal(bytes: &[u8], action: &JsValue) -> bool {
    errors::action(action, "isLegal", true).is_ok_and(|a| game(bytes).is_legal(a))
}

/// `game.legalActions()`.
#[wasm_bindgen(js_name = gameLegalActions)]
#[must_use]
pub fn legal_actions(bytes: &[u8]) -> Vec<String> {
    game(bytes)
        .legal_actions()
        .iter()
        .map(|a| a.to_string())
        .collect()
}

/// `game.legalActionIds()`.
#[wasm_bindgen(js_name = gameLegalActionIds)]
#[must_use]
pub fn legal_action_ids(bytes: &[u8]) -> Vec<u8> {
    game(bytes).legal_actions().iter().map(Action::id).collect()
}

/// `game.phase`.
#[wasm_bindgen(js_name = gamePhase)]
#[must_use]
pub fn phase(bytes: &[u8]) -> String {
    game(bytes).phase().as_str().to_owned()
}

/// `game.toAct`: `"X"`, `"O"` or `null`.
#[wasm_bindgen(js_name = gameToAct)]
#[must_use]
pub fn to_act(bytes: &[u8]) -> JsValue {
    game(bytes)
        .current_player()
        .map_or(JsValue::NULL, |p| JsValue::from_str(&p.to_string()))
}

/// `game.moveNumber`.
#[wasm_bindgen(js_name = gameMoveNumber)]
#[must_use]
pub fn move_number(bytes: &[u8]) -> u8 {
    game(bytes).move_number()
}

/// `game.isOver`.
#[wasm_bindgen(js_name = gameIsOver)]
#[must_use]
pub fn is_over(bytes: &[u8]) -> bool {
    game(bytes).is_over()
}

/// `game.classical(square)`.
#[wasm_bindgen(js_name = gameClassical)]
pub fn classical(bytes: &[u8], square: f64) -> Result<Option<String>, JsValue> {
    Ok(game(bytes)
        .classical(errors::square(square)?)
        .map(|m| m.to_string()))
}

/// `game.spookyMarks(square)`.
#[wasm_bindgen(js_name = gameSpookyMarks)]
pub fn spooky_marks(bytes: &[u8], square: f64) -> Result<Vec<String>, JsValue> {
    Ok(game(bytes)
        .spooky_marks(errors::square(square)?)
        .into_iter()
        .map(|m| m.to_string())
        .collect())
}

/// `game.collapseOptions()`.
#[wasm_bindgen(js_name = gameCollapseOptions)]
#[must_use]
pub fn collapse_options(bytes: &[u8]) -> Vec<u8> {
    game(bytes)
        .collapse_options()
        .map_or_else(Vec::new, |squares| {
            squares.iter().map(|s| s.number()).collect()
        })
}

/// `game.collapsingMark()`: the mark that closed the cycle, such as
/// `"X3"`, while a collapse is pending.
#[wasm_bindgen(js_name = gameCollapsingMark)]
#[must_use]
pub fn collapsing_mark(bytes: &[u8]) -> Option<String> {
    game(bytes).collapsing_mark().map(|m| m.to_string())
}

/// `game.ensemble()`: the classical ensemble's boards in mark order, nine
/// entries each (square 1 first): the mark there (`"X3"`) or `""`.
#[wasm_bindgen(js_name = gameEnsemble)]
#[must_use]
pub fn ensemble(bytes: &[u8]) -> Vec<String> {
    game(bytes)
        .ensemble()
        .iter()
        .flat_map(|board| {
            qttt::Square::ALL.map(|s| board.mark(s).map_or_else(String::new, |m| m.to_string()))
        })
        .collect()
}

/// `game.ensembleCount()`.
#[wasm_bindgen(js_name = gameEnsembleCount)]
#[must_use]
pub fn ensemble_count(bytes: &[u8]) -> usize {
    game(bytes).ensemble_count()
}

/// `game.cycle()`: the pending cycle's marks (`"X1"`), ascending; empty
/// when no collapse is pending.
#[wasm_bindgen(js_name = gameCycle)]
#[must_use]
pub fn cycle(bytes: &[u8]) -> Vec<String> {
    game(bytes)
        .cycle()
        .into_iter()
        .flatten()
        .map(|m| m.to_string())
        .collect()
}

/// `game.collapseSteps(token)`: the steps as plain objects.
#[wasm_bindgen(js_name = gameCollapseSteps)]
pub fn collapse_steps(bytes: &[u8], token: &JsValue) -> Result<JsValue, JsValue> {
    let choice = errors::token::<CollapseChoice>(token, "collapseSteps")?;
    let steps = game(bytes)
        .collapse_steps(choice)
        .map_err(|e| errors::refused(e.reason(), &e.to_string()))?;
    let list: Vec<_> = steps
        .iter()
        .map(|step| {
            serde_json::json!({
                "mark": step.mark().to_string(),
                "square": step.square().number(),
                "from": step.from().number(),
                "forcedBy": step.forced_by().map(|m| m.to_string()),
            })
        })
        .collect();
    Ok(crate::analysis::object(&serde_json::Value::from(list)))
}

/// `game.classicalMoveDue`.
#[wasm_bindgen(js_name = gameClassicalMoveDue)]
#[must_use]
pub fn classical_move_due(bytes: &[u8]) -> bool {
    game(bytes).classical_move_due()
}

/// `game.view()`: the normative JSON view.
#[wasm_bindgen(js_name = gameView)]
#[must_use]
pub fn view(bytes: &[u8]) -> String {
    serde_json::to_string(&game(bytes).view()).expect("a view always serialises")
}

/// `game.undo()`: `undefined` at the start.
#[wasm_bindgen(js_name = gameUndo)]
#[must_use]
pub fn undo(bytes: &[u8]) -> Option<Vec<u8>> {
    game(bytes).undo().map(|before| before.to_bytes().to_vec())
}

/// `game.board()`.
#[wasm_bindgen(js_name = gameBoard)]
#[must_use]
pub fn board(bytes: &[u8]) -> String {
    game(bytes).board().to_string()
}

/// `game.equals(other)`.
#[wasm_bindgen(js_name = gameEquals)]
#[must_use]
pub fn equals(bytes: &[u8], other: &[u8]) -> bool {
    game(bytes) == game(other)
}

/// `game.positionKey()`.
#[wasm_bindgen(js_name = gamePositionKey)]
#[must_use]
pub fn position_key(bytes: &[u8]) -> String {
    format!("{:032x}", game(bytes).position_key().to_bits())
}

/// `game.canonicalKey()`.
#[wasm_bindgen(js_name = gameCanonicalKey)]
#[must_use]
pub fn canonical_key(bytes: &[u8]) -> String {
    format!("{:032x}", game(bytes).canonical_key().to_bits())
}

/// `game.transform(symmetry)`: a name or an index 0-7.
#[wasm_bindgen(js_name = gameTransform)]
pub fn transform(bytes: &[u8], symmetry: &JsValue) -> Result<Vec<u8>, JsValue> {
    let symmetry = match (symmetry.as_string(), symmetry.as_f64()) {
        (Some(name), _) => name.parse::<Symmetry>().ok(),
        (None, Some(n)) if n.fract() == 0.0 && (0.0..8.0).contains(&n) => {
            Symmetry::from_index(n as u8)
        }
        _ => None,
    };
    let symmetry = symmetry.ok_or_else(|| {
        errors::invalid_argument("a symmetry is a name such as \"rotate_90\" or an index 0-7")
    })?;
    next(Ok(game(bytes).transform(symmetry)))
}
