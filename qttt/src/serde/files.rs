//! serde support for game files and reviews (features `serde` and `std`):
//! [`AnnotatedGame`], [`Variation`], [`Ply`], [`Review`] and their parts,
//! as plain data (the objects and dicts of the JavaScript and Python
//! bindings). Values are in points (X's points minus O's, as
//! [`points`]), glyphs as their suffixes, results as their terminators,
//! scorings by name, actions as tokens and games as records.
//!
//! A game is `{"tags": [[name, value], ...], "scoring", "start", "end",
//! "result", "line"}`, a line `{"comment", "plies"}`, a ply `{"action",
//! "glyph", "nags", "value", "comment", "variations"}`. Deserialising takes
//! every field but a ply's `action` as optional (`null` as missing),
//! `tags` also as a map, and does not read `end`; it refuses what the
//! format cannot hold (a glyph, a numeric glyph that is one of the six
//! glyphs, a value that is not a whole number of half points, an
//! interpreted or invalid or repeated tag, variations more than
//! [`MAX_NESTING`] deep) and a game whose actions are not legal where they
//! stand, whose result its end contradicts or that has an empty variation.
//! Each error says what is wrong; `serde_path_to_error` gives where
//! (`[0].line.plies[2].glyph`). Legality is judged once the whole game is
//! read, so its message begins with the path inside the game
//! (`line.plies[2].action: ...`). [`UncheckedGame`] reads the same shape
//! without the judging, which [`UncheckedGame::check`] then does with a
//! structured error (JavaScript's `writeGames` takes that way, for its
//! error classes).

use std::cell::Cell;
use std::string::String;
use std::vec::Vec;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeStruct, Serializer};

use super::FromStrVisitor;
use crate::analysis::{Review, ReviewStep, Scoring, Verdict, half_points, points};
use crate::gamefile::{
    AnnotatedGame, GameResult, Glyph, MAX_NESTING, Ply, UncheckedGame, Value, Variation,
};
use crate::{Action, Player};
use core::fmt;
use core::marker::PhantomData;

serde_as_text! {
    Scoring => "a scoring name: single, goff or complete",
    Player => "a player: X or O",
}

impl Serialize for Glyph {
    /// The suffix: `!`, `?`, `!!`, `??`, `!?` or `?!`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.suffix())
    }
}

impl<'de> Deserialize<'de> for Glyph {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Glyph, D::Error> {
        let suffix = String::deserialize(deserializer)?;
        Glyph::from_suffix(&suffix).ok_or_else(|| {
            de::Error::custom(format!(
                "{suffix:?} is not an annotation glyph (!, ?, !!, ??, !?, ?!)"
            ))
        })
    }
}

impl Serialize for GameResult {
    /// The terminator: `1-0`, `0-1`, `1/2-1/2`, `1-1/2`, `1/2-1` or `*`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.token())
    }
}

impl<'de> Deserialize<'de> for GameResult {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<GameResult, D::Error> {
        let token = String::deserialize(deserializer)?;
        GameResult::from_token(&token).ok_or_else(|| {
            de::Error::custom(format!(
                "{token:?} is not a result (1-0, 0-1, 1/2-1/2, 1-1/2, 1/2-1, *)"
            ))
        })
    }
}

impl Serialize for Value {
    /// X's points minus O's, a number: 1, 0.5, 0, -0.5 or -1.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(points(self.half_points()))
    }
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Value, D::Error> {
        let points = f64::deserialize(deserializer)?;
        half_points(points)
            .and_then(Value::from_half_points)
            .ok_or_else(|| {
                de::Error::custom(format!(
                    "{points} is not a value (X's points minus O's: -1, -0.5, 0, 0.5 or 1)"
                ))
            })
    }
}

impl Serialize for Verdict {
    /// The stable name ([`Verdict::name`]).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Verdict {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Verdict, D::Error> {
        let name = String::deserialize(deserializer)?;
        [
            Verdict::Kept,
            Verdict::WinGivenAway,
            Verdict::DrawGivenAway,
            Verdict::HalfPointLost,
        ]
        .into_iter()
        .find(|verdict| verdict.name() == name)
        .ok_or_else(|| {
            de::Error::custom(format!(
                "{name:?} is not a verdict (kept, win_given_away, draw_given_away, half_point_lost)"
            ))
        })
    }
}

