//! # qttt-ffi: the C library of the qttt engine
//!
//! Every symbol is prefixed `qttt_`; the header `include/qttt.h` is
//! generated from this crate by cbindgen. The conventions, which every
//! function keeps:
//!
//! - a `qttt_game` is a plain value of fixed size: declare it anywhere,
//!   copy it with `=`, nothing to free; functions read games through
//!   `const qttt_game *` and write results through an out-pointer, which may
//!   point to the input (in place);
//! - every fallible function returns a `qttt_status` with fixed values, and
//!   writes its outputs only when it returns `QTTT_STATUS_OK` (the one
//!   exception: the "needed size" of a text output is also written when the
//!   buffer is too small, which is its purpose);
//! - NULL pointers, out-of-range ids, squares and symmetries, small
//!   buffers, non-UTF-8 text and text without a NUL are statuses, never
//!   undefined behaviour;
//! - every function body runs inside a panic boundary, so no panic unwinds
//!   into C;
//! - nothing allocates: games live in caller memory, text outputs are
//!   formatted straight into the caller's buffer (the test command counts
//!   heap allocations of a game loop with Valgrind).
//!
//! `unsafe` is confined to `memory.rs`, each block with its `SAFETY:` reason.

#![warn(missing_docs)]

mod analysis;
mod game;
// cbindgen writes the header in this order: the game's neighbours after it.
mod symmetry;

mod action;

mod perft;

mod gamefile;
mod memory;
mod status;
mod tablebase;

pub use action::*;
pub use analysis::*;
pub use game::*;
pub use gamefile::*;
pub use perft::*;
use status::static_text;
pub use status::*;
pub use symmetry::*;
pub use tablebase::*;

use std::ffi::c_char;

/// Major version of this library (semver).
pub const QTTT_VERSION_MAJOR: u32 = 0;
/// Minor version of this library.
pub const QTTT_VERSION_MINOR: u32 = 1;
/// Patch version of this library.
pub const QTTT_VERSION_PATCH: u32 = 0;

/// The library's version, such as "0.1.0": compare it with the
/// QTTT_VERSION_* macros of the header you compiled against. Never NULL.
#[unsafe(no_mangle)]
pub extern "C" fn qttt_version() -> *const c_char {
    static_text(|| concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_constants_match_the_crate() {
        assert_eq!(
            QTTT_VERSION_MAJOR.to_string(),
            env!("CARGO_PKG_VERSION_MAJOR")
        );
        assert_eq!(
            QTTT_VERSION_MINOR.to_string(),
            env!("CARGO_PKG_VERSION_MINOR")
        );
        assert_eq!(
            QTTT_VERSION_PATCH.to_string(),
            env!("CARGO_PKG_VERSION_PATCH")
        );
        // SAFETY: a static NUL-terminated string.
        let version = unsafe { std::ffi::CStr::from_ptr(qttt_version()) };
        assert_eq!(version.to_str(), Ok(env!("CARGO_PKG_VERSION")));
    }
}
