//! Players' names (docs/protocol.md, `join`'s `name`): given with a seat,
//! trimmed, shown to everyone at the table, in the HTTP API and in the
//! class feed; refused with `bad_name` (and nothing changed) when empty,
//! too long, or holding a control or text-direction character; changed by
//! a later join with the seat's token; kept in the store across a restart.
//! On the embedded store, or on PostgreSQL with `QTTT_TEST_DB` (as
//! tests/server/run.sh runs them).

mod common;

use common::{Client, Server, http};
use qttt_server::Config;
use serde_json::{Value, json};

/// Sends a join with a name; the welcome and first update, or the error.
async fn join_named(
    client: &mut Client,
    table: &str,
    token: Option<&str>,
    take: Value,
    name: &str,
) -> Result<(Value, Value), Value> {
    client
        .send(json!({"type": "join", "table": table, "token": token, "take": take, "name": name}))
        .await;
    let first = client.next().await;
    match first["type"].as_str() {
        Some("welcome") => Ok((first, client.next_of("update").await)),
        Some("error") => Err(first),
        _ => panic!("expected a welcome or an error, got {first}"),
    }
}

/// The seats of the table as the HTTP API shows them.
async fn seats(server: &Server, code: &str) -> Value {
    let (status, table) = server.get(&format!("/api/tables/{code}")).await;
    assert_eq!(status, 200, "{table}");
    table["seats"].clone()
}

#[tokio::test]
async fn a_name_is_trimmed_and_everyone_sees_it() {
    let server = Server::start(Config::default()).await;
    let code = server.table(json!({})).await;
    let mut x = server.client().await;
    let (welcome, first) = join_named(&mut x, &code, None, json!(true), "  Ana\t")
        .await
        .unwrap();
    assert_eq!(welcome["seat"], "X");
    assert_eq!(first["seats"]["X"]["name"], "Ana");
    // No name yet for the free seat: null, not absent.
    assert!(first["seats"]["O"].get("name").unwrap().is_null());
    let mut watcher = server.client().await;
    let (_, seen) = watcher.join(&code, None, json!(false)).await;
    assert_eq!(seen["seats"]["X"]["name"], "Ana");
    // O's name reaches X and the watcher with the seat taken.
    let mut o = server.client().await;
    let (welcome, _) = join_named(&mut o, &code, None, json!(true), "Bjørn Ødegård")
        .await
        .unwrap();
    assert_eq!(welcome["seat"], "O");
    for client in [&mut x, &mut watcher] {
        let update = client
            .update_where(|update| update["seats"]["O"]["taken"] == true)
            .await;
        assert_eq!(update["seats"]["O"]["name"], "Bjørn Ødegård");
        assert_eq!(update["seats"]["X"]["name"], "Ana");
    }
    let seats = seats(&server, &code).await;
    assert_eq!(seats["X"]["name"], "Ana");
    assert_eq!(seats["O"]["name"], "Bjørn Ødegård");
}

#[tokio::test]
async fn a_join_without_a_name_leaves_the_seat_nameless() {
    let server = Server::start(Config::default()).await;
    let code = server.table(json!({})).await;
    let mut x = server.client().await;
    let (_, first) = x.join(&code, None, json!(true)).await;
    assert!(first["seats"]["X"]["name"].is_null());
    // A computer's seat has no name either.
    let code = server.table(json!({"o": "random"})).await;
    let (_, first) = server.client().await.join(&code, None, json!(true)).await;
    assert!(first["seats"]["O"]["name"].is_null());
    assert_eq!(first["seats"]["O"]["kind"], "random");
}