/// A numeric annotation glyph other than the six glyphs' `$1`–`$6`.
struct Nag(u8);

impl<'de> Deserialize<'de> for Nag {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Nag, D::Error> {
        let number = i64::deserialize(deserializer)?;
        let nag = u8::try_from(number).map_err(|_| {
            de::Error::custom(format!(
                "{number} is not a numeric annotation glyph (0 to 255)"
            ))
        })?;
        match Glyph::from_nag(nag) {
            Some(glyph) => Err(de::Error::custom(format!(
                "${nag} is a glyph: give it as the ply's glyph \"{glyph}\""
            ))),
            None => Ok(Nag(nag)),
        }
    }
}

impl Serialize for Ply {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut ply = serializer.serialize_struct("Ply", 6)?;
        ply.serialize_field("action", &self.action)?;
        ply.serialize_field("glyph", &self.glyph)?;
        ply.serialize_field("nags", &self.nags)?;
        ply.serialize_field("value", &self.value)?;
        ply.serialize_field("comment", &self.comment)?;
        ply.serialize_field("variations", &self.variations)?;
        ply.end()
    }
}

/// Reads the value of a map entry, `null` (a unit or `None`) as missing.
fn optional<'de, A: MapAccess<'de>, T: Deserialize<'de>>(
    map: &mut A,
) -> Result<Option<T>, A::Error> {
    map.next_value::<Option<T>>()
}

/// Skips a map entry this reader does not read.
fn skip<'de, A: MapAccess<'de>>(map: &mut A) -> Result<(), A::Error> {
    map.next_value::<de::IgnoredAny>().map(|_| ())
}

impl<'de> Deserialize<'de> for Ply {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Ply, D::Error> {
        struct PlyVisitor;
        impl<'de> Visitor<'de> for PlyVisitor {
            type Value = Ply;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a ply: an object with an action")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Ply, A::Error> {
                let mut action: Option<Action> = None;
                let (mut glyph, mut nags, mut value, mut comment, mut variations) =
                    (None, None, None, None, None);
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "action" => action = optional(&mut map)?,
                        "glyph" => glyph = optional(&mut map)?,
                        "nags" => nags = optional::<_, Vec<Nag>>(&mut map)?,
                        "value" => value = optional(&mut map)?,
                        "comment" => comment = optional(&mut map)?,
                        "variations" => variations = optional(&mut map)?,
                        _ => skip(&mut map)?,
                    }
                }
                let mut ply = Ply::new(action.ok_or_else(|| de::Error::missing_field("action"))?);
                ply.glyph = glyph;
                ply.nags = nags.unwrap_or_default().into_iter().map(|n| n.0).collect();
                ply.value = value;
                ply.comment = comment;
                ply.variations = variations.unwrap_or_default();
                Ok(ply)
            }
        }
        deserializer.deserialize_map(PlyVisitor)
    }
}

impl Serialize for Variation {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut line = serializer.serialize_struct("Variation", 2)?;
        line.serialize_field("comment", &self.comment)?;
        line.serialize_field("plies", &self.plies)?;
        line.end()
    }
}

std::thread_local! {
    /// How many lines deep the variation being read is (the main line 1).
    static DEPTH: Cell<usize> = const { Cell::new(0) };
}

/// One more level of lines while it lives.
struct Deeper;

impl Deeper {
    fn enter<E: de::Error>() -> Result<Deeper, E> {
        let depth = DEPTH.with(|d| d.get());
        // The main line, then at most MAX_NESTING variations inside it.
        if depth > MAX_NESTING {
            return Err(E::custom(format!(
                "variations nest at most {MAX_NESTING} deep"
            )));
        }
        DEPTH.with(|d| d.set(depth + 1));
        Ok(Deeper)
    }
}

impl Drop for Deeper {
    fn drop(&mut self) {
        DEPTH.with(|d| d.set(d.get() - 1));
    }
}

