//! Keeping a table in step with the other instances sharing its store:
//! their notices, and reloading the stored record, which is the truth.

use std::sync::atomic::Ordering;
use std::time::Duration;

use qttt::{Action, Game, Player};

use super::clock::from_millis;
use super::{Table, ended_by, stored_seat};
use crate::settings::index;
use crate::store::{Change, GameEnd, StoredAction, StoredTable};

/// A stored game replayed by the core.
pub(super) struct Replayed {
    pub(super) game: Game,
    pub(super) clocks: [Duration; 2],
    pub(super) end: Option<GameEnd>,
    /// Whether the table is paused (never once the game is over).
    pub(super) paused: bool,
}

/// Replays a stored table's newest game: a stored record that is not legal
/// is an error.
pub(super) fn replay(stored: &StoredTable) -> Result<Replayed, String> {
    let mut game = Game::new();
    for (ply, action) in stored.game.actions.iter().enumerate() {
        let parsed: Action = action
            .action
            .parse()
            .map_err(|error| format!("ply {ply} {:?}: {error}", action.action))?;
        game = game
            .apply(parsed)
            .map_err(|error| format!("ply {ply} {:?}: {error}", action.action))?;
    }
    let initial = stored.table.clock.initial().unwrap_or_default();
    // The clocks at a pause, while the game is still where it was paused
    // (paused, or resumed with no action since), else the last action's.
    let clocks = match stored.pause {
        Some(pause)
            if pause.game_no == stored.game.game_no
                && pause.plies as usize == stored.game.actions.len() =>
        {
            pause.clocks.map(from_millis)
        }
        _ => stored
            .game
            .actions
            .last()
            .map_or([initial; 2], |last| last.clocks.map(from_millis)),
    };
    let end = stored.game.end.or_else(|| ended_by(&game));
    let paused = stored.paused && end.is_none();
    Ok(Replayed {
        game,
        clocks,
        end,
        paused,
    })
}

impl Table {
    /// Another instance's notice.
    pub(super) async fn changed(&mut self, change: Change) {
        match change {
            Change::Stored { .. } | Change::Missed => self.reload().await,
            Change::Acted {
                game_no,
                ply,
                action,
                ..
            } => {
                if !self.follow(game_no, ply, &action) {
                    self.reload().await;
                }
            }
            // An offer for a game before this one was accepted already
            // (here, when both seats offered at once), and a game started
            // is known once this one is at it or past it: nothing to take.
            Change::Offered { game_no, .. } if game_no < self.game_no => {}
            Change::Started { game_no, .. } if game_no <= self.game_no => {}
            Change::Ended {
                game_no,
                plies,
                end,
                ..
            } => {
                if game_no == self.game_no
                    && self.end.is_none()
                    && plies as usize == self.game.plies()
                {
                    self.end_game(end);
                } else {
                    self.reload().await;
                }
            }
            Change::Offered { game_no, seat, .. } => {
                if !self.follow_offer(game_no, seat) {
                    self.reload().await;
                }
            }
            Change::Started { game_no, .. } => {
                if game_no == self.game_no + 1 && self.end.is_some() {
                    self.start_game(game_no);
                } else {
                    self.reload().await;
                }
            }
            Change::Seated {
                seat,
                token_hash,
                name,
                ..
            } => {
                if !self.follow_seat(seat, token_hash, name) {
                    self.reload().await;
                }
            }
            Change::Named { seat, name, .. } => {
                if !self.follow_name(seat, name) {
                    self.reload().await;
                }
            }
            Change::Paused { paused, at, .. } => {
                if at.game_no == self.game_no
                    && at.plies as usize == self.game.plies()
                    && self.end.is_none()
                    && paused != self.paused
                {
                    let now = self.shared.time.now();
                    self.pause_taken(paused, at.clocks.map(from_millis), now);
                } else {
                    self.reload().await;
                }
            }
            Change::Presence {
                instance,
                seats,
                asking,
                ..
            } => {
                let now = self.shared.time.now();
                let changed =
                    self.presence
                        .remote(instance, seats, tokio::time::Instant::now(), now);
                self.presence_changed(changed);
                if asking && self.presence.seats_here().is_some() {
                    self.announce_presence();
                }
            }
        }
    }

