//! One table: a task that owns the table's state, checks every action with
//! the core, stores it durably, and only then tells everyone at the table.
//!
//! Everything that happens at a table goes through its mailbox
//! ([`Command`]), one at a time, so two actions can never race.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use qttt::{Action, Ending, Game, Player, Reason};
use serde::Serialize;
use tokio::sync::{broadcast, mpsc, oneshot};

use crate::computer;
use crate::hub::{Shared, stopped};
use crate::metrics::{Gauge, Held};
use crate::protocol::{ErrorCode, Refusal, Take};
use crate::secret;
use crate::settings::{ClockSetting, SeatKind, index, player_of_seat, seat_of_player};
use crate::store::{Change, GameEnd, StoreError, StoredAction, StoredTable, Write};

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

/// What a join gets back.
#[derive(Debug)]
pub struct Joined {
    /// The seat it holds, if any.
    pub seat: Option<usize>,
    /// A seat's new token, given once, when the seat is taken.
    pub token: Option<String>,
    /// The table's state now.
    pub current: Published,
    /// The table's later updates.
    pub updates: broadcast::Receiver<Published>,
    /// The table's mailbox.
    pub mailbox: mpsc::Sender<Command>,
}

/// A reply channel.
pub type Reply<T> = oneshot::Sender<Result<T, Refusal>>;

/// What can happen at a table.
#[derive(Debug)]
pub enum Command {
    /// A connection joins: with a token, as that seat; asking to take a
    /// seat; or to watch.
    Join {
        /// The seat token, if the client has one.
        token: Option<String>,
        /// Which free seat to take, if any.
        take: Take,
        /// The name the seat's holder gives (checked already): kept with a
        /// seat taken, or a held seat's new name with its token; unused by
        /// a spectator.
        name: Option<String>,
        /// The answer.
        reply: Reply<Joined>,
    },
    /// A joined connection has gone.
    Leave {
        /// Its seat, if it held one.
        seat: Option<usize>,
    },
    /// An action for a seat.
    Act {
        /// The seat.
        seat: usize,
        /// The action.
        action: Action,
        /// The ply the client believes the game is at.
        ply: Option<u64>,
        /// The answer, once the action is stored and published.
        reply: Reply<()>,
    },
    /// A seat resigns.
    Resign {
        /// The seat.
        seat: usize,
        /// The answer.
        reply: Reply<()>,
    },
    /// A seat offers or accepts a rematch.
    Rematch {
        /// The seat.
        seat: usize,
        /// The answer.
        reply: Reply<()>,
    },
    /// The state, for the HTTP API and the class page.
    Snapshot {
        /// The answer.
        reply: oneshot::Sender<Published>,
    },
    /// Another server instance changed the table, or its presence.
    Changed(Change),
    /// Time to repeat this instance's presence, and to drop the other
    /// instances' presence that was not repeated.
    Heartbeat,
    /// A computer seat's choice.
    Computer {
        /// The game it was for.
        game_no: u32,
        /// The ply it was for.
        ply: usize,
        /// The action chosen.
        action: Option<Action>,
    },
}

