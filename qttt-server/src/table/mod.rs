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

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use qttt::{Action, Ending, Game, Player};
use tokio::sync::{broadcast, mpsc, oneshot};

use crate::computer;
use crate::hub::{Shared, stopped};
use crate::metrics::{Gauge, Held};
use crate::protocol::{ErrorCode, Refusal, Take};
use crate::settings::{ClockSetting, SeatKind, seat_of_player};
use crate::store::{Change, GameEnd, StoreError, StoredTable, Write};

pub use view::Published;

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

fn ended_by(game: &Game) -> Option<GameEnd> {
    game.outcome().map(|outcome| GameEnd {
        winner: outcome.winner().map(Player::char),
        ending: Ending::of_outcome(outcome),
    })
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
        let sync::Replayed { game, clocks, end } = sync::replay(&stored)?;
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
}
