//! What an event costs the server (a benchmark, never a test): starts the
//! `qttt-server` binary on loopback with a fresh SQLite file, opens a
//! Swiss tournament of ROUNDS rounds at a class, joins PLAYERS students
//! by HTTP, and plays every round to its end with the example bot
//! (random legal actions, as fast as the server answers: far harder on
//! the server than a class, whose students think). Meanwhile a projector
//! asks for the event every 2.5 s and for the class's boards every 1.5 s,
//! as the class page does, and a hundred times each, one after another,
//! once the event has ended. It reports each round's time, the answers'
//! times, and the server's CPU time and memory over the whole event.
//!
//! ```text
//! cargo build --release -p qttt-server --bins --examples
//! target/release/examples/event target/release/qttt-server [PLAYERS] [ROUNDS]
//! ```
//! Defaults: 24 players, 5 rounds; at most 200 players and 9 rounds.

#[allow(
    dead_code,
    reason = "only the HTTP requests and the process of the shared code"
)]
mod common;
#[path = "common/process.rs"]
mod process;

#[allow(dead_code, reason = "its main is for the command line")]
mod bot;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use common::Error;

const MAX_PLAYERS: usize = 200;
const MAX_ROUNDS: usize = 9;
/// The requests of each kind after the event's end.
const AFTER_POLLS: usize = 100;
/// The longest a round may take before the run fails.
const ROUND_WAIT: Duration = Duration::from_secs(120);

/// `METHOD PATH` with `body`, as the teacher when `bearer` is given; the
/// answer, which must have status `expect`.
async fn call(
    addr: &str,
    method: &str,
    path: &str,
    body: Option<&Value>,
    bearer: Option<&str>,
    expect: u16,
) -> Result<Value, Error> {
    let body = body.map(Value::to_string);
    let (status, text) = common::http_as(addr, method, path, body.as_deref(), bearer).await?;
    if status != expect {
        return Err(format!("{method} {path}: {status} {text}").into());
    }
    Ok(serde_json::from_str(&text)?)
}

/// The `q`-quantile of `times` (sorted here), in milliseconds.
fn quantile(times: &mut [Duration], q: f64) -> f64 {
    times.sort_unstable();
    if times.is_empty() {
        return 0.0;
    }
    let at = ((times.len() - 1) as f64 * q).round() as usize;
    times[at].as_secs_f64() * 1e3
}

/// What the projector saw: the answers' times of the event and of the
/// class's boards, and the largest answer of each.
#[derive(Default)]
struct Projector {
    event: Vec<Duration>,
    boards: Vec<Duration>,
    event_bytes: usize,
    boards_bytes: usize,
}

