//! The load generator of the tables (a benchmark, never a test): starts
//! the `qttt-server` binary on loopback with a fresh database, connects
//! TABLES tables with two scripted clients each, measures the server's
//! memory with every table connected and idle, then lets every pair play
//! random legal games (rematch after rematch) for SECONDS seconds and
//! reports durable actions per second and the latency from an action to
//! the opponent's update. Bounded in count and time; stops by itself.
//!
//! Without RATE every pair acts as soon as it has heard of its last
//! action (a closed loop: the most the server does, and a latency that is
//! simply tables / throughput); with RATE (actions per second over all
//! tables) each table acts once every TABLES / RATE seconds, the latency
//! at that rate. Either way a table acts at most every 40 ms, which keeps
//! each connection under the protocol's 20 messages a second.
//!
//! ```text
//! cargo build --release -p qttt-server --bins --examples
//! target/release/examples/load target/release/qttt-server TABLES SECONDS [RATE]
//! ```
//!
//! Both it and the server raise their soft limit of open files to the hard
//! one (`ulimit -Hn`); each table takes two files in each process.
//!
//! With `-` for the binary and `QTTT_LOAD_AT=ADDR_X,ADDR_O` it starts no
//! server: each table's X joins at the first address and its O at the
//! second (two instances on one PostgreSQL, or nginx in front of them,
//! `docs/performance.md`); `QTTT_LOAD_METRICS=ADDR,...` names the
//! instances whose store metrics are added up (default: the first
//! address). The memory and the server's CPU are then not measured; the
//! instances then need limits per client address as high as the run's
//! (`--max-connections-per-address` twice TABLES, `--create-burst`
//! TABLES), since every client is on this machine.

#[allow(
    dead_code,
    reason = "the load generator joins with its own socket settings"
)]
mod common;
#[path = "common/process.rs"]
mod process;

use std::process::Child;
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{Error, Socket};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

/// The most tables and seconds it will run.
const MAX_TABLES: usize = 20_000;
const MAX_SECONDS: u64 = 120;
/// The longest wait for an update before a table counts as failed.
const UPDATE_WAIT: Duration = Duration::from_secs(10);
/// The shortest time between a table's actions: 25 a second, so that each
/// connection stays under the protocol's 20 messages a second (its half of
/// the actions and a rematch every game).
const MIN_PERIOD: Duration = Duration::from_millis(40);
/// Tables set up at once.
const SETUP_AT_ONCE: usize = 64;

/// The server's metrics (`GET /metrics`, the Prometheus text format).
async fn metrics(addr: &str) -> Result<String, Error> {
    Ok(common::http(addr, "GET", "/metrics", None).await?.1)
}

/// The metrics of each of these servers.
async fn all_metrics(addrs: &[String]) -> Result<Vec<String>, Error> {
    let mut texts = Vec::with_capacity(addrs.len());
    for addr in addrs {
        texts.push(metrics(addr).await?);
    }
    Ok(texts)
}

/// The value of the sample `name` (without labels) in Prometheus text.
fn sample(text: &str, name: &str) -> f64 {
    text.lines()
        .filter_map(|line| line.strip_prefix(name)?.strip_prefix(' '))
        .find_map(|value| value.trim().parse().ok())
        .unwrap_or(0.0)
}

/// The parts of a server frame the players need (borrowed from its text;
/// the rest is skipped unread).
#[derive(Deserialize)]
struct Frame<'a> {
    #[serde(rename = "type")]
    kind: &'a str,
    #[serde(default)]
    game: u32,
    #[serde(default, borrow)]
    view: Option<FrameView<'a>>,
    #[serde(default)]
    result: Option<IgnoredAny>,
}

#[derive(Deserialize)]
struct FrameView<'a> {
    record: &'a str,
    to_act: Option<&'a str>,
    #[serde(borrow)]
    legal: Vec<&'a str>,
}

/// A table's state as an update told it.
struct State {
    game: u32,
    plies: usize,
    x_to_act: bool,
    legal: Vec<String>,
    over: bool,
}

/// The next update on `socket`; an error frame or a silence of
/// [`UPDATE_WAIT`] fails the table (so a run always ends).
async fn next_update(socket: &mut Socket) -> Result<State, Error> {
    tokio::time::timeout(UPDATE_WAIT, read_update(socket))
        .await
        .map_err(|_| format!("no update within {} s", UPDATE_WAIT.as_secs()))?
}

async fn read_update(socket: &mut Socket) -> Result<State, Error> {
    loop {
        let Message::Text(text) = socket.next().await.ok_or("closed")?? else {
            continue;
        };
        let frame: Frame = serde_json::from_str(&text)?;
        match (frame.kind, frame.view) {
            ("update", Some(view)) => {
                return Ok(State {
                    game: frame.game,
                    plies: view.record.split_whitespace().count(),
                    x_to_act: view.to_act == Some("X"),
                    legal: view.legal.into_iter().map(str::to_owned).collect(),
                    over: frame.result.is_some(),
                });
            }
            ("error", _) => return Err(format!("refused: {text}").into()),
            _ => {}
        }
    }
}

