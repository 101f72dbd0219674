//! The operations a table's members ask for: joining, acting, resigning,
//! a rematch; each checked, stored, and only then published.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use qttt::{Action, Ending, Game, Player, Reason};

use super::clock::millis;
use super::{Failure, Joined, Table, ended_by, won_by};
use crate::protocol::{ErrorCode, Refusal, Take};
use crate::secret;
use crate::settings::{Seat, SeatKind, index};
use crate::store::{GameEnd, StoredAction, StoredPause, Write};

impl Table {
    /// The seat this token holds, if any.
    pub(super) fn seat_of_token(&self, token: &str) -> Option<Seat> {
        let hash = secret::token_hash(token);
        Seat::BOTH
            .into_iter()
            .find(|&seat| self.token_hashes[seat].as_deref() == Some(hash.as_str()))
    }

    /// A join: back in a seat with its token (under a new name, if one
    /// is given that differs), taking a free seat (with the name given),
    /// or watching (a spectator has no name).
    pub(super) async fn join(
        &mut self,
        token: Option<String>,
        take: Take,
        name: Option<String>,
    ) -> Result<Joined, Failure> {
        let mut new_token = None;
        let mut renamed = false;
        let seat = if let Some(token) = token {
            if self.seat_of_token(&token).is_none() {
                // The seat may have been taken at another instance.
                self.reload().await;
            }
            let seat = self.seat_of_token(&token).ok_or_else(|| {
                Refusal::protocol(
                    ErrorCode::BadToken,
                    format!("this token holds no seat at table {}", self.code),
                )
            })?;
            if let Some(name) = name.filter(|name| self.names[seat].as_ref() != Some(name)) {
                let token_hash = self.token_hashes[seat]
                    .clone()
                    .expect("a seat found by its token has its hash");
                self.write(Write::Name {
                    code: self.code.clone(),
                    seat: seat.index(),
                    token_hash,
                    name: name.clone(),
                })
                .await?;
                self.names[seat] = Some(name);
                renamed = true;
            }
            Some(seat)
        } else {
            let free = |seat: Seat| {
                self.kinds[seat] == SeatKind::Person && self.token_hashes[seat].is_none()
            };
            let wanted = match take {
                Take::No => None,
                Take::Any => [Player::X, Player::O]
                    .into_iter()
                    .map(|player| Seat::of_player(player, self.game_no))
                    .find(|&seat| free(seat)),
                Take::Side(player) => {
                    Some(Seat::of_player(player, self.game_no)).filter(|&s| free(s))
                }
            };
            if let Some(seat) = wanted {
                let token = secret::new_token();
                let token_hash = secret::token_hash(&token);
                self.write(Write::Seat {
                    code: self.code.clone(),
                    seat: seat.index(),
                    token_hash: token_hash.clone(),
                    name: name.clone(),
                })
                .await?;
                self.seat_taken(seat, token_hash, name);
                new_token = Some(token);
            }
            wanted
        };
        let limit = self.shared.config.max_spectators;
        if seat.is_none() && self.presence.spectators() >= limit {
            return Err(Refusal::protocol(
                ErrorCode::TooManySpectators,
                format!("table {} has {limit} spectators already", self.code),
            )
            .into());
        }
        // Only a change is sent to the others at the table (a seat taken,
        // a seat's holder back or renamed): a spectator's join changes
        // nothing they see, and the joiner gets the state in its answer.
        let mut changed = new_token.is_some() || renamed;
        changed |= self.presence.arrive(seat, self.shared.time.now());
        if seat.is_some() {
            self.announce_presence();
        }
        if changed {
            self.publish();
        }
        Ok(Joined {
            seat,
            token: new_token,
            current: self.snapshot(),
            updates: self.updates.subscribe(),
            mailbox: self
                .mailbox
                .upgrade()
                .expect("a running table's mailbox is open"),
        })
    }