/// Asks as the class page does until `done`, sampling the server's memory
/// into `peak` (KiB).
async fn project(
    addr: String,
    event: String,
    class: String,
    pid: u32,
    done: Arc<AtomicBool>,
    peak: Arc<AtomicU64>,
) -> Result<Projector, Error> {
    let mut seen = Projector::default();
    let start = Instant::now();
    let (mut next_event, mut next_boards) = (Duration::ZERO, Duration::ZERO);
    while !done.load(Ordering::Relaxed) {
        let now = start.elapsed();
        if now >= next_event {
            let asked = Instant::now();
            let (status, body) =
                common::http(&addr, "GET", &format!("/api/events/{event}"), None).await?;
            seen.event.push(asked.elapsed());
            seen.event_bytes = seen.event_bytes.max(body.len());
            if status != 200 {
                return Err(format!("the event: {status} {body}").into());
            }
            next_event = now + Duration::from_millis(2_500);
        }
        if now >= next_boards {
            let asked = Instant::now();
            let (status, body) =
                common::http(&addr, "GET", &format!("/api/classes/{class}"), None).await?;
            seen.boards.push(asked.elapsed());
            seen.boards_bytes = seen.boards_bytes.max(body.len());
            if status != 200 {
                return Err(format!("the boards: {status} {body}").into());
            }
            next_boards = now + Duration::from_millis(1_500);
        }
        peak.fetch_max(process::rss_kib(pid), Ordering::Relaxed);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Ok(seen)
}

#[tokio::main]
async fn main() -> Result<(), Error> {
    let mut args = std::env::args().skip(1);
    let binary = args
        .next()
        .ok_or("usage: event SERVER_BINARY [PLAYERS] [ROUNDS]")?;
    let players: usize = args.next().map_or(Ok(24), |p| p.parse())?;
    let rounds: usize = args.next().map_or(Ok(5), |r| r.parse())?;
    let (players, rounds) = (players.clamp(2, MAX_PLAYERS), rounds.clamp(1, MAX_ROUNDS));
    let dir = tempfile::tempdir()?;
    let (mut server, addr) =
        process::start(&binary, &dir.path().join("tables.db"), 4 * MAX_PLAYERS, &[])?;
    let pid = server.id();
    let url = format!("ws://{addr}/ws");
    let before = process::rss_kib(pid);
    let cpu_before = process::cpu_seconds(&pid.to_string());

    let class = call(&addr, "POST", "/api/classes", Some(&json!({})), None, 201).await?;
    let class = class["class"].as_str().ok_or("no class code")?.to_owned();
    let opened = json!({"kind": "swiss", "rounds": rounds});
    let path = format!("/api/classes/{class}/events");
    let opened = call(&addr, "POST", &path, Some(&opened), None, 201).await?;
    let event = opened["event"].as_str().ok_or("no event code")?.to_owned();
    let teacher = opened["token"]
        .as_str()
        .ok_or("no teacher token")?
        .to_owned();
    let mut tokens = Vec::with_capacity(players);
    let path = format!("/api/events/{event}/players");
    for n in 0..players {
        let name = json!({"name": format!("Student {:02}", n + 1)});
        let joined = call(&addr, "POST", &path, Some(&name), None, 201).await?;
        tokens.push(
            joined["token"]
                .as_str()
                .ok_or("no player token")?
                .to_owned(),
        );
    }

    let done = Arc::new(AtomicBool::new(false));
    let peak = Arc::new(AtomicU64::new(before));
    let projector = tokio::spawn(project(
        addr.clone(),
        event.clone(),
        class.clone(),
        pid,
        Arc::clone(&done),
        Arc::clone(&peak),
    ));

    let started = Instant::now();
    let (mut games, mut actions) = (0, 0);
    let mut pairing_times = Vec::new();
    for round in 1..=rounds {
        let round_started = Instant::now();
        let path = format!("/api/events/{event}/rounds");
        let paired = call(&addr, "POST", &path, None, Some(&teacher), 201).await?;
        pairing_times.push(round_started.elapsed());
        let this = paired["rounds"]
            .as_array()
            .and_then(|all| all.last())
            .ok_or("no round")?;
        let mut boards = Vec::new();
        for (board, game) in this["games"]
            .as_array()
            .ok_or("no games")?
            .iter()
            .enumerate()
        {
            let table = game["table"]
                .as_str()
                .ok_or("a game without a table")?
                .to_owned();
            for (side, seed) in [("x", 0), ("o", 1)] {
                let player = game[side].as_u64().ok_or("a game without its players")?;
                let token = tokens[usize::try_from(player)?].clone();
                let (url, table) = (url.clone(), table.clone());
                let seed = (round * 1_000 + board * 2 + seed) as u64;
                boards.push(tokio::spawn(async move {
                    bot::play(&url, &table, Some(&token), seed).await
                }));
            }
        }
        for board in boards {
            let end = board.await??;
            actions += end["view"]["record"]
                .as_str()
                .map_or(0, |record| record.split_whitespace().count());
        }
        games += this["games"].as_array().map_or(0, Vec::len);
        // The results reach the event once each table has stored its end.
        let deadline = Instant::now() + ROUND_WAIT;
        loop {
            let now = call(
                &addr,
                "GET",
                &format!("/api/events/{event}"),
                None,
                None,
                200,
            )
            .await?;
            let open = now["rounds"][round - 1]["games"]
                .as_array()
                .is_some_and(|games| games.iter().any(|game| game["result"].is_null()));
            if !open {
                break;
            }
            if Instant::now() > deadline {
                return Err(format!("round {round} did not end within {ROUND_WAIT:?}").into());
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        println!(
            "round {round}: {} games, over in {:.2} s (pairing and creating its tables {:.1} ms)",
            this["games"].as_array().map_or(0, Vec::len),
            round_started.elapsed().as_secs_f64(),
            pairing_times[round - 1].as_secs_f64() * 1e3,
        );
    }
    let path = format!("/api/events/{event}/end");
    let ended = call(&addr, "POST", &path, None, Some(&teacher), 200).await?;
    let elapsed = started.elapsed();
    done.store(true, Ordering::Relaxed);
    let mut seen = projector.await??;
    let cpu = process::cpu_seconds(&pid.to_string()) - cpu_before;
    // Actions are counted on both seats' last updates: halve.
    let actions = actions / 2;
    println!(
        "{players} players, {rounds} rounds, {games} games, {actions} actions in {:.1} s",
        elapsed.as_secs_f64()
    );
    println!(
        "server: {cpu:.2} s of CPU in all ({:.1} ms a game), memory {before} KiB before, {} KiB at most",
        cpu * 1e3 / games.max(1) as f64,
        peak.load(Ordering::Relaxed)
    );
    println!(
        "the projector: the event {} times, median {:.1} ms, p99 {:.1} ms, at most {} bytes; the boards {} times, median {:.1} ms, p99 {:.1} ms, at most {} bytes",
        seen.event.len(),
        quantile(&mut seen.event, 0.5),
        quantile(&mut seen.event, 0.99),
        seen.event_bytes,
        seen.boards.len(),
        quantile(&mut seen.boards, 0.5),
        quantile(&mut seen.boards, 0.99),
        seen.boards_bytes,
    );
    println!(
        "pairing a round and creating its tables: median {:.1} ms, at most {:.1} ms",
        quantile(&mut pairing_times, 0.5),
        quantile(&mut pairing_times, 1.0),
    );
    // The projector at the final standings: one request after another.
    let (mut event_times, mut boards_times) = (Vec::new(), Vec::new());
    for _ in 0..AFTER_POLLS {
        for (path, times) in [
            (format!("/api/events/{event}"), &mut event_times),
            (format!("/api/classes/{class}"), &mut boards_times),
        ] {
            let asked = Instant::now();
            let (status, body) = common::http(&addr, "GET", &path, None).await?;
            times.push(asked.elapsed());
            if status != 200 {
                return Err(format!("{path}: {status} {body}").into());
            }
        }
    }
    println!(
        "after the end, {AFTER_POLLS} requests of each one after another: the event median {:.1} ms, p99 {:.1} ms; the boards median {:.1} ms, p99 {:.1} ms",
        quantile(&mut event_times, 0.5),
        quantile(&mut event_times, 0.99),
        quantile(&mut boards_times, 0.5),
        quantile(&mut boards_times, 0.99),
    );
    let leader = &ended["standings"][0];
    println!("first: {} with {} points", leader["name"], leader["points"]);
    server.kill()?;
    server.wait()?;
    Ok(())
}
