//! The loaded tables by code: finds a table's task, loading it from the
//! store on first use, and lets an idle table unload itself.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::limits::Limits;
use crate::metrics::Metrics;
use crate::protocol::{ErrorCode, Refusal};
use crate::relay::Relay;
use crate::store::{Change, Store, StoreError};
use crate::table::{Command, Table};
use crate::time::TimeSource;

/// How the tables behave; see `qttt-server --help` for each.
#[derive(Clone, Debug)]
pub struct Config {
    /// How long a seat stays reserved for a player who dropped out.
    pub grace: Duration,
    /// The computer seats' time limit per action.
    pub computer_time: Duration,
    /// `Origin`s allowed on the WebSocket besides the server's own (`*`
    /// allows any).
    pub allowed_origins: Vec<String>,
    /// The address links are built with (`http://host:port`); by default
    /// the request's `Host`.
    pub public_url: Option<String>,
    /// The largest WebSocket message accepted, in bytes.
    pub max_message_bytes: usize,
    /// Messages a connection may send per second, on average.
    pub rate_per_second: u32,
    /// Messages a connection may send in a burst.
    pub rate_burst: u32,
    /// Spectators a table may have at this instance; a spectator's join
    /// beyond is refused (`too_many_spectators`). Seats are not counted.
    pub max_spectators: usize,
    /// WebSocket connections one client address may hold open at this
    /// instance; one more is refused (`too_many_connections`).
    pub max_connections_per_address: usize,
    /// Tables and classes one client address may create at once.
    pub create_burst: u32,
    /// Tables and classes one client address may create per minute, on
    /// average, after its burst.
    pub create_per_minute: u32,
    /// A table whose seats nobody took, and which has no action, is
    /// deleted this long after it was created.
    pub expire_unjoined: Duration,
    /// The reverse proxies whose `X-Forwarded-For` names the client:
    /// behind one of them the client's address is the last one in that
    /// header that is not a trusted proxy; from any other peer, the
    /// header is ignored and the peer is the client.
    pub trusted_proxies: Vec<IpAddr>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            grace: Duration::from_secs(60),
            computer_time: Duration::from_secs(2),
            allowed_origins: Vec::new(),
            public_url: None,
            max_message_bytes: 4096,
            rate_per_second: 20,
            rate_burst: 40,
            max_spectators: 200,
            max_connections_per_address: 64,
            create_burst: 20,
            create_per_minute: 60,
            expire_unjoined: Duration::from_secs(24 * 60 * 60),
            trusted_proxies: Vec::new(),
        }
    }
}

/// What every table and connection shares.
pub struct Shared {
    /// The configuration.
    pub config: Config,
    /// The store.
    pub store: Arc<dyn Store>,
    /// The time source of clocks, grace and rate limits.
    pub time: Arc<dyn TimeSource>,
    /// The metrics.
    pub metrics: Arc<Metrics>,
    /// Cancelled when the server shuts down.
    pub stop: CancellationToken,
    /// The tables' and the connections' tasks, which the shutdown waits
    /// for.
    pub tasks: TaskTracker,
    /// What each client address holds and has used.
    pub limits: Arc<Limits>,
    tables: Mutex<HashMap<String, (u64, mpsc::Sender<Command>)>>,
    next_id: AtomicU64,
}

impl std::fmt::Debug for Shared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Shared")
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

/// How often a request retries a table that unloaded itself meanwhile.
const RETRIES: usize = 3;

impl Shared {
    /// The shared state of a new server.
    #[must_use]
    pub fn new(
        config: Config,
        store: Arc<dyn Store>,
        time: Arc<dyn TimeSource>,
        metrics: Arc<Metrics>,
    ) -> Shared {
        Shared {
            config,
            store,
            time,
            metrics,
            stop: CancellationToken::new(),
            tasks: TaskTracker::new(),
            limits: Arc::default(),
            tables: Mutex::new(HashMap::new()),
            next_id: AtomicU64::new(0),
        }
    }

    fn unknown(code: &str) -> Refusal {
        Refusal::protocol(
            ErrorCode::UnknownTable,
            format!("no table has the code {code:?}"),
        )
    }

    /// The mailbox of the table with this (canonical) code, loading it.
    ///
    /// # Errors
    /// `unknown_table`, `store_failed` or `shutting_down`.
    pub async fn table(self: &Arc<Shared>, code: &str) -> Result<mpsc::Sender<Command>, Refusal> {
        if self.stop.is_cancelled() {
            return Err(Refusal::protocol(
                ErrorCode::ShuttingDown,
                "the server is shutting down",
            ));
        }
        if let Some((_, mailbox)) = self.tables.lock().expect("tables lock").get(code) {
            return Ok(mailbox.clone());
        }
        let stored = self
            .store
            .load_table(code.to_owned())
            .await
            .map_err(|error| {
                tracing::error!(%error, "loading a table failed");
                Refusal::protocol(ErrorCode::StoreFailed, "the store failed to load the table")
            })?
            .ok_or_else(|| Shared::unknown(code))?;
        let mut tables = self.tables.lock().expect("tables lock");
        if let Some((_, mailbox)) = tables.get(code) {
            return Ok(mailbox.clone());
        }
        let (mailbox, inbox) = mpsc::channel(64);
        let table =
            Table::load(stored, Arc::clone(self), mailbox.downgrade()).map_err(|error| {
                tracing::error!(table = code, %error, "a stored record does not replay");
                Refusal::protocol(
                    ErrorCode::StoreFailed,
                    "the table's stored record does not replay",
                )
            })?;
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        tables.insert(code.to_owned(), (id, mailbox.clone()));
        self.tasks.spawn(table.run(inbox, id));
        Ok(mailbox)
    }

