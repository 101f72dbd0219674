//! One table: a task that owns the table's state, checks every action with
//! the core, stores it durably, and only then tells everyone at the table.
//!
//! Everything that happens at a table goes through its mailbox
//! ([`Command`]), one at a time, so two actions can never race. The parts:
//! [`view`] what everyone at the table sees, [`clock`] the game clock and
//! the deadlines, [`presence`] who is there, [`sync`] the other instances'
//! changes, [`ops`] the operations members ask for.

mod clock;
mod ops;
mod presence;
mod sync;
mod view;

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use qttt::{Action, Ending, Game, Player};
use tokio::sync::{broadcast, mpsc, oneshot};

use crate::computer;
use crate::hub::Shared;
use crate::metrics::{Gauge, Held};
use crate::protocol::{ErrorCode, Refusal, Take};
use crate::settings::{ClockSetting, Seat, SeatKind};
use crate::store::{Change, GameEnd, StoreError, StoredTable, Write};

use presence::Presence;
pub use view::Published;

/// What a join gets back.
#[derive(Debug)]
pub struct Joined {
    /// The seat it holds, if any.
    pub seat: Option<Seat>,
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

/// A connection's join: with a token, as that seat; asking to take a
/// seat; or to watch.
#[derive(Clone, Debug)]
pub struct JoinRequest {
    /// The seat token, if the client has one.
    pub token: Option<String>,
    /// Which free seat to take, if any.
    pub take: Take,
    /// The name the seat's holder gives (checked already): kept with a
    /// seat taken, or a held seat's new name with its token; unused by a
    /// spectator.
    pub name: Option<String>,
}

/// What a seat's holder does at the table.
#[derive(Clone, Copy, Debug)]
pub enum Play {
    /// An action.
    Act {
        /// The action.
        action: Action,
        /// The ply the client believes the game is at.
        ply: Option<u64>,
    },
    /// Resigns the game.
    Resign,
    /// Offers or accepts a rematch.
    Rematch,
}

/// What can happen at a table: an operation asked for (its data and the
/// reply channel for its answer), or an event.
#[derive(Debug)]
pub enum Command {
    /// A connection joins.
    Join {
        /// What it asks for.
        request: JoinRequest,
        /// The answer.
        reply: Reply<Joined>,
    },
    /// A seat's holder plays.
    Play {
        /// The seat.
        seat: Seat,
        /// What it does.
        play: Play,
        /// The answer, once the change is stored and published.
        reply: Reply<()>,
    },
    /// A joined connection has gone.
    Leave {
        /// Its seat, if it held one.
        seat: Option<Seat>,
    },
    /// The state, for the HTTP API and the class page.
    Snapshot {
        /// The answer.
        reply: oneshot::Sender<Published>,
    },
    /// Pauses the table (its event was paused) or resumes it; nothing
    /// when it is so already, or, for a pause, when its game is over.
    Pause {
        /// Paused (`true`) or resumed.
        paused: bool,
        /// The answer, once the change is stored and published.
        reply: Reply<()>,
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
    rematch_offer: Option<Seat>,
    /// Whether the table is paused: no clock runs and no action is taken
    /// (only while its game goes on: the game's end ends the pause).
    paused: bool,
    /// Who is at the table.
    presence: Presence,
    /// The cancel flag of a computer's search in progress.
    thinking: Option<Arc<AtomicBool>>,
    /// No store retry before this time, after a failed write.
    backoff_until: Option<Duration>,
    updates: broadcast::Sender<Published>,
    mailbox: mpsc::WeakSender<Command>,
    shared: Arc<Shared>,
    _live: Held,
}

/// How a game ended on the board, if it did.
fn ended_by(game: &Game) -> Option<GameEnd> {
    game.outcome().map(|outcome| GameEnd {
        winner: outcome.winner().map(Player::char),
        ending: Ending::of_outcome(outcome),
    })
}

/// `winner` won, by `ending` (the store keeps the winner as its letter).
fn won_by(winner: Player, ending: Ending) -> GameEnd {
    GameEnd {
        winner: Some(winner.char()),
        ending,
    }
}

/// Who won a stored game (the store's letter as the side), if anyone.
fn winner_of(end: &GameEnd) -> Option<Player> {
    match end.winner? {
        'X' => Some(Player::X),
        'O' => Some(Player::O),
        _ => None,
    }
}

/// A seat number from the store (0 or 1).
fn stored_seat(seat: Option<usize>) -> Option<Seat> {
    seat.and_then(Seat::from_index)
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

/// An operation as data: tried on the table as it stands.
trait Operation {
    /// What it answers.
    type Answer;
    /// One attempt.
    fn attempt<'a>(
        &'a self,
        table: &'a mut Table,
    ) -> impl Future<Output = Result<Self::Answer, Failure>> + Send + 'a;
}

impl Operation for JoinRequest {
    type Answer = Joined;

