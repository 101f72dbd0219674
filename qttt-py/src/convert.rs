//! Turning Python arguments into engine values, and engine errors into
//! Python exceptions.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};

use qttt::Reason;

use crate::values::{Action, CollapseChoice, Move};
use crate::{IllegalActionError, InvalidActionError, NotationError, QtttError};

/// The exception for a refused action: `InvalidActionError` when the input
/// is not the action asked for at all (the core's `Reason::is_syntax`),
/// `IllegalActionError` when it is one but not legal here; `reason` is the
/// core's code either way.
pub fn refused(reason: Reason, message: String) -> PyErr {
    Python::attach(|py| {
        let error = if reason.is_syntax() {
            InvalidActionError::new_err(message)
        } else {
            IllegalActionError::new_err(message)
        };
        // Setting an attribute on a fresh exception instance cannot fail.
        let _ = error.value(py).setattr("reason", reason.code());
        error
    })
}

/// A `QtttError` for a value out of its range (a square, a mark, a size).
pub fn out_of_range(message: impl std::fmt::Display) -> PyErr {
    QtttError::new_err(message.to_string())
}

/// A `NotationError` for a record: the token, its index and the reason.
pub fn notation(record: &str, error: &qttt::RecordError) -> PyErr {
    Python::attach(|py| {
        let token = &record[error.byte_range()];
        let message = format!("token {} `{token}`: {}", error.token_index(), error.kind());
        let exception = NotationError::new_err(message);
        let value = exception.value(py);
        let _ = value.setattr("token", token);
        let _ = value.setattr("token_index", error.token_index());
        let _ = value.setattr("reason", error.kind().code());
        exception
    })
}

/// The exception for an action the game refused.
pub fn play_error(error: qttt::PlayError) -> PyErr {
    refused(error.reason(), error.to_string())
}

/// Parses one token; a bad one is an `InvalidActionError`.
pub fn parse_token<T>(token: &str) -> PyResult<T>
where
    T: std::str::FromStr<Err = qttt::ParseActionError>,
{
    token
        .parse()
        .map_err(|e: qttt::ParseActionError| refused(e.reason(), format!("`{token}`: {e}")))
}

/// A small non-negative int (not a bool), or a TypeError naming `what`;
/// ints out of 0-255 come back as 255, which no range accepts.
pub fn small_int(value: &Bound<'_, PyAny>, what: &str) -> PyResult<u8> {
    if value.is_instance_of::<PyBool>() || !value.is_instance_of::<PyInt>() {
        return Err(PyTypeError::new_err(format!(
            "{what} must be an int, not {}",
            type_name(value)
        )));
    }
    Ok(value
        .extract::<i64>()
        .ok()
        .and_then(|n| u8::try_from(n).ok())
        .unwrap_or(u8::MAX))
}

/// A square number 1-9; another int is a `QtttError`.
pub fn square(value: &Bound<'_, PyAny>) -> PyResult<qttt::Square> {
    let n = small_int(value, "a square")?;
    qttt::Square::try_from(n).map_err(|_| {
        out_of_range(format!(
            "{value} is not a square (squares are numbered 1 to 9)"
        ))
    })
}

pub fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "?".to_owned(), |n| n.to_string())
}

/// An action from an Action, Move or CollapseChoice, a token, or (when
/// `ids` is true: `apply`, `is_legal`, `Action()`) an action id. Where ids
/// are not taken (`play`, `collapse`) an int is a TypeError naming both
/// readings: `15` could mean the token "15" or the action with id 15 (the
/// token "34").
pub fn action(value: &Bound<'_, PyAny>, method: &str, ids: bool) -> PyResult<qttt::Action> {
    if let Ok(token) = value.cast::<PyString>() {
        return parse_token(&token.to_cow()?);
    }
    if let Ok(action) = value.cast::<Action>() {
        return Ok(action.get().0);
    }
    if let Ok(m) = value.cast::<Move>() {
        return Ok(qttt::Action::Move(m.get().0));
    }
    if let Ok(c) = value.cast::<CollapseChoice>() {
        return Ok(qttt::Action::Collapse(c.get().0));
    }
    if value.is_instance_of::<PyInt>() && !value.is_instance_of::<PyBool>() {
        if ids {
            return action_from_id(value);
        }
        return Err(PyTypeError::new_err(format!(
            "{method}() takes a token str, not an int: write {method}('{value}') for the token, \
             or apply({value}) for the action with id {value}"
        )));
    }
    Err(PyTypeError::new_err(format!(
        "{method}() takes an Action, Move or CollapseChoice, or a token str such as '15' or '@5'{}, not {}",
        if ids { ", or an action id int" } else { "" },
        type_name(value)
    )))
}

/// An action of kind `T` (`qttt::Move` for `play`, `qttt::CollapseChoice`
/// for `collapse`) from what [`action`] takes except ids: one of the other
/// kind is refused as the core's `FromStr` for `T` refuses its token.
pub fn action_of_kind<T>(value: &Bound<'_, PyAny>, method: &str) -> PyResult<T>
where
    T: std::str::FromStr<Err = qttt::ParseActionError>,
{
    let action = action(value, method, false)?;
    parse_token::<T>(&action.to_string())
}

/// The action with this id (0-53); another int is an `InvalidActionError`.
pub fn action_from_id(value: &Bound<'_, PyAny>) -> PyResult<qttt::Action> {
    let id = small_int(value, "an action id")?;
    qttt::Action::try_from(id)
        .map_err(|e| refused(e.reason(), format!("{value}: {}", e.reason().message())))
}
