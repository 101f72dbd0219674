//! The JavaScript `Game`: an immutable value whose `play`, `collapse` and
//! `apply` return a new game.

use qttt::{Action, CollapseChoice, Move, Phase, Player, Symmetry};
use wasm_bindgen::prelude::*;

use crate::errors;

/// A game of quantum tic-tac-toe, immutable: `play`, `collapse` and `apply`
/// return a new game and leave this one as it was, also when they throw.
/// Its memory (in the WebAssembly heap) is reclaimed when the garbage
/// collector reclaims the object; `free()` releases it at once.
#[wasm_bindgen]
#[derive(Clone, Copy)]
pub struct Game {
    pub(crate) inner: qttt::Game,
}

fn player_name(player: Player) -> String {
    player.to_string()
}

fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Move => "move",
        Phase::Collapse => "collapse",
        Phase::Over => "over",
    }
}

#[wasm_bindgen]
impl Game {
    /// The empty board, X to move.
    #[wasm_bindgen(constructor)]
    #[must_use]
    pub fn new() -> Game {
        Game {
            inner: qttt::Game::new(),
        }
    }

    /// The game a record reaches (`"15 26 @5"`, RULES.md notation). Throws
    /// a `RecordError` naming the first token that does not parse or play.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(record: &str) -> Result<Game, JsValue> {
        qttt::Game::from_record(record)
            .map(|inner| Game { inner })
            .map_err(|e| errors::record(record, &e))
    }

    /// The canonical record of the actions so far: `Game.fromRecord(record)`
    /// gives this game back.
    #[wasm_bindgen(getter)]
    #[must_use]
    pub fn record(&self) -> String {
        self.inner.record().to_string()
    }

    /// Plays a move given by its token (`"15"` spooky, `"5"` classical).
    /// Throws an `InvalidActionError` for what is no move (a malformed
    /// token, a collapse choice), an `IllegalActionError` for a move not
    /// legal here, a `TypeError` for a number (use `apply` for ids).
    pub fn play(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] token: &JsValue,
    ) -> Result<Game, JsValue> {
        let m = errors::token::<Move>(token, "play")?;
        self.inner
            .play(m)
            .map(|inner| Game { inner })
            .map_err(refused)
    }

    /// Chooses where the newest mark of a cycle lands (`"@5"`). Errors as
    /// for `play`.
    pub fn collapse(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] token: &JsValue,
    ) -> Result<Game, JsValue> {
        let choice = errors::token::<CollapseChoice>(token, "collapse")?;
        self.inner
            .collapse(choice)
            .map(|inner| Game { inner })
            .map_err(refused)
    }

    /// Applies any action: a token (`"15"`, `"5"`, `"@5"`) or an action id
    /// (0-53). Errors as for `play`.
    pub fn apply(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string | number")] action: &JsValue,
    ) -> Result<Game, JsValue> {
        let action = errors::action(action, "apply", true)?;
        self.inner
            .apply(action)
            .map(|inner| Game { inner })
            .map_err(refused)
    }

    /// Whether a token or an action id is legal here (false for anything
    /// that is not an action).
    #[wasm_bindgen(js_name = isLegal)]
    #[must_use]
    pub fn is_legal(
        &self,
        #[wasm_bindgen(unchecked_param_type = "unknown")] action: &JsValue,
    ) -> bool {
        errors::action(action, "isLegal", true).is_ok_and(|a| self.inner.is_legal(a))
    }

    /// The legal actions' tokens, in ascending id order.
    #[wasm_bindgen(js_name = legalActions)]
    #[must_use]
    pub fn legal_actions(&self) -> Vec<String> {
        self.inner
            .legal_actions()
            .iter()
            .map(|a| a.to_string())
            .collect()
    }

    /// The legal actions' ids, ascending.
    #[wasm_bindgen(js_name = legalActionIds)]
    #[must_use]
    pub fn legal_action_ids(&self) -> Vec<u8> {
        self.inner.legal_actions().iter().map(Action::id).collect()
    }

    /// What the game waits for: `"move"`, `"collapse"` or `"over"`.
    #[wasm_bindgen(getter, unchecked_return_type = "Phase")]
    #[must_use]
    pub fn phase(&self) -> String {
        phase_name(self.inner.phase()).to_owned()
    }

    /// Who acts now (during a pending collapse, the chooser): `"X"`, `"O"`,
    /// or `null` once the game is over.
    #[wasm_bindgen(getter, js_name = toAct, unchecked_return_type = "PlayerName | null")]
    #[must_use]
    pub fn to_act(&self) -> JsValue {
        self.inner
            .current_player()
            .map_or(JsValue::NULL, |p| JsValue::from_str(&player_name(p)))
    }

    /// The number the next mark will carry (1-10).
    #[wasm_bindgen(getter, js_name = moveNumber)]
    #[must_use]
    pub fn move_number(&self) -> u8 {
        self.inner.move_number()
    }

    /// Whether the game is over.
    #[wasm_bindgen(getter, js_name = isOver)]
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// The classical mark on a square (1-9), such as `"X5"`, or `undefined`.
    pub fn classical(&self, square: f64) -> Result<Option<String>, JsValue> {
        Ok(self
            .inner
            .classical(errors::square(square)?)
            .map(|m| m.to_string()))
    }

    /// The spooky marks in a square (1-9), by move number (`["X1", "O4"]`).
    #[wasm_bindgen(js_name = spookyMarks)]
    pub fn spooky_marks(&self, square: f64) -> Result<Vec<String>, JsValue> {
        Ok(self
            .inner
            .spooky_marks(errors::square(square)?)
            .into_iter()
            .map(|m| m.to_string())
            .collect())
    }

    /// While a collapse is pending, the newest mark's two squares
    /// (ascending); otherwise an empty array.
    #[wasm_bindgen(js_name = collapseOptions, unchecked_return_type = "number[]")]
    #[must_use]
    pub fn collapse_options(&self) -> js_sys::Array {
        self.inner
            .collapse_options()
            .map_or_else(js_sys::Array::new, |squares| {
                squares.iter().map(|s| JsValue::from(s.number())).collect()
            })
    }

    /// The normative JSON view (docs/API.md): one line, the same bytes as in
    /// Rust, C and Python.
    #[must_use]
    pub fn view(&self) -> String {
        serde_json::to_string(&self.inner.view()).expect("a view always serialises")
    }

    /// The JSON view as an object.
    #[wasm_bindgen(js_name = viewObject, unchecked_return_type = "View")]
    #[must_use]
    pub fn view_object(&self) -> JsValue {
        js_sys::JSON::parse(&self.view()).expect("the view is valid JSON")
    }

    /// How the game ended (the view's `outcome`): `null` while it goes on,
    /// else the winner (`null` for a draw) and every completed line.
    #[wasm_bindgen(unchecked_return_type = "Outcome | null")]
    #[must_use]
    pub fn outcome(&self) -> JsValue {
        js_sys::Reflect::get(&self.view_object(), &"outcome".into())
            .expect("the view has an outcome")
    }

    /// The game one action earlier, or `undefined` at the start.
    #[must_use]
    pub fn undo(&self) -> Option<Game> {
        self.inner.undo().map(|inner| Game { inner })
    }

    /// The text board (as the terminal program prints it).
    #[must_use]
    pub fn board(&self) -> String {
        self.inner.board().to_string()
    }

    /// Whether two games have the same record (the same actions from the
    /// empty board). Games that reach one position by different records
    /// are not equal: compare `positionKey()` for that.
    #[must_use]
    pub fn equals(&self, other: &Game) -> bool {
        self.inner == other.inner
    }

    /// A 128-bit key of the position (32 hex digits): equal keys, equal
    /// positions, whatever record reached them.
    #[wasm_bindgen(js_name = positionKey)]
    #[must_use]
    pub fn position_key(&self) -> String {
        format!("{:032x}", self.inner.position_key().to_bits())
    }

    /// The key shared by the position's 8 symmetric images.
    #[wasm_bindgen(js_name = canonicalKey)]
    #[must_use]
    pub fn canonical_key(&self) -> String {
        format!("{:032x}", self.inner.canonical_key().to_bits())
    }

    /// The game under a board symmetry, by name (`"rotate_90"`) or index 0-7.
    pub fn transform(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string | number")] symmetry: &JsValue,
    ) -> Result<Game, JsValue> {
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
        Ok(Game {
            inner: self.inner.transform(symmetry),
        })
    }
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

fn refused(error: qttt::PlayError) -> JsValue {
    errors::refused(error.reason(), &error.to_string())
}