    fn attempt<'a>(
        &'a self,
        table: &'a mut Table,
    ) -> impl Future<Output = Result<Joined, Failure>> + Send + 'a {
        table.join(self.token.clone(), self.take, self.name.clone())
    }
}

/// A pause (`true`) or a resumption of the table.
struct Pausing(bool);

impl Operation for Pausing {
    type Answer = ();

    fn attempt<'a>(
        &'a self,
        table: &'a mut Table,
    ) -> impl Future<Output = Result<(), Failure>> + Send + 'a {
        table.set_paused(self.0)
    }
}

impl Operation for (Seat, Play) {
    type Answer = ();

    async fn attempt(&self, table: &mut Table) -> Result<(), Failure> {
        let (seat, play) = *self;
        match play {
            Play::Act { action, ply } => table.act(seat, action, ply).await,
            Play::Resign => table.resign(seat).await,
            Play::Rematch => table.rematch(seat).await,
        }
    }
}

/// How many times an operation is tried: after a conflict (another
/// instance changed the table first) the table is reloaded and the
/// operation tried once more, so the sender gets the answer one instance
/// would have given in that order.
const ATTEMPTS: usize = 2;

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
        let sync::Replayed {
            game,
            clocks,
            end,
            paused,
        } = sync::replay(&stored)?;
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
            rematch_offer: stored_seat(stored.game.rematch_offer),
            paused,
            presence: Presence::default(),
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
        let stop = self.shared.stop.clone();
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
                () = stop.cancelled() => break,
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
        self.presence.connections() == 0
            && self.thinking.is_none()
            && self.next_deadline().is_none()
    }

    fn filled(&self, seat: Seat) -> bool {
        self.kinds[seat].is_computer() || self.token_hashes[seat].is_some()
    }

    /// Performs an operation: tried, and after a conflict tried again on
    /// the table reloaded, up to [`ATTEMPTS`] times in all.
    async fn perform<O: Operation>(&mut self, operation: &O) -> Result<O::Answer, Refusal> {
        let mut attempt = 1;
        loop {
            match operation.attempt(self).await {
                Err(Failure::Conflict) if attempt < ATTEMPTS => {
                    self.reload().await;
                    attempt += 1;
                }
                answer => return answer.map_err(Failure::refusal),
            }
        }
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::Join { request, reply } => {
                let _ = reply.send(self.perform(&request).await);
            }
            Command::Play { seat, play, reply } => {
                let _ = reply.send(self.perform(&(seat, play)).await);
            }
            Command::Leave { seat } => {
                let changed = self.presence.leave(seat, self.shared.time.now());
                if seat.is_some() {
                    self.announce_presence();
                }
                self.presence_changed(changed);
            }
            Command::Snapshot { reply } => {
                let _ = reply.send(self.snapshot());
            }
            Command::Pause { paused, reply } => {
                let _ = reply.send(self.perform(&Pausing(paused)).await);
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
                    .map(|player| Seat::of_player(player, game_no));
                match (seat, action) {
                    (Some(seat), Some(action)) if self.kinds[seat].is_computer() => {
                        let play = Play::Act { action, ply: None };
                        if let Err(refusal) = self.perform(&(seat, play)).await {
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

    /// Starts a computer's search when a computer seat is to act.
    fn start_computer(&mut self) {
        if self.thinking.is_some() || self.end.is_some() || self.paused {
            return;
        }
        let Some(player) = self.game.current_player() else {
            return;
        };
        let SeatKind::Computer(kind) = self.kinds[Seat::of_player(player, self.game_no)] else {
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
}