/// A loaded table.
pub struct Table {
    code: String,
    class: Option<String>,
    kinds: [SeatKind; 2],
    clock: ClockSetting,
    token_hashes: [Option<String>; 2],
    /// The name each seat's holder gave, if any.
    names: [Option<String>; 2],
    game_no: u32,
    game: Game,
    /// X's and O's time as of `turn_started`.
    clocks: [Duration; 2],
    /// When the player to act started (or the table was loaded).
    turn_started: Duration,
    end: Option<GameEnd>,
    rematch_offer: Option<usize>,
    /// Connections per seat.
    present: [usize; 2],
    /// Other server instances' connections per seat (sharing a store),
    /// and when each last said so.
    remote: HashMap<u64, ([u32; 2], tokio::time::Instant)>,
    /// Connections in all, spectators included.
    connections: usize,
    /// Since when each taken seat has had no connection.
    away_since: [Option<Duration>; 2],
    /// Whether a seat's grace has passed (the game waits for it).
    grace_over: [bool; 2],
    /// The cancel flag of a computer's search in progress.
    thinking: Option<Arc<AtomicBool>>,
    /// No store retry before this time, after a failed write.
    backoff_until: Option<Duration>,
    updates: broadcast::Sender<Published>,
    mailbox: mpsc::WeakSender<Command>,
    shared: Arc<Shared>,
    _live: Held,
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

fn millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

fn from_millis(millis: i64) -> Duration {
    Duration::from_millis(u64::try_from(millis).unwrap_or(0))
}

fn ended_by(game: &Game) -> Option<GameEnd> {
    game.outcome().map(|outcome| GameEnd {
        winner: outcome.winner().map(Player::char),
        ending: Ending::of_outcome(outcome),
    })
}

/// A stored game replayed by the core.
struct Replayed {
    game: Game,
    clocks: [Duration; 2],
    end: Option<GameEnd>,
}

/// Replays a stored table's newest game: a stored record that is not legal
/// is an error.
fn replay(stored: &StoredTable) -> Result<Replayed, String> {
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
    let clocks = stored
        .game
        .actions
        .last()
        .map_or([initial; 2], |last| last.clocks.map(from_millis));
    let end = stored.game.end.or_else(|| ended_by(&game));
    Ok(Replayed { game, clocks, end })
}

/// Why a change at the table was not made.
enum Failure {
    /// Refused, with what to tell the sender.
    Refused(Refusal),
    /// Another server instance changed the table first: reload, check again.
    Conflict,
}

impl From<Refusal> for Failure {
    fn from(refusal: Refusal) -> Failure {
        Failure::Refused(refusal)
    }
}

impl Failure {
    fn refusal(self) -> Refusal {
        match self {
            Failure::Refused(refusal) => refusal,
            // A second conflict in a row: the table keeps changing.
            Failure::Conflict => Refusal::protocol(
                ErrorCode::StalePly,
                "the table changed meanwhile; look at the update and try again",
            ),
        }
    }
}

/// Runs a table operation; after a conflict (another instance changed the
/// table first) reloads the table and runs it once more, so the sender
/// gets the answer one instance would have given in that order.
macro_rules! once_more_after_conflict {
    ($table:ident . $operation:ident ( $($argument:expr),* )) => {
        match $table.$operation($($argument),*).await {
            Err(Failure::Conflict) => {
                $table.reload().await;
                $table.$operation($($argument),*).await.map_err(Failure::refusal)
            }
            other => other.map_err(Failure::refusal),
        }
    };
}

fn store_refusal(error: &StoreError) -> Refusal {
    tracing::error!(%error, "store write failed");
    Refusal::protocol(
        ErrorCode::StoreFailed,
        "the store failed to save this; nothing was changed, try again",
    )
}

impl Table {
    /// A table from its stored form: its newest game's record replayed by
    /// the core, so a stored record that is not legal is an error.
    ///
    /// # Errors
    /// When the stored record does not replay.
    pub fn load(
        stored: StoredTable,
        shared: Arc<Shared>,
        mailbox: mpsc::WeakSender<Command>,
    ) -> Result<Table, String> {
        let Replayed { game, clocks, end } = replay(&stored)?;
        let now = shared.time.now();
        Ok(Table {
            code: stored.table.code,
            class: stored.table.class,
            kinds: stored.table.kinds,
            clock: stored.table.clock,
            token_hashes: stored.token_hashes,
            names: stored.names,
            game_no: stored.game.game_no,
            game,
            clocks,
            // The time the table was not loaded (the server down, or
            // nobody there) is not charged to anyone.
            turn_started: now,
            end,
            rematch_offer: stored.game.rematch_offer,
            present: [0; 2],
            remote: HashMap::new(),
            connections: 0,
            away_since: [None; 2],
            grace_over: [false; 2],
            thinking: None,
            backoff_until: None,
            updates: broadcast::channel(16).0,
            mailbox,
            _live: shared.metrics.hold(Gauge::TablesLive),
            shared,
        })
    }

