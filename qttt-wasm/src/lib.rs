//! WebAssembly bindings of the `qttt` engine, the npm package `qttt`: the
//! same engine as the Rust crate, the C library and the Python module, with
//! the same action ids, JSON view and reason codes (docs/API.md).
//!
//! The package's classes are JavaScript (`js/game.js`, `js/solver.js`,
//! declared in `js/index.d.ts`): a `Game` holds its byte form, an ordinary
//! JavaScript value, and calls the functions of `game.rs` and
//! `analysis.rs` with it. Errors are the classes of `js/errors.js`.
//! `qttt-wasm/build.sh` builds the package.
#![warn(missing_docs)]

mod analysis;
mod errors;
mod game;
mod gamefile;
mod gamefile_objects;

pub use analysis::{SolverTable, random_games};

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** A player's name. */
export type PlayerName = "X" | "O";
/** What a game waits for. */
export type Phase = "move" | "collapse" | "over";
/** How perfect play scores a game (docs/analysis.md). */
export type ScoringName = "single" | "goff" | "complete";
/** A computer opponent (the core's OpponentKind names; `opponents()` lists them). */
export type OpponentKind = "random" | "mcts" | "perfect";
/** A stable reason code, the same in Rust, C, Python and JavaScript. */
export type ReasonCode =
  | "invalid_action_id" | "malformed_token" | "same_square_twice" | "game_over"
  | "collapse_pending" | "no_collapse_pending" | "square_classical"
  | "classical_move_not_allowed" | "spooky_move_on_last_square"
  | "not_collapse_option" | "wrong_action_kind";

/** A completed line: three squares, whose marks, and the highest move number in it. */
export interface Line { squares: [number, number, number]; player: PlayerName; highest: number; }
/** How a game ended: the winner (null for a draw) and every completed line. */
export interface Outcome { winner: PlayerName | null; lines: Line[]; }
/** The normative JSON view of docs/API.md, parsed. */
export interface View {
  record: string;
  phase: Phase;
  to_act: PlayerName | null;
  move_number: number;
  /** Square ("1"-"9") to its classical mark ("X5"). */
  classical: Record<string, string>;
  /** Spooky mark ("X1") to its two squares, ascending. */
  spooky: Record<string, [number, number]>;
  collapse_options: number[];
  /** Legal tokens, in ascending action-id order. */
  legal: string[];
  outcome: Outcome | null;
}
/** One step of a collapse (Game.collapseSteps): a mark lands in a square. */
export interface CollapseStep {
  /** The mark that lands (`"X3"`). */
  mark: string;
  /** The square it lands in (1-9). */
  square: number;
  /** The square it leaves: for the newest mark the one not chosen, for a forced mark the one it was forced out of. */
  from: number;
  /** The mark whose landing in `from` forced it out; `null` for the first step. */
  forcedBy: string | null;
}
/** A position's value under perfect play. */
export interface Solution {
  /** X's result, X's points minus O's: 1 X wins, 0 draw, -1 O wins (±0.5 with Goff's points). */
  value: number;
  /** The number of marks when the game ends under optimal play. */
  endMove: number;
  /** Every optimal action's token, in id order. */
  optimal: string[];
  /** A principal variation: optimal tokens to the end. */
  variation: string[];
  /** Positions searched. */
  nodes: number;
}
/** One legal action's value under perfect play (Solver.actionValues). */
export interface ActionValue {
  action: string;
  /** X's result of the game after it, X's points minus O's (as `Solution.value`). */
  value: number;
  /** The number of marks when that game ends. */
  endMove: number;
  /** The result for the player who acts, their points minus the other's (positive: a win for them). */
  forPlayer: number;
}
/** What randomGames returns. */
export interface RandomGameCounts { X: number; O: number; draw: number; }
/** A reason of the shared vocabulary. */
export interface ReasonInfo { code: ReasonCode; number: number; message: string; }
"#;

/// The token of an action id (0-53): `"12"` ... `"89"`, `"1"` ... `"9"`,
/// `"@1"` ... `"@9"`. Throws an `InvalidActionError` for another number.
#[wasm_bindgen(js_name = actionToken)]
pub fn action_token(id: f64) -> Result<String, JsValue> {
    errors::action_from_id(id).map(|a| a.to_string())
}

/// The id (0-53) of the action a token names. Throws an
/// `InvalidActionError` for a string that is no action.
#[wasm_bindgen(js_name = actionId)]
pub fn action_id(token: &str) -> Result<u8, JsValue> {
    errors::token::<qttt::Action>(&JsValue::from_str(token), "actionId").map(qttt::Action::id)
}

/// Every reason of the shared vocabulary: `{code, number, message}`.
#[wasm_bindgen(unchecked_return_type = "ReasonInfo[]")]
#[must_use]
pub fn reasons() -> JsValue {
    let list: Vec<_> = qttt::Reason::ALL
        .iter()
        .map(
            |r| serde_json::json!({"code": r.code(), "number": r.number(), "message": r.message()}),
        )
        .collect();
    js_sys::JSON::parse(&serde_json::Value::from(list).to_string()).expect("valid JSON")
}

/// The scoring names, in their fixed order.
#[wasm_bindgen(unchecked_return_type = "ScoringName[]")]
#[must_use]
pub fn scorings() -> Vec<String> {
    qttt::analysis::Scoring::ALL
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// The computer opponents' names, in their fixed order (the core's
/// `OpponentKind`).
#[wasm_bindgen(unchecked_return_type = "OpponentKind[]")]
#[must_use]
pub fn opponents() -> Vec<String> {
    qttt::analysis::OpponentKind::ALL
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// The engine's version, such as `"0.1.0"` (the package's version too).
#[wasm_bindgen]
#[must_use]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}
