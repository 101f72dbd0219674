//! Turning Python arguments into engine values, and engine errors into
//! Python exceptions.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};

use crate::values::{Action, CollapseChoice, Move};
use crate::{IllegalActionError, NotationError};

/// An `IllegalActionError` with its stable reason code.
pub fn illegal(reason: &str, message: String) -> PyErr {
    Python::attach(|py| {
        let error = IllegalActionError::new_err(message);
        // Setting an attribute on a fresh exception instance cannot fail.
        let _ = error.value(py).setattr("reason", reason);
        error
    })
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

/// An `IllegalActionError` for an action the game refused.
pub fn play_error(error: qttt::PlayError) -> PyErr {
    illegal(error.code(), error.to_string())
}

/// Parses one token; a bad one is an `IllegalActionError`.
pub fn parse_token(token: &str) -> PyResult<qttt::Action> {
    token
        .parse()
        .map_err(|e: qttt::ParseActionError| illegal(e.code(), format!("`{token}`: {e}")))
}

/// A small non-negative int (not a bool), or a TypeError naming `what`.
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

/// A square number 1-9.
pub fn square(value: &Bound<'_, PyAny>) -> PyResult<qttt::Square> {
    let n = small_int(value, "a square")?;
    qttt::Square::new(n).ok_or_else(|| {
        pyo3::exceptions::PyValueError::new_err(format!(
            "{} is not a square (squares are numbered 1 to 9)",
            value
        ))
    })
}

pub fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "?".to_owned(), |n| n.to_string())
}

/// An action from an Action, Move or CollapseChoice, a token or an id.
pub fn action(value: &Bound<'_, PyAny>, context: &str) -> PyResult<qttt::Action> {
    if value.is_instance_of::<PyInt>() && !value.is_instance_of::<PyBool>() {
        let id = value
            .extract::<i64>()
            .ok()
            .and_then(|n| u8::try_from(n).ok());
        return id.and_then(qttt::Action::from_id).ok_or_else(|| {
            illegal(
                "invalid_action_id",
                format!("{value} is not an action id (ids are 0 to 53)"),
            )
        });
    }
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
    Err(PyTypeError::new_err(format!(
        "{context} takes an Action, Move or CollapseChoice, a token str such as '15' or '@5', or an action id int, not {}",
        type_name(value)
    )))
}
