//! # qttt-server: tables for quantum tic-tac-toe
//!
//! Two people on two devices play one game; anyone with the link watches;
//! a teacher's class page shows every board of the class. Every action is
//! checked by the [`qttt`] core, stored durably and only then announced.
//! The protocol (JSON over WebSocket) is documented in `docs/protocol.md`,
//! running a server in `docs/server.md`.
//!
//! The binary `qttt-server` is this library with a command line. To serve
//! the tables from your own axum server, build [`Tables`] and merge its
//! [`router`](Tables::router) into yours:
//!
//! ```no_run
//! use std::sync::Arc;
//! use qttt_server::{Config, Metrics, MonotonicTime, SqliteStore, Tables};
//! # async fn run() -> Result<(), Box<dyn std::error::Error>> {
//! let metrics = Arc::new(Metrics::default());
//! let store = SqliteStore::open("tables.db".as_ref(), Arc::clone(&metrics)).await?;
//! let tables = Tables::new(Config::default(), Arc::new(store), Arc::new(MonotonicTime::new()), metrics);
//! let app = axum::Router::new()
//!     .route("/hello", axum::routing::get(|| async { "hello" }))
//!     .merge(tables.router());
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8023").await?;
//! // Every accepted socket without Nagle's delay, and the client's address
//! // known (the limits per client address need it).
//! let app = app.into_make_service_with_connect_info::<std::net::SocketAddr>();
//! axum::serve(qttt_server::without_delay(listener), app).await?;
//! # Ok(()) }
//! ```
//!
//! [`Tables::serve`] does both for the tables alone.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod assets;
mod class_feed;
mod computer;
mod connection;
mod events;
mod exports;
mod http;
mod hub;
mod limits;
mod metrics;
pub mod protocol;
mod relay;
mod review;
mod secret;
pub mod settings;
pub mod store;
mod table;
mod time;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::serve::{ListenerExt, TapIo};
use tokio::net::{TcpListener, TcpStream};

pub use hub::Config;
pub use metrics::Metrics;
pub use store::{PgStore, SqliteStore, Store, StoreError};
pub use time::{ManualTime, MonotonicTime, TimeSource};

/// The tables of one server: its routes, and its shutdown.
#[derive(Debug)]
pub struct Tables {
    shared: Arc<hub::Shared>,
}

impl Tables {
    /// Tables on `store`, with clocks on `time`, counted in `metrics`.
    /// Call it inside a tokio runtime: it starts the task that deletes the
    /// tables nobody joined and, with a store that several instances
    /// share, the one that follows their changes.
    #[must_use]
    pub fn new(
        config: Config,
        store: Arc<dyn Store>,
        time: Arc<dyn TimeSource>,
        metrics: Arc<Metrics>,
    ) -> Tables {
        let changes = store.changes();
        let shared = Arc::new(hub::Shared::new(config, store, time, metrics));
        if let Some(changes) = changes {
            tokio::spawn(hub::follow(Arc::downgrade(&shared), changes));
        }
        tokio::spawn(hub::expire(Arc::downgrade(&shared), shared.time.now()));
        Tables { shared }
    }

    /// Every route: the API under `/api/`, the WebSocket at `/ws`,
    /// `/healthz`, `/metrics`, and the pages (`/`, `/t/CODE`, `/class/CODE`).
    pub fn router(&self) -> axum::Router {
        http::router(Arc::clone(&self.shared))
    }

    /// Serves the tables on `listener` until `shutdown` resolves: every
    /// accepted socket [without Nagle's delay](without_delay), each request
    /// knowing its client's address.
    ///
    /// # Errors
    /// When serving fails.
    pub async fn serve(
        &self,
        listener: TcpListener,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        let app = self
            .router()
            .into_make_service_with_connect_info::<SocketAddr>();
        axum::serve(without_delay(listener), app)
            .with_graceful_shutdown(shutdown)
            .await
    }

    /// The metrics.
    #[must_use]
    pub fn metrics(&self) -> &Metrics {
        &self.shared.metrics
    }

    /// Shuts down: refuses new connections and tables, tells every client
    /// to reconnect, lets every table finish the write in hand, then closes
    /// the store. Waits at most `wait` for the tables' and connections'
    /// tasks to end (tokio-util's `TaskTracker`).
    pub async fn shutdown(&self, wait: Duration) {
        self.shared.stop.cancel();
        let tasks = &self.shared.tasks;
        tasks.close();
        if tokio::time::timeout(wait, tasks.wait()).await.is_err() {
            tracing::warn!(
                tasks = tasks.len(),
                "tables or connections still running at the end of the shutdown's wait"
            );
        }
        self.shared.store.close().await;
    }
}

/// `listener`, with `TCP_NODELAY` set on every socket it accepts. The
/// server writes each frame as soon as it is ready; with Nagle's algorithm
/// a small frame waits for the client's acknowledgement of the previous
/// one, which a client delays by up to 40 ms: an opponent's update would
/// come that much later than the acknowledgement of the action.
pub fn without_delay(listener: TcpListener) -> TapIo<TcpListener, fn(&mut TcpStream)> {
    let tap: fn(&mut TcpStream) = set_nodelay;
    listener.tap_io(tap)
}

fn set_nodelay(socket: &mut TcpStream) {
    if let Err(error) = socket.set_nodelay(true) {
        tracing::warn!(%error, "could not set TCP_NODELAY on an accepted socket");
    }
}
