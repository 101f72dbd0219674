import type { ReasonCode } from "../../../qttt_wasm.js";

/** Every error the package throws: `reason` is the core's stable code, `number` its fixed number (the C status). */
export class QtttError extends Error {
  readonly reason: ReasonCode | "invalid_argument";
  readonly number: number;
}
/** The input is not the action asked for: a malformed token, an id out of range, the wrong kind of action. */
export class InvalidActionError extends QtttError {
  readonly reason: ReasonCode;
}
/** An action, but not legal in this game. */
export class IllegalActionError extends QtttError {
  readonly reason: ReasonCode;
}
/** A record that does not parse or play: the first bad token and its index among the tokens. */
export class RecordError extends QtttError {
  readonly reason: ReasonCode;
  readonly tokenIndex: number;
  readonly token: string;
}
