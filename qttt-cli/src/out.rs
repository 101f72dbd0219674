//! Standard output for every command: `write!` and `writeln!` on [`Out`]
//! give the commands' `Result<(), String>`, so that a write that fails (a
//! pipe whose reader has gone, as in `qttt positions | head -1`, or a full
//! disk) ends the command with `standard output: why` and status 1 instead
//! of a panic.

use std::fmt;
use std::io::{self, Write};

/// Standard output, locked (and line-buffered, as Rust's standard output is).
pub struct Out(io::StdoutLock<'static>);

impl Out {
    /// Standard output for one command.
    pub fn lock() -> Out {
        Out(io::stdout().lock())
    }

    /// What `write!` and `writeln!` call: the text written, or the error.
    pub fn write_fmt(&mut self, text: fmt::Arguments<'_>) -> Result<(), String> {
        self.0.write_fmt(text).map_err(failed)
    }

    /// Writes what is buffered (a prompt without a newline).
    pub fn flush(&mut self) -> Result<(), String> {
        self.0.flush().map_err(failed)
    }
}

/// A failed write as the commands' error.
fn failed(error: io::Error) -> String {
    format!("standard output: {error}")
}