    /// Applies an action another instance stored, if this table is at its
    /// game and ply (the notice then says all there is to know); `false`
    /// when it is not, or the action does not apply: reload instead.
    pub(super) fn follow(&mut self, game_no: u32, ply: u32, action: &StoredAction) -> bool {
        if game_no != self.game_no || self.end.is_some() || ply as usize != self.game.plies() {
            return false;
        }
        let Ok(parsed) = action.action.parse::<Action>() else {
            return false;
        };
        let Ok(next) = self.game.apply(parsed) else {
            return false;
        };
        if let Some(flag) = self.thinking.take() {
            flag.store(true, Ordering::Relaxed);
        }
        let now = self.shared.time.now();
        // The end, if the action ended the game, as its writer found it:
        // by the rules, from the game it made.
        self.end = ended_by(&next);
        self.game = next;
        self.clocks = action.clocks.map(from_millis);
        // The other instance started the turn when it stored the action,
        // a notification's delay ago.
        self.turn_started = now;
        self.publish_at(now);
        self.start_computer();
        true
    }

    /// Takes a seat another instance stored, if it is free here (a seat
    /// taken here already by that token needs nothing); `false` when it
    /// is another's: reload instead.
    pub(super) fn follow_seat(
        &mut self,
        seat: usize,
        token_hash: String,
        name: Option<String>,
    ) -> bool {
        let Some(seat) = stored_seat(Some(seat)) else {
            return false;
        };
        match &self.token_hashes[seat] {
            None => {
                self.seat_taken(seat, token_hash, name);
                self.publish();
                true
            }
            Some(known) => *known == token_hash && self.names[seat] == name,
        }
    }

    /// Takes a seat's new name another instance stored, if the seat is
    /// taken here (a taken seat keeps its token); `false` when it is not:
    /// reload instead.
    pub(super) fn follow_name(&mut self, seat: usize, name: String) -> bool {
        let Some(seat) = stored_seat(Some(seat)) else {
            return false;
        };
        if self.token_hashes[seat].is_none() {
            return false;
        }
        if self.names[seat].as_ref() != Some(&name) {
            self.names[seat] = Some(name);
            self.publish();
        }
        true
    }

    /// Takes a rematch offer another instance stored, if this table is at
    /// that game, over, and without an offer; `false` when it is not:
    /// reload instead.
    pub(super) fn follow_offer(&mut self, game_no: u32, seat: usize) -> bool {
        let Some(seat) = stored_seat(Some(seat)) else {
            return false;
        };
        if game_no != self.game_no || self.end.is_none() || self.rematch_offer.is_some() {
            return false;
        }
        self.rematch_offer = Some(seat);
        self.publish();
        true
    }

