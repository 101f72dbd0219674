//! What one client, or many, may cost the server: a join's update goes to
//! the others only when it changed something, spectators per table and
//! connections per client address are capped, creating tables and classes
//! is rate-limited per client address, and a table nobody joined expires.

mod common;

use std::net::{IpAddr, Ipv4Addr};
use std::time::Duration;

use common::{Client, PATIENCE, Server, http_on, record_len, spawn_binary};
use qttt_server::Config;
use serde_json::{Value, json};

const SPECTATORS: usize = 50;

fn loopback(last: u8) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(127, 0, 0, last))
}

fn kinds(client: &Client) -> Vec<&str> {
    client
        .seen
        .iter()
        .map(|frame| frame["type"].as_str().unwrap())
        .collect()
}

/// X and O take the seats, then 50 spectators join, then X acts. Worked
/// out by hand: a spectator's join changes nothing the others see, so
/// nobody but the joiner hears of it; O's taking the seat changes X's
/// view once (O's seat taken and connected), so X gets exactly one update
/// for it. The action then reaches all 52 connections once. So X sees
/// hello, welcome, its update, O's seat, the action (5 frames); O and
/// every spectator hello, welcome, its update, the action (4 frames).
/// Before, every join was sent to everyone at the table: X got 2 updates
/// for O's seat, and the k-th spectator's join went to X, O and the k - 1
/// spectators before it: 2N + N(N - 1)/2 frames for N spectators (1,325
/// for 50; 80,600 for 400), now none.
#[tokio::test]
async fn a_spectators_join_is_sent_to_the_joiner_alone() {
    let server = Server::start(Config::default()).await;
    let code = server.table(json!({})).await;
    let mut x = server.client().await;
    let (welcome, _) = x.join(&code, None, json!(true)).await;
    assert_eq!(welcome["seat"], "X");
    let mut o = server.client().await;
    let (welcome, _) = o.join(&code, None, json!(true)).await;
    assert_eq!(welcome["seat"], "O");
    let mut spectators = Vec::new();
    for _ in 0..SPECTATORS {
        let mut spectator = server.client().await;
        let (welcome, update) = spectator.join(&code, None, json!(false)).await;
        assert_eq!(welcome["seat"], Value::Null);
        assert_eq!(update["you"], Value::Null);
        spectators.push(spectator);
    }
    x.act("12").await;
    // The action's update is the last frame anyone is sent; every frame
    // before it at a connection arrived before it (one table, one order).
    x.update_at(1).await;
    assert_eq!(
        kinds(&x),
        ["hello", "welcome", "update", "update", "update"]
    );
    let seat_taken = &x.seen[3];
    assert_eq!(seat_taken["seats"]["O"]["taken"], true);
    assert_eq!(seat_taken["seats"]["O"]["connected"], true);
    assert_eq!(record_len(seat_taken), 0);
    for client in std::iter::once(&mut o).chain(&mut spectators) {
        client.update_at(1).await;
        assert_eq!(kinds(client), ["hello", "welcome", "update", "update"]);
    }
}

/// A seat's holder joining again on a second connection (another tab)
/// changes nothing the others see: no update; the next frame O gets is
/// the action's.
#[tokio::test]
async fn a_seats_second_connection_sends_nothing_to_the_others() {
    let server = Server::start(Config::default()).await;
    let (code, x, mut o) = common::two_players(&server, json!({})).await;
    let mut x_again = server.client().await;
    let (welcome, _) = x_again.join(&code, Some(&x.token), json!(false)).await;
    assert_eq!(welcome["seat"], "X");
    x_again.act("12").await;
    let seen_before = o.client.seen.len();
    let update = o.client.next().await;
    assert_eq!(update["type"], "update");
    assert_eq!(record_len(&update), 1, "{update}");
    assert_eq!(o.client.seen.len(), seen_before + 1);
}

