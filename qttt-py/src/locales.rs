//! The texts of the drawing in every language: the locale files of
//! `qttt-locales` (the playground's own), as `_message` for `qttt.svg`.

use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::QtttError;

/// Message `id` of language `lang` with the variables of `args` (text or
/// int values); an unknown language or id, or a missing variable, raises
/// QtttError.
#[pyfunction]
pub fn _message(lang: &str, id: &str, args: &Bound<'_, PyDict>) -> PyResult<String> {
    let mut texts = Vec::new();
    let mut numbers = Vec::new();
    for (name, value) in args.iter() {
        let name: String = name.extract()?;
        if let Ok(number) = value.extract::<i64>() {
            numbers.push((name, number));
        } else {
            texts.push((name, value.str()?.to_string()));
        }
    }
    let values: Vec<(&str, qttt_locales::Arg<'_>)> = texts
        .iter()
        .map(|(name, text)| (name.as_str(), qttt_locales::Arg::Text(text)))
        .chain(
            numbers
                .iter()
                .map(|(name, n)| (name.as_str(), qttt_locales::Arg::Number(*n))),
        )
        .collect();
    qttt_locales::message(lang, id, &values).map_err(|e| QtttError::new_err(e.to_string()))
}
