//! serde support (feature `serde`): actions as their tokens, games as their
//! records, and the normative JSON view of docs/API.md.
//!
//! Deserialising a [`Game`] replays its record, so malformed or illegal
//! input is an error and no invalid game can be built.

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use serde::de::{Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, SerializeMap, SerializeSeq, SerializeStruct, Serializer};

use crate::{Action, ActionList, CollapseChoice, Game, Line, Move, Outcome, Placement};

/// Serialises any `Display` value as its text.
struct AsStr<T>(T);

impl<T: fmt::Display> Serialize for AsStr<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

/// Deserialises any `FromStr` value from its text.
struct FromStrVisitor<T>(PhantomData<T>, &'static str);

impl<T> Visitor<'_> for FromStrVisitor<T>
where
    T: FromStr,
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.1)
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<T, E> {
        text.parse().map_err(E::custom)
    }
}

macro_rules! serde_as_text {
    ($($type:ty => $expecting:literal),* $(,)?) => {$(
        impl Serialize for $type {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $type {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                deserializer.deserialize_str(FromStrVisitor(PhantomData, $expecting))
            }
        }
    )*};
}

/// Game files and reviews (they need `std`).
#[cfg(feature = "std")]
mod files;

serde_as_text! {
    Move => "a move token such as `15` or `7`",
    CollapseChoice => "a collapse token such as `@5`",
    Action => "an action token such as `15`, `7` or `@5`",
}

impl Serialize for Game {
    /// The game's record string.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.record())
    }
}

impl<'de> Deserialize<'de> for Game {
    /// Replays a record string; an illegal or malformed record is an error.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Game, D::Error> {
        deserializer.deserialize_str(FromStrVisitor(
            PhantomData,
            "a game record such as `58 47 67`",
        ))
    }
}

/// The normative JSON view of a game (docs/API.md): serialised with
/// `serde_json::to_string`, it is exactly the string every binding and
/// test vector shares.
///
/// ```
/// let game = qttt::Game::from_record("12 12")?;
/// let json = serde_json::to_string(&game.view()).unwrap();
/// assert_eq!(
///     json,
///     r#"{"record":"12 12","phase":"collapse","to_act":"X","move_number":3,"classical":{},"spooky":{"X1":[1,2],"O2":[1,2]},"collapse_options":[1,2],"legal":["@1","@2"],"outcome":null}"#
/// );
/// # Ok::<(), qttt::RecordError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct View(Game);

impl Game {
    /// The game's JSON view; see [`View`].
    #[must_use]
    pub fn view(&self) -> View {
        View(*self)
    }
}

impl Serialize for View {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let game = &self.0;
        let mut view = serializer.serialize_struct("View", 9)?;
        view.serialize_field("record", &AsStr(game.record()))?;
        view.serialize_field("phase", game.phase().as_str())?;
        view.serialize_field("to_act", &game.current_player().map(|p| p.char()))?;
        view.serialize_field("move_number", &game.move_number())?;
        view.serialize_field("classical", &ClassicalMarks(game))?;
        view.serialize_field("spooky", &SpookyMarks(game))?;
        let options = game.collapse_options().map(|o| o.map(|s| s.number()));
        view.serialize_field(
            "collapse_options",
            options.as_ref().map_or(&[][..], |o| &o[..]),
        )?;
        view.serialize_field("legal", &game.legal_actions())?;
        view.serialize_field("outcome", &game.outcome())?;
        view.end()
    }
}

/// `{"4":"X5",...}`: square number → classical mark, ascending.
struct ClassicalMarks<'a>(&'a Game);

impl Serialize for ClassicalMarks<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        for square in crate::Square::ALL {
            if let Some(mark) = self.0.classical(square) {
                map.serialize_entry(&AsStr(square), &AsStr(mark))?;
            }
        }
        map.end()
    }
}

/// `{"X1":[5,8],...}`: spooky mark → its two squares, by move number.
struct SpookyMarks<'a>(&'a Game);

impl Serialize for SpookyMarks<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        for (mark, placement) in self.0.marks() {
            if let Placement::Spooky(a, b) = placement {
                map.serialize_entry(&AsStr(mark), &[a.number(), b.number()])?;
            }
        }
        map.end()
    }
}

impl Serialize for ActionList {
    /// A sequence of tokens.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl Serialize for Outcome {
    /// `{"winner":"X","lines":[...]}`, `winner` null for a draw.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut outcome = serializer.serialize_struct("Outcome", 2)?;
        outcome.serialize_field("winner", &self.winner().map(|p| p.char()))?;
        outcome.serialize_field("lines", &Lines(*self))?;
        outcome.end()
    }
}

struct Lines(Outcome);

impl Serialize for Lines {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(None)?;
        for line in self.0.lines() {
            seq.serialize_element(&line)?;
        }
        seq.end()
    }
}

impl Serialize for Line {
    /// `{"squares":[4,5,6],"player":"X","highest":5}`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut line = serializer.serialize_struct("Line", 3)?;
        line.serialize_field("squares", &self.squares().map(|s| s.number()))?;
        line.serialize_field("player", &self.player().char())?;
        line.serialize_field("highest", &self.highest().number())?;
        line.end()
    }
}

#[cfg(test)]
mod tests {
    use crate::{Action, Game};

    #[test]
    fn actions_and_games_round_trip_as_text() {
        let action: Action = serde_json::from_str("\"51\"").unwrap();
        assert_eq!(serde_json::to_string(&action).unwrap(), "\"15\"");
        let game: Game = serde_json::from_str("\"58  47 67\"").unwrap();
        assert_eq!(serde_json::to_string(&game).unwrap(), "\"58 47 67\"");
    }

    #[test]
    fn bad_input_is_an_error() {
        for json in ["\"12 12 34\"", "\"1x\"", "12", "null", "\"55\""] {
            assert!(serde_json::from_str::<Game>(json).is_err(), "{json}");
        }
        for json in ["\"55\"", "\"\"", "\"@0\"", "5", "[1,2]"] {
            assert!(serde_json::from_str::<Action>(json).is_err(), "{json}");
        }
    }
}
