//! Fixed-size numeric encodings of a position, for learning agents and
//! research interfaces (PettingZoo, Gymnasium, OpenSpiel): an observation
//! vector from the point of view of the player to act, and the legal
//! actions as a mask of action ids. Both write into memory the caller
//! owns and never allocate.
//!
//! The observation has [`OBSERVATION_LEN`] = 183 numbers, all 0 or 1 unless
//! said otherwise; "mine" is the player to act (once the game is over, the
//! player whose turn it would be), squares are indexed 0–8 (square 1–9),
//! pairs by the spooky move's action id 0–35 (`12` = 0 … `89` = 35):
//!
//! | indices | what |
//! |---|---|
//! | 0–8 | my classical marks, by square |
//! | 9–17 | the opponent's classical marks, by square |
//! | 18–26 | the move number of the classical mark on each square, ÷ 9 (0 for none) |
//! | 27–62 | my spooky marks on each pair of squares: how many (0, 1 or 2) |
//! | 63–98 | the opponent's spooky marks on each pair: how many |
//! | 99–134 | the move number of my newest spooky mark on each pair, ÷ 9 |
//! | 135–170 | the move number of the opponent's newest spooky mark on each pair, ÷ 9 |
//! | 171–179 | the squares of a pending collapse choice (the newest mark's two) |
//! | 180 | 1 while a collapse choice is pending |
//! | 181 | the move number (the number the next mark would carry), ÷ 10 |
//! | 182 | 1 if I am X |
//!
//! Two spooky marks of one player share a pair only while their two-mark
//! cycle waits for its collapse choice.

use crate::{Action, Game, Move, Placement, Player};

/// The length of [`observation`]'s vector.
pub const OBSERVATION_LEN: usize = 183;

const THEIR_CLASSICAL: usize = 9;
const CLASSICAL_NUMBER: usize = 18;
const MY_SPOOKY: usize = 27;
const THEIR_SPOOKY: usize = 63;
const MY_SPOOKY_NUMBER: usize = 99;
const THEIR_SPOOKY_NUMBER: usize = 135;
const OPTIONS: usize = 171;
const PENDING: usize = 180;
const MOVE_NUMBER: usize = 181;
const I_AM_X: usize = 182;

/// The player whose point of view the encodings take: the player to act,
/// or, once the game is over, the player whose turn it would be.
#[must_use]
pub fn point_of_view(game: &Game) -> Player {
    game.current_player()
        .unwrap_or_else(|| Player::of_move(game.move_number()))
}

/// Writes the observation of `game` (see the [module](self) for the
/// layout) into `out`.
///
/// ```
/// use qttt::{Game, encoding::{observation, OBSERVATION_LEN}};
/// let game = Game::from_record("15")?;          // X1 in 1 and 5; O to act
/// let mut out = [0.0; OBSERVATION_LEN];
/// observation(&game, &mut out);
/// assert_eq!(out[63 + 3], 1.0);                 // the opponent's mark on pair 15 (id 3)
/// assert_eq!(out[135 + 3], 1.0 / 9.0);          // ... with move number 1
/// assert_eq!(out[182], 0.0);                    // O's point of view
/// # Ok::<(), qttt::RecordError>(())
/// ```
pub fn observation(game: &Game, out: &mut [f32; OBSERVATION_LEN]) {
    out.fill(0.0);
    let me = point_of_view(game);
    for (mark, placement) in game.marks() {
        let mine = mark.player() == me;
        let number = f32::from(mark.number()) / 9.0;
        match placement {
            Placement::Classical(square) => {
                let i = square.index();
                out[if mine { i } else { THEIR_CLASSICAL + i }] = 1.0;
                out[CLASSICAL_NUMBER + i] = number;
            }
            Placement::Spooky(a, b) => {
                let pair = Move::spooky(a, b).map_or(0, |m| usize::from(m.id()));
                let (count, newest) = if mine {
                    (MY_SPOOKY, MY_SPOOKY_NUMBER)
                } else {
                    (THEIR_SPOOKY, THEIR_SPOOKY_NUMBER)
                };
                out[count + pair] += 1.0;
                out[newest + pair] = number; // marks come in move-number order
            }
        }
    }
    if let Some(options) = game.collapse_options() {
        for square in options {
            out[OPTIONS + square.index()] = 1.0;
        }
        out[PENDING] = 1.0;
    }
    out[MOVE_NUMBER] = f32::from(game.move_number()) / 10.0;
    out[I_AM_X] = if me == Player::X { 1.0 } else { 0.0 };
}

/// The legal actions as a mask: bit `id` is set when the action with that
/// id is legal (bits 54–63 are never set).
///
/// ```
/// use qttt::{Game, encoding::legal_mask};
/// assert_eq!(legal_mask(&Game::new()), (1 << 36) - 1);   // the 36 spooky moves
/// assert_eq!(legal_mask(&Game::from_record("12 12")?), 1 << 45 | 1 << 46);  // @1, @2
/// # Ok::<(), qttt::RecordError>(())
/// ```
#[must_use]
pub fn legal_mask(game: &Game) -> u64 {
    game.legal_actions()
        .iter()
        .fold(0, |mask, action: Action| mask | 1 << action.id())
}
