//! Checks that belong to the repository rather than to a published crate:
//! the Rust examples of the repository's README run as doctests here (the
//! `qttt` crate tests its own README), and `examples/conform` is the Rust
//! side of the cross-language conformance run.

/// The repository README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct RootReadme;

/// The Rust guide's examples (docs/rust.md), compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/rust.md")]
pub struct RustGuide;
