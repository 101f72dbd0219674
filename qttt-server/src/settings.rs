//! What a table is set up with: who sits in each seat and the clock.

use std::time::Duration;

use qttt::Player;
use qttt::analysis::OpponentKind;
use serde::{Deserialize, Serialize};

/// Who plays a seat: a person, or one of the core's computer opponents
/// ([`OpponentKind`], by its stable name).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// A person, who takes the seat through the table's link.
    Person,
    /// A computer opponent of [`qttt::analysis`].
    Computer(OpponentKind),
}

impl SeatKind {
    /// The stable name: `"person"`, or the opponent's (`"random"`,
    /// `"mcts"`, `"perfect"`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            SeatKind::Person => "person",
            SeatKind::Computer(kind) => kind.name(),
        }
    }

    /// The kind of this name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<SeatKind> {
        if name == "person" {
            return Some(SeatKind::Person);
        }
        name.parse().ok().map(SeatKind::Computer)
    }

    /// Whether the computer plays this seat.
    #[must_use]
    pub const fn is_computer(self) -> bool {
        matches!(self, SeatKind::Computer(_))
    }
}

impl Serialize for SeatKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for SeatKind {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<SeatKind, D::Error> {
        let name = String::deserialize(deserializer)?;
        SeatKind::from_name(&name).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "unknown seat {name:?}: expected person, random, mcts or perfect"
            ))
        })
    }
}

/// The longest time a clock setting may give (one day).
pub const MAX_CLOCK_SECONDS: u32 = 86_400;

/// A table's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClockSetting {
    /// No clock: the game waits as long as it takes.
    None,
    /// Each action must come within `seconds` of the previous one.
    PerMove {
        /// Seconds per action (1 to a day).
        seconds: u32,
    },
    /// Fischer: `base_seconds` for the whole game, plus
    /// `increment_seconds` after each of the player's actions.
    Fischer {
        /// Seconds at the start (1 to a day).
        base_seconds: u32,
        /// Seconds added after each action (0 to a day).
        increment_seconds: u32,
    },
}

impl ClockSetting {
    /// Whether the setting's numbers are in range.
    #[must_use]
    pub fn is_valid(self) -> bool {
        let range = 1..=MAX_CLOCK_SECONDS;
        match self {
            ClockSetting::None => true,
            ClockSetting::PerMove { seconds } => range.contains(&seconds),
            ClockSetting::Fischer {
                base_seconds,
                increment_seconds,
            } => range.contains(&base_seconds) && increment_seconds <= MAX_CLOCK_SECONDS,
        }
    }

    /// Each player's time at the start of a game, or `None` without a clock.
    #[must_use]
    pub fn initial(self) -> Option<Duration> {
        match self {
            ClockSetting::None => None,
            ClockSetting::PerMove { seconds } => Some(Duration::from_secs(seconds.into())),
            ClockSetting::Fischer { base_seconds, .. } => {
                Some(Duration::from_secs(base_seconds.into()))
            }
        }
    }

    /// A player's time after an action that left them `left`.
    #[must_use]
    pub fn after_action(self, left: Duration) -> Duration {
        match self {
            ClockSetting::None => left,
            ClockSetting::PerMove { seconds } => Duration::from_secs(seconds.into()),
            ClockSetting::Fischer {
                increment_seconds, ..
            } => left + Duration::from_secs(increment_seconds.into()),
        }
    }
}

/// How a table is set up: who plays X and O in its first game (a rematch
/// swaps the sides), the clock, and the class it belongs to, if any.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableSettings {
    /// Who plays X in the first game.
    #[serde(default = "person")]
    pub x: SeatKind,
    /// Who plays O in the first game.
    #[serde(default = "person")]
    pub o: SeatKind,
    /// The clock.
    #[serde(default = "no_clock")]
    pub clock: ClockSetting,
    /// The class code the table is listed under.
    #[serde(default)]
    pub class: Option<String>,
}

fn person() -> SeatKind {
    SeatKind::Person
}

