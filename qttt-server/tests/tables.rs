//! The tables against a real server on loopback: whole games, seats and
//! tokens, spectators, reconnects, clocks, rematches, classes, computers.

mod common;

use std::time::Duration;

use common::{Client, Server, record_len, two_players};
use qttt_server::Config;
use serde_json::{Value, json};

/// Plays `record` from the position of `last` (an update both have seen),
/// each action sent by whoever the update says is to act (`x` plays X);
/// after each, both players get the update. The last update.
async fn play(x: &mut Client, o: &mut Client, record: &str, mut last: Value) -> Value {
    for action in record.split_whitespace() {
        let plies = record_len(&last) + 1;
        let actor = if last["view"]["to_act"] == "X" {
            &mut *x
        } else {
            &mut *o
        };
        actor.act(action).await;
        let seen_by_x = x.update_at(plies).await;
        let seen_by_o = o.update_at(plies).await;
        assert_eq!(seen_by_x["view"], seen_by_o["view"]);
        last = seen_by_x;
    }
    last
}

/// The worked example: X and O both get a line in the same collapse, X's
/// completed first (the core's documentation and docs/RULES.md).
const BOTH_LINES: &str = "58 47 67 59 48 68 @8";

#[tokio::test]
async fn a_whole_game_with_a_collapse_reaches_players_and_spectators() {
    let server = Server::start(Config::default()).await;
    let (code, mut x, mut o) = two_players(&server, json!({})).await;
    let mut watcher = server.client().await;
    let (welcome, first) = watcher.join(&code, None, json!(false)).await;
    assert_eq!(welcome["seat"], Value::Null);
    assert_eq!(welcome["token"], Value::Null);
    assert_eq!(first["you"], Value::Null);
    assert_eq!(first["seats"]["X"]["connected"], true);
    assert_eq!(first["seats"]["O"]["taken"], true);

    // Up to the cycle: O's 68 closes it and X must choose where O6 lands.
    let last = play(
        &mut x.client,
        &mut o.client,
        "58 47 67 59 48 68",
        first.clone(),
    )
    .await;
    assert_eq!(last["view"]["phase"], "collapse");
    assert_eq!(last["view"]["to_act"], "X");
    assert_eq!(last["view"]["collapse_options"], json!([6, 8]));
    let end = play(&mut x.client, &mut o.client, "@8", last).await;
    assert_eq!(end["view"]["outcome"]["winner"], "X");
    assert_eq!(end["result"], json!({"winner": "X", "ending": "line"}));
    assert_eq!(end["you"], "X");
    let watched = watcher.update_at(7).await;
    assert_eq!(watched["view"], end["view"]);
    assert_eq!(watched["you"], Value::Null);

    // The finished game's record and result are kept.
    let (status, game) = server.get(&format!("/api/tables/{code}/games/1")).await;
    assert_eq!(status, 200);
    assert_eq!(game["record"], BOTH_LINES);
    assert_eq!(game["finished"], true);
    assert_eq!(game["result"], json!({"winner": "X", "ending": "line"}));

    // Nothing more can be played.
    o.client.act("12").await;
    let error = o.client.error().await;
    assert_eq!(
        (error["code"].as_str(), error["reason"].as_u64()),
        (Some("game_over"), Some(22))
    );

    // No frame a spectator got holds a token.
    for frame in &watcher.seen {
        let text = frame.to_string();
        assert!(
            !text.contains(&x.token) && !text.contains(&o.token),
            "{text}"
        );
    }
}

