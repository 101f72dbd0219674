//! `qttt view`: the normative JSON view of each record read from standard input.

use std::io::{self, BufRead};

use qttt::Game;

use crate::out::Out;

/// One JSON line per record read from standard input.
pub fn view() -> Result<(), String> {
    let mut out = Out::lock();
    for line in io::stdin().lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let json = match Game::from_record(&line) {
            Ok(game) => serde_json::to_string(&game.view()),
            Err(e) => error_json(&line[e.byte_range()], &e),
        };
        writeln!(out, "{}", json.map_err(|e| e.to_string())?)?;
    }
    Ok(())
}

/// `{"error":{"token_index":N,"token":"…","code":"…","message":"…"}}`,
/// keys in that order; `code` is the core's reason code, as in every binding.
fn error_json(token: &str, error: &qttt::RecordError) -> serde_json::Result<String> {
    Ok(format!(
        r#"{{"error":{{"token_index":{},"token":{},"code":{},"message":{}}}}}"#,
        error.token_index(),
        serde_json::to_string(token)?,
        serde_json::to_string(error.kind().code())?,
        serde_json::to_string(&error.kind().to_string())?,
    ))
}
