//! What everyone at a table sees: the update frame's state, built from the
//! table after every change and shared by every connection.

use std::sync::Arc;
use std::time::Duration;

use qttt::Player;
use serde::Serialize;

use super::Table;
use crate::settings::{ClockSetting, SeatKind, player_of_seat, seat_of_player};

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
    pub fn frame(&self, seat: Option<usize>) -> String {
        let you = match seat.map(|seat| player_of_seat(seat, self.game_no)) {
            Some(player) => format!("\"{}\"", player.char()),
            None => "null".to_owned(),
        };
        format!("{{\"type\":\"update\",\"you\":{you},{}", self.body)
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
    winner: Option<char>,
    ending: &'static str,
}

#[derive(Serialize)]
struct SeatView<'a> {
    kind: &'static str,
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
    running: Option<char>,
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
    rematch: Option<char>,
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
            let seat = seat_of_player(player, self.game_no);
            let kind = self.kinds[seat];
            let taken = self.filled(seat);
            let grace_ms = self.away_since[seat]
                .filter(|_| kind == SeatKind::Person)
                .map(|since| {
                    u64::try_from((since + grace).saturating_sub(now).as_millis())
                        .unwrap_or(u64::MAX)
                });
            SeatView {
                kind: kind.name(),
                name: self.names[seat].as_deref(),
                taken,
                connected: kind.is_computer() || self.connected(seat),
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
                running: self.clock_running().map(Player::char),
                setting: self.clock,
            }),
            seats: Seats {
                X: seat_view(Player::X),
                O: seat_view(Player::O),
            },
            result: self.end.map(|end| ResultView {
                winner: end.winner,
                ending: end.ending.name(),
            }),
            rematch: self
                .rematch_offer
                .map(|seat| player_of_seat(seat, self.game_no).char()),
        };
        let json = serde_json::to_string(&update).expect("an update serialises");
        Published {
            game_no: self.game_no,
            body: Arc::from(&json[1..]),
        }
    }

    pub(super) fn publish(&self) {
        self.publish_at(self.shared.time.now());
    }

    pub(super) fn publish_at(&self, now: Duration) {
        let _ = self.updates.send(self.snapshot_at(now));
    }
}
