//! Events for quantum tic-tac-toe: who plays whom, and how they stand.
//!
//! Pure logic, no I/O, so that a server, the command line's referee or a
//! test can drive it alike:
//!
//! - [`round_robin`], every pair once, by Berger's tables (the circle method);
//! - [`Swiss`], a Swiss tournament of any number of rounds, after the basic
//!   rules of the FIDE Dutch system (C.04.3), simplified as its page says;
//! - [`Arena`], a player who finishes is paired again at once, as in
//!   lichess's arenas;
//! - [`standings`], points and the tie-breaks Buchholz and Sonneborn-Berger;
//! - [`Accuracy`], the mean value lost per action, exact, from the core's [`Review`](qttt::analysis::Review);
//! - [`Ratings`], Glicko-2.
//!
//! Players are numbered: [`PlayerId`] `n` is the `n`-th player entered
//! (its *pairing number*, from 0), which breaks every tie.
//!
//! ```
//! use qttt_events::{round_robin, PlayerId};
//! let rounds = round_robin(4);
//! assert_eq!(rounds.len(), 3);
//! assert_eq!(rounds[0].pairings[0].x, PlayerId(0));
//! assert_eq!(rounds[0].pairings[0].o, PlayerId(3));
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod accuracy;
mod arena;
mod ratings;
mod round_robin;
mod standings;
mod swiss;

pub use accuracy::Accuracy;
pub use arena::{Arena, ArenaError};
pub use ratings::{Rating, Ratings};
pub use round_robin::round_robin;
pub use standings::{Standing, standings};
pub use swiss::{Swiss, SwissError};

/// A player of an event: its pairing number, from 0 in the order entered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PlayerId(pub usize);

/// A side of the board: X moves first (chess's White), O second.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// X, who moves first.
    X,
    /// O, who moves second.
    O,
}

impl Colour {
    /// The other side.
    #[must_use]
    pub const fn other(self) -> Colour {
        match self {
            Colour::X => Colour::O,
            Colour::O => Colour::X,
        }
    }
}

/// One game to play: who has X and who has O.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pairing {
    /// The player with X.
    pub x: PlayerId,
    /// The player with O.
    pub o: PlayerId,
}

impl Pairing {
    /// Whether `player` plays in this game.
    #[must_use]
    pub fn has(&self, player: PlayerId) -> bool {
        self.x == player || self.o == player
    }

    /// The opponent of `player`, when it plays in this game.
    #[must_use]
    pub fn opponent(&self, player: PlayerId) -> Option<PlayerId> {
        if self.x == player {
            Some(self.o)
        } else if self.o == player {
            Some(self.x)
        } else {
            None
        }
    }
}

/// One round: its games and the player who sits out with a bye, if any.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    /// The games, the most important first (board 1 first).
    pub pairings: Vec<Pairing>,
    /// The player given the bye (a win without a game), when the number of
    /// players is odd.
    pub bye: Option<PlayerId>,
}

/// How a game ended, for the event: a win for X, for O, or a draw.
///
/// (A game scored with Goff's half points, `1-1/2`, counts as a win for
/// the side with the point.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// X won.
    XWins,
    /// O won.
    OWins,
    /// A draw.
    Draw,
}

impl Outcome {
    /// The points of `colour`'s player, in half points: 2 for a win, 1 for
    /// a draw, 0 for a loss.
    #[must_use]
    pub const fn half_points(self, colour: Colour) -> u32 {
        match (self, colour) {
            (Outcome::Draw, _) => 1,
            (Outcome::XWins, Colour::X) | (Outcome::OWins, Colour::O) => 2,
            _ => 0,
        }
    }
}

/// A game played: its pairing and how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    /// Who played which side.
    pub pairing: Pairing,
    /// How it ended.
    pub outcome: Outcome,
}

impl GameResult {
    /// The points `player` scored in this game, in half points (0 when it
    /// did not play in it).
    #[must_use]
    pub fn half_points_of(&self, player: PlayerId) -> u32 {
        if self.pairing.x == player {
            self.outcome.half_points(Colour::X)
        } else if self.pairing.o == player {
            self.outcome.half_points(Colour::O)
        } else {
            0
        }
    }
}
