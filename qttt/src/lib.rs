//! # qttt: quantum tic-tac-toe
//!
//! An exact, fast rules engine for Allan Goff's quantum tic-tac-toe: each
//! move puts a *spooky* mark in two squares at once; when the marks form a
//! cycle it *collapses* and every mark in it becomes *classical*; only
//! classical marks make lines. The normative rules are in `docs/RULES.md` of the
//! project; every rule is implemented here and nowhere else.
//!
//! A [`Game`] is a small immutable [`Copy`] value. Playing, listing legal
//! actions and checking the outcome never allocate.
//!
//! ## List the legal actions
//!
//! ```
//! use qttt::Game;
//! let game = Game::new();
//! let actions = game.legal_actions(); // on the stack, ascending ids
//! assert_eq!(actions.len(), 36); // every pair of the nine squares
//! assert_eq!(actions[0].to_string(), "12");
//! ```
//!
//! ## Play, including a collapse
//!
//! ```
//! use qttt::{Action, Game, Phase, Square};
//! let game = Game::new();
//! let next = game.apply("15".parse::<Action>()?)?; // X1 in squares 1 and 5
//! let next = next.apply("15".parse()?)?; // O2 in the same squares: a cycle
//! assert_eq!(next.phase(), Phase::Collapse); // X chooses where O2 lands
//! let next = next.apply("@1".parse()?)?;
//! assert_eq!(next.classical(Square::S1).unwrap().to_string(), "O2");
//! assert_eq!(next.classical(Square::S5).unwrap().to_string(), "X1");
//! assert_eq!(game, Game::new()); // the original is untouched
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Detect the end
//!
//! ```
//! use qttt::{Game, Player};
//! let game = Game::from_record("58 47 67 59 48 68 @8")?;
//! let outcome = game.outcome().expect("the game is over");
//! // Both players got a line in the same collapse; X's was completed first.
//! assert_eq!(outcome.winner(), Some(Player::X));
//! assert_eq!(outcome.lines().count(), 2);
//! assert!(game.legal_actions().is_empty());
//! # Ok::<(), qttt::RecordError>(())
//! ```
//!
//! ## Play the computer, and ask for the best move
//!
//! (Feature `std`.) A [`PerfectOpponent`](analysis::PerfectOpponent) plays
//! perfectly, choosing among equally good actions with its seed; a
//! [`Solver`](analysis::Solver) gives the best action for whoever acts, and
//! every legal action with its value, best first (a hint list).
//!
//! ```
//! # #[cfg(feature = "std")] {
//! use qttt::analysis::{Opponent, PerfectOpponent, Scoring, Solver};
//! use qttt::random::SplitMix64;
//! use qttt::Game;
//!
//! let mut computer = PerfectOpponent::new(7);
//! let game = Game::new().apply("19".parse().unwrap()).unwrap(); // you, X: squares 1 and 9
//! let reply = computer.choose(&game).expect("O has actions");
//! let game = game.apply(reply).unwrap(); // the computer, O
//!
//! let mut solver = Solver::new(Scoring::SingleResult);
//! let hints = solver.action_values(&game); // every legal action, best first
//! assert_eq!(hints[0].value_half_points, 2); // X still wins with perfect play
//! let best = solver.best_action(&game, &mut SplitMix64::new(1)).unwrap();
//! let value = |action| hints.iter().find(|h| h.action == action).unwrap().value_half_points;
//! assert_eq!(value(best), 2); // one of the winning actions
//! let game = game.apply(best).unwrap();
//! assert_eq!(game.move_number(), 4);
//! # }
//! ```
//!
//! ## Features
//!
//! - `std` (default): links the standard library and adds [`analysis`]
//!   (solver, computer opponents, random-play statistics). Without it the
//!   crate is `#![no_std]` and needs no allocator; the whole rules API stays.
//! - `serde`: [`Move`], [`CollapseChoice`] and [`Action`] serialise as
//!   their tokens, [`Game`] as its record (deserialising replays it, so an
//!   illegal record is an error), and `View` is the normative JSON view.
//!
//! ## Encodings that are part of the API
//!
//! Action ids (0–35 spooky moves in token order, 36–44 classical moves,
//! 45–53 collapse choices), tokens and records, the JSON view, the
//! [`Reason`] vocabulary (numbers, codes), the names and indices of
//! [`Symmetry`] and [`analysis::Scoring`], the byte form
//! ([`Game::to_bytes`]) and the [`random::SplitMix64`] sequence are stable:
//! changing any of them is a breaking change.

#![cfg_attr(not(feature = "std"), no_std)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![warn(clippy::must_use_candidate)]

mod action;
#[cfg(feature = "std")]
pub mod analysis;
mod board;
pub mod encoding;
mod ensemble;
mod game;
#[cfg(feature = "std")]
pub mod gamefile;
mod list;
mod outcome;
mod perft;
mod play_error;
pub mod random;
mod reason;
mod record;
#[cfg(feature = "serde")]
mod serde;
mod square;
mod square_set;
pub mod symmetry;

pub use action::{ACTION_COUNT, Action, CollapseChoice, Move, MoveKind, ParseActionError};
pub use board::TextBoard;
pub use ensemble::{ClassicalBoard, Ensemble, MAX_ENSEMBLE};
pub use game::{CollapseStep, CollapseSteps, GAME_BYTES, Game, Phase, Placement};
pub use list::{ActionList, ActionListIter, MAX_LEGAL_ACTIONS};
pub use outcome::{Ending, Line, Outcome};
pub use perft::perft;
pub use play_error::PlayError;
pub use reason::{InvalidActionId, InvalidMark, InvalidSymmetry, Reason, UnknownName};
pub use record::{MAX_PLIES, Record, RecordError, RecordErrorKind, TokenText};
#[cfg(feature = "serde")]
pub use serde::View;
pub use square::{InvalidSquare, Mark, MarkSet, MarkSetIter, Player, Square};
pub use symmetry::{PositionKey, Symmetry};

/// The crate README's Rust example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