/// Small read buffers: the updates are about a kilobyte (the default
/// buffer, 128 KiB, is zeroed on every read).
fn socket_config() -> WebSocketConfig {
    WebSocketConfig::default().read_buffer_size(8192)
}

async fn join(addr: &str, code: &str) -> Result<(Socket, State), Error> {
    let (mut socket, _) = tokio_tungstenite::connect_async_with_config(
        format!("ws://{addr}/ws"),
        Some(socket_config()),
        false,
    )
    .await?;
    let join = json!({"type": "join", "table": code, "take": true});
    socket.send(Message::text(join.to_string())).await?;
    let update = next_update(&mut socket).await?;
    Ok((socket, update))
}

/// Plays random games at one table until `stop`, an action at each tick
/// of `pace` once the last one is answered; the latencies (µs) from each
/// action to the opponent's update, and the sockets (closed only once
/// every table has stopped, so that closing them does not delay the last
/// actions of other tables).
async fn play(
    mut sockets: [Socket; 2],
    mut state: State,
    mut stop: tokio::sync::watch::Receiver<bool>,
    mut seed: u64,
    mut pace: tokio::time::Interval,
) -> Result<(Vec<u32>, [Socket; 2]), Error> {
    // sockets[0] plays X in the first game; sides swap each rematch.
    let mut latencies = Vec::new();
    while !*stop.borrow() {
        tokio::select! {
            _ = pace.tick() => {}
            _ = stop.changed() => break,
        }
        if state.over {
            for socket in &mut sockets {
                socket.send(Message::text(r#"{"type":"rematch"}"#)).await?;
            }
            let game = state.game + 1;
            for socket in &mut sockets {
                state = loop {
                    let update = next_update(socket).await?;
                    if update.game == game {
                        break update;
                    }
                };
            }
        }
        let x_seat = usize::from(state.game % 2 == 0);
        let mover = if state.x_to_act { x_seat } else { 1 - x_seat };
        if state.legal.is_empty() {
            return Err("no legal actions".into());
        }
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let action = &state.legal[((seed >> 33) as usize) % state.legal.len()];
        let ply = state.plies;
        let act = json!({"type": "act", "action": action, "ply": ply});
        let sent = Instant::now();
        sockets[mover].send(Message::text(act.to_string())).await?;
        let seen = loop {
            let update = next_update(&mut sockets[1 - mover]).await?;
            if update.plies == ply + 1 {
                break update;
            }
        };
        latencies.push(u32::try_from(sent.elapsed().as_micros()).unwrap_or(u32::MAX));
        loop {
            if next_update(&mut sockets[mover]).await?.plies == ply + 1 {
                break;
            }
        }
        state = seen;
    }
    Ok((latencies, sockets))
}

#[tokio::main]
async fn main() -> Result<(), Error> {
    let mut args = std::env::args().skip(1);
    let binary = args
        .next()
        .ok_or("usage: load SERVER_BINARY [TABLES] [SECONDS] [RATE]")?;
    let tables: usize = args.next().map_or(Ok(100), |t| t.parse())?;
    let seconds: u64 = args.next().map_or(Ok(10), |s| s.parse())?;
    let rate: f64 = args.next().map_or(Ok(0.0), |r| r.parse())?;
    let (tables, seconds) = (tables.clamp(1, MAX_TABLES), seconds.min(MAX_SECONDS));
    let files = rlimit::increase_nofile_limit(u64::MAX)?;
    // Two sockets a table in each process, and room besides: the setup's
    // HTTP connections (up to `SETUP_AT_ONCE`), the runtimes' files, the
    // database's.
    let spare = SETUP_AT_ONCE as u64 + 64;
    let most = usize::try_from(files.saturating_sub(spare) / 2).unwrap_or(usize::MAX);
    if tables > most {
        return Err(format!(
            "{tables} tables need {} open files; the hard limit here is {files} (ulimit -Hn): at most {most} tables",
            2 * tables as u64 + spare
        )
        .into());
    }
    let dir = std::env::temp_dir().join(format!("qttt-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let (mut server, addr, o_addr) = if binary == "-" {
        let at = std::env::var("QTTT_LOAD_AT").map_err(|_| "- needs QTTT_LOAD_AT=ADDR_X,ADDR_O")?;
        let (x, o) = at.split_once(',').ok_or("QTTT_LOAD_AT is ADDR_X,ADDR_O")?;
        (None, x.to_owned(), o.to_owned())
    } else {
        let (server, addr) = process::start(&binary, &dir.join("tables.db"), MAX_TABLES, &[])?;
        (Some(server), addr.clone(), addr)
    };
    let watched: Vec<String> = std::env::var("QTTT_LOAD_METRICS").map_or_else(
        |_| vec![addr.clone()],
        |list| list.split(',').map(str::to_owned).collect(),
    );
    // The server's process (none when it was not started here: its
    // figures then read as zero).
    let pid = server.as_ref().map_or(0, Child::id);
    let before = process::rss_kib(pid);

    let started = Instant::now();
    // Tables are set up a few at a time (each setup waits for three synced
    // writes: the table and the two seats).
    let gate = Arc::new(tokio::sync::Semaphore::new(SETUP_AT_ONCE));
    let mut setups = Vec::with_capacity(tables);
    for _ in 0..tables {
        let (addr, o_addr, gate) = (addr.clone(), o_addr.clone(), Arc::clone(&gate));
        setups.push(tokio::spawn(async move {
            let _permit = gate.acquire().await?;
            let code = common::create_table(&addr, "{}").await?;
            let (x, _) = join(&addr, &code).await?;
            let (o, state) = join(&o_addr, &code).await?;
            Ok::<_, Error>(([x, o], state))
        }));
    }
    let mut pairs = Vec::with_capacity(tables);
    for setup in setups {
        pairs.push(setup.await??);
    }
    let connect_time = started.elapsed();
    tokio::time::sleep(Duration::from_secs(1)).await;
    let idle = process::rss_kib(pid);
    println!(
        "{tables} tables ({} WebSockets) connected in {:.1} s; server memory {before} KiB before, {idle} KiB with all idle: {:.1} KiB per table",
        2 * tables,
        connect_time.as_secs_f64(),
        (idle.saturating_sub(before)) as f64 / tables as f64
    );

    let (stop, stopped) = tokio::sync::watch::channel(false);
    let at_start = all_metrics(&watched).await?;
    let (server_cpu, own_cpu) = (
        process::cpu_seconds(&pid.to_string()),
        process::cpu_seconds("self"),
    );
    let run = Instant::now();
    // With a rate, each table acts once a period, the tables spread
    // evenly over it.
    let period = if rate > 0.0 {
        Duration::from_secs_f64(tables as f64 / rate).max(MIN_PERIOD)
    } else {
        MIN_PERIOD
    };
    let mut tasks = Vec::with_capacity(tables);
    for (i, (sockets, state)) in pairs.into_iter().enumerate() {
        let offset = period.mul_f64(i as f64 / tables as f64);
        let mut pace = tokio::time::interval_at(tokio::time::Instant::now() + offset, period);
        pace.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        tasks.push(tokio::spawn(play(
            sockets,
            state,
            stopped.clone(),
            i as u64 + 1,
            pace,
        )));
    }
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    stop.send_replace(true);
    let mut latencies = Vec::new();
    let mut open = Vec::with_capacity(tables);
    let mut failures = 0;
    for task in tasks {
        match task.await? {
            Ok((table, sockets)) => {
                latencies.extend(table);
                open.push(sockets);
            }
            Err(error) => {
                failures += 1;
                if failures == 1 {
                    eprintln!("a table failed: {error}");
                }
            }
        }
    }
    let elapsed = run.elapsed().as_secs_f64();
    let (server_cpu, own_cpu) = (
        process::cpu_seconds(&pid.to_string()) - server_cpu,
        process::cpu_seconds("self") - own_cpu,
    );
    latencies.sort_unstable();
    let at = |q: f64| {
        latencies
            .get(((latencies.len() as f64 * q) as usize).min(latencies.len().saturating_sub(1)))
            .copied()
            .unwrap_or(0)
    };
    let asked = if rate > 0.0 {
        format!(" (asked for {rate:.0}/s)")
    } else {
        String::new()
    };
    println!(
        "{} durable actions in {elapsed:.1} s: {:.0} actions/s{asked}; action -> opponent's update: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {failures} tables failed",
        latencies.len(),
        latencies.len() as f64 / elapsed,
        f64::from(at(0.5)) / 1000.0,
        f64::from(at(0.99)) / 1000.0,
        f64::from(latencies.last().copied().unwrap_or(0)) / 1000.0
    );
    // Where the time goes: the CPU each process used, and the store's
    // commits (each a batch of writes and one sync) over the run.
    println!(
        "CPU over the run: server {server_cpu:.1} s, generator {own_cpu:.1} s, of {:.1} s on 2 cores",
        2.0 * elapsed
    );
    let at_end = all_metrics(&watched).await?;
    let delta = |name: &str| {
        at_end.iter().map(|text| sample(text, name)).sum::<f64>()
            - at_start.iter().map(|text| sample(text, name)).sum::<f64>()
    };
    let commits = delta("qttt_store_commit_seconds_count");
    let commit_seconds = delta("qttt_store_commit_seconds_sum");
    let writes = delta("qttt_store_writes_total");
    let reloads = delta("qttt_table_reloads_total");
    if commits > 0.0 {
        println!(
            "store: {commits:.0} commits of {:.1} writes on average, {:.2} ms each (synced), the writer busy {:.0} % of the run; {reloads:.0} tables read again",
            writes / commits,
            1000.0 * commit_seconds / commits,
            100.0 * commit_seconds / elapsed
        );
    }
    drop(open);
    if let Some(server) = server.as_mut() {
        server.kill()?;
        server.wait()?;
    }
    std::fs::remove_dir_all(&dir)?;
    Ok(())
}