    /// Runs the table until it is idle (nobody there, nothing pending) or
    /// the server shuts down.
    pub async fn run(mut self, mut mailbox: mpsc::Receiver<Command>, id: u64) {
        let mut shutdown = self.shared.shutdown.clone();
        // Other instances holding the table say who they have at it.
        self.shared.store.announce(&self.code, [0, 0], true);
        self.start_computer();
        loop {
            let deadline = self.next_deadline();
            let time = Arc::clone(&self.shared.time);
            tokio::select! {
                command = mailbox.recv() => match command {
                    Some(command) => self.handle(command).await,
                    None => break,
                },
                () = async move {
                    match deadline {
                        Some(at) => time.sleep_until(at).await,
                        None => std::future::pending().await,
                    }
                } => self.on_time().await,
                () = stopped(&mut shutdown) => break,
            }
            if self.is_idle() && self.shared.unload(&self.code, id, &mailbox) {
                break;
            }
        }
        self.shared.forget(&self.code, id);
        if let Some(flag) = self.thinking.take() {
            flag.store(true, Ordering::Relaxed);
        }
    }

    fn is_idle(&self) -> bool {
        self.connections == 0 && self.thinking.is_none() && self.next_deadline().is_none()
    }

    fn filled(&self, seat: usize) -> bool {
        self.kinds[seat].is_computer() || self.token_hashes[seat].is_some()
    }

    fn clock_running(&self) -> Option<Player> {
        if self.clock == ClockSetting::None
            || self.end.is_some()
            || !(self.filled(0) && self.filled(1))
        {
            return None;
        }
        self.game.current_player()
    }

    /// `player`'s time left at `now`.
    fn time_left(&self, player: Player, now: Duration) -> Duration {
        let left = self.clocks[index(player)];
        if self.clock_running() == Some(player) {
            left.saturating_sub(now.saturating_sub(self.turn_started))
        } else {
            left
        }
    }

    /// The next time something happens by itself: a flag falls, a grace
    /// passes.
    fn next_deadline(&self) -> Option<Duration> {
        let flag = self
            .clock_running()
            .map(|player| self.turn_started + self.clocks[index(player)]);
        let grace = (0..2)
            .filter(|&seat| self.end.is_none() && !self.grace_over[seat])
            .filter_map(|seat| self.away_since[seat])
            .map(|since| since + self.shared.config.grace)
            .min();
        let next = match (flag, grace) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        next.map(|at| self.backoff_until.map_or(at, |until| at.max(until)))
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::Join {
                token,
                take,
                name,
                reply,
            } => {
                let joined =
                    once_more_after_conflict!(self.join(token.clone(), take, name.clone()));
                let _ = reply.send(joined);
            }
            Command::Leave { seat } => {
                self.connections = self.connections.saturating_sub(1);
                if let Some(seat) = seat {
                    let was = self.connected(seat);
                    self.present[seat] = self.present[seat].saturating_sub(1);
                    self.announce_presence();
                    self.presence_changed(seat, was);
                }
            }
            Command::Act {
                seat,
                action,
                ply,
                reply,
            } => {
                let _ = reply.send(once_more_after_conflict!(self.act(seat, action, ply)));
            }
            Command::Resign { seat, reply } => {
                let _ = reply.send(once_more_after_conflict!(self.resign(seat)));
            }
            Command::Rematch { seat, reply } => {
                let _ = reply.send(once_more_after_conflict!(self.rematch(seat)));
            }
            Command::Snapshot { reply } => {
                let _ = reply.send(self.snapshot());
            }
            Command::Changed(change) => self.changed(change).await,
            Command::Heartbeat => self.heartbeat(),
            Command::Computer {
                game_no,
                ply,
                action,
            } => {
                self.thinking = None;
                if game_no != self.game_no || ply != self.game.plies() || self.end.is_some() {
                    return;
                }
                let seat = self
                    .game
                    .current_player()
                    .map(|player| seat_of_player(player, game_no));
                match (seat, action) {
                    (Some(seat), Some(action)) if self.kinds[seat].is_computer() => {
                        if let Err(refusal) =
                            once_more_after_conflict!(self.act(seat, action, None))
                        {
                            tracing::warn!(table = %self.code, ?refusal, "computer action refused");
                        }
                    }
                    _ => tracing::warn!(table = %self.code, "the computer found no action"),
                }
                // After a failure (a store error), think again.
                self.start_computer();
            }
        }
    }