#[tokio::test]
async fn seat_tokens_are_secret_random_and_stored_only_as_hashes() {
    let server = Server::start(Config::default()).await;
    let (code, x, o) = two_players(&server, json!({})).await;
    for token in [&x.token, &o.token] {
        assert_eq!(token.len(), 64);
        assert!(token.bytes().all(|b| b.is_ascii_hexdigit()));
    }
    assert_ne!(x.token, o.token);
    // A third person asking for a seat watches instead.
    let mut third = server.client().await;
    let (welcome, _) = third.join(&code, None, json!(true)).await;
    assert_eq!(
        (welcome["seat"].clone(), welcome["token"].clone()),
        (Value::Null, Value::Null)
    );
    third.act("15").await;
    assert_eq!(third.error().await["code"], "not_seated");
    // A wrong token is refused and the connection can still join.
    let mut guess = server.client().await;
    guess
        .send(json!({"type": "join", "table": code, "token": "00".repeat(32)}))
        .await;
    let error = guess.error().await;
    assert_eq!(error["code"], "bad_token");
    assert!(!error.to_string().contains(&x.token));
    let (welcome, _) = guess.join(&code, Some(&x.token), json!(false)).await;
    assert_eq!(welcome["seat"], "X");
    assert_eq!(welcome["token"], Value::Null, "a token is given only once");

    // The database holds neither token.
    server.tables.shutdown(Duration::from_secs(5)).await;
    if let Some(url) = &server.url {
        use sqlx::Connection;
        let mut db = sqlx::PgConnection::connect(url).await.unwrap();
        let text: String = sqlx::query_scalar(
            "SELECT string_agg(concat_ws(' ', code, seat0_token_hash, seat1_token_hash), ' ') \
             FROM game_tables",
        )
        .fetch_one(&mut db)
        .await
        .unwrap();
        assert!(text.contains(&code));
        assert!(!text.contains(&x.token) && !text.contains(&o.token));
        return;
    }
    let mut bytes = std::fs::read(&server.db).unwrap();
    if let Ok(wal) = std::fs::read(server.db.with_extension("db-wal")) {
        bytes.extend(wal);
    }
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.contains(&code));
    assert!(!text.contains(&x.token) && !text.contains(&o.token));
}

