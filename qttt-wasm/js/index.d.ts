// The qttt package's types: the engine's classes and functions (generated
// from the Rust doc comments by wasm-bindgen) and the error classes.
export {
  Game,
  Solver,
  randomGames,
  actionToken,
  actionId,
  reasons,
  scorings,
  version,
  PlayerName,
  Phase,
  ScoringName,
  OpponentKind,
  ReasonCode,
  Line,
  Outcome,
  View,
  Solution,
  ActionValue,
  RandomGameCounts,
  ReasonInfo,
} from "./qttt_wasm.js";
export { QtttError, InvalidActionError, IllegalActionError, RecordError } from "@ERRORS@";
