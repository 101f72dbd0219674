// The errors the qttt package throws. Every one carries `reason`, the
// core's stable code ("game_over", "malformed_token", ...: the same codes
// as in Rust, C and Python), and `number`, the reason's fixed number (the
// C status).
//
//   QtttError                  every error of the package
//   ├── InvalidActionError     the input is not the action asked for (a malformed
//   │                          token, an id out of range, the wrong kind of action)
//   ├── IllegalActionError     it is an action, but not legal in this game
//   └── RecordError            a record that does not parse or play; also
//                              `tokenIndex` and `token`
//
// A value of the wrong type (a number where a token is required, a square
// outside 1-9) is a QtttError with reason "invalid_argument" and number 0,
// or a TypeError where JavaScript itself would throw one.

export class QtttError extends Error {
  constructor(message, reason, number) {
    super(message);
    this.name = new.target.name;
    this.reason = reason;
    this.number = number;
  }
}

export class InvalidActionError extends QtttError {}

export class IllegalActionError extends QtttError {}

export class RecordError extends QtttError {
  constructor(message, reason, number, tokenIndex, token) {
    super(message, reason, number);
    this.tokenIndex = tokenIndex;
    this.token = token;
  }
}

const KINDS = { invalid: InvalidActionError, illegal: IllegalActionError, other: QtttError };

// Called by the Rust side to throw the right class.
export function makeError(kind, message, reason, number, tokenIndex, token) {
  if (kind === "record") return new RecordError(message, reason, number, tokenIndex, token);
  if (kind === "type") return new TypeError(message);
  return new KINDS[kind](message, reason, number);
}