impl<'de> Deserialize<'de> for Variation {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Variation, D::Error> {
        struct LineVisitor;
        impl<'de> Visitor<'de> for LineVisitor {
            type Value = Variation;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a line: an object with a comment and plies")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Variation, A::Error> {
                let _deeper = Deeper::enter()?;
                let mut line = Variation::default();
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "comment" => line.comment = optional(&mut map)?,
                        "plies" => line.plies = optional(&mut map)?.unwrap_or_default(),
                        _ => skip(&mut map)?,
                    }
                }
                Ok(line)
            }
        }
        deserializer.deserialize_map(LineVisitor)
    }
}

/// The tag pairs as a sequence of `[name, value]` pairs.
struct Tags<'a>(&'a [(String, String)]);

impl Serialize for Tags<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(|(name, value)| [name, value]))
    }
}

/// Tag pairs read from `[[name, value], ...]` or `{name: value, ...}`.
struct TagList(Vec<(String, String)>);

impl<'de> Deserialize<'de> for TagList {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<TagList, D::Error> {
        struct TagsVisitor;
        impl<'de> Visitor<'de> for TagsVisitor {
            type Value = TagList;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("tags: [name, value] pairs of strings, or a map of strings")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<TagList, A::Error> {
                let mut tags = Vec::new();
                while let Some(pair) = seq.next_element::<(String, String)>()? {
                    tags.push(pair);
                }
                Ok(TagList(tags))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<TagList, A::Error> {
                let mut tags = Vec::new();
                while let Some(pair) = map.next_entry::<String, String>()? {
                    tags.push(pair);
                }
                Ok(TagList(tags))
            }
        }
        deserializer.deserialize_any(TagsVisitor)
    }
}

impl Serialize for AnnotatedGame {
    /// `end` is the record at the end of the main line.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut game = serializer.serialize_struct("AnnotatedGame", 6)?;
        game.serialize_field("tags", &Tags(&self.tags))?;
        game.serialize_field("scoring", &self.scoring)?;
        game.serialize_field("start", &self.start)?;
        game.serialize_field("end", &self.end())?;
        game.serialize_field("result", &self.result)?;
        game.serialize_field("line", &self.line)?;
        game.end()
    }
}

impl<'de> Deserialize<'de> for UncheckedGame {
    /// Reads a game's parts (every field optional, `null` as missing, the
    /// tags as pairs or a map, `end` not read) without judging them.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<UncheckedGame, D::Error> {
        struct GameVisitor;
        impl<'de> Visitor<'de> for GameVisitor {
            type Value = UncheckedGame;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a game: an object of tags, scoring, start, result and line")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<UncheckedGame, A::Error> {
                let mut game = UncheckedGame::default();
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "tags" => {
                            game.tags = optional::<_, TagList>(&mut map)?
                                .map(|t| t.0)
                                .unwrap_or_default();
                        }
                        "scoring" => game.scoring = optional(&mut map)?.unwrap_or_default(),
                        "start" => game.start = optional(&mut map)?.unwrap_or_default(),
                        "result" => game.result = optional(&mut map)?,
                        "line" => game.line = optional(&mut map)?.unwrap_or_default(),
                        _ => skip(&mut map)?,
                    }
                }
                Ok(game)
            }
        }
        deserializer.deserialize_map(GameVisitor)
    }
}

impl<'de> Deserialize<'de> for AnnotatedGame {
    /// An [`UncheckedGame`], then [`UncheckedGame::check`]: its error's
    /// message is the serde error's.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<AnnotatedGame, D::Error> {
        UncheckedGame::deserialize(deserializer)?
            .check()
            .map_err(de::Error::custom)
    }
}