    /// Loads the table from the store again and takes what another
    /// instance changed: the stored record is the truth.
    pub(super) async fn reload(&mut self) {
        self.shared.metrics.table_reload();
        let stored = match self.shared.store.load_table(self.code.clone()).await {
            Ok(Some(stored)) => stored,
            Ok(None) => return,
            Err(error) => {
                tracing::error!(table = %self.code, %error, "reloading a table failed");
                return;
            }
        };
        let Replayed {
            game,
            clocks,
            end,
            paused,
        } = match replay(&stored) {
            Ok(replayed) => replayed,
            Err(error) => {
                tracing::error!(table = %self.code, %error, "a stored record does not replay");
                return;
            }
        };
        let moved = stored.game.game_no != self.game_no || game.plies() != self.game.plies();
        if !moved
            && end == self.end
            && stored.token_hashes == self.token_hashes
            && stored.names == self.names
            && stored_seat(stored.game.rematch_offer) == self.rematch_offer
            && paused == self.paused
        {
            return;
        }
        let now = self.shared.time.now();
        let was_running = self.clock_running();
        if moved {
            if let Some(flag) = self.thinking.take() {
                flag.store(true, Ordering::Relaxed);
            }
            self.game_no = stored.game.game_no;
            self.game = game;
            self.clocks = clocks;
            // The other instance started the turn when it stored the
            // action, a notification's delay ago.
            self.turn_started = now;
        } else if end.is_some() && self.end.is_none() {
            // Ended elsewhere (a resignation, a flag): the clocks stop now.
            for player in [Player::X, Player::O] {
                self.clocks[index(player)] = self.time_left(player, now);
            }
        } else if paused != self.paused {
            // Paused or resumed elsewhere: the clocks as they stood at
            // the pause.
            self.clocks = clocks;
            if paused {
                if let Some(flag) = self.thinking.take() {
                    flag.store(true, Ordering::Relaxed);
                }
            } else {
                self.presence.restart_graces(now);
            }
        }
        self.end = end;
        self.paused = paused;
        self.token_hashes = stored.token_hashes;
        self.names = stored.names;
        self.rematch_offer = stored_seat(stored.game.rematch_offer);
        if was_running.is_none() && !moved {
            // The clock starts once both seats are filled (or the table
            // is resumed).
            self.turn_started = now;
        }
        self.publish();
        self.start_computer();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::{ClockSetting, SeatKind};
    use crate::store::NewTable;
    use qttt::Ending;

    fn stored(clock: ClockSetting, actions: &[(&str, [i64; 2])]) -> StoredTable {
        StoredTable {
            table: NewTable {
                code: "K7QF2M".into(),
                class: None,
                kinds: [SeatKind::Person; 2],
                clock,
                created_at: 0,
            },
            token_hashes: [None, None],
            names: [None, None],
            paused: false,
            pause: None,
            game: crate::store::StoredGame {
                game_no: 1,
                actions: actions
                    .iter()
                    .map(|&(action, clocks)| StoredAction {
                        action: action.into(),
                        clocks,
                    })
                    .collect(),
                end: None,
                rematch_offer: None,
            },
        }
    }

    #[test]
    fn a_new_game_starts_with_the_settings_time() {
        let replayed = replay(&stored(ClockSetting::PerMove { seconds: 30 }, &[])).unwrap();
        assert_eq!(replayed.game.plies(), 0);
        assert_eq!(replayed.clocks, [Duration::from_secs(30); 2]);
        assert_eq!(replayed.end, None);
        let unclocked = replay(&stored(ClockSetting::None, &[])).unwrap();
        assert_eq!(unclocked.clocks, [Duration::ZERO; 2]);
    }

    #[test]
    fn the_clocks_are_the_last_actions_and_a_stored_end_is_kept() {
        let record = [("12", [1_000, 2_000]), ("23", [1_500, 1_800])];
        let replayed = replay(&stored(ClockSetting::None, &record)).unwrap();
        assert_eq!(replayed.game.plies(), 2);
        assert_eq!(
            replayed.clocks,
            [Duration::from_millis(1_500), Duration::from_millis(1_800)]
        );
        assert_eq!(replayed.end, None);
        // A stored end (a resignation) is kept as stored.
        let mut resigned = stored(ClockSetting::None, &record);
        resigned.game.end = Some(GameEnd {
            winner: Some('O'),
            ending: Ending::Resignation,
        });
        assert_eq!(replay(&resigned).unwrap().end, resigned.game.end);
        let end = replay(&resigned).unwrap().end.unwrap();
        assert_eq!(super::super::winner_of(&end), Some(Player::O));
        assert_eq!(super::super::won_by(Player::O, Ending::Resignation), end);
    }

    #[test]
    fn a_pause_at_the_games_ply_gives_the_clocks_and_a_stale_one_does_not() {
        use crate::store::StoredPause;
        let record = [("12", [1_000, 2_000]), ("23", [1_500, 1_800])];
        let mut table = stored(ClockSetting::None, &record);
        table.paused = true;
        table.pause = Some(StoredPause {
            game_no: 1,
            plies: 2,
            clocks: [1_500, 700],
        });
        let replayed = replay(&table).unwrap();
        assert!(replayed.paused);
        assert_eq!(
            replayed.clocks,
            [Duration::from_millis(1_500), Duration::from_millis(700)]
        );
        // Resumed with no action since: still the pause's clocks.
        table.paused = false;
        assert_eq!(
            replay(&table).unwrap().clocks[1],
            Duration::from_millis(700)
        );
        // A pause at an earlier ply, or of another game, is stale.
        for (game_no, plies) in [(1, 1), (2, 2)] {
            table.pause = Some(StoredPause {
                game_no,
                plies,
                clocks: [9, 9],
            });
            assert_eq!(
                replay(&table).unwrap().clocks[1],
                Duration::from_millis(1_800)
            );
        }
        // A game over is never paused.
        table.paused = true;
        table.game.end = Some(GameEnd {
            winner: Some('X'),
            ending: Ending::Resignation,
        });
        assert!(!replay(&table).unwrap().paused);
    }

    #[test]
    fn a_record_that_is_not_legal_is_an_error_naming_its_ply() {
        let error = replay(&stored(
            ClockSetting::None,
            &[("12", [0, 0]), ("34", [0, 0]), ("x", [0, 0])],
        ))
        .err()
        .unwrap();
        assert!(error.starts_with("ply 2 \"x\""), "{error}");
        let error = replay(&stored(ClockSetting::None, &[("@5", [0, 0])]))
            .err()
            .unwrap();
        assert!(error.starts_with("ply 0 \"@5\""), "{error}");
    }
}
