//! Several server instances on one PostgreSQL database (in this process,
//! on one manual clock): the players of one table on different instances,
//! and concurrent conflicting actions, of which the database accepts
//! exactly one. Needs `QTTT_TEST_DB` (see `common::postgres`): ignored by a
//! plain `cargo test`; `tests/server/run.sh` sets it and runs them with
//! `--ignored`.

mod common;

use std::time::Duration;

use common::{Client, Server, record_len};
use qttt_server::Config;
use serde_json::{Value, json};

/// Two instances on one fresh PostgreSQL database.
async fn two_instances() -> (Server, Server) {
    assert!(
        common::postgres().is_some(),
        "QTTT_TEST_DB names no PostgreSQL server"
    );
    // A test here creates 30 tables at once from this machine, more than
    // one client address may; the creation limit is tests/limits.rs's.
    let config = Config {
        create_burst: 100,
        ..Config::default()
    };
    let a = Server::start(config.clone()).await;
    let b = a.another(config).await;
    (a, b)
}

/// How many times each instance has read a table again from the store.
fn reloads(a: &Server, b: &Server) -> [u64; 2] {
    [a, b].map(|server| server.tables.metrics().table_reloads())
}

/// Reads until a pong, so that every answer to what was sent before it has
/// arrived; the frames before it.
async fn settle(client: &mut Client) -> Vec<Value> {
    client.send(json!({"type": "ping"})).await;
    let mut frames = Vec::new();
    loop {
        let frame = client.next().await;
        assert!(!frame.is_null(), "closed while settling");
        if frame["type"] == "pong" {
            return frames;
        }
        frames.push(frame);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: QTTT_TEST_DB (tests/server/run.sh)"]
async fn a_whole_game_with_the_players_on_different_instances() {
    let (a, b) = two_instances().await;
    let clock = json!({"clock": {"kind": "fischer", "base_seconds": 300, "increment_seconds": 5}});
    let code = a.table(clock).await;
    let mut x = a.client().await;
    let (welcome, _) = x.join(&code, None, json!("X")).await;
    assert_eq!(welcome["seat"], "X");
    // The table is loaded at b from the database; the seat taken at a is
    // known there.
    let mut o = b.client().await;
    let (welcome, first) = o.join(&code, None, json!(true)).await;
    assert_eq!(welcome["seat"], "O");
    assert_eq!(first["seats"]["X"]["taken"], true);
    // X's presence at a reaches b (a answers b's question when b loads).
    let mut last = o
        .update_where(|update| update["seats"]["X"]["connected"] == true)
        .await;
    // O's seat, taken at b, reaches a before the first move's time runs:
    // a starts X's clock when it hears that both seats are filled.
    x.update_where(|update| update["seats"]["O"]["taken"] == true)
        .await;
    let mut watcher = a.client().await;
    watcher.join(&code, None, json!(false)).await;
    let before = reloads(&a, &b);
    // The worked example: X and O both get a line in the same collapse.
    for action in "58 47 67 59 48 68 @8".split_whitespace() {
        let plies = record_len(&last) + 1;
        a.time.advance(Duration::from_secs(2));
        if last["view"]["to_act"] == "X" {
            x.act(action).await;
        } else {
            o.act(action).await;
        }
        let at_x = x.update_at(plies).await;
        let at_o = o.update_at(plies).await;
        assert_eq!(at_x["view"], at_o["view"]);
        last = at_o;
    }
    assert_eq!(last["result"], json!({"winner": "X", "ending": "line"}));
    assert_eq!(watcher.update_at(7).await["view"], last["view"]);
    // Each mover was charged 2 s and given 5: X moved 4 times, O 3.
    assert_eq!(last["clocks"]["X"], 300_000 + 4 * 3_000);
    assert_eq!(last["clocks"]["O"], 300_000 + 3 * 3_000);
    for server in [&a, &b] {
        let (status, game) = server.get(&format!("/api/tables/{code}/games/1")).await;
        assert_eq!(status, 200);
        assert_eq!(game["record"], "58 47 67 59 48 68 @8");
        assert_eq!(game["result"], json!({"winner": "X", "ending": "line"}));
    }
    // A rematch offered at one instance is accepted at the other.
    x.send(json!({"type": "rematch"})).await;
    o.update_where(|update| update["rematch"] == "X").await;
    o.send(json!({"type": "rematch"})).await;
    let second = x.update_where(|update| update["game"] == 2).await;
    assert_eq!(second["you"], "O");
    assert_eq!(
        o.update_where(|update| update["game"] == 2).await["you"],
        "X"
    );
    // Every action (the ending one too), the offer and the new game
    // reached the other instance in its notice: no table read again.
    assert_eq!(reloads(&a, &b), before);
}

/// A new table with these settings, X's seat taken at `a` and O's at `b`,
/// each known at the other from its notice (no table read again): its
/// code, X's and O's connections, and O's first update.
async fn seated(a: &Server, b: &Server, settings: Value) -> (String, Client, Client, Value) {
    let code = a.table(settings).await;
    let mut x = a.client().await;
    x.join(&code, None, json!("X")).await;
    let mut o = b.client().await;
    let (_, first) = o.join(&code, None, json!(true)).await;
    x.update_where(|update| update["seats"]["O"]["taken"] == true)
        .await;
    assert_eq!(reloads(a, b), [0, 0]);
    (code, x, o, first)
}

/// Plays `actions` at a table whose seats are `x` and `o` (whichever has
/// the move acts), from the update `last`; the update after them.
async fn play(x: &mut Client, o: &mut Client, mut last: Value, actions: &str) -> Value {
    for action in actions.split_whitespace() {
        let plies = record_len(&last) + 1;
        if last["view"]["to_act"] == last["you"] {
            o.act(action).await;
        } else {
            x.act(action).await;
        }
        x.update_at(plies).await;
        last = o.update_at(plies).await;
    }
    last
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: QTTT_TEST_DB (tests/server/run.sh)"]
async fn rematches_asked_at_once_at_two_instances_need_no_reload() {
    let (a, b) = two_instances().await;
    let (code, mut x, mut o, mut last) = seated(&a, &b, json!({})).await;
    let before = reloads(&a, &b);
    const GAMES: u64 = 5;
    for game in 1..GAMES {
        // Every game to its end (X's line), then both ask at once.
        last = play(&mut x, &mut o, last, "58 47 67 59 48 68 @8").await;
        assert!(last["result"].is_object(), "game {game}: {last}");
        if game == 1 {
            // The first time, the offer of the seat at a is stored as if a
            // had just written it and its notice were still on its way:
            // by hand, with no notice. O's offer at b then finds it, and
            // b accepts it instead of reading the table again.
            use sqlx::Connection;
            let url = a.url.as_deref().unwrap();
            let mut connection = sqlx::PgConnection::connect(url).await.unwrap();
            let offered = sqlx::query(
                "UPDATE games SET rematch_offer = 0 WHERE table_code = $1 AND game_no = 1",
            )
            .bind(&code)
            .execute(&mut connection)
            .await
            .unwrap();
            assert_eq!(offered.rows_affected(), 1);
            o.send(json!({"type": "rematch"})).await;
        } else {
            let rematch = json!({"type": "rematch"});
            tokio::join!(x.send(rematch.clone()), o.send(rematch));
        }
        let next = |update: &Value| update["game"] == game + 1;
        let at_x = x.update_where(next).await;
        last = o.update_where(next).await;
        assert_ne!(at_x["you"], last["you"], "game {}", game + 1);
    }
    // Two actions, one from each instance: each has taken every notice
    // the other sent before (an offer that lost its race among them).
    play(&mut x, &mut o, last, "12 34").await;
    assert_eq!(reloads(&a, &b), before);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: QTTT_TEST_DB (tests/server/run.sh)"]
async fn a_resignation_at_one_instance_ends_the_game_at_the_other_without_a_reload() {
    let (a, b) = two_instances().await;
    let clock = json!({"clock": {"kind": "fischer", "base_seconds": 300, "increment_seconds": 5}});
    let (_, mut x, mut o, _) = seated(&a, &b, clock).await;
    let before = reloads(&a, &b);
    a.time.advance(Duration::from_secs(1));
    x.act("15").await;
    x.update_at(1).await;
    o.update_at(1).await;
    // O thinks for 2 s, then resigns at b.
    a.time.advance(Duration::from_secs(2));
    o.send(json!({"type": "resign"})).await;
    let resigned = |update: &Value| !update["result"].is_null();
    let at_o = o.update_where(resigned).await;
    let at_x = x.update_where(resigned).await;
    let result = json!({"winner": "X", "ending": "resign"});
    assert_eq!((&at_o["result"], &at_x["result"]), (&result, &result));
    // Both stopped O's clock at the same moment (one manual clock): X had
    // 300 s less 1 and plus 5, O 300 less 2.
    for update in [&at_o, &at_x] {
        assert_eq!(update["clocks"]["X"], 304_000, "{update}");
        assert_eq!(update["clocks"]["O"], 298_000, "{update}");
    }
    assert_eq!(reloads(&a, &b), before);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: QTTT_TEST_DB (tests/server/run.sh)"]
async fn concurrent_conflicting_actions_are_accepted_exactly_once() {
    let (a, b) = two_instances().await;
    const ROUNDS: usize = 30;
    for round in 0..ROUNDS {
        let code = a.table(json!({})).await;
        let mut x_at_a = a.client().await;
        let (welcome, _) = x_at_a.join(&code, None, json!("X")).await;
        let token = welcome["token"].as_str().unwrap().to_owned();
        // The same seat holder, also connected at b (two devices).
        let mut x_at_b = b.client().await;
        x_at_b.join(&code, Some(&token), json!(false)).await;
        let mut o = b.client().await;
        o.join(&code, None, json!(true)).await;
        // Both devices act at the same moment, at ply 0, differently;
        // every other round without saying the ply. One instance refuses
        // the second of two such actions with not_your_turn either way (the
        // turn is checked before the ply).
        let with_ply = round % 2 == 0;
        let act = |action: &str| {
            if with_ply {
                json!({"type": "act", "action": action, "ply": 0})
            } else {
                json!({"type": "act", "action": action})
            }
        };
        tokio::join!(x_at_a.send(act("15")), x_at_b.send(act("29")));
        let (frames_a, frames_b) = tokio::join!(settle(&mut x_at_a), settle(&mut x_at_b));
        let errors = |frames: &[Value]| -> Vec<Value> {
            frames
                .iter()
                .filter(|frame| frame["type"] == "error")
                .cloned()
                .collect()
        };
        let (errors_a, errors_b) = (errors(&frames_a), errors(&frames_b));
        assert_eq!(
            errors_a.len() + errors_b.len(),
            1,
            "round {round}: exactly one refused: {errors_a:?} {errors_b:?}"
        );
        let refused = errors_a.first().or(errors_b.first()).unwrap();
        // The refusal one instance gives the second of two such actions.
        assert_eq!(refused["code"], "not_your_turn", "round {round}: {refused}");
        let accepted = if errors_a.is_empty() { "15" } else { "29" };
        // Everyone sees the accepted one, and only it.
        let seen = o.update_at(1).await;
        assert_eq!(seen["view"]["record"], accepted, "round {round}");
        let (status, game) = a.get(&format!("/api/tables/{code}/games/1")).await;
        assert_eq!(status, 200);
        assert_eq!(game["record"], accepted, "round {round}");
        for client in [x_at_a, x_at_b, o] {
            client.close().await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: QTTT_TEST_DB (tests/server/run.sh)"]
async fn the_grace_and_the_clock_hold_across_instances() {
    let (a, b) = two_instances().await;
    let clock = json!({"clock": {"kind": "fischer", "base_seconds": 300, "increment_seconds": 0}});
    let code = a.table(clock).await;
    let mut x = a.client().await;
    let (welcome, _) = x.join(&code, None, json!("X")).await;
    let x_token = welcome["token"].as_str().unwrap().to_owned();
    let mut o = b.client().await;
    o.join(&code, None, json!(true)).await;
    // b knows that X is at a (a answers b's question when b loads the
    // table) before X leaves: a seat holder who leaves within that
    // question's round trip is not seen at b as away (deploy.md).
    o.update_where(|update| update["seats"]["X"]["connected"] == true)
        .await;
    let mut watcher = a.client().await;
    watcher.join(&code, None, json!(false)).await;
    x.act("15").await;
    o.update_at(1).await;
    // X moves from a to b: the grace that starts when X leaves a ends
    // when X is back at b, and neither instance flags X.
    x.close().await;
    o.update_where(|update| !update["seats"]["X"]["grace_ms"].is_null())
        .await;
    let mut x = b.client().await;
    x.join(&code, Some(&x_token), json!(false)).await;
    let back = o
        .update_where(|update| update["seats"]["X"]["connected"] == true)
        .await;
    assert!(back["result"].is_null());
    // a, where X was, has heard that X is back: the watcher there sees X
    // leave, then come back (waiting for the second alone would take the
    // first move's update, from before X left, and let the clock below
    // run on while a still counts X away: a flags X, and O's move is
    // refused).
    watcher
        .update_where(|update| !update["seats"]["X"]["grace_ms"].is_null())
        .await;
    watcher
        .update_where(|update| {
            update["seats"]["X"]["connected"] == true && update["seats"]["X"]["grace_ms"].is_null()
        })
        .await;
    a.time.advance(Duration::from_secs(120)); // past the 60 s grace
    o.act("29").await;
    let update = x.update_at(2).await;
    assert!(update["result"].is_null(), "X was not flagged: {update}");
    // O stays away past the grace: with a clock, O loses on time, once.
    o.close().await;
    x.update_where(|update| !update["seats"]["O"]["grace_ms"].is_null())
        .await;
    a.time.advance(Duration::from_secs(61));
    let end = x.update_where(|update| !update["result"].is_null()).await;
    assert_eq!(end["result"], json!({"winner": "X", "ending": "time"}));
    let (_, game) = a.get(&format!("/api/tables/{code}/games/1")).await;
    assert_eq!(game["result"], json!({"winner": "X", "ending": "time"}));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: QTTT_TEST_DB (tests/server/run.sh)"]
async fn a_name_given_at_one_instance_shows_at_the_other() {
    let (a, b) = two_instances().await;
    let code = a.table(json!({})).await;
    let mut x = a.client().await;
    x.send(json!({"type": "join", "table": code, "take": "X", "name": "Ana"}))
        .await;
    let welcome = x.next_of("welcome").await;
    let x_token = welcome["token"].as_str().unwrap().to_owned();
    // b loads the table with the name from the database.
    let mut o = b.client().await;
    o.send(json!({"type": "join", "table": code, "take": true, "name": "Bo"}))
        .await;
    assert_eq!(o.next_of("welcome").await["seat"], "O");
    let first = o.next_of("update").await;
    assert_eq!(first["seats"]["X"]["name"], "Ana");
    assert_eq!(first["seats"]["O"]["name"], "Bo");
    // O's name, given at b, reaches X at a.
    x.update_where(|update| update["seats"]["O"]["name"] == "Bo")
        .await;
    // X renames from a second device at b: a hears of it, and X's first
    // device there gets the new name; the game goes on.
    let mut x_at_b = b.client().await;
    x_at_b
        .send(json!({"type": "join", "table": code, "token": x_token, "name": "Anna"}))
        .await;
    assert_eq!(x_at_b.next_of("welcome").await["seat"], "X");
    x.update_where(|update| update["seats"]["X"]["name"] == "Anna")
        .await;
    x.act("15").await;
    let update = o.update_at(1).await;
    assert_eq!(update["seats"]["X"]["name"], "Anna");
    for server in [&a, &b] {
        let (status, table) = server.get(&format!("/api/tables/{code}")).await;
        assert_eq!(status, 200);
        assert_eq!(table["seats"]["X"]["name"], "Anna");
        assert_eq!(table["seats"]["O"]["name"], "Bo");
    }
    // The seats and the new name reached the other instance in their
    // notices: no table read again.
    assert_eq!(reloads(&a, &b), [0, 0]);
}

/// A request to `server` with the teacher's token, if any: status, body.
async fn post(
    server: &Server,
    path: &str,
    body: Option<Value>,
    token: Option<&str>,
) -> (u16, Value) {
    let bearer = token.map(|token| format!("Bearer {token}"));
    let headers: Vec<(&str, &str)> = bearer
        .iter()
        .map(|bearer| ("Authorization", bearer.as_str()))
        .collect();
    let body = body.map(|body| body.to_string());
    common::http(server.addr, "POST", path, body.as_deref(), &headers).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: QTTT_TEST_DB (tests/server/run.sh)"]
async fn an_event_paused_at_one_instance_stops_its_game_at_the_other() {
    let (a, b) = two_instances().await;
    let (_, class) = post(&a, "/api/classes", None, None).await;
    let class = class["class"].as_str().unwrap().to_owned();
    let settings = json!({"kind": "round_robin", "clock": {"kind": "per_move", "seconds": 60}});
    let (status, created) = post(
        &a,
        &format!("/api/classes/{class}/events"),
        Some(settings),
        None,
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let code = created["event"].as_str().unwrap().to_owned();
    let token = created["token"].as_str().unwrap().to_owned();
    let mut tokens = Vec::new();
    for name in ["Ann", "Bo"] {
        let path = format!("/api/classes/{class}/event/players");
        let (status, joined) = post(&a, &path, Some(json!({ "name": name })), None).await;
        assert_eq!(status, 201, "{joined}");
        tokens.push(joined["token"].as_str().unwrap().to_owned());
    }
    let (status, started) = post(
        &a,
        &format!("/api/events/{code}/rounds"),
        None,
        Some(&token),
    )
    .await;
    assert_eq!(status, 201, "{started}");
    let game = &started["rounds"][0]["games"][0];
    let table = game["table"].as_str().unwrap().to_owned();
    let [x_no, o_no] = ["x", "o"].map(|side| game[side].as_u64().unwrap() as usize);
    // X plays at a, O at b.
    let mut x = a.client().await;
    let (welcome, _) = x.join(&table, Some(&tokens[x_no]), json!(false)).await;
    assert_eq!(welcome["seat"], "X", "{welcome}");
    let mut o = b.client().await;
    let (welcome, _) = o.join(&table, Some(&tokens[o_no]), json!(false)).await;
    assert_eq!(welcome["seat"], "O", "{welcome}");
    x.update_where(|u| u["seats"]["O"]["connected"] == true)
        .await;
    o.update_where(|u| u["seats"]["X"]["connected"] == true)
        .await;
    a.time.advance(Duration::from_secs(10));
    assert_eq!(
        a.clocks(&table).await,
        (50_000, 60_000, json!("X"), json!(false))
    );
    // Paused at b: a learns from the store's notice.
    let (status, paused) = post(&b, &format!("/api/events/{code}/pause"), None, Some(&token)).await;
    assert_eq!((status, &paused["paused"]), (200, &json!(true)), "{paused}");
    let update = x.update_where(|u| u["paused"] == true).await;
    assert_eq!(update["clocks"]["X"], 50_000, "{update}");
    assert_eq!(update["clocks"]["running"], Value::Null, "{update}");
    a.time.advance(Duration::from_secs(3_600));
    for server in [&a, &b] {
        assert_eq!(
            server.clocks(&table).await,
            (50_000, 60_000, Value::Null, json!(true))
        );
    }
    x.act("12").await;
    let error = x.error().await;
    assert_eq!(error["code"], "paused", "{error}");
    // Resumed at b: X's clock runs again from 50 s at both.
    let (status, resumed) = post(
        &b,
        &format!("/api/events/{code}/resume"),
        None,
        Some(&token),
    )
    .await;
    assert_eq!(
        (status, &resumed["paused"]),
        (200, &json!(false)),
        "{resumed}"
    );
    let update = x.update_where(|u| u["paused"] == false).await;
    assert_eq!(update["clocks"]["running"], "X", "{update}");
    a.time.advance(Duration::from_secs(20));
    for server in [&a, &b] {
        assert_eq!(
            server.clocks(&table).await,
            (30_000, 60_000, json!("X"), json!(false))
        );
    }
    x.act("12").await;
    let update = o.update_at(1).await;
    assert_eq!(update["clocks"]["running"], "O", "{update}");
    // The pause and the resumption reached a in their notices: no table
    // read again.
    assert_eq!(reloads(&a, &b), [0, 0]);
}
