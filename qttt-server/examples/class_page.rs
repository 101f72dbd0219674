//! What the class page costs the server (a benchmark, never a test): a
//! server in this process on loopback, on a fresh SQLite file (or, with
//! `--db postgres://...`, on that PostgreSQL database), a class of TABLES
//! tables, both seats of every other one held by a WebSocket and an
//! action played (those tables are loaded and answer from their tasks),
//! the rest never joined (drawn from the store). Then POLLS requests for
//! the class's boards, `GET /api/classes/CODE`, as the projector page
//! makes one every 1.5 s, one after another; it reports the time of an
//! answer (median, p99), its size and the tasks the server holds.
//!
//! ```text
//! cargo run --release -p qttt-server --example class_page -- [TABLES] [POLLS] [--db URL]
//! ```
//! Defaults: 30 tables, 200 polls; at most 200 tables and 2,000 polls.

mod common;

use std::sync::Arc;
use std::time::Instant;

use futures_util::SinkExt;
use qttt_server::{Config, Metrics, MonotonicTime, PgStore, SqliteStore, Store, Tables};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use common::{Error, Socket, until};

const MAX_TABLES: usize = 200;
const MAX_POLLS: usize = 2_000;

#[tokio::main]
async fn main() -> Result<(), Error> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let db = args
        .iter()
        .position(|arg| arg == "--db")
        .and_then(|at| args.get(at + 1))
        .cloned();
    let mut numbers = args.iter().filter_map(|arg| arg.parse::<usize>().ok());
    let tables = numbers.next().unwrap_or(30).min(MAX_TABLES);
    let polls = numbers.next().unwrap_or(200).min(MAX_POLLS);

    let dir = tempfile::tempdir()?;
    let metrics = Arc::new(Metrics::default());
    let store: Arc<dyn Store> = match &db {
        Some(url) => Arc::new(PgStore::open(url, Arc::clone(&metrics)).await?),
        None => {
            Arc::new(SqliteStore::open(&dir.path().join("tables.db"), Arc::clone(&metrics)).await?)
        }
    };
    let config = Config {
        create_burst: 2 * MAX_TABLES as u32,
        ..Config::default()
    };
    let server = Arc::new(Tables::new(
        config,
        store,
        Arc::new(MonotonicTime::new()),
        metrics,
    ));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?.to_string();
    let serving = Arc::clone(&server);
    tokio::spawn(async move { serving.serve(listener, std::future::pending()).await });

    let (_, created) = common::http(&addr, "POST", "/api/classes", Some("{}")).await?;
    let class = serde_json::from_str::<Value>(&created)?["class"]
        .as_str()
        .ok_or("no class code")?
        .to_owned();
    let settings = json!({ "class": class }).to_string();
    let mut held = Vec::new();
    for n in 0..tables {
        let code = common::create_table(&addr, &settings).await?;
        if n % 2 == 0 {
            held.push(sit_and_play(&addr, &code).await?);
        }
    }

    let path = format!("/api/classes/{class}");
    let mut times = Vec::with_capacity(polls);
    let mut bytes = 0;
    for _ in 0..polls {
        let started = Instant::now();
        let (status, body) = common::http(&addr, "GET", &path, None).await?;
        times.push(started.elapsed());
        if status != 200 {
            return Err(format!("the class's boards: {status} {body}").into());
        }
        let boards = serde_json::from_str::<Value>(&body)?["tables"]
            .as_array()
            .map_or(0, Vec::len);
        if boards != tables {
            return Err(format!("{boards} boards, not {tables}").into());
        }
        bytes = body.len();
    }
    times.sort();
    let at = |share: f64| {
        let index = ((times.len() - 1) as f64 * share).round() as usize;
        times[index].as_secs_f64() * 1e3
    };
    let loaded = server.metrics().tables_live();
    println!(
        "class of {tables} tables ({} held and loaded, {} never joined), {} store; \
         {polls} polls: median {:.2} ms, p99 {:.2} ms, {bytes} bytes an answer; \
         tables loaded afterwards: {loaded}",
        held.len(),
        tables - held.len(),
        if db.is_some() { "PostgreSQL" } else { "SQLite" },
        at(0.5),
        at(0.99),
    );
    drop(held);
    Ok(())
}

/// Takes both seats of the table `code` and plays X's first move; the two
/// sockets, which keep the table loaded while they are open.
async fn sit_and_play(addr: &str, code: &str) -> Result<[Socket; 2], Error> {
    let mut seats = Vec::new();
    for _ in 0..2 {
        let mut socket = common::connect(addr).await?;
        let join = json!({"type": "join", "table": code, "take": true});
        socket.send(Message::text(join.to_string())).await?;
        until(&mut socket, |frame| frame["type"] == "welcome").await?;
        seats.push(socket);
    }
    let mut seats: [Socket; 2] = seats.try_into().map_err(|_| "two seats")?;
    // Seat 0 plays X in the first game.
    let act = json!({"type": "act", "action": "12"});
    seats[0].send(Message::text(act.to_string())).await?;
    until(&mut seats[1], |frame| {
        frame["type"] == "update" && frame["view"]["record"] == "12"
    })
    .await?;
    Ok(seats)
}