#[tokio::test]
async fn a_bad_name_is_refused_and_nothing_changes() {
    let server = Server::start(Config::default()).await;
    let code = server.table(json!({})).await;
    let too_long = "x".repeat(25);
    let bad_names = [
        "",
        "   ",
        too_long.as_str(),
        "Ana\nBo",
        "Ana\u{7}",
        "\u{202E}anA",
        "Ana\u{200F}",
        "\u{2066}Ana\u{2069}",
    ];
    let mut client = server.client().await;
    for name in bad_names {
        let error = join_named(&mut client, &code, None, json!(true), name)
            .await
            .unwrap_err();
        assert_eq!(error["code"], "bad_name", "{name:?}: {error}");
        assert_eq!(error["in_reply_to"], "join");
    }
    // No seat was taken, and the connection has not joined: it still may.
    let free = seats(&server, &code).await;
    assert_eq!(free["X"]["taken"], false);
    assert_eq!(free["O"]["taken"], false);
    // 24 characters (Unicode scalar values, not bytes) are the most.
    let longest = "ø".repeat(24);
    let (welcome, first) = join_named(&mut client, &code, None, json!(true), &longest)
        .await
        .unwrap();
    assert_eq!(welcome["seat"], "X");
    assert_eq!(first["seats"]["X"]["name"], longest.as_str());
    let token = welcome["token"].as_str().unwrap().to_owned();
    // The seat's holder back with a bad name: refused, the name kept.
    for name in bad_names {
        let mut back = server.client().await;
        let error = join_named(&mut back, &code, Some(&token), json!(false), name)
            .await
            .unwrap_err();
        assert_eq!(error["code"], "bad_name", "{name:?}: {error}");
    }
    assert_eq!(seats(&server, &code).await["X"]["name"], longest.as_str());
    // Not a string at all: a bad message.
    let mut other = server.client().await;
    other
        .send(json!({"type": "join", "table": code, "take": true, "name": 7}))
        .await;
    assert_eq!(other.error().await["code"], "bad_message");
    assert_eq!(seats(&server, &code).await["O"]["taken"], false);
}

#[tokio::test]
async fn the_seat_holder_renames_the_seat_with_its_token() {
    let server = Server::start(Config::default()).await;
    let code = server.table(json!({})).await;
    let mut x = server.client().await;
    let (welcome, _) = join_named(&mut x, &code, None, json!(true), "Ana")
        .await
        .unwrap();
    let token = welcome["token"].as_str().unwrap().to_owned();
    let mut o = server.client().await;
    let (_, _) = join_named(&mut o, &code, None, json!(true), "Bo")
        .await
        .unwrap();
    // A second device of X's, with the token and a new name: everyone at
    // the table gets the new name.
    let mut x2 = server.client().await;
    let (welcome, first) = join_named(&mut x2, &code, Some(&token), json!(false), " Anna ")
        .await
        .unwrap();
    assert_eq!(welcome["seat"], "X");
    assert!(welcome["token"].is_null(), "no new token: {welcome}");
    assert_eq!(first["seats"]["X"]["name"], "Anna");
    for client in [&mut x, &mut o] {
        client
            .update_where(|update| update["seats"]["X"]["name"] == "Anna")
            .await;
    }
    // Back with the token and no name: the name stays.
    let mut x3 = server.client().await;
    let (_, first) = x3.join(&code, Some(&token), json!(false)).await;
    assert_eq!(first["seats"]["X"]["name"], "Anna");
    // A spectator's name is nobody's: the seats keep theirs.
    let mut watcher = server.client().await;
    let (welcome, first) = join_named(&mut watcher, &code, None, json!(true), "Eve")
        .await
        .unwrap();
    assert!(welcome["seat"].is_null(), "both seats are taken: {welcome}");
    assert_eq!(first["seats"]["X"]["name"], "Anna");
    assert_eq!(first["seats"]["O"]["name"], "Bo");
    let shown = seats(&server, &code).await;
    assert_eq!(
        (&shown["X"]["name"], &shown["O"]["name"]),
        (&json!("Anna"), &json!("Bo"))
    );
    // A token of no seat here renames nothing.
    let mut stranger = server.client().await;
    let error = join_named(
        &mut stranger,
        &code,
        Some("0".repeat(32).as_str()),
        json!(false),
        "Mallory",
    )
    .await
    .unwrap_err();
    assert_eq!(error["code"], "bad_token");
    assert_eq!(seats(&server, &code).await["X"]["name"], "Anna");
}