    /// A seat taken, stored already (here or at another instance): its
    /// token's hash and name; the clock starts once both seats are filled.
    pub(super) fn seat_taken(&mut self, seat: Seat, token_hash: String, name: Option<String>) {
        let was_running = self.clock_running();
        self.token_hashes[seat] = Some(token_hash);
        self.names[seat] = name;
        if was_running.is_none() {
            self.turn_started = self.shared.time.now();
        }
    }

    /// The refusal of anything but a rematch once the game is over.
    pub(super) fn game_over_refusal(&self) -> Refusal {
        let how = match self.end.map(|end| end.ending) {
            Some(Ending::Resignation) => " by resignation",
            Some(Ending::Time) => " on time",
            _ => "",
        };
        Refusal::rule(
            Reason::GameOver,
            format!("game {} is over{how}", self.game_no),
        )
    }

    /// An action for `seat`, at the ply the client believes the game is at.
    pub(super) async fn act(
        &mut self,
        seat: Seat,
        action: Action,
        ply: Option<u64>,
    ) -> Result<(), Failure> {
        if self.end.is_some() {
            return Err(self.game_over_refusal().into());
        }
        if self.paused {
            return Err(Refusal::protocol(
                ErrorCode::Paused,
                format!(
                    "table {} is paused: wait for the teacher to resume",
                    self.code
                ),
            )
            .into());
        }
        let player = seat.player(self.game_no);
        if self.game.current_player() != Some(player) {
            return Err(Refusal::protocol(
                ErrorCode::NotYourTurn,
                format!("{} is to act, not {}", player.other().char(), player.char()),
            )
            .into());
        }
        let plies = self.game.plies();
        if ply.is_some_and(|ply| ply != plies as u64) {
            return Err(Refusal::protocol(
                ErrorCode::StalePly,
                format!("the game is at ply {plies}"),
            )
            .into());
        }
        let now = self.shared.time.now();
        let left = self.time_left(player, now);
        if self.clock_running() == Some(player) && left.is_zero() {
            self.flag(player).await;
            if self.end.is_none() {
                // The flag was refused: another instance changed the game.
                return Err(Failure::Conflict);
            }
            return Err(self.game_over_refusal().into());
        }
        let next = self
            .game
            .apply(action)
            .map_err(|error| Refusal::rule(error.reason(), error.to_string()))?;
        let mut clocks = self.clocks;
        if self.clock_running().is_some() {
            clocks[index(player)] = self.clock.after_action(left);
        }
        let end = ended_by(&next);
        self.write(Write::Action {
            code: self.code.clone(),
            game_no: self.game_no,
            ply: u32::try_from(plies).expect("a game has at most 27 plies"),
            action: StoredAction {
                action: action.to_string(),
                clocks: clocks.map(millis),
            },
            end,
        })
        .await?;
        self.game = next;
        self.clocks = clocks;
        self.turn_started = now;
        self.end = end;
        self.shared.metrics.action();
        // The update shows the clocks as stored: at the action's time.
        self.publish_at(now);
        self.start_computer();
        if end.is_some() {
            self.game_over();
        }
        Ok(())
    }

    /// Ends the game: stored first, then published.
    pub(super) async fn finish(&mut self, end: GameEnd) -> Result<(), Failure> {
        self.write(Write::End {
            code: self.code.clone(),
            game_no: self.game_no,
            plies: u32::try_from(self.game.plies()).expect("a game has at most 27 plies"),
            end,
        })
        .await?;
        self.end_game(end);
        self.game_over();
        Ok(())
    }

    /// Ends the game, stored already (here or at another instance): the
    /// clocks stopped now, a pause over (the store cleared it with the
    /// end), a computer's search called off; published.
    pub(super) fn end_game(&mut self, end: GameEnd) {
        let now = self.shared.time.now();
        for player in [Player::X, Player::O] {
            self.clocks[index(player)] = self.time_left(player, now);
        }
        self.end = Some(end);
        self.paused = false;
        if let Some(flag) = self.thinking.take() {
            flag.store(true, Ordering::Relaxed);
        }
        self.publish();
    }