/// Spectators beyond the cap are refused with `too_many_spectators`; a
/// seat is still taken, the refused connection stays open, and once a
/// spectator has gone another may join.
#[tokio::test]
async fn spectators_beyond_the_cap_are_refused() {
    let config = Config {
        max_spectators: 3,
        ..Config::default()
    };
    let server = Server::start(config).await;
    let code = server.table(json!({})).await;
    let mut x = server.client().await;
    x.join(&code, None, json!(true)).await;
    let mut watching = Vec::new();
    for _ in 0..3 {
        let mut spectator = server.client().await;
        spectator.join(&code, None, json!(false)).await;
        watching.push(spectator);
    }
    let mut late = server.client().await;
    late.send(json!({"type": "join", "table": code})).await;
    let error = late.next().await;
    assert_eq!(error["type"], "error");
    assert_eq!(error["code"], "too_many_spectators");
    assert_eq!(error["in_reply_to"], "join");
    assert!(late.alive().await);
    // A seat is no spectator: O's is free and taken.
    let mut o = server.client().await;
    let (welcome, _) = o.join(&code, None, json!(true)).await;
    assert_eq!(welcome["seat"], "O");
    // Asking for a seat when none is free makes a spectator: refused too.
    let mut third = server.client().await;
    third
        .send(json!({"type": "join", "table": code, "take": true}))
        .await;
    assert_eq!(third.next().await["code"], "too_many_spectators");
    // One spectator goes; its leaving reaches the table after its close,
    // so the late one asks until it is in (a hang guard, not a timing).
    watching.pop().unwrap().close().await;
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        late.send(json!({"type": "join", "table": code})).await;
        let answer = late.next().await;
        if answer["type"] == "welcome" {
            break;
        }
        assert_eq!(answer["code"], "too_many_spectators", "{answer}");
        assert!(tokio::time::Instant::now() < deadline, "never let in");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Connections beyond the cap from one client address get the hello, a
/// `too_many_connections` error and the close code 1013; another address
/// is not affected, and once a connection closes, the address may open
/// another.
#[tokio::test]
async fn connections_beyond_the_cap_per_address_are_closed() {
    let config = Config {
        max_connections_per_address: 3,
        ..Config::default()
    };
    let server = Server::start(config).await;
    let mut open = Vec::new();
    for _ in 0..3 {
        let mut client = Client::connect_from(loopback(1), server.addr).await;
        assert!(client.alive().await);
        open.push(client);
    }
    let mut refused = Client::connect_from(loopback(1), server.addr).await;
    assert_eq!(refused.close_code().await, Some(1013));
    let error = &refused.seen[1];
    assert_eq!(error["type"], "error");
    assert_eq!(error["code"], "too_many_connections");
    assert_eq!(error["in_reply_to"], Value::Null);
    // Another address has its own count.
    let mut elsewhere = Client::connect_from(loopback(2), server.addr).await;
    assert!(elsewhere.alive().await);
    // A connection closes; its count drops when the server has seen it
    // go, so the next one is tried until it is let in (a hang guard).
    open.pop().unwrap().close().await;
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let mut client = Client::connect_from(loopback(1), server.addr).await;
        if client.alive().await {
            break;
        }
        assert_eq!(client.seen[1]["code"], "too_many_connections");
        assert!(tokio::time::Instant::now() < deadline, "never let in");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// A POST from `local`, with these headers; the status, the head and the
/// body.
async fn post(
    server: &Server,
    local: IpAddr,
    path: &str,
    headers: &[(&str, &str)],
) -> (u16, String, Value) {
    let stream = common::connect_from(local, server.addr).await;
    http_on(stream, server.addr, "POST", path, Some("{}"), headers).await
}

fn retry_after(head: &str) -> Option<&str> {
    head.lines().find_map(|line| {
        let (name, value) = line.split_once(':')?;
        name.eq_ignore_ascii_case("retry-after")
            .then_some(value.trim())
    })
}

/// Three creations at once (the burst), then `429` with `Retry-After: 1`
/// (one a second refills the bucket: the next in exactly one second), for
/// tables and classes alike; another address is not affected; a second
/// later one more is allowed, and only one.
#[tokio::test]
async fn creating_is_rate_limited_per_client_address() {
    let config = Config {
        create_burst: 3,
        create_per_minute: 60,
        ..Config::default()
    };
    let server = Server::start(config).await;
    for path in ["/api/tables", "/api/classes", "/api/tables"] {
        let (status, _, body) = post(&server, loopback(1), path, &[]).await;
        assert_eq!(status, 201, "{body}");
    }
    for path in ["/api/tables", "/api/classes"] {
        let (status, head, body) = post(&server, loopback(1), path, &[]).await;
        assert_eq!(status, 429, "{path}");
        assert_eq!(retry_after(&head), Some("1"), "{head}");
        assert_eq!(body["error"], "rate_limited", "{body}");
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .contains("try again in 1 s")
        );
    }
    let (status, _, _) = post(&server, loopback(2), "/api/tables", &[]).await;
    assert_eq!(status, 201);
    server.time.advance(Duration::from_secs(1));
    let (status, _, _) = post(&server, loopback(1), "/api/tables", &[]).await;
    assert_eq!(status, 201);
    let (status, _, _) = post(&server, loopback(1), "/api/tables", &[]).await;
    assert_eq!(status, 429);
}

/// `X-Forwarded-For` names the client only when it comes from a trusted
/// proxy: from any other peer, whatever it says, the peer is counted.
#[tokio::test]
async fn the_forwarded_address_counts_only_from_a_trusted_proxy() {
    let config = Config {
        create_burst: 2,
        trusted_proxies: vec![loopback(1)],
        ..Config::default()
    };
    let server = Server::start(config).await;
    let from = |client: &'static str| [("X-Forwarded-For", client)];
    // Through the proxy: two clients, two allowances.
    for client in [
        "198.51.100.7",
        "198.51.100.7",
        "198.51.100.8",
        "198.51.100.8",
    ] {
        let (status, _, _) = post(&server, loopback(1), "/api/tables", &from(client)).await;
        assert_eq!(status, 201, "{client}");
    }
    let (status, _, _) = post(&server, loopback(1), "/api/tables", &from("198.51.100.7")).await;
    assert_eq!(status, 429);
    // Not a proxy: a new name each time does not help.
    for (client, expected) in [("192.0.2.1", 201), ("192.0.2.2", 201), ("192.0.2.3", 429)] {
        let (status, _, _) = post(&server, loopback(2), "/api/tables", &from(client)).await;
        assert_eq!(status, expected, "{client}");
    }
}

/// Tables nobody joined are deleted once they are older than the expiry
/// (24 hours by default), on the server's clock: A (nobody came) and C
/// (a spectator came and went: spectators leave no trace) go; B (a seat
/// taken) and D (created 12 hours later) stay.
#[tokio::test]
async fn a_table_nobody_joined_expires() {
    let server = Server::start(Config::default()).await;
    let a = server.table(json!({})).await;
    let b = server.table(json!({})).await;
    let c = server.table(json!({})).await;
    let mut x = server.client().await;
    x.join(&b, None, json!(true)).await;
    x.close().await;
    let mut spectator = server.client().await;
    spectator.join(&c, None, json!(false)).await;
    spectator.close().await;
    // C unloads once its spectator has gone (B waits for its player).
    let metrics = server.tables.metrics();
    let deadline = tokio::time::Instant::now() + PATIENCE;
    while metrics.tables_live() != 1 {
        assert!(tokio::time::Instant::now() < deadline, "C never unloaded");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    server.time.advance(Duration::from_secs(12 * 60 * 60));
    let d = server.table(json!({})).await;
    server.time.advance(Duration::from_secs(12 * 60 * 60 + 60));
    let deadline = tokio::time::Instant::now() + PATIENCE;
    while metrics.tables_expired() < 2 {
        assert!(tokio::time::Instant::now() < deadline, "nothing expired");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    for (code, status) in [(&a, 404), (&b, 200), (&c, 404), (&d, 200)] {
        let (got, body) = server.get(&format!("/api/tables/{code}")).await;
        assert_eq!(got, status, "{code}: {body}");
    }
    assert_eq!(metrics.tables_expired(), 2);
    let (_, text) = server.get("/metrics").await;
    assert!(
        text.as_str()
            .unwrap()
            .contains("\nqttt_tables_expired_total 2\n")
    );
}

/// The binary's options set the limits: with one connection per address
/// and one creation at once, the second of each is refused.
#[tokio::test]
async fn the_binarys_options_set_the_limits() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tables.db");
    let (mut child, addr) = spawn_binary([
        "--addr".as_ref(),
        "127.0.0.1:0".as_ref(),
        "--db".as_ref(),
        db.as_os_str(),
        "--max-connections-per-address".as_ref(),
        "1".as_ref(),
        "--create-burst".as_ref(),
        "1".as_ref(),
        "--max-spectators".as_ref(),
        "1".as_ref(),
    ]);
    let (status, created) = common::http(addr, "POST", "/api/tables", None, &[]).await;
    assert_eq!(status, 201);
    let (status, _) = common::http(addr, "POST", "/api/tables", None, &[]).await;
    assert_eq!(status, 429);
    let code = created["table"].as_str().unwrap();
    let mut first = Client::connect_from(loopback(1), addr).await;
    first.join(code, None, json!(false)).await;
    let mut second = Client::connect_from(loopback(1), addr).await;
    assert_eq!(second.close_code().await, Some(1013));
    let mut other = Client::connect_from(loopback(2), addr).await;
    other.send(json!({"type": "join", "table": code})).await;
    assert_eq!(other.next().await["code"], "too_many_spectators");
    child.kill().unwrap();
    child.wait().unwrap();
}