    /// Whether anyone holds `seat` now, here or at another instance.
    fn connected(&self, seat: usize) -> bool {
        self.present[seat] > 0 || self.remote.values().any(|(seats, _)| seats[seat] > 0)
    }

    /// After the connections holding `seat` changed (`was`: whether anyone
    /// held it before): the reconnect grace starts when the last one goes
    /// and ends when one comes back.
    fn presence_changed(&mut self, seat: usize, was: bool) {
        if self.note_presence(seat, was) {
            self.publish();
        }
    }

    /// [`presence_changed`](Table::presence_changed) without publishing;
    /// whether the seat's state changed (and needs publishing).
    fn note_presence(&mut self, seat: usize, was: bool) -> bool {
        let now = self.connected(seat);
        if was && !now {
            self.away_since[seat] = Some(self.shared.time.now());
        } else if now && !was {
            self.away_since[seat] = None;
            self.grace_over[seat] = false;
        }
        was != now
    }

    /// The connections here that hold no seat.
    fn spectators(&self) -> usize {
        self.connections
            .saturating_sub(self.present[0] + self.present[1])
    }

    /// Tells the other instances sharing the store whom this one has here.
    fn announce_presence(&self) {
        let seats = self
            .present
            .map(|count| u32::try_from(count).unwrap_or(u32::MAX));
        self.shared.store.announce(&self.code, seats, false);
    }