    /// The game's end is stored and published: a class's table's first
    /// game may be an event's, which then settles it (and an arena pairs
    /// its players again) at once, from the store.
    fn game_over(&self) {
        if self.game_no == 1 && self.class.is_some() {
            crate::events::game_over(Arc::clone(&self.shared), self.code.clone());
        }
    }

    /// Pauses the table (`true`) or resumes it, stored first, then
    /// published. At a pause the clock of the side to act stops at the
    /// time it has left, stored with the pause; at a resumption it runs
    /// again from there (and an absent seat's grace starts again). Nothing
    /// when the table is so already, or, for a pause, when the game is
    /// over.
    pub(super) async fn set_paused(&mut self, paused: bool) -> Result<(), Failure> {
        if paused == self.paused || (paused && self.end.is_some()) {
            return Ok(());
        }
        let now = self.shared.time.now();
        let clocks = if paused {
            [Player::X, Player::O].map(|player| self.time_left(player, now))
        } else {
            self.clocks
        };
        self.write(Write::Pause {
            code: self.code.clone(),
            paused,
            at: StoredPause {
                game_no: self.game_no,
                plies: u32::try_from(self.game.plies()).expect("a game has at most 27 plies"),
                clocks: clocks.map(millis),
            },
        })
        .await?;
        self.pause_taken(paused, clocks, now);
        Ok(())
    }

    /// A pause or a resumption, stored already (here or at another
    /// instance) with `clocks`: at a pause a computer's search is called
    /// off; at a resumption the clock runs again from `now` and an absent
    /// seat's grace starts again. Published.
    pub(super) fn pause_taken(&mut self, paused: bool, clocks: [Duration; 2], now: Duration) {
        self.clocks = clocks;
        self.paused = paused;
        if paused {
            if let Some(flag) = self.thinking.take() {
                flag.store(true, Ordering::Relaxed);
            }
        } else {
            self.turn_started = now;
            self.presence.restart_graces(now);
        }
        self.publish_at(now);
        self.start_computer();
    }

    /// `seat` resigns: the other side wins.
    pub(super) async fn resign(&mut self, seat: Seat) -> Result<(), Failure> {
        if self.end.is_some() {
            return Err(self.game_over_refusal().into());
        }
        let winner = seat.player(self.game_no).other();
        self.finish(won_by(winner, Ending::Resignation)).await
    }

    /// `seat` offers a rematch, or accepts the other seat's offer (a
    /// computer seat accepts at once).
    pub(super) async fn rematch(&mut self, seat: Seat) -> Result<(), Failure> {
        if self.end.is_none() {
            return Err(Refusal::protocol(
                ErrorCode::GameNotOver,
                format!("game {} is still going", self.game_no),
            )
            .into());
        }
        let other = seat.other();
        if self.rematch_offer == Some(seat) {
            return Ok(());
        }
        let computer = self.kinds[other].is_computer();
        if !(computer || self.rematch_offer == Some(other)) {
            match self
                .write(Write::Offer {
                    code: self.code.clone(),
                    game_no: self.game_no,
                    seat: seat.index(),
                })
                .await
            {
                Ok(()) => {
                    self.rematch_offer = Some(seat);
                    self.publish();
                    return Ok(());
                }
                // Both seats offered at once at two instances and the
                // other's offer was stored first, its notice still on its
                // way: accept it (the new game is stored only on that
                // offer; anything else is a conflict, and a reload).
                Err(Failure::Conflict) => {}
                Err(failure) => return Err(failure),
            }
        }
        let game_no = self.game_no + 1;
        self.write(Write::NewGame {
            code: self.code.clone(),
            game_no,
            accepting: (!computer).then_some(other.index()),
        })
        .await?;
        self.start_game(game_no);
        Ok(())
    }

    /// Starts game `game_no` (stored already, here or at another
    /// instance): the empty board, the setting's time on both clocks.
    pub(super) fn start_game(&mut self, game_no: u32) {
        self.game_no = game_no;
        self.game = Game::new();
        self.clocks = [self.clock.initial().unwrap_or_default(); 2];
        self.turn_started = self.shared.time.now();
        self.end = None;
        self.rematch_offer = None;
        self.publish();
        self.start_computer();
    }
}
