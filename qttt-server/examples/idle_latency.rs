//! The opponent's latency on an idle table (a benchmark, never a test):
//! a server in this process on loopback (the embedded store in a
//! temporary folder), one table, two players that take turns with a pause
//! between actions; for each action it measures the time to the actor's
//! own update (the acknowledgement) and to the opponent's update, and
//! prints the median and the 99th percentile of both.
//!
//! ```text
//! cargo run --release -p qttt-server --example idle_latency [ACTIONS] [--nagle]
//! ```
//!
//! `--nagle` serves on a plain listener, Nagle's algorithm left on (the
//! server before `TCP_NODELAY`), for a before/after pair. The clients
//! always send without delay, so only the server's side differs.

mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::SinkExt;
use qttt_server::{Config, Metrics, MonotonicTime, SqliteStore, Tables};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use common::{Error, Socket, until};

/// The most actions it measures.
const MAX_ACTIONS: usize = 5_000;
/// The pause between two actions: the table is idle in between.
const PAUSE: Duration = Duration::from_millis(20);
/// Four actions that close no cycle; then X resigns and both rematch.
const GAME: [&str; 4] = ["12", "34", "56", "78"];

#[tokio::main]
async fn main() -> Result<(), Error> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let nagle = args.iter().any(|arg| arg == "--nagle");
    let actions = args
        .iter()
        .find_map(|arg| arg.parse::<usize>().ok())
        .unwrap_or(400)
        .min(MAX_ACTIONS);
    let dir = tempfile::tempdir()?;
    let metrics = Arc::new(Metrics::default());
    let store = SqliteStore::open(&dir.path().join("tables.db"), Arc::clone(&metrics)).await?;
    let tables = Arc::new(Tables::new(
        Config::default(),
        Arc::new(store),
        Arc::new(MonotonicTime::new()),
        metrics,
    ));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    let serving = Arc::clone(&tables);
    tokio::spawn(async move {
        if nagle {
            axum::serve(listener, serving.router()).await
        } else {
            serving.serve(listener, std::future::pending()).await
        }
    });
    let code = common::create_table(&addr.to_string(), "{}").await?;
    let mut seats = [
        common::connect(&addr.to_string()).await?,
        common::connect(&addr.to_string()).await?,
    ];
    for seat in &mut seats {
        send(seat, json!({"type": "join", "table": code, "take": true})).await?;
        until(seat, |frame| frame["type"] == "welcome").await?;
    }
    let (mut acks, mut opponents) = (Vec::new(), Vec::new());
    let mut game = 1;
    while acks.len() < actions {
        // Seat 0 plays X in odd games; X acts first.
        let x = usize::from(game % 2 == 0);
        for (ply, action) in GAME.iter().enumerate() {
            tokio::time::sleep(PAUSE).await;
            let actor = if ply % 2 == 0 { x } else { 1 - x };
            let plies = ply + 1;
            let sent = Instant::now();
            send(&mut seats[actor], json!({"type": "act", "action": action})).await?;
            let at_ply = |frame: &Value| {
                frame["type"] == "update"
                    && frame["game"] == game
                    && frame["view"]["record"]
                        .as_str()
                        .is_some_and(|record| record.split_whitespace().count() == plies)
            };
            until(&mut seats[actor], at_ply).await?;
            acks.push(sent.elapsed());
            until(&mut seats[1 - actor], at_ply).await?;
            opponents.push(sent.elapsed());
        }
        send(&mut seats[x], json!({"type": "resign"})).await?;
        for seat in &mut seats {
            send(seat, json!({"type": "rematch"})).await?;
        }
        game += 1;
        for seat in &mut seats {
            until(seat, |frame| frame["game"] == game).await?;
        }
    }
    let server = if nagle { "Nagle on" } else { "TCP_NODELAY" };
    println!("{} actions on an idle table, server {server}:", acks.len());
    println!("  acknowledgement   {}", summary(&mut acks));
    println!("  opponent's update {}", summary(&mut opponents));
    Ok(())
}

fn summary(times: &mut [Duration]) -> String {
    times.sort_unstable();
    let at = |share: f64| {
        let index = ((times.len() as f64 - 1.0) * share).round() as usize;
        times[index].as_secs_f64() * 1e3
    };
    format!("median {:.2} ms, p99 {:.2} ms", at(0.5), at(0.99))
}

async fn send(socket: &mut Socket, message: Value) -> Result<(), Error> {
    socket.send(Message::text(message.to_string())).await?;
    Ok(())
}