#[tokio::test]
async fn names_survive_a_restart_and_follow_their_seats_into_a_rematch() {
    let server = Server::start(Config::default()).await;
    let code = server.table(json!({})).await;
    let mut x = server.client().await;
    let (welcome, _) = join_named(&mut x, &code, None, json!(true), "Ana")
        .await
        .unwrap();
    let x_token = welcome["token"].as_str().unwrap().to_owned();
    let mut o = server.client().await;
    let (welcome, _) = join_named(&mut o, &code, None, json!(true), "Bo")
        .await
        .unwrap();
    let o_token = welcome["token"].as_str().unwrap().to_owned();
    // X renames, then the server restarts (the table is loaded again from
    // the store).
    let mut x2 = server.client().await;
    join_named(&mut x2, &code, Some(&x_token), json!(false), "Ana B.")
        .await
        .unwrap();
    let server = server.restart(Config::default()).await;
    let seats = seats(&server, &code).await;
    assert_eq!(seats["X"]["name"], "Ana B.");
    assert_eq!(seats["O"]["name"], "Bo");
    // A game, then a rematch: sides swap, and each name goes with its
    // player's seat (Bo plays X in game 2).
    let mut x = server.client().await;
    let (welcome, first) = x.join(&code, Some(&x_token), json!(false)).await;
    assert_eq!(welcome["seat"], "X");
    assert_eq!(first["seats"]["X"]["name"], "Ana B.");
    let mut o = server.client().await;
    let (welcome, _) = o.join(&code, Some(&o_token), json!(false)).await;
    assert_eq!(welcome["seat"], "O");
    x.send(json!({"type": "resign"})).await;
    o.update_where(|update| !update["result"].is_null()).await;
    x.send(json!({"type": "rematch"})).await;
    o.update_where(|update| update["rematch"] == "X").await;
    o.send(json!({"type": "rematch"})).await;
    let second = x.update_where(|update| update["game"] == 2).await;
    assert_eq!(second["you"], "O");
    assert_eq!(second["seats"]["X"]["name"], "Bo");
    assert_eq!(second["seats"]["O"]["name"], "Ana B.");
}

#[tokio::test]
async fn the_class_feed_shows_the_names() {
    let server = Server::start(Config::default()).await;
    let (status, class) = http(server.addr, "POST", "/api/classes", None, &[]).await;
    assert_eq!(status, 201);
    let class = class["class"].as_str().unwrap().to_owned();
    let named = server.table(json!({"class": class})).await;
    let nameless = server.table(json!({"class": class})).await;
    let mut x = server.client().await;
    join_named(&mut x, &named, None, json!("O"), "Дарья")
        .await
        .unwrap();
    let (status, feed) = server.get(&format!("/api/classes/{class}")).await;
    assert_eq!(status, 200, "{feed}");
    let tables = feed["tables"].as_array().unwrap();
    let board = |code: &str| tables.iter().find(|t| t["table"] == code).unwrap().clone();
    assert_eq!(board(&named)["seats"]["O"]["name"], "Дарья");
    assert!(board(&named)["seats"]["X"]["name"].is_null());
    assert!(board(&nameless)["seats"]["X"]["name"].is_null());
    // From the store too, once nobody is at the table (not loaded).
    x.close().await;
    let server = server.restart(Config::default()).await;
    let (_, feed) = server.get(&format!("/api/classes/{class}")).await;
    let board = feed["tables"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["table"] == named.as_str())
        .unwrap()
        .clone();
    assert_eq!(board["seats"]["O"]["name"], "Дарья");
}

#[tokio::test]
async fn a_version_3_database_opens_with_nameless_seats() {
    use sqlx::sqlite::{SqliteConnectOptions, SqlitePool};
    use std::sync::Arc;
    // A database as the server before names left it: migrations 1 to 3,
    // a table with its first seat taken.
    let dir = tempfile::tempdir().unwrap();
    let old = dir.path().join("migrations");
    std::fs::create_dir(&old).unwrap();
    let ours = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
    for file in [
        "0001_tables.sql",
        "0002_rematch_offers.sql",
        "0003_game_plies.sql",
    ] {
        std::fs::copy(ours.join(file), old.join(file)).unwrap();
    }
    let db = dir.path().join("tables.db");
    let pool = SqlitePool::connect_with(
        SqliteConnectOptions::new()
            .filename(&db)
            .create_if_missing(true),
    )
    .await
    .unwrap();
    sqlx::migrate::Migrator::new(old.as_path())
        .await
        .unwrap()
        .run(&pool)
        .await
        .unwrap();
    sqlx::query(
        "INSERT INTO game_tables (code, seat0_kind, seat1_kind, clock, seat0_token_hash, created_at) \
         VALUES ('K7QF2M', 'person', 'person', '{\"kind\":\"none\"}', 'abc', 0)",
    )
    .execute(&pool)
    .await
    .unwrap();
    sqlx::query("INSERT INTO games (table_code, game_no) VALUES ('K7QF2M', 1)")
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
    // Opened by this server: version 4 adds the names, none yet.
    let store = qttt_server::SqliteStore::open(&db, Arc::new(qttt_server::Metrics::default()))
        .await
        .unwrap();
    let stored = qttt_server::Store::load_table(&store, "K7QF2M".into())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.names, [None, None]);
    assert_eq!(stored.token_hashes, [Some("abc".to_owned()), None]);
}
