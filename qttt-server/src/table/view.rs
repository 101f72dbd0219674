//! What everyone at a table sees: the update frame's state, built from the
//! table after every change and shared by every connection.

use std::sync::Arc;
use std::time::Duration;

use qttt::{Ending, Player};
use serde::Serialize;

use super::{Table, winner_of};
use crate::protocol::{ServerFrame, ending_name};
use crate::settings::{ClockSetting, Seat, SeatKind};

/// A table's state as everyone at it sees it, published after every
/// change: the JSON of an update frame without its opening brace, `type`
/// and `you` (each connection adds those), and the game it is about.
#[derive(Clone, Debug)]
pub struct Published {
    /// The game's number at the table.
    pub game_no: u32,
    /// The update's fields, `"table":...}`.
    pub body: Arc<str>,
}

impl Published {
    /// The update frame for a connection holding `seat` (or none).
    #[must_use]
    pub fn frame(&self, seat: Option<Seat>) -> String {
        ServerFrame::Update {
            you: seat.map(|seat| seat.player(self.game_no)),
            state: &self.body,
        }
        .text()
    }

    /// The table's state as a JSON object (no `type`, no `you`).
    #[must_use]
    pub fn object(&self) -> String {
        format!("{{{}", self.body)
    }
}

/// How the game at hand ended, in the update frames.
#[derive(Serialize)]
struct ResultView {
    winner: Option<Player>,
    #[serde(serialize_with = "ending_name")]
    ending: Ending,
}

#[derive(Serialize)]
struct SeatView<'a> {
    kind: SeatKind,
    /// The name its holder gave, `null` for none.
    name: Option<&'a str>,
    taken: bool,
    connected: bool,
    /// Milliseconds of grace left while the seat's holder is away (0 once
    /// it has passed), `null` while connected.
    grace_ms: Option<u64>,
}

#[derive(Serialize)]
#[allow(non_snake_case)]
struct ClockView {
    X: u64,
    O: u64,
    running: Option<Player>,
    setting: ClockSetting,
}

#[derive(Serialize)]
#[allow(non_snake_case)]
struct Seats<'a> {
    X: SeatView<'a>,
    O: SeatView<'a>,
}

#[derive(Serialize)]
struct UpdateView<'a> {
    table: &'a str,
    class: Option<&'a str>,
    game: u32,
    view: qttt::View,
    clocks: Option<ClockView>,
    seats: Seats<'a>,
    result: Option<ResultView>,
    rematch: Option<Player>,
    /// Whether the table is paused (its event's teacher paused it).
    paused: bool,
}

/// The milliseconds left of a `grace` that began at `since`, at `now` (0
/// once it has passed).
fn grace_left_ms(since: Duration, grace: Duration, now: Duration) -> u64 {
    u64::try_from((since + grace).saturating_sub(now).as_millis()).unwrap_or(u64::MAX)
}

impl Table {
    /// The state now, as published.
    pub fn snapshot(&self) -> Published {
        self.snapshot_at(self.shared.time.now())
    }

    /// The state at `now`: the clocks as they stand then.
    pub(super) fn snapshot_at(&self, now: Duration) -> Published {
        let grace = self.shared.config.grace;
        let seat_view = |player: Player| {
            let seat = Seat::of_player(player, self.game_no);
            let kind = self.kinds[seat];
            let taken = self.filled(seat);
            let grace_ms = self
                .presence
                .away_since(seat)
                .filter(|_| kind == SeatKind::Person)
                .map(|since| grace_left_ms(since, grace, now));
            SeatView {
                kind,
                name: self.names[seat].as_deref(),
                taken,
                connected: kind.is_computer() || self.presence.connected(seat),
                grace_ms,
            }
        };
        let left = |player| u64::try_from(self.time_left(player, now).as_millis()).unwrap_or(0);
        let update = UpdateView {
            table: &self.code,
            class: self.class.as_deref(),
            game: self.game_no,
            view: self.game.view(),
            clocks: (self.clock != ClockSetting::None).then(|| ClockView {
                X: left(Player::X),
                O: left(Player::O),
                running: self.clock_running(),
                setting: self.clock,
            }),
            seats: Seats {
                X: seat_view(Player::X),
                O: seat_view(Player::O),
            },
            result: self.end.map(|end| ResultView {
                winner: winner_of(&end),
                ending: end.ending,
            }),
            rematch: self.rematch_offer.map(|seat| seat.player(self.game_no)),
            paused: self.paused,
        };
        let json = serde_json::to_string(&update).expect("an update serialises");
        Published {
            game_no: self.game_no,
            body: Arc::from(&json[1..]),
        }
    }

    /// Sends the state now to everyone at the table.
    pub(super) fn publish(&self) {
        self.publish_at(self.shared.time.now());
    }

    /// Sends the state at `now` to everyone at the table.
    pub(super) fn publish_at(&self, now: Duration) {
        let _ = self.updates.send(self.snapshot_at(now));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::{ManualTime, TimeSource};

    #[test]
    fn the_grace_left_counts_down_to_zero() {
        let time = ManualTime::new();
        let grace = Duration::from_secs(60);
        let since = time.now();
        assert_eq!(grace_left_ms(since, grace, time.now()), 60_000);
        time.advance(Duration::from_millis(1_250));
        assert_eq!(grace_left_ms(since, grace, time.now()), 58_750);
        time.advance(Duration::from_secs(120));
        assert_eq!(grace_left_ms(since, grace, time.now()), 0);
    }

    #[test]
    fn an_update_frame_is_the_state_with_type_and_you_first() {
        let published = Published {
            game_no: 2,
            body: Arc::from(r#""table":"K7QF2M","game":2}"#),
        };
        // In game 2 the first seat plays O.
        assert_eq!(
            published.frame(Some(Seat::First)),
            r#"{"type":"update","you":"O","table":"K7QF2M","game":2}"#
        );
        assert_eq!(
            published.frame(None),
            r#"{"type":"update","you":null,"table":"K7QF2M","game":2}"#
        );
        assert_eq!(published.object(), r#"{"table":"K7QF2M","game":2}"#);
    }

    #[test]
    fn results_and_sides_are_letters_and_names() {
        let result = ResultView {
            winner: Some(Player::O),
            ending: Ending::Resignation,
        };
        assert_eq!(
            serde_json::to_string(&result).unwrap(),
            r#"{"winner":"O","ending":"resign"}"#
        );
        let draw = ResultView {
            winner: None,
            ending: Ending::Draw,
        };
        assert_eq!(
            serde_json::to_string(&draw).unwrap(),
            r#"{"winner":null,"ending":"draw"}"#
        );
    }
}
