//! The crash test: scripted games against the real `qttt-server` binary,
//! killed with SIGKILL at random points right after acknowledgements (and
//! right after an unacknowledged action), restarted on the same database:
//! each table goes on from exactly its last acknowledged action, clocks
//! included, or from the action in flight if it was committed.
//!
//! `QTTT_CRASH_ROUNDS` sets the number of games (default 3) and
//! `QTTT_SERVER_BIN` the binary (default the one cargo built for this
//! test); `tests/server/run.sh` runs many rounds on the release binary.

mod common;

use std::net::SocketAddr;
use std::path::Path;
use std::process::Child;
use std::time::Instant;

use common::{Client, record_len, spawn_binary};
use qttt::random::SplitMix64;
use serde_json::{Value, json};

struct Process {
    child: Child,
    addr: SocketAddr,
}

fn start(db: &Path) -> Process {
    let (child, addr) = spawn_binary([
        "--addr".as_ref(),
        "127.0.0.1:0".as_ref(),
        "--db".as_ref(),
        db.as_os_str(),
        // Every round creates a table, faster than one client address may
        // after its burst; the limit is not what this test is about.
        "--create-burst".as_ref(),
        "1000".as_ref(),
    ]);
    Process { child, addr }
}

impl Process {
    fn kill(mut self) {
        self.child.kill().unwrap(); // SIGKILL
        self.child.wait().unwrap();
    }
}

/// Both seats of a table, reconnected with their tokens; their updates.
async fn seats(addr: SocketAddr, code: &str, tokens: &[String; 2]) -> ([Client; 2], Value) {
    let mut x = Client::connect(addr, &[]).await.unwrap();
    let (_, update) = x.join(code, Some(&tokens[0]), json!(false)).await;
    let mut o = Client::connect(addr, &[]).await.unwrap();
    o.join(code, Some(&tokens[1]), json!(false)).await;
    ([x, o], update)
}

fn clock(update: &Value, side: &str) -> u64 {
    update["clocks"][side].as_u64().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_and_restarted_every_table_goes_on_from_its_last_acknowledged_action() {
    let rounds: u64 = std::env::var("QTTT_CRASH_ROUNDS").map_or(3, |r| r.parse().unwrap());
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tables.db");
    let mut rng = SplitMix64::new(0x5eed);
    let mut kills = 0;
    let mut server = start(&db);
    for _ in 0..rounds {
        let settings =
            json!({"clock": {"kind": "fischer", "base_seconds": 3600, "increment_seconds": 1}});
        let (status, created) = common::http(
            server.addr,
            "POST",
            "/api/tables",
            Some(&settings.to_string()),
            &[],
        )
        .await;
        assert_eq!(status, 201);
        let code = created["table"].as_str().unwrap().to_owned();
        let mut x = Client::connect(server.addr, &[]).await.unwrap();
        let (welcome, _) = x.join(&code, None, json!("X")).await;
        let x_token = welcome["token"].as_str().unwrap().to_owned();
        let mut o = Client::connect(server.addr, &[]).await.unwrap();
        let (welcome, mut acked) = o.join(&code, None, json!("O")).await;
        let tokens = [x_token, welcome["token"].as_str().unwrap().to_owned()];
        let mut clients = [x, o];
        while acked["result"].is_null() {
            let (action, mover) = common::random_action(&mut rng, &acked);
            let plies = record_len(&acked);
            let roll = rng.below(6);
            if roll == 0 {
                // Killed with an action in flight: it may or may not have
                // been committed, but nothing acknowledged is lost.
                clients[mover].act(&action).await;
                server.kill();
                kills += 1;
                server = start(&db);
                let (again, update) = seats(server.addr, &code, &tokens).await;
                clients = again;
                let record = update["view"]["record"].as_str().unwrap();
                let before = acked["view"]["record"].as_str().unwrap();
                let with_it = format!("{before} {action}");
                assert!(
                    record == before || record == with_it.trim(),
                    "{record:?} is neither {before:?} nor {with_it:?}"
                );
                acked = update;
                continue;
            }
            clients[mover].act(&action).await;
            let update = clients[0].update_at(plies + 1).await;
            clients[1].update_at(plies + 1).await;
            acked = update;
            if roll == 1 {
                // Killed right after the acknowledgement.
                server.kill();
                kills += 1;
                server = start(&db);
                let restarted = Instant::now();
                let (again, update) = seats(server.addr, &code, &tokens).await;
                clients = again;
                assert_eq!(update["view"], acked["view"], "the game after the restart");
                // The clocks stand where the acknowledgement left them; the
                // running one has lost at most the time since the restart.
                let running = acked["clocks"]["running"].as_str();
                for side in ["X", "O"] {
                    if running == Some(side) {
                        let lost = clock(&acked, side)
                            .checked_sub(clock(&update, side))
                            .expect("a clock never gains time");
                        // Both sides round to whole milliseconds: one more.
                        assert!(u128::from(lost) <= restarted.elapsed().as_millis() + 1);
                    } else {
                        assert_eq!(clock(&update, side), clock(&acked, side), "{side}'s clock");
                    }
                }
                let (_, game) = server_game(server.addr, &code).await;
                let stored = game["clocks"].as_array().unwrap().last().unwrap().clone();
                assert_eq!(
                    stored,
                    json!({"X": clock(&acked, "X"), "O": clock(&acked, "O")})
                );
                acked = update;
            }
        }
        let (_, game) = server_game(server.addr, &code).await;
        assert_eq!(game["record"], acked["view"]["record"]);
        assert_eq!(game["finished"], true);
    }
    server.kill();
    eprintln!("{rounds} games, {kills} kills with SIGKILL, nothing acknowledged lost");
    assert!(kills > 0 || rounds == 0);
}

async fn server_game(addr: SocketAddr, code: &str) -> (u16, Value) {
    common::http(
        addr,
        "GET",
        &format!("/api/tables/{code}/games/1"),
        None,
        &[],
    )
    .await
}
