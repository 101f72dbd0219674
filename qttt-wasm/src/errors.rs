//! JavaScript errors (the classes of `js/errors.js`) from the engine's
//! refusals, and JavaScript arguments turned into engine values.

use qttt::{Action, Reason};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/js/errors.js")]
extern "C" {
    #[wasm_bindgen(js_name = makeError)]
    pub(crate) fn make_error(
        kind: &str,
        message: &str,
        reason: &str,
        number: u8,
        token_index: Option<u32>,
        token: Option<String>,
    ) -> JsValue;
}

/// An `InvalidActionError` or `IllegalActionError` (by the core's
/// [`Reason::is_syntax`]) carrying the reason's code and number.
pub fn refused(reason: Reason, message: &str) -> JsValue {
    let kind = if reason.is_syntax() {
        "invalid"
    } else {
        "illegal"
    };
    make_error(kind, message, reason.code(), reason.number(), None, None)
}

/// A `RecordError` for a record that does not parse or play.
pub fn record(record: &str, error: &qttt::RecordError) -> JsValue {
    let token = &record[error.byte_range()];
    let reason = error.kind().reason();
    let index = u32::try_from(error.token_index()).unwrap_or(u32::MAX);
    make_error(
        "record",
        &error.to_string(),
        reason.code(),
        reason.number(),
        Some(index),
        Some(token.to_owned()),
    )
}

/// A `QtttError` for a value out of its range (a square, a symmetry, a name).
pub fn invalid_argument(message: &str) -> JsValue {
    make_error("other", message, "invalid_argument", 0, None, None)
}

/// A `TypeError`: an argument of the wrong type.
pub fn wrong_type(message: &str) -> JsValue {
    make_error("type", message, "", 0, None, None)
}

/// The action, move or collapse choice a token string names (the core
/// parses it, refusing the wrong kind of action); anything but a string is
/// a TypeError, a number naming both readings.
pub fn token<T>(value: &JsValue, method: &str) -> Result<T, JsValue>
where
    T: core::str::FromStr<Err = qttt::ParseActionError>,
{
    let Some(token) = value.as_string() else {
        return Err(not_a_token(value, method, false));
    };
    token
        .parse::<T>()
        .map_err(|e| refused(e.reason(), &format!("`{token}`: {e}")))
}

/// The action a token string names, or (when `ids`: `apply`, `isLegal`) the
/// action with an integer id.
pub fn action(value: &JsValue, method: &str, ids: bool) -> Result<Action, JsValue> {
    match value.as_f64() {
        Some(number) if ids => action_from_id(number),
        _ if value.as_string().is_none() => Err(not_a_token(value, method, ids)),
        _ => token(value, method),
    }
}

/// The TypeError for an argument that is not a token string.
fn not_a_token(value: &JsValue, method: &str, ids: bool) -> JsValue {
    match value.as_f64() {
        Some(number) if !ids => wrong_type(&format!(
            "{method}() takes a token string, not a number: write {method}(\"{number}\") for the token, \
             or apply({number}) for the action with id {number}"
        )),
        _ => wrong_type(&format!(
            "{method}() takes a token string such as \"15\" or \"@5\"{}",
            if ids { " or an action id (0-53)" } else { "" }
        )),
    }
}

/// The action with this id (an integer 0-53), else an `InvalidActionError`.
pub fn action_from_id(number: f64) -> Result<Action, JsValue> {
    let id = (number.fract() == 0.0 && (0.0..=255.0).contains(&number)).then_some(number as u8);
    id.and_then(Action::from_id).ok_or_else(|| {
        refused(
            Reason::InvalidActionId,
            &format!("{number} is not an action id (ids are 0 to 53)"),
        )
    })
}

/// A square 1-9 (an integer), else a `QtttError`.
pub fn square(number: f64) -> Result<qttt::Square, JsValue> {
    let n = (number.fract() == 0.0 && (1.0..=9.0).contains(&number)).then_some(number as u8);
    n.and_then(|n| qttt::Square::try_from(n).ok())
        .ok_or_else(|| {
            invalid_argument(&format!(
                "{number} is not a square (squares are numbered 1 to 9)"
            ))
        })
}