    /// The mailbox of the table with this code if it is loaded here;
    /// never loads it.
    pub fn loaded(&self, code: &str) -> Option<mpsc::Sender<Command>> {
        let tables = self.tables.lock().expect("tables lock");
        tables.get(code).map(|(_, mailbox)| mailbox.clone())
    }

    /// Sends the command `make` builds to a table and waits for the answer,
    /// loading the table (again, if it unloaded itself meanwhile).
    ///
    /// # Errors
    /// The table's refusal, or why the table could not be reached.
    pub async fn request<T>(
        self: &Arc<Shared>,
        code: &str,
        make: impl Fn(oneshot::Sender<T>) -> Command,
    ) -> Result<T, Refusal> {
        for _ in 0..RETRIES {
            let mailbox = self.table(code).await?;
            let (reply, answer) = oneshot::channel();
            if mailbox.send(make(reply)).await.is_err() {
                continue;
            }
            if let Ok(answer) = answer.await {
                return Ok(answer);
            }
        }
        Err(Refusal::protocol(
            ErrorCode::ShuttingDown,
            "the table is not available; try again",
        ))
    }

    /// Removes an idle table from the registry, unless a command reached
    /// it meanwhile; `true` if it is gone and its task may end.
    pub fn unload(&self, code: &str, id: u64, inbox: &mpsc::Receiver<Command>) -> bool {
        let mut tables = self.tables.lock().expect("tables lock");
        if !inbox.is_empty() {
            return false;
        }
        if tables.get(code).is_some_and(|(live, _)| *live == id) {
            tables.remove(code);
        }
        true
    }

    /// Deletes the tables created longer than [`Config::expire_unjoined`]
    /// ago whose seats nobody took and which have no action, except those
    /// loaded here (someone is watching).
    ///
    /// # Errors
    /// When the store fails.
    pub async fn expire_unjoined(&self) -> Result<(), StoreError> {
        let age = i64::try_from(self.config.expire_unjoined.as_secs()).unwrap_or(i64::MAX);
        let before = self.time.unix_seconds().saturating_sub(age);
        for code in self.store.unjoined_tables(before).await? {
            if self.loaded(&code).is_some() {
                continue;
            }
            if self.store.expire_table(code.clone(), before).await? {
                tracing::info!(table = %code, "table expired: nobody joined it");
                self.metrics.table_expired();
            }
        }
        Ok(())
    }

    /// Removes a table whose task ends (at shutdown).
    pub fn forget(&self, code: &str, id: u64) {
        let mut tables = self.tables.lock().expect("tables lock");
        if tables.get(code).is_some_and(|(live, _)| *live == id) {
            tables.remove(code);
        }
    }
}

/// How often the tables nobody joined are looked for (on the server's
/// time source), besides once at the start.
pub const EXPIRY_EVERY: Duration = Duration::from_secs(60 * 60);

/// Deletes the tables nobody joined ([`Config::expire_unjoined`]) at `at`
/// and every [`EXPIRY_EVERY`] after, until the server is gone.
pub async fn expire(shared: Weak<Shared>, mut at: Duration) {
    loop {
        let (time, stop) = match shared.upgrade() {
            Some(shared) => (Arc::clone(&shared.time), shared.stop.clone()),
            None => return,
        };
        tokio::select! {
            () = time.sleep_until(at) => {}
            () = stop.cancelled() => return,
        }
        // The next look is due a period after this one began: when the
        // time moves on meanwhile, the next one is due at once.
        at = time.now() + EXPIRY_EVERY;
        let Some(shared) = shared.upgrade() else {
            return;
        };
        if let Err(error) = shared.expire_unjoined().await {
            tracing::error!(%error, "expiring the tables nobody joined failed");
        }
    }
}

/// How often each table loaded here repeats its presence to the other
/// instances (real time: this is liveness, not a game clock). An
/// instance's presence not repeated for three of these is dropped, so the
/// presence of an instance that died does not stay.
pub const PRESENCE_EVERY: Duration = Duration::from_secs(10);

/// How soon a table whose mailbox was full is offered what it is owed
/// again.
const CATCH_UP_EVERY: Duration = Duration::from_millis(10);

/// Passes the other instances' changes to the tables they concern that are
/// loaded here (a table not loaded here reads the store when it loads),
/// each table's in order (see `relay`), and every [`PRESENCE_EVERY`] a
/// heartbeat to every table, until the server is gone.
pub async fn follow(shared: Weak<Shared>, mut changes: mpsc::Receiver<Change>) {
    let mut heartbeat = tokio::time::interval(PRESENCE_EVERY);
    heartbeat.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut relay = Relay::default();
    loop {
        let behind = relay.is_behind();
        let event = tokio::select! {
            change = changes.recv() => match change {
                Some(change) => Some(Some(change)),
                None => return,
            },
            _ = heartbeat.tick() => Some(None),
            () = tokio::time::sleep(CATCH_UP_EVERY), if behind => None,
        };
        let Some(shared) = shared.upgrade() else {
            return;
        };
        let tables = shared.tables.lock().expect("tables lock");
        match event {
            Some(Some(change)) => match change.table().map(str::to_owned) {
                Some(code) => {
                    if let Some((_, mailbox)) = tables.get(&code) {
                        relay.pass(&code, mailbox, change);
                    }
                }
                None => {
                    for (code, (_, mailbox)) in tables.iter() {
                        relay.pass(code, mailbox, change.clone());
                    }
                }
            },
            Some(None) => {
                for (_, mailbox) in tables.values() {
                    // A busy table skips this one; it gets the next.
                    let _ = mailbox.try_send(Command::Heartbeat);
                }
            }
            None => {}
        }
        relay.catch_up(|code| tables.get(code).map(|(_, mailbox)| mailbox.clone()));
    }
}