    /// Another instance's notice.
    async fn changed(&mut self, change: Change) {
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
            Change::Presence {
                instance,
                seats,
                asking,
                ..
            } => {
                let was = [self.connected(0), self.connected(1)];
                if seats == [0, 0] {
                    self.remote.remove(&instance);
                } else {
                    self.remote
                        .insert(instance, (seats, tokio::time::Instant::now()));
                }
                for (seat, was) in was.into_iter().enumerate() {
                    self.presence_changed(seat, was);
                }
                if asking && self.present != [0, 0] {
                    self.announce_presence();
                }
            }
        }
    }

    /// Repeats this instance's presence; drops another instance's that it
    /// has not repeated for three heartbeats (it died).
    fn heartbeat(&mut self) {
        if self.present != [0, 0] {
            self.announce_presence();
        }
        let was = [self.connected(0), self.connected(1)];
        if let Some(stale) = tokio::time::Instant::now().checked_sub(3 * crate::hub::PRESENCE_EVERY)
        {
            self.remote.retain(|_, (_, said)| *said > stale);
        }
        for (seat, was) in was.into_iter().enumerate() {
            self.presence_changed(seat, was);
        }
    }

    /// Applies an action another instance stored, if this table is at its
    /// game and ply (the notice then says all there is to know); `false`
    /// when it is not, or the action does not apply: reload instead.
    fn follow(&mut self, game_no: u32, ply: u32, action: &StoredAction) -> bool {
        if game_no != self.game_no || self.end.is_some() || ply as usize != self.game.plies() {
            return false;
        }
        let Ok(parsed) = action.action.parse::<Action>() else {
            return false;
        };
        let Ok(next) = self.game.apply(parsed) else {
            return false;
        };
        if ended_by(&next).is_some() {
            // An ending action comes as a stored change; reload for it.
            return false;
        }
        if let Some(flag) = self.thinking.take() {
            flag.store(true, Ordering::Relaxed);
        }
        let now = self.shared.time.now();
        self.game = next;
        self.clocks = action.clocks.map(from_millis);
        // The other instance started the turn when it stored the action,
        // a notification's delay ago.
        self.turn_started = now;
        self.publish_at(now);
        self.start_computer();
        true
    }

    /// Loads the table from the store again and takes what another
    /// instance changed: the stored record is the truth.
    async fn reload(&mut self) {
        let stored = match self.shared.store.load_table(self.code.clone()).await {
            Ok(Some(stored)) => stored,
            Ok(None) => return,
            Err(error) => {
                tracing::error!(table = %self.code, %error, "reloading a table failed");
                return;
            }
        };
        let Replayed { game, clocks, end } = match replay(&stored) {
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
            && stored.game.rematch_offer == self.rematch_offer
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
        }
        self.end = end;
        self.token_hashes = stored.token_hashes;
        self.names = stored.names;
        self.rematch_offer = stored.game.rematch_offer;
        if was_running.is_none() && !moved {
            // The clock starts once both seats are filled.
            self.turn_started = now;
        }
        self.publish();
        self.start_computer();
    }

    /// Stores a change; a conflict is told apart from a failure.
    async fn write(&self, write: Write) -> Result<(), Failure> {
        self.shared.store.write(write).await.map_err(|error| {
            if error.is_conflict() {
                Failure::Conflict
            } else {
                Failure::Refused(store_refusal(&error))
            }
        })
    }

    fn seat_of_token(&self, token: &str) -> Option<usize> {
        let hash = secret::token_hash(token);
        (0..2).find(|&seat| self.token_hashes[seat].as_deref() == Some(hash.as_str()))
    }

    /// A join: back in a seat with its token (under a new name, if one
    /// is given that differs), taking a free seat (with the name given),
    /// or watching (a spectator has no name).
    async fn join(
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
                    seat,
                    token_hash,
                    name: name.clone(),
                })
                .await?;
                self.names[seat] = Some(name);
                renamed = true;
            }
            Some(seat)
        } else {
            let free = |seat: usize| {
                self.kinds[seat] == SeatKind::Person && self.token_hashes[seat].is_none()
            };
            let wanted = match take {
                Take::No => None,
                Take::Any => [Player::X, Player::O]
                    .into_iter()
                    .map(|player| seat_of_player(player, self.game_no))
                    .find(|&seat| free(seat)),
                Take::Side(player) => {
                    Some(seat_of_player(player, self.game_no)).filter(|&s| free(s))
                }
            };
            if let Some(seat) = wanted {
                let token = secret::new_token();
                let token_hash = secret::token_hash(&token);
                self.write(Write::Seat {
                    code: self.code.clone(),
                    seat,
                    token_hash: token_hash.clone(),
                    name: name.clone(),
                })
                .await?;
                let was_running = self.clock_running();
                self.token_hashes[seat] = Some(token_hash);
                self.names[seat] = name;
                if was_running.is_none() {
                    // The clock starts once both seats are filled.
                    self.turn_started = self.shared.time.now();
                }
                new_token = Some(token);
            }
            wanted
        };
        let limit = self.shared.config.max_spectators;
        if seat.is_none() && self.spectators() >= limit {
            return Err(Refusal::protocol(
                ErrorCode::TooManySpectators,
                format!("table {} has {limit} spectators already", self.code),
            )
            .into());
        }
        self.connections += 1;
        // Only a change is sent to the others at the table (a seat taken,
        // a seat's holder back or renamed): a spectator's join changes
        // nothing they see, and the joiner gets the state in its answer.
        let mut changed = new_token.is_some() || renamed;
        if let Some(seat) = seat {
            let was = self.connected(seat);
            self.present[seat] += 1;
            self.announce_presence();
            changed |= self.note_presence(seat, was);
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

    fn game_over_refusal(&self) -> Refusal {
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

    async fn act(&mut self, seat: usize, action: Action, ply: Option<u64>) -> Result<(), Failure> {
        if self.end.is_some() {
            return Err(self.game_over_refusal().into());
        }
        let player = player_of_seat(seat, self.game_no);
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
        Ok(())
    }

    /// Ends the game: stored first, then published.
    async fn finish(&mut self, end: GameEnd) -> Result<(), Failure> {
        self.write(Write::End {
            code: self.code.clone(),
            game_no: self.game_no,
            plies: u32::try_from(self.game.plies()).expect("a game has at most 27 plies"),
            end,
        })
        .await?;
        let now = self.shared.time.now();
        for player in [Player::X, Player::O] {
            self.clocks[index(player)] = self.time_left(player, now);
        }
        self.end = Some(end);
        if let Some(flag) = self.thinking.take() {
            flag.store(true, Ordering::Relaxed);
        }
        self.publish();
        Ok(())
    }

    /// `player` loses on time (the flag fell, or they stayed away past the
    /// grace with a clock running).
    async fn flag(&mut self, player: Player) {
        let end = GameEnd {
            winner: Some(player.other().char()),
            ending: Ending::Time,
        };
        match self.finish(end).await {
            Ok(()) => self.backoff_until = None,
            // Another instance acted or ended the game first: its record
            // decides, and the timers are checked again on it.
            Err(Failure::Conflict) => self.reload().await,
            Err(Failure::Refused(_)) => {
                tracing::error!(table = %self.code, "store write failed; retrying in a second");
                self.backoff_until = Some(self.shared.time.now() + Duration::from_secs(1));
            }
        }
    }

    async fn on_time(&mut self) {
        let now = self.shared.time.now();
        if let Some(player) = self.clock_running() {
            if self.time_left(player, now).is_zero() {
                self.flag(player).await;
                return;
            }
        }
        for seat in 0..2 {
            let Some(since) = self.away_since[seat] else {
                continue;
            };
            if self.end.is_some() || self.grace_over[seat] || now < since + self.shared.config.grace
            {
                continue;
            }
            if self.clock == ClockSetting::None {
                // Without a clock the game waits for the absent player.
                self.grace_over[seat] = true;
                self.publish();
            } else {
                self.flag(player_of_seat(seat, self.game_no)).await;
                if self.end.is_some() {
                    self.grace_over[seat] = true;
                }
            }
            return;
        }
        // The deadline was a backoff: try again at the next one.
        self.backoff_until = None;
    }

    async fn resign(&mut self, seat: usize) -> Result<(), Failure> {
        if self.end.is_some() {
            return Err(self.game_over_refusal().into());
        }
        let end = GameEnd {
            winner: Some(player_of_seat(seat, self.game_no).other().char()),
            ending: Ending::Resignation,
        };
        self.finish(end).await
    }

    async fn rematch(&mut self, seat: usize) -> Result<(), Failure> {
        if self.end.is_none() {
            return Err(Refusal::protocol(
                ErrorCode::GameNotOver,
                format!("game {} is still going", self.game_no),
            )
            .into());
        }
        let other = 1 - seat;
        if self.rematch_offer == Some(seat) {
            return Ok(());
        }
        if !(self.kinds[other].is_computer() || self.rematch_offer == Some(other)) {
            self.write(Write::Offer {
                code: self.code.clone(),
                game_no: self.game_no,
                seat,
            })
            .await?;
            self.rematch_offer = Some(seat);
            self.publish();
            return Ok(());
        }
        let game_no = self.game_no + 1;
        self.write(Write::NewGame {
            code: self.code.clone(),
            game_no,
        })
        .await?;
        self.game_no = game_no;
        self.game = Game::new();
        self.clocks = [self.clock.initial().unwrap_or_default(); 2];
        self.turn_started = self.shared.time.now();
        self.end = None;
        self.rematch_offer = None;
        self.publish();
        self.start_computer();
        Ok(())
    }

    /// Starts a computer's search when a computer seat is to act.
    fn start_computer(&mut self) {
        if self.thinking.is_some() || self.end.is_some() {
            return;
        }
        let Some(player) = self.game.current_player() else {
            return;
        };
        let SeatKind::Computer(kind) = self.kinds[seat_of_player(player, self.game_no)] else {
            return;
        };
        let mut limit = self.shared.config.computer_time;
        if self.clock_running() == Some(player) {
            limit = limit.min(self.time_left(player, self.shared.time.now()) / 2);
        }
        let cancel = Arc::new(AtomicBool::new(false));
        self.thinking = Some(Arc::clone(&cancel));
        let (game, game_no, ply) = (self.game, self.game_no, self.game.plies());
        let mailbox = self.mailbox.clone();
        tokio::task::spawn_blocking(move || {
            let action = computer::choose(kind, &game, limit, &cancel);
            if let Some(mailbox) = mailbox.upgrade() {
                let _ = mailbox.blocking_send(Command::Computer {
                    game_no,
                    ply,
                    action,
                });
            }
        });
    }

    /// The state now, as published.
    pub fn snapshot(&self) -> Published {
        self.snapshot_at(self.shared.time.now())
    }

    /// The state at `now`: the clocks as they stand then.
    fn snapshot_at(&self, now: Duration) -> Published {
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

    fn publish(&self) {
        self.publish_at(self.shared.time.now());
    }

    fn publish_at(&self, now: Duration) {
        let _ = self.updates.send(self.snapshot_at(now));
    }
}