impl Serialize for ReviewStep {
    /// Values in points; `lost` the points the action lost from its
    /// player's side; `glyph` the review's ([`ReviewStep::glyph`]).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut step = serializer.serialize_struct("ReviewStep", 11)?;
        step.serialize_field("ply", &self.ply)?;
        step.serialize_field("action", &self.action)?;
        step.serialize_field("player", &self.player)?;
        step.serialize_field("before", &self.before)?;
        step.serialize_field("after", &self.after)?;
        step.serialize_field("lost", &points(self.lost_half_points))?;
        step.serialize_field("verdict", &self.verdict)?;
        step.serialize_field("glyph", &self.glyph())?;
        step.serialize_field("best", &self.best)?;
        step.serialize_field("best_line", &self.best_line)?;
        step.serialize_field("line_after", &self.line_after)?;
        step.end()
    }
}

/// Reads a required field's value, or says which is missing.
fn required<T, E: de::Error>(value: Option<T>, name: &'static str) -> Result<T, E> {
    value.ok_or_else(|| E::missing_field(name))
}

impl<'de> Deserialize<'de> for ReviewStep {
    /// Reads what `serialize` writes; `glyph` is not read (it follows
    /// from the verdict and the values).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ReviewStep, D::Error> {
        struct StepVisitor;
        impl<'de> Visitor<'de> for StepVisitor {
            type Value = ReviewStep;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a review step")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ReviewStep, A::Error> {
                let (mut ply, mut action, mut player, mut before, mut after) =
                    (None, None, None, None, None);
                let (mut lost, mut verdict, mut best, mut best_line, mut line_after) =
                    (None, None, None, None, None);
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "ply" => ply = Some(map.next_value()?),
                        "action" => action = Some(map.next_value()?),
                        "player" => player = Some(map.next_value()?),
                        "before" => before = Some(map.next_value()?),
                        "after" => after = Some(map.next_value()?),
                        "lost" => {
                            let points: f64 = map.next_value()?;
                            lost = Some(half_points(points).ok_or_else(|| {
                                de::Error::custom(format!(
                                    "{points} is not a whole number of half points"
                                ))
                            })?);
                        }
                        "verdict" => verdict = Some(map.next_value()?),
                        "best" => best = Some(map.next_value()?),
                        "best_line" => best_line = Some(map.next_value()?),
                        "line_after" => line_after = Some(map.next_value()?),
                        _ => skip(&mut map)?,
                    }
                }
                Ok(ReviewStep {
                    ply: required(ply, "ply")?,
                    action: required(action, "action")?,
                    player: required(player, "player")?,
                    before: required(before, "before")?,
                    after: required(after, "after")?,
                    lost_half_points: required(lost, "lost")?,
                    verdict: required(verdict, "verdict")?,
                    best: required(best, "best")?,
                    best_line: required(best_line, "best_line")?,
                    line_after: required(line_after, "line_after")?,
                })
            }
        }
        deserializer.deserialize_map(StepVisitor)
    }
}

impl Serialize for Review {
    /// `{"scoring", "start", "end", "final_value", "steps"}`, the value
    /// in points.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut review = serializer.serialize_struct("Review", 5)?;
        review.serialize_field("scoring", &self.scoring)?;
        review.serialize_field("start", &self.start)?;
        review.serialize_field("end", &self.end)?;
        review.serialize_field("final_value", &self.final_value)?;
        review.serialize_field("steps", &self.steps)?;
        review.end()
    }
}

impl<'de> Deserialize<'de> for Review {
    /// Reads what `serialize` writes (every field required).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Review, D::Error> {
        struct ReviewVisitor;
        impl<'de> Visitor<'de> for ReviewVisitor {
            type Value = Review;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a review")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Review, A::Error> {
                let (mut scoring, mut start, mut end, mut final_value, mut steps) =
                    (None, None, None, None, None);
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "scoring" => scoring = Some(map.next_value()?),
                        "start" => start = Some(map.next_value()?),
                        "end" => end = Some(map.next_value()?),
                        "final_value" => final_value = Some(map.next_value()?),
                        "steps" => steps = Some(map.next_value()?),
                        _ => skip(&mut map)?,
                    }
                }
                Ok(Review {
                    scoring: required(scoring, "scoring")?,
                    start: required(start, "start")?,
                    end: required(end, "end")?,
                    final_value: required(final_value, "final_value")?,
                    steps: required(steps, "steps")?,
                })
            }
        }
        deserializer.deserialize_map(ReviewVisitor)
    }
}