#[tokio::test]
async fn bad_input_gets_an_error_naming_it_and_changes_nothing() {
    let server = Server::start(Config::default()).await;
    let (code, mut x, mut o) = two_players(&server, json!({})).await;
    let c = &mut x.client;
    let cases: [(&str, &str); 9] = [
        ("{not json", "malformed_json"),
        ("[1, 2]", "bad_message"),
        (r#"{"type":"dance"}"#, "unknown_type"),
        (r#"{"type":"hello","v":9}"#, "unsupported_version"),
        (r#"{"type":"act"}"#, "bad_message"),
        (r#"{"type":"act","action":"55"}"#, "same_square_twice"),
        (r#"{"type":"act","action":"1x"}"#, "malformed_token"),
        (r#"{"type":"act","action":"@5"}"#, "no_collapse_pending"),
        (
            r#"{"type":"act","action":"7"}"#,
            "classical_move_not_allowed",
        ),
    ];
    for (frame, code) in cases {
        c.send_text(frame.to_owned()).await;
        let error = c.error().await;
        assert_eq!(error["code"], code, "{frame}: {error}");
        assert!(error["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    c.send_message(tokio_tungstenite::tungstenite::Message::binary(vec![
        1, 2, 3,
    ]))
    .await;
    assert_eq!(c.error().await["code"], "bad_message");
    c.send(json!({"type": "join", "table": code})).await;
    assert_eq!(c.error().await["code"], "already_joined");
    // Out of turn, and a stale ply.
    o.client.act("12").await;
    assert_eq!(o.client.error().await["code"], "not_your_turn");
    x.client
        .send(json!({"type": "act", "action": "12", "ply": 4}))
        .await;
    assert_eq!(x.client.error().await["code"], "stale_ply");
    // A rule refusal carries the core's reason number.
    x.client.act("12").await;
    x.client.update_at(1).await;
    o.client.update_at(1).await;
    o.client.act("34").await;
    o.client.update_at(2).await;
    x.client.act("35").await; // X3 in 3 and 5
    x.client.update_at(3).await;
    o.client.send(json!({"type": "act", "action": "@3"})).await;
    let error = o.client.error().await;
    assert_eq!(
        (error["code"].clone(), error["reason"].clone()),
        (json!("no_collapse_pending"), json!(24))
    );
    // Rematch before the end.
    o.client.send(json!({"type": "rematch"})).await;
    assert_eq!(o.client.error().await["code"], "game_not_over");
    // The connection was kept through all of it, and the game is as it was.
    x.client.send(json!({"type": "ping"})).await;
    assert_eq!(x.client.next_of("pong").await["type"], "pong");
    let (_, state) = server.get(&format!("/api/tables/{code}")).await;
    assert_eq!(state["view"]["record"], "12 34 35");

    // Before a join; an unknown table.
    let mut fresh = server.client().await;
    fresh.act("12").await;
    assert_eq!(fresh.error().await["code"], "not_joined");
    fresh.send(json!({"type": "join", "table": "ZZZZZZ"})).await;
    assert_eq!(fresh.error().await["code"], "unknown_table");
    fresh
        .send(json!({"type": "join", "table": "no such code at all"}))
        .await;
    assert_eq!(fresh.error().await["code"], "unknown_table");
    let (status, body) = server.get("/api/tables/ZZZZZZ").await;
    assert_eq!(
        (status, body["error"].clone()),
        (404, json!("unknown_table"))
    );
}

#[tokio::test]
async fn oversized_frames_are_refused_and_close_the_connection() {
    let server = Server::start(Config::default()).await;
    let mut client = server.client().await;
    client
        .send_text(format!(
            r#"{{"type":"ping","pad":"{}"}}"#,
            "x".repeat(10_000)
        ))
        .await;
    let error = client.next().await;
    assert_eq!(error["code"], "frame_too_large", "{error}");
    assert_eq!(client.next().await, Value::Null);
    // The server goes on.
    let mut other = server.client().await;
    other.send(json!({"type": "ping"})).await;
    assert_eq!(other.next().await["type"], "pong");
}

#[tokio::test]
async fn a_flood_of_messages_is_rate_limited() {
    let config = Config {
        rate_per_second: 5,
        rate_burst: 10,
        ..Config::default()
    };
    let server = Server::start(config).await;
    let mut client = server.client().await;
    // The manual clock stands still: exactly the burst gets through.
    for _ in 0..12 {
        client.send(json!({"type": "ping"})).await;
    }
    for _ in 0..10 {
        assert_eq!(client.next().await["type"], "pong");
    }
    for _ in 0..2 {
        assert_eq!(client.next().await["code"], "rate_limited");
    }
    // A second later five more are allowed.
    server.time.advance(Duration::from_secs(1));
    client.send(json!({"type": "ping"})).await;
    assert_eq!(client.next().await["type"], "pong");
}

#[tokio::test]
async fn cross_site_websockets_are_refused() {
    let config = Config {
        allowed_origins: vec!["https://school.example".into()],
        ..Config::default()
    };
    let server = Server::start(config).await;
    let own = format!("http://{}", server.addr);
    assert!(
        common::Client::connect(server.addr, &[("Origin", &own)])
            .await
            .is_ok()
    );
    assert!(
        common::Client::connect(server.addr, &[("Origin", "https://school.example")])
            .await
            .is_ok()
    );
    let refused = common::Client::connect(server.addr, &[("Origin", "https://evil.example")]).await;
    match refused {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 403);
        }
        other => panic!("expected 403, got {:?}", other.err()),
    }
}

#[tokio::test]
async fn a_reload_inside_the_grace_keeps_the_seat() {
    let server = Server::start(Config::default()).await;
    let (code, x, mut o) = two_players(&server, json!({})).await;
    x.client.close().await;
    let away = o
        .client
        .update_where(|u| u["seats"]["X"]["connected"] == false)
        .await;
    assert_eq!(away["seats"]["X"]["grace_ms"], 60_000);
    server.time.advance(Duration::from_secs(30));
    let mut back = server.client().await;
    let (welcome, update) = back.join(&code, Some(&x.token), json!(true)).await;
    assert_eq!(welcome["seat"], "X");
    assert_eq!(update["seats"]["X"]["connected"], true);
    assert_eq!(update["seats"]["X"]["grace_ms"], Value::Null);
    let seen = o
        .client
        .update_where(|u| u["seats"]["X"]["connected"] == true)
        .await;
    assert_eq!(seen["result"], Value::Null);
    back.act("15").await;
    assert_eq!(o.client.update_at(1).await["view"]["record"], "15");
}

#[tokio::test]
async fn after_the_grace_without_a_clock_the_game_waits() {
    let server = Server::start(Config::default()).await;
    let (code, x, mut o) = two_players(&server, json!({})).await;
    x.client.close().await;
    o.client
        .update_where(|u| u["seats"]["X"]["connected"] == false)
        .await;
    server.time.advance(Duration::from_secs(61));
    let waiting = o
        .client
        .update_where(|u| u["seats"]["X"]["grace_ms"] == 0)
        .await;
    assert_eq!(waiting["result"], Value::Null);
    // The seat is still X's.
    let mut back = server.client().await;
    let (welcome, _) = back.join(&code, Some(&x.token), json!(false)).await;
    assert_eq!(welcome["seat"], "X");
}

#[tokio::test]
async fn after_the_grace_with_a_clock_the_absent_player_loses_on_time() {
    let server = Server::start(Config::default()).await;
    let clock = json!({"clock": {"kind": "fischer", "base_seconds": 600, "increment_seconds": 0}});
    let (code, mut x, o) = two_players(&server, clock).await;
    o.client.close().await;
    x.client
        .update_where(|u| u["seats"]["O"]["connected"] == false)
        .await;
    server.time.advance(Duration::from_secs(60));
    let end = x.client.update_where(|u| !u["result"].is_null()).await;
    assert_eq!(end["result"], json!({"winner": "X", "ending": "time"}));
    let (_, game) = server.get(&format!("/api/tables/{code}/games/1")).await;
    assert_eq!(game["result"], json!({"winner": "X", "ending": "time"}));
}

#[tokio::test]
async fn a_fischer_clock_charges_the_mover_and_adds_the_increment() {
    let server = Server::start(Config::default()).await;
    let clock = json!({"clock": {"kind": "fischer", "base_seconds": 60, "increment_seconds": 2}});
    let (_, mut x, mut o) = two_players(&server, clock).await;
    server.time.advance(Duration::from_secs(10));
    x.client.act("15").await;
    let update = o.client.update_at(1).await;
    // 60 - 10 + 2 for X; O's clock now runs from 60.
    assert_eq!(update["clocks"]["X"], 52_000);
    assert_eq!(update["clocks"]["O"], 60_000);
    assert_eq!(update["clocks"]["running"], "O");
    server.time.advance(Duration::from_millis(59_999));
    o.client.act("25").await;
    let update = x.client.update_at(2).await;
    assert_eq!(update["clocks"]["O"], 2_001);
    // X's flag falls when the 52 seconds are gone.
    server.time.advance(Duration::from_secs(52));
    let end = o.client.update_where(|u| !u["result"].is_null()).await;
    assert_eq!(end["result"], json!({"winner": "O", "ending": "time"}));
    assert_eq!(end["clocks"]["X"], 0);
    assert_eq!(end["clocks"]["running"], Value::Null);
    x.client.act("35").await;
    assert_eq!(x.client.error().await["code"], "game_over");
}

#[tokio::test]
async fn a_per_move_limit_resets_after_each_action() {
    let server = Server::start(Config::default()).await;
    let clock = json!({"clock": {"kind": "per_move", "seconds": 30}});
    let (_, mut x, mut o) = two_players(&server, clock).await;
    server.time.advance(Duration::from_secs(29));
    x.client.act("15").await;
    let update = o.client.update_at(1).await;
    assert_eq!(
        (update["clocks"]["X"].clone(), update["clocks"]["O"].clone()),
        (json!(30_000), json!(30_000))
    );
    server.time.advance(Duration::from_secs(30));
    let end = x.client.update_where(|u| !u["result"].is_null()).await;
    assert_eq!(end["result"], json!({"winner": "X", "ending": "time"}));
}

#[tokio::test]
async fn the_clock_waits_until_both_seats_are_taken() {
    let server = Server::start(Config::default()).await;
    let code = server
        .table(json!({"clock": {"kind": "per_move", "seconds": 5}}))
        .await;
    let mut x = server.client().await;
    x.join(&code, None, json!("X")).await;
    server.time.advance(Duration::from_secs(100));
    let mut o = server.client().await;
    let (_, update) = o.join(&code, None, json!("O")).await;
    assert_eq!(update["result"], Value::Null);
    assert_eq!(update["clocks"]["X"], 5_000);
    assert_eq!(update["clocks"]["running"], "X");
}

#[tokio::test]
async fn resign_then_rematch_swaps_the_sides() {
    let server = Server::start(Config::default()).await;
    let (code, mut x, mut o) = two_players(&server, json!({})).await;
    x.client.act("15").await;
    o.client.update_at(1).await;
    o.client.send(json!({"type": "resign"})).await;
    let end = x.client.update_where(|u| !u["result"].is_null()).await;
    assert_eq!(end["result"], json!({"winner": "X", "ending": "resign"}));
    o.client.send(json!({"type": "resign"})).await;
    assert_eq!(o.client.error().await["code"], "game_over");
    o.client.send(json!({"type": "rematch"})).await;
    let offer = x.client.update_where(|u| u["rematch"] == "O").await;
    assert_eq!(offer["game"], 1);
    x.client.send(json!({"type": "rematch"})).await;
    let second = o.client.update_where(|u| u["game"] == 2).await;
    // The first game's O now plays X.
    assert_eq!(second["you"], "X");
    assert_eq!(second["view"]["record"], "");
    let seen = x.client.update_where(|u| u["game"] == 2).await;
    assert_eq!(seen["you"], "O");
    o.client.act("12").await;
    assert_eq!(x.client.update_at(1).await["view"]["record"], "12");
    // Both games are kept.
    let (_, first) = server.get(&format!("/api/tables/{code}/games/1")).await;
    assert_eq!(
        (first["record"].clone(), first["result"]["ending"].clone()),
        (json!("15"), json!("resign"))
    );
    let (_, now) = server.get(&format!("/api/tables/{code}/games/2")).await;
    assert_eq!(
        (now["record"].clone(), now["finished"].clone()),
        (json!("12"), json!(false))
    );
}

#[tokio::test]
async fn a_class_lists_its_tables_with_their_boards() {
    let server = Server::start(Config::default()).await;
    let (status, class) = common::http(server.addr, "POST", "/api/classes", None, &[]).await;
    assert_eq!(status, 201);
    let class_code = class["class"].as_str().unwrap().to_owned();
    assert!(
        class["link"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/class/{class_code}"))
    );
    let first = server.table(json!({"class": class_code})).await;
    let second = server
        .table(json!({"class": class_code.to_lowercase(), "o": "random"}))
        .await;
    let _elsewhere = server.table(json!({})).await;
    let (_, x, _o) = two_players(&server, json!({"class": class_code})).await;
    let _ = x;
    let (status, listing) = server.get(&format!("/api/classes/{class_code}")).await;
    assert_eq!(status, 200);
    let tables: Vec<&str> = listing["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["table"].as_str().unwrap())
        .collect();
    assert_eq!(tables.len(), 3);
    assert!(tables.contains(&first.as_str()) && tables.contains(&second.as_str()));
    assert!(listing["tables"][0]["view"]["legal"].is_array());
    let (status, _) = server.get("/api/classes/ZZZZZZ").await;
    assert_eq!(status, 404);
    let (status, body) = common::http(
        server.addr,
        "POST",
        "/api/tables",
        Some(r#"{"class":"ZZZZZZ"}"#),
        &[],
    )
    .await;
    assert_eq!(
        (status, body["error"].clone()),
        (404, json!("unknown_class"))
    );
}

#[tokio::test]
async fn table_settings_are_checked() {
    let server = Server::start(Config::default()).await;
    for body in [
        "{",
        r#"{"x":"robot"}"#,
        r#"{"clock":{"kind":"per_move","seconds":0}}"#,
        r#"{"clock":{"kind":"sundial"}}"#,
        r#"{"colour":"X"}"#,
    ] {
        let (status, reply) =
            common::http(server.addr, "POST", "/api/tables", Some(body), &[]).await;
        assert_eq!(
            (status, reply["error"].clone()),
            (400, json!("bad_request")),
            "{body}"
        );
    }
}

#[tokio::test]
async fn a_computer_seat_answers_every_move() {
    let server = Server::start(Config::default()).await;
    for kind in ["random", "mcts", "perfect"] {
        let code = server.table(json!({"o": kind})).await;
        let mut x = server.client().await;
        let (welcome, mut update) = x.join(&code, None, json!(true)).await;
        assert_eq!(welcome["seat"], "X");
        assert_eq!(update["seats"]["O"]["kind"], kind);
        // X plays its first legal action until the game ends; the computer
        // answers each (collapse choices included).
        while update["result"].is_null() {
            if update["view"]["to_act"] == "X" {
                let action = update["view"]["legal"][0].as_str().unwrap().to_owned();
                let plies = record_len(&update);
                x.act(&action).await;
                update = x.update_at(plies + 1).await;
            } else {
                let plies = record_len(&update);
                update = x.update_at(plies + 1).await;
            }
        }
        assert!(update["view"]["outcome"].is_object(), "{kind}: {update}");
    }
}

#[tokio::test]
async fn a_restart_resumes_every_table_where_it_was() {
    let server = Server::start(Config::default()).await;
    let clock = json!({"clock": {"kind": "fischer", "base_seconds": 300, "increment_seconds": 5}});
    let (code, mut x, mut o) = two_players(&server, clock).await;
    server.time.advance(Duration::from_secs(7));
    x.client.act("15").await;
    let acked = o.client.update_at(1).await;
    // Shutdown tells the clients to reconnect.
    let server = server.restart(Config::default()).await;
    assert_eq!(x.client.next_of("shutdown").await["type"], "shutdown");
    // The time the server was down (the clock moved meanwhile) is not charged.
    server.time.advance(Duration::from_secs(1000));
    let mut back = server.client().await;
    let (welcome, update) = back.join(&code, Some(&o.token), json!(false)).await;
    assert_eq!(welcome["seat"], "O");
    assert_eq!(update["view"], acked["view"]);
    assert_eq!(update["clocks"], acked["clocks"]);
    assert_eq!(update["clocks"]["X"], 298_000);
}

#[tokio::test]
async fn health_and_metrics() {
    let server = Server::start(Config::default()).await;
    let (status, body) = server.get("/healthz").await;
    assert_eq!((status, body), (200, json!("ok\n")));
    let (_, x, mut o) = two_players(&server, json!({})).await;
    let mut x = x;
    x.client.act("15").await;
    o.client.update_at(1).await;
    let (status, Value::String(metrics)) = server.get("/metrics").await else {
        panic!("metrics are text");
    };
    assert_eq!(status, 200);
    for line in [
        "qttt_tables_live 1",
        "qttt_connections 2",
        "qttt_actions_total 1",
        "# TYPE qttt_store_commit_seconds histogram",
    ] {
        assert!(metrics.lines().any(|l| l == line), "{line} in\n{metrics}");
    }
}
