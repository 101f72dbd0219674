//! [`Scoring`]: how finished games are scored.

use crate::square_set::SquareSet;
use crate::{Game, Outcome, Player};

/// How finished games are scored.
///
/// Each scoring has a stable [`name`](Scoring::name) (`single`, `goff`,
/// `complete`: the command-line program's `--scoring`, Python's `scoring=`)
/// and [`index`](Scoring::index) (C's `QTTT_SCORING_*`), parsed by
/// [`FromStr`](core::str::FromStr) and written by [`Display`](core::fmt::Display).
///
/// ```
/// use qttt::analysis::Scoring;
/// assert_eq!("goff".parse::<Scoring>(), Ok(Scoring::GoffPoints));
/// assert_eq!(Scoring::CompleteWin.to_string(), "complete");
/// assert_eq!(Scoring::from_index(0), Some(Scoring::SingleResult));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Scoring {
    /// RULES.md: a win, a draw or a loss (with lines for both players, the
    /// earlier line wins).
    #[default]
    SingleResult,
    /// Goff's published points: a single winner 1 : 0; lines for both
    /// players, the earlier line 1 and the other 1/2; a draw 0 : 0. The value
    /// is X's points minus O's.
    GoffPoints,
    /// The literature's "complete win": lines for both players at once
    /// count as a draw.
    CompleteWin,
}

impl Scoring {
    /// Every scoring, in index order.
    pub const ALL: [Scoring; 3] = [
        Scoring::SingleResult,
        Scoring::GoffPoints,
        Scoring::CompleteWin,
    ];

    /// The stable index: 0 `SingleResult`, 1 `GoffPoints`, 2 `CompleteWin`.
    #[must_use]
    pub const fn index(self) -> u8 {
        match self {
            Scoring::SingleResult => 0,
            Scoring::GoffPoints => 1,
            Scoring::CompleteWin => 2,
        }
    }

    /// The scoring with this [`index`](Scoring::index), or `None`.
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Scoring> {
        if (index as usize) < Scoring::ALL.len() {
            Some(Scoring::ALL[index as usize])
        } else {
            None
        }
    }

    /// The stable name: `single`, `goff` or `complete`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Scoring::SingleResult => "single",
            Scoring::GoffPoints => "goff",
            Scoring::CompleteWin => "complete",
        }
    }

    /// X's result of a finished game under this scoring, in half points
    /// (as [`Solution::value_half_points`](super::Solution::value_half_points)); `None` while the game goes on.
    ///
    /// ```
    /// use qttt::{Game, analysis::Scoring};
    /// // X's line 4-5-6 (highest mark 5) beats O's 7-8-9 (highest 6).
    /// let game = Game::from_record("58 47 67 59 48 68 @8")?;
    /// assert_eq!(Scoring::SingleResult.result(&game), Some(2));
    /// assert_eq!(Scoring::GoffPoints.result(&game), Some(1)); // a point against half a point
    /// assert_eq!(Scoring::CompleteWin.result(&game), Some(0));
    /// assert_eq!(Scoring::SingleResult.result(&Game::new()), None);
    /// # Ok::<(), qttt::RecordError>(())
    /// ```
    #[must_use]
    pub fn result(self, game: &Game) -> Option<i32> {
        game.is_over().then(|| {
            self.half_points(game.x_squares(), game.o_squares(), || {
                *game.classical_numbers()
            })
        })
    }

    /// X's result in half points (X's points minus O's, times two) on a
    /// finished board: the masks of X's and O's squares, and each square's
    /// classical move number (0 for none), asked for only when both players
    /// have lines.
    #[inline]
    pub(super) fn half_points(
        self,
        x_squares: SquareSet,
        o_squares: SquareSet,
        classical: impl FnOnce() -> [u8; 9],
    ) -> i32 {
        // Most games end with lines for at most one player: no need to
        // compare lines then.
        self.without_numbers(x_squares, o_squares)
            .unwrap_or_else(|| {
                let sign = match Outcome::of_board(&classical(), x_squares, o_squares).winner() {
                    Some(Player::X) => 1,
                    _ => -1,
                };
                match self {
                    Scoring::GoffPoints => sign,
                    _ => 2 * sign,
                }
            })
    }

    /// [`half_points`](Scoring::half_points) when the masks alone decide
    /// it; `None` when both players have lines and the mark numbers tell
    /// which line came first (under `CompleteWin` they do not matter).
    #[inline]
    pub(super) fn without_numbers(self, x_squares: SquareSet, o_squares: SquareSet) -> Option<i32> {
        match (x_squares.has_line(), o_squares.has_line()) {
            (false, false) => Some(0),
            (true, false) => Some(2),
            (false, true) => Some(-2),
            (true, true) => (self == Scoring::CompleteWin).then_some(0),
        }
    }
}

crate::reason::display_and_parse_by_name!(Scoring, name, "scoring", "single, goff or complete");

/// A value in points (X's points minus O's, as the bindings give values:
/// 1.0 X wins, 0.5 half a point ahead under [`Scoring::GoffPoints`]) from
/// the engine's half points ([`Solution::value_half_points`](super::Solution::value_half_points),
/// [`Scoring::result`], a review's values). The one conversion every
/// binding takes.
///
/// ```
/// use qttt::analysis::{half_points, points};
/// assert_eq!((points(2), points(1), points(-2)), (1.0, 0.5, -1.0));
/// assert_eq!(half_points(-0.5), Some(-1));
/// assert_eq!(half_points(0.25), None); // not a whole number of half points
/// ```
#[must_use]
pub fn points(half_points: i32) -> f64 {
    f64::from(half_points) / 2.0
}

/// The half points of a value in points ([`points`] turned back), or
/// `None` when it is not a whole number of half points (or beyond `i32`).
#[must_use]
pub fn half_points(points: f64) -> Option<i32> {
    let doubled = points * 2.0;
    // In range, a whole number survives the round trip through i32; NaN
    // and the infinities fail the range test.
    (f64::from(i32::MIN)..=f64::from(i32::MAX))
        .contains(&doubled)
        .then_some(doubled as i32)
        .filter(|&half| f64::from(half) == doubled)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_and_half_points_turn_into_each_other() {
        for half in -2..=2 {
            assert_eq!(half_points(points(half)), Some(half));
        }
        assert_eq!(points(1), 0.5);
        assert_eq!(half_points(-0.0), Some(0));
        assert_eq!(half_points(1.5), Some(3)); // a whole number of half points, whatever its range
        for refused in [0.1, -0.75, f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 1e10] {
            assert_eq!(half_points(refused), None, "{refused}");
        }
    }
}