fn no_clock() -> ClockSetting {
    ClockSetting::None
}

/// A table has two seats, `0` and `1`; seat 0 plays X in the odd games
/// (the first, the third, ...) and O in the even ones, so each rematch
/// swaps the sides.
#[must_use]
pub fn player_of_seat(seat: usize, game_no: u32) -> Player {
    if (seat == 0) == (game_no % 2 == 1) {
        Player::X
    } else {
        Player::O
    }
}

/// The seat that plays `player` in game `game_no`.
#[must_use]
pub fn seat_of_player(player: Player, game_no: u32) -> usize {
    usize::from(player_of_seat(0, game_no) != player)
}

/// One of a table's two seats. Seat [`First`](Seat::First) plays X in
/// the odd games (the first, the third, ...) and O in the even ones, so
/// each rematch swaps the sides; the store numbers them 0 and 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Seat {
    /// Seat 0: X in the first game.
    First,
    /// Seat 1: O in the first game.
    Second,
}

impl Seat {
    /// Both seats, the first first.
    pub(crate) const BOTH: [Seat; 2] = [Seat::First, Seat::Second];

    /// The seat's number in the store, and the index of per-seat arrays.
    pub(crate) const fn index(self) -> usize {
        match self {
            Seat::First => 0,
            Seat::Second => 1,
        }
    }

    /// The seat numbered `index` in the store, if it is 0 or 1.
    pub(crate) const fn from_index(index: usize) -> Option<Seat> {
        match index {
            0 => Some(Seat::First),
            1 => Some(Seat::Second),
            _ => None,
        }
    }

    /// The other seat.
    pub(crate) const fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }

    /// The side this seat plays in game `game_no`.
    pub(crate) fn player(self, game_no: u32) -> Player {
        player_of_seat(self.index(), game_no)
    }

    /// The seat that plays `player` in game `game_no`.
    pub(crate) fn of_player(player: Player, game_no: u32) -> Seat {
        if Seat::First.player(game_no) == player {
            Seat::First
        } else {
            Seat::Second
        }
    }
}

/// Per-seat arrays (the store's token hashes and names, the counts of
/// connections) indexed by seat.
impl<T> std::ops::Index<Seat> for [T; 2] {
    type Output = T;

    fn index(&self, seat: Seat) -> &T {
        &self[seat.index()]
    }
}

impl<T> std::ops::IndexMut<Seat> for [T; 2] {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self[seat.index()]
    }
}

/// `0` for X, `1` for O: the index of per-player arrays.
#[must_use]
pub const fn index(player: Player) -> usize {
    match player {
        Player::X => 0,
        Player::O => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_swap_sides_each_game() {
        assert_eq!(player_of_seat(0, 1), Player::X);
        assert_eq!(player_of_seat(1, 1), Player::O);
        assert_eq!(player_of_seat(0, 2), Player::O);
        assert_eq!(player_of_seat(0, 3), Player::X);
        for game in 1..5 {
            for player in [Player::X, Player::O] {
                assert_eq!(player_of_seat(seat_of_player(player, game), game), player);
                let seat = Seat::of_player(player, game);
                assert_eq!(seat.player(game), player);
                assert_eq!(seat.other().player(game), player.other());
                assert_eq!(Seat::from_index(seat_of_player(player, game)), Some(seat));
            }
        }
    }

    #[test]
    fn clocks_give_and_add_time() {
        let fischer = ClockSetting::Fischer {
            base_seconds: 60,
            increment_seconds: 2,
        };
        assert_eq!(fischer.initial(), Some(Duration::from_secs(60)));
        assert_eq!(
            fischer.after_action(Duration::from_secs(10)),
            Duration::from_secs(12)
        );
        let per_move = ClockSetting::PerMove { seconds: 30 };
        assert_eq!(
            per_move.after_action(Duration::from_secs(1)),
            Duration::from_secs(30)
        );
        assert!(!ClockSetting::PerMove { seconds: 0 }.is_valid());
        assert_eq!(ClockSetting::None.initial(), None);
    }
}
