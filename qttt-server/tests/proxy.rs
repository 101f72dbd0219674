//! Two `qttt-server` processes on one PostgreSQL database behind nginx:
//! games played through the proxy while one instance is killed with
//! SIGKILL mid-game, right after an acknowledgement or with an action in
//! flight; the clients reconnect through the proxy (to the other
//! instance) and finish the game from the last acknowledged action,
//! nothing lost and nothing applied twice.
//!
//! Needs `QTTT_TEST_DB`, `QTTT_TEST_PROXY` (nginx's address) and
//! `QTTT_TEST_INSTANCES` (the two addresses nginx forwards to, comma
//! separated); `tests/server/run.sh` starts PostgreSQL and nginx
//! (`qttt-server/deploy/nginx.conf`), sets them and runs it with
//! `--ignored`; a plain `cargo test` lists it as ignored.

mod common;

use std::net::SocketAddr;
use std::process::Child;
use std::time::Duration;

use common::{Client, record_len, spawn_binary};
use qttt::random::SplitMix64;
use serde_json::{Value, json};

/// An instance of the real binary, killed when dropped (also when the
/// test fails).
struct Instance(Child);

impl Drop for Instance {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// An instance of the real binary on `addr` and the database `db`, behind
/// nginx on this machine (whose `X-Forwarded-For` it trusts).
fn start(addr: &str, db: &str) -> Instance {
    Instance(
        spawn_binary([
            "--addr",
            addr,
            "--db",
            db,
            "--grace",
            "600",
            "--trust-proxy",
            "127.0.0.1",
        ])
        .0,
    )
}

fn kill(instance: &mut Instance) {
    instance.0.kill().unwrap(); // SIGKILL
    instance.0.wait().unwrap();
}

/// A client through the proxy. Like the pages, it tries again (every
/// 100 ms, for at most a minute: a hang guard) while the proxy has no instance to offer
/// (502): nginx counts an instance that refused a connection out for a few
/// seconds, and the one just restarted may still be counted out when the
/// other dies.
async fn connect(proxy: SocketAddr) -> Client {
    for _ in 0..600 {
        if let Ok(client) = Client::connect(proxy, &[]).await {
            return client;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("no instance through the proxy for a minute");
}

/// A request through the proxy, tried again likewise while it answers 502.
async fn request(proxy: SocketAddr, method: &str, path: &str, body: Option<&str>) -> (u16, Value) {
    for _ in 0..600 {
        let (status, value) = common::http(proxy, method, path, body, &[]).await;
        if status != 502 {
            return (status, value);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("no instance through the proxy for a minute");
}

/// A client through the proxy, joined with `token`: the client and its
/// first update.
async fn rejoin(proxy: SocketAddr, code: &str, token: &str) -> (Client, Value) {
    let mut client = connect(proxy).await;
    let (_, update) = client.join(code, Some(token), json!(false)).await;
    (client, update)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL and nginx: QTTT_TEST_DB, QTTT_TEST_PROXY, QTTT_TEST_INSTANCES (tests/server/run.sh)"]
async fn one_instance_killed_mid_game_and_the_game_finished_through_the_other() {
    let (Some(admin), Ok(proxy), Ok(instances)) = (
        common::postgres(),
        std::env::var("QTTT_TEST_PROXY"),
        std::env::var("QTTT_TEST_INSTANCES"),
    ) else {
        panic!("QTTT_TEST_DB, QTTT_TEST_PROXY and QTTT_TEST_INSTANCES are not all set");
    };
    let proxy: SocketAddr = proxy.parse().unwrap();
    let addrs: Vec<&str> = instances.split(',').collect();
    assert_eq!(addrs.len(), 2);
    let db = common::fresh_database(&admin).await;
    let mut servers = [start(addrs[0], &db), start(addrs[1], &db)];
    let rounds: u64 = std::env::var("QTTT_PROXY_ROUNDS").map_or(4, |r| r.parse().unwrap());
    let mut rng = SplitMix64::new(0x0b5e);
    for round in 0..rounds {
        let settings =
            json!({"clock": {"kind": "fischer", "base_seconds": 3600, "increment_seconds": 1}});
        let (status, created) =
            request(proxy, "POST", "/api/tables", Some(&settings.to_string())).await;
        assert_eq!(status, 201, "{created}");
        let code = created["table"].as_str().unwrap().to_owned();
        let mut x = connect(proxy).await;
        let (welcome, _) = x.join(&code, None, json!("X")).await;
        let x_token = welcome["token"].as_str().unwrap().to_owned();
        let mut o = connect(proxy).await;
        let (welcome, mut acked) = o.join(&code, None, json!("O")).await;
        let tokens = [x_token, welcome["token"].as_str().unwrap().to_owned()];
        let mut clients = [x, o];
        // Which instance dies, and at which ply; in odd rounds with an
        // action in flight.
        let victim = usize::try_from(rng.below(2)).unwrap();
        let kill_at = 2 + rng.below(5) as usize;
        let in_flight = round % 2 == 1;
        let mut killed = false;
        while acked["result"].is_null() {
            let (action, mover) = common::random_action(&mut rng, &acked);
            let plies = record_len(&acked);
            clients[mover].act(&action).await;
            if !killed && plies == kill_at && in_flight {
                kill(&mut servers[victim]);
                killed = true;
            } else {
                let update = clients[0].update_at(plies + 1).await;
                clients[1].update_at(plies + 1).await;
                acked = update;
                if killed || plies + 1 != kill_at {
                    continue;
                }
                kill(&mut servers[victim]);
                killed = true;
            }
            // The clients of the dead instance reconnect through the
            // proxy; the others stay where they are.
            let before = acked["view"]["record"].as_str().unwrap().to_owned();
            let mut now = None;
            for seat in 0..2 {
                if !clients[seat].alive().await {
                    let (client, update) = rejoin(proxy, &code, &tokens[seat]).await;
                    clients[seat] = client;
                    now = Some(update);
                }
            }
            let now = match now {
                Some(update) => update,
                // Neither was on the dead instance: ask afresh.
                None => rejoin(proxy, &code, &tokens[0]).await.1,
            };
            let record = now["view"]["record"].as_str().unwrap();
            let with_it = format!("{before} {action}");
            if in_flight {
                // Committed or not, never twice, nothing acknowledged lost.
                assert!(
                    record == before || record == with_it.trim(),
                    "{record:?} is neither {before:?} nor {with_it:?}"
                );
            } else {
                assert_eq!(record, before, "the game after the kill");
            }
            // Both seats are held by live clients: each sees the state.
            for client in &mut clients {
                assert!(client.alive().await);
            }
            acked = now;
        }
        let (status, game) =
            request(proxy, "GET", &format!("/api/tables/{code}/games/1"), None).await;
        assert_eq!(status, 200);
        assert_eq!(game["record"], acked["view"]["record"], "round {round}");
        assert_eq!(game["finished"], true);
        assert!(killed, "round {round} killed an instance");
        for client in clients {
            client.close().await;
        }
        // The dead instance comes back for the next round.
        servers[victim] = start(addrs[victim], &db);
    }
    drop(servers);
    eprintln!("{rounds} games through the proxy, one instance killed in each");
}
