//! An event survives kill -9 mid-round: the real server binary on a
//! SQLite file, killed with SIGKILL while a round goes on (one game over
//! and settled, one with an acknowledged action, one not begun),
//! restarted on the same file; the event is as it was, and the round
//! completes.

mod common;

use std::net::SocketAddr;
use std::path::Path;
use std::process::Child;

use common::{Client, http, spawn_binary};
use serde_json::{Value, json};

fn start(db: &Path) -> (Child, SocketAddr) {
    spawn_binary([
        "--addr".as_ref(),
        "127.0.0.1:0".as_ref(),
        "--db".as_ref(),
        db.as_os_str(),
    ])
}

async fn post(addr: SocketAddr, path: &str, body: Value, token: Option<&str>) -> (u16, Value) {
    let bearer = token.map(|token| format!("Bearer {token}"));
    let headers: Vec<(&str, &str)> = bearer
        .as_deref()
        .map(|b| ("Authorization", b))
        .into_iter()
        .collect();
    http(addr, "POST", path, Some(&body.to_string()), &headers).await
}

async fn get(addr: SocketAddr, path: &str) -> Value {
    let (status, body) = http(addr, "GET", path, None, &[]).await;
    assert_eq!(status, 200, "{path}: {body}");
    body
}

/// Sits at `table` with `token`: the client and the welcome's update.
async fn sit(addr: SocketAddr, table: &str, token: &str) -> (Client, Value) {
    let mut client = Client::connect(addr, &[]).await.unwrap();
    let (_, update) = client.join(table, Some(token), json!(false)).await;
    (client, update)
}

#[tokio::test]
async fn an_event_killed_mid_round_is_as_it_was_after_the_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("events.db");
    let (mut child, addr) = start(&db);
    let (_, class) = post(addr, "/api/classes", json!({}), None).await;
    let class = class["class"].as_str().unwrap().to_owned();
    let (status, created) = post(
        addr,
        &format!("/api/classes/{class}/events"),
        json!({"kind": "swiss", "rounds": 2}),
        None,
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let code = created["event"].as_str().unwrap().to_owned();
    let teacher = created["token"].as_str().unwrap().to_owned();
    let mut tokens = Vec::new();
    for name in ["Ann", "Bo", "Cy", "Di", "Ed", "Fay"] {
        let (status, joined) = post(
            addr,
            &format!("/api/events/{code}/players"),
            json!({ "name": name }),
            None,
        )
        .await;
        assert_eq!(status, 201, "{joined}");
        tokens.push(joined["token"].as_str().unwrap().to_owned());
    }
    let rounds = format!("/api/events/{code}/rounds");
    let (status, started) = post(addr, &rounds, json!({}), Some(&teacher)).await;
    assert_eq!(status, 201, "{started}");
    let game = |board: usize| {
        let g = &started["rounds"][0]["games"][board];
        (
            g["x"].as_u64().unwrap() as usize,
            g["o"].as_u64().unwrap() as usize,
            g["table"].as_str().unwrap().to_owned(),
        )
    };
    // Board 1: X resigns (O wins), and the event is read: settled.
    let (x, _, table) = game(0);
    let (mut client, _) = sit(addr, &table, &tokens[x]).await;
    client.send(json!({"type": "resign"})).await;
    client.update_where(|u| !u["result"].is_null()).await;
    // Board 2: one action, acknowledged by its update.
    let (x2, _, table2) = game(1);
    let (mut mover, _) = sit(addr, &table2, &tokens[x2]).await;
    mover.act("15").await;
    mover.update_at(1).await;
    let before = get(addr, &format!("/api/events/{code}")).await;
    assert_eq!(before["rounds"][0]["games"][0]["result"], "o");
    let standings_before = get(addr, &format!("/api/events/{code}/standings.csv")).await;

    child.kill().unwrap(); // SIGKILL: no shutdown, nothing flushed
    child.wait().unwrap();
    let (mut child, addr) = start(&db);

    let after = get(addr, &format!("/api/events/{code}")).await;
    assert_eq!(after, before);
    assert_eq!(
        get(addr, &format!("/api/events/{code}/standings.csv")).await,
        standings_before
    );
    let record = get(addr, &format!("/api/tables/{table2}/games/1")).await;
    assert_eq!(record["record"], "15");
    // The round completes: board 2's O and board 3's X resign.
    let (_, o2, _) = game(1);
    let (mut client, _) = sit(addr, &table2, &tokens[o2]).await;
    client.send(json!({"type": "resign"})).await;
    client.update_where(|u| !u["result"].is_null()).await;
    let (x3, _, table3) = game(2);
    let (mut client, _) = sit(addr, &table3, &tokens[x3]).await;
    client.send(json!({"type": "resign"})).await;
    client.update_where(|u| !u["result"].is_null()).await;
    let (status, next) = post(addr, &rounds, json!({}), Some(&teacher)).await;
    assert_eq!(status, 201, "{next}");
    assert_eq!(next["rounds"][0]["ended"], true);
    let results: Vec<&Value> = next["rounds"][0]["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| &g["result"])
        .collect();
    assert_eq!(results, [&json!("o"), &json!("x"), &json!("o")]);
    // Each player rated once: three games, six ratings away from 350.
    let rated = next["standings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["rating"]["deviation"].as_f64().unwrap() < 350.0)
        .count();
    assert_eq!(rated, 6);
    child.kill().unwrap();
    child.wait().unwrap();
}
