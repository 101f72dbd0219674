//! Events at a class over HTTP, their games at tables over the WebSocket,
//! on the embedded store (or PostgreSQL with `QTTT_TEST_DB`): a round
//! robin with standings worked out by hand, a Swiss of eight, the
//! refusals, and a restart mid-round.

mod common;

use std::collections::HashSet;

use common::{Server, http};
use qttt_server::Config;
use serde_json::{Value, json};

/// A class and an event of `settings` there: the class, the event and
/// the teacher's token.
async fn event(server: &Server, settings: Value) -> (String, String, String) {
    let (status, class) = http(server.addr, "POST", "/api/classes", None, &[]).await;
    assert_eq!(status, 201, "{class}");
    let class = class["class"].as_str().unwrap().to_owned();
    let (status, created) = http(
        server.addr,
        "POST",
        &format!("/api/classes/{class}/events"),
        Some(&settings.to_string()),
        &[],
    )
    .await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["class"], class.as_str());
    (
        class,
        created["event"].as_str().unwrap().to_owned(),
        created["token"].as_str().unwrap().to_owned(),
    )
}

/// Joins the class's event as `name`: the player's token (and checks the
/// number).
async fn join(server: &Server, class: &str, name: &str, number: usize) -> String {
    let (status, joined) = http(
        server.addr,
        "POST",
        &format!("/api/classes/{class}/event/players"),
        Some(&json!({ "name": name }).to_string()),
        &[],
    )
    .await;
    assert_eq!(status, 201, "{joined}");
    assert_eq!(joined["player"], number);
    joined["token"].as_str().unwrap().to_owned()
}

/// A teacher's request with the token.
async fn teacher(server: &Server, method: &str, path: &str, token: &str) -> (u16, Value) {
    let bearer = format!("Bearer {token}");
    http(
        server.addr,
        method,
        path,
        None,
        &[("Authorization", bearer.as_str())],
    )
    .await
}

async fn state(server: &Server, code: &str) -> Value {
    let (status, body) = server.get(&format!("/api/events/{code}")).await;
    assert_eq!(status, 200, "{body}");
    body
}

/// The games of round `round` (from 1): (x, o, table).
fn games(event: &Value, round: usize) -> Vec<(usize, usize, String)> {
    event["rounds"][round - 1]["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|game| {
            (
                game["x"].as_u64().unwrap() as usize,
                game["o"].as_u64().unwrap() as usize,
                game["table"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// The player with `token` sits at `table` with it (the seat reserved for
/// them: `side`) and resigns; waits for the game's end.
async fn resign(server: &Server, table: &str, token: &str, side: &str) {
    let mut client = server.client().await;
    let (welcome, _) = client.join(table, Some(token), json!(false)).await;
    assert_eq!(welcome["seat"], side, "{welcome}");
    client.send(json!({"type": "resign"})).await;
    let end = client.update_where(|u| !u["result"].is_null()).await;
    let winner = if side == "X" { "O" } else { "X" };
    assert_eq!(end["result"], json!({"winner": winner, "ending": "resign"}));
}

/// Plays game (x, o) at `table` so that `winner` wins: the other resigns.
async fn play(
    server: &Server,
    tokens: &[String],
    (x, o, table): &(usize, usize, String),
    winner: usize,
) {
    if winner == *x {
        resign(server, table, &tokens[*o], "O").await;
    } else {
        assert_eq!(winner, *o);
        resign(server, table, &tokens[*x], "X").await;
    }
}

/// A standing's (player, points, Buchholz, Sonneborn-Berger).
fn line(standing: &Value) -> (u64, f64, f64, f64) {
    (
        standing["player"].as_u64().unwrap(),
        standing["points"].as_f64().unwrap(),
        standing["buchholz"].as_f64().unwrap(),
        standing["sonneborn_berger"].as_f64().unwrap(),
    )
}

#[tokio::test]
async fn a_round_robin_of_four_completes_with_the_standings_worked_out_by_hand() {
    let server = Server::start(Config::default()).await;
    let (class, code, token) = event(&server, json!({"kind": "round_robin"})).await;
    let mut tokens = Vec::new();
    for (number, name) in ["Ann", "Bo", "Cy", "Di"].into_iter().enumerate() {
        tokens.push(join(&server, &class, name, number).await);
    }
    let rounds = format!("/api/events/{code}/rounds");
    // Berger's table for four (FIDE C.05, from 0 here): 1-4 2-3, 4-3 1-2,
    // 2-4 3-1, X first.
    let berger = [[(0, 3), (1, 2)], [(3, 2), (0, 1)], [(1, 3), (2, 0)]];
    for (round, expected) in berger.iter().enumerate() {
        let (status, started) = teacher(&server, "POST", &rounds, &token).await;
        assert_eq!(status, 201, "{started}");
        assert_eq!(started["current_round"], round + 1);
        let paired = games(&started, round + 1);
        let pairs: Vec<(usize, usize)> = paired.iter().map(|(x, o, _)| (*x, *o)).collect();
        assert_eq!(pairs, expected, "round {}", round + 1);
        for game in &paired {
            // The lower number wins, except Bo and Di, whose game is left
            // unfinished (the teacher ends the round: a draw).
            if (game.0, game.1) != (1, 3) {
                play(&server, &tokens, game, game.0.min(game.1)).await;
            }
        }
    }
    let (status, refused) = teacher(&server, "POST", &rounds, &token).await;
    assert_eq!(
        (status, refused["error"].as_str()),
        (409, Some("round_in_progress"))
    );
    let (status, ended) = teacher(&server, "POST", &format!("{rounds}/end"), &token).await;
    assert_eq!(status, 200, "{ended}");
    assert_eq!(ended["current_round"], Value::Null);
    let results: Vec<&Value> = ended["rounds"][2]["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|game| &game["result"])
        .collect();
    assert_eq!(results, [&json!("unfinished"), &json!("o")]);
    // By hand: Ann beat all three (3); Bo beat Cy, drew Di (1½); Cy beat
    // Di (1); Di ½. Buchholz, the opponents' points: Ann ½+1½+1 = 3, Bo
    // 3+1+½ = 4½, Cy 1½+½+3 = 5, Di 3+1+1½ = 5½. Sonneborn-Berger, the
    // points of those beaten and half of those drawn: Ann ½+1½+1 = 3, Bo
    // 1+½·½ = 1¼, Cy ½, Di ½·1½ = ¾.
    let standings: Vec<(u64, f64, f64, f64)> = ended["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(line)
        .collect();
    assert_eq!(
        standings,
        [
            (0, 3.0, 3.0, 3.0),
            (1, 1.5, 4.5, 1.25),
            (2, 1.0, 5.0, 0.5),
            (3, 0.5, 5.5, 0.75)
        ]
    );
    assert_eq!(ended["standings"][0]["name"], "Ann");
    assert_eq!(ended["rounds_planned"], 3);
    let (status, refused) = teacher(&server, "POST", &rounds, &token).await;
    assert_eq!(
        (status, refused["error"].as_str()),
        (409, Some("no_more_rounds"))
    );
    // A round robin takes no one once it started.
    let (status, refused) = http(
        server.addr,
        "POST",
        &format!("/api/events/{code}/players"),
        Some(r#"{"name":"Ed"}"#),
        &[],
    )
    .await;
    assert_eq!(
        (status, refused["error"].as_str()),
        (409, Some("event_started"))
    );
    let (status, over) = teacher(&server, "POST", &format!("/api/events/{code}/end"), &token).await;
    assert_eq!(status, 200, "{over}");
    assert_eq!(over["ended"], true);
    let (status, none) = server.get(&format!("/api/classes/{class}/event")).await;
    assert_eq!((status, none["error"].as_str()), (404, Some("no_event")));
    // The event's games are the class's tables.
    let (_, tables) = server.get(&format!("/api/classes/{class}")).await;
    assert_eq!(
        tables["tables"].as_array().map(Vec::len),
        Some(6),
        "{tables}"
    );
}

#[tokio::test]
async fn a_swiss_of_eight_over_three_rounds_repeats_no_pair_and_balances_colours() {
    let server = Server::start(Config::default()).await;
    let (class, code, token) = event(
        &server,
        json!({"kind": "swiss", "rounds": 3, "clock": {"kind": "per_move", "seconds": 60}}),
    )
    .await;
    let mut tokens = Vec::new();
    for number in 0..8 {
        tokens.push(join(&server, &class, &format!("Player {number}"), number).await);
    }
    let rounds = format!("/api/events/{code}/rounds");
    let mut met = HashSet::new();
    let mut colours = [0_i64; 8];
    for round in 1..=3 {
        let (status, started) = teacher(&server, "POST", &rounds, &token).await;
        assert_eq!(status, 201, "{started}");
        let paired = games(&started, round);
        assert_eq!(paired.len(), 4);
        assert_eq!(started["rounds"][round - 1]["bye"], Value::Null);
        let mut playing = HashSet::new();
        for game in &paired {
            let (x, o, _) = game;
            assert!(met.insert((*x.min(o), *x.max(o))), "{x} and {o} met twice");
            assert!(playing.insert(*x) && playing.insert(*o));
            colours[*x] += 1;
            colours[*o] -= 1;
            // The stronger (lower number) always wins.
            play(&server, &tokens, game, *x.min(o)).await;
        }
        assert_eq!(playing.len(), 8);
    }
    assert!(colours.iter().all(|c| c.abs() <= 2), "{colours:?}");
    let done = state(&server, &code).await;
    let points: Vec<f64> = done["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["points"].as_f64().unwrap())
        .collect();
    // Three rounds of four games: twelve points; player 0 won all three.
    assert_eq!(points.iter().sum::<f64>(), 12.0);
    assert_eq!(done["standings"][0]["player"], 0);
    assert_eq!(points[0], 3.0);
    for round in done["rounds"].as_array().unwrap() {
        for game in round["games"].as_array().unwrap() {
            let (x, o) = (game["x"].as_u64().unwrap(), game["o"].as_u64().unwrap());
            let expected = if x < o { "x" } else { "o" };
            assert_eq!(game["result"], expected, "{game}");
        }
    }
    // The last round's games are over: the round counts as done, and a
    // fourth is refused as beyond the three.
    let (status, refused) = teacher(&server, "POST", &rounds, &token).await;
    assert_eq!(
        (status, refused["error"].as_str()),
        (409, Some("no_more_rounds"))
    );
}

#[tokio::test]
async fn bad_requests_are_refused_with_their_codes_and_change_nothing() {
    let server = Server::start(Config::default()).await;
    let (class, code, token) = event(&server, json!({"kind": "swiss", "rounds": 2})).await;
    let rounds = format!("/api/events/{code}/rounds");
    let refused = |status: u16, body: &Value, expected: (u16, &str)| {
        assert_eq!(
            (status, body["error"].as_str().unwrap_or("")),
            expected,
            "{body}"
        );
    };
    // One player: too few.
    join(&server, &class, "Ann", 0).await;
    let (status, body) = teacher(&server, "POST", &rounds, &token).await;
    refused(status, &body, (409, "too_few_players"));
    let (status, body) = http(
        server.addr,
        "POST",
        &format!("/api/classes/{class}/event/players"),
        Some(r#"{"name":" Ann "}"#),
        &[],
    )
    .await;
    refused(status, &body, (409, "name_taken"));
    for name in ["Bo", "Cy", "Di"] {
        let number = state(&server, &code).await["players"]
            .as_array()
            .unwrap()
            .len();
        join(&server, &class, name, number).await;
    }
    let before = state(&server, &code).await;
    for (method, path, with) in [
        ("POST", rounds.clone(), "not the token"),
        ("POST", format!("{rounds}/end"), "not the token"),
        ("POST", format!("/api/events/{code}/end"), ""),
        ("DELETE", format!("/api/events/{code}/players/1"), "x"),
    ] {
        let (status, body) = teacher(&server, method, &path, with).await;
        refused(status, &body, (403, "wrong_token"));
    }
    assert_eq!(state(&server, &code).await, before);
    let (status, body) = teacher(&server, "POST", "/api/events/ZZZZZZ/rounds", &token).await;
    refused(status, &body, (404, "unknown_event"));
    let (status, body) = server.get("/api/events/nonsense").await;
    refused(status, &body, (404, "unknown_event"));
    let (status, body) = teacher(&server, "POST", &format!("{rounds}/end"), &token).await;
    refused(status, &body, (409, "no_round_in_progress"));
    let (status, body) = teacher(
        &server,
        "DELETE",
        &format!("/api/events/{code}/players/9"),
        &token,
    )
    .await;
    refused(status, &body, (404, "unknown_player"));
    assert_eq!(state(&server, &code).await, before);
    let (status, started) = teacher(&server, "POST", &rounds, &token).await;
    assert_eq!(status, 201, "{started}");
    let (status, body) = teacher(&server, "POST", &rounds, &token).await;
    refused(status, &body, (409, "round_in_progress"));
    assert_eq!(state(&server, &code).await, started);
    // Bad settings, an arena without its minutes, an unknown class.
    for (settings, expected) in [
        (json!({"kind": "swiss"}), (400, "bad_request")),
        (json!({"kind": "swiss", "rounds": 0}), (400, "bad_request")),
        (json!({"kind": "knockout"}), (400, "bad_request")),
        (json!({"kind": "arena", "minutes": 0}), (400, "bad_request")),
        (
            json!({"kind": "arena", "minutes": 30, "rounds": 2}),
            (400, "bad_request"),
        ),
        (
            json!({"kind": "round_robin", "clock": {"kind": "per_move", "seconds": 0}}),
            (400, "bad_request"),
        ),
    ] {
        let (status, body) = http(
            server.addr,
            "POST",
            &format!("/api/classes/{class}/events"),
            Some(&settings.to_string()),
            &[],
        )
        .await;
        refused(status, &body, expected);
    }
    let (status, body) = http(
        server.addr,
        "POST",
        "/api/classes/ZZZZZZ/events",
        Some(r#"{"kind":"round_robin"}"#),
        &[],
    )
    .await;
    refused(status, &body, (404, "unknown_class"));
    // Removing a player: once; then ending the event refuses what follows.
    let (status, removed) = teacher(
        &server,
        "DELETE",
        &format!("/api/events/{code}/players/3"),
        &token,
    )
    .await;
    assert_eq!(status, 200, "{removed}");
    assert_eq!(removed["players"][3]["withdrawn"], true);
    let (status, body) = teacher(
        &server,
        "DELETE",
        &format!("/api/events/{code}/players/3"),
        &token,
    )
    .await;
    refused(status, &body, (409, "player_removed"));
    let (status, over) = teacher(&server, "POST", &format!("/api/events/{code}/end"), &token).await;
    assert_eq!(status, 200, "{over}");
    // The running round ended with it, its games unfinished.
    assert_eq!(over["rounds"][0]["ended"], true);
    assert_eq!(over["rounds"][0]["games"][0]["result"], "unfinished");
    let (status, body) = teacher(&server, "POST", &rounds, &token).await;
    refused(status, &body, (409, "event_ended"));
    let (status, body) = http(
        server.addr,
        "POST",
        &format!("/api/events/{code}/players"),
        Some(r#"{"name":"Ed"}"#),
        &[],
    )
    .await;
    refused(status, &body, (409, "event_ended"));
}

#[tokio::test]
async fn an_event_survives_a_restart_mid_round_and_the_round_completes() {
    let server = Server::start(Config::default()).await;
    let (class, code, token) = event(&server, json!({"kind": "swiss", "rounds": 2})).await;
    let mut tokens = Vec::new();
    for (number, name) in ["Ann", "Bo", "Cy", "Di"].into_iter().enumerate() {
        tokens.push(join(&server, &class, name, number).await);
    }
    let rounds = format!("/api/events/{code}/rounds");
    let (status, started) = teacher(&server, "POST", &rounds, &token).await;
    assert_eq!(status, 201, "{started}");
    let paired = games(&started, 1);
    assert_eq!(paired.len(), 2);
    // Board 1 is over before the restart; board 2 has one action.
    play(&server, &tokens, &paired[0], paired[0].0).await;
    let (x, o, table) = paired[1].clone();
    let mut first = server.client().await;
    first.join(&table, Some(&tokens[x]), json!(false)).await;
    first.act("15").await;
    first.update_at(1).await;
    drop(first);
    let before = state(&server, &code).await;
    let server = server.restart(Config::default()).await;
    assert_eq!(state(&server, &code).await, before);
    // After it: board 2 goes on from its action, and O resigns.
    let mut back = server.client().await;
    let (welcome, update) = back.join(&table, Some(&tokens[o]), json!(false)).await;
    assert_eq!(welcome["seat"], "O");
    assert_eq!(common::record_len(&update), 1);
    back.send(json!({"type": "resign"})).await;
    back.update_where(|u| !u["result"].is_null()).await;
    let after = state(&server, &code).await;
    let results: Vec<&Value> = after["rounds"][0]["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|game| &game["result"])
        .collect();
    assert_eq!(results, [&json!("x"), &json!("x")]);
    // The round is done: the next one starts, pairing the two winners.
    let (status, second) = teacher(&server, "POST", &rounds, &token).await;
    assert_eq!(status, 201, "{second}");
    assert_eq!(second["rounds"][0]["ended"], true);
    let winners: HashSet<usize> = [paired[0].0, x].into();
    let next = games(&second, 2);
    assert!(
        next.iter()
            .any(|(x, o, _)| HashSet::from([*x, *o]) == winners),
        "{next:?}"
    );
}

#[tokio::test]
async fn a_swiss_gives_byes_takes_a_late_joiner_and_pairs_no_removed_player() {
    let server = Server::start(Config::default()).await;
    let (class, code, token) = event(&server, json!({"kind": "swiss", "rounds": 2})).await;
    let mut tokens = Vec::new();
    for (number, name) in ["Ann", "Bo", "Cy"].into_iter().enumerate() {
        tokens.push(join(&server, &class, name, number).await);
    }
    let rounds = format!("/api/events/{code}/rounds");
    // Round 1, three players on no points: the lowest-ranked (Cy, the
    // last entered) has the bye; Ann beats Bo.
    let (status, first) = teacher(&server, "POST", &rounds, &token).await;
    assert_eq!(status, 201, "{first}");
    assert_eq!(first["rounds"][0]["bye"], 2);
    let paired = games(&first, 1);
    assert_eq!(paired.len(), 1);
    play(&server, &tokens, &paired[0], 0).await;
    // Ann is removed, Ed joins late.
    let (status, _) = teacher(
        &server,
        "DELETE",
        &format!("/api/events/{code}/players/0"),
        &token,
    )
    .await;
    assert_eq!(status, 200);
    tokens.push(join(&server, &class, "Ed", 3).await);
    // Round 2 among Bo (0), Cy (1) and Ed (0): the bye to the
    // lowest-ranked without one, Ed; Bo meets Cy.
    let (status, second) = teacher(&server, "POST", &rounds, &token).await;
    assert_eq!(status, 201, "{second}");
    assert_eq!(second["rounds"][1]["bye"], 3);
    let paired = games(&second, 2);
    assert_eq!(paired.len(), 1);
    let (x, o, _) = &paired[0];
    assert_eq!(HashSet::from([*x, *o]), HashSet::from([1, 2]));
    play(&server, &tokens, &paired[0], 2).await;
    let done = state(&server, &code).await;
    // Cy: a bye and a win, 2; Ann 1 (removed, her win stays); Ed a bye, 1;
    // Bo 0. Ann and Ed tie on both tie-breaks too (Ann's one opponent,
    // Bo, has 0; a bye adds nothing): Ann first by pairing number.
    let order: Vec<(u64, f64)> = done["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["player"].as_u64().unwrap(), s["points"].as_f64().unwrap()))
        .collect();
    assert_eq!(order, [(2, 2.0), (0, 1.0), (3, 1.0), (1, 0.0)]);
    assert_eq!(done["standings"][1]["withdrawn"], true);
}

/// Plays `record` at `table` over the WebSocket, X and O with their
/// tokens, to its end; the last update.
async fn play_record(server: &Server, table: &str, tokens: [&str; 2], record: &str) -> Value {
    let mut x = server.client().await;
    let (welcome, _) = x.join(table, Some(tokens[0]), json!(false)).await;
    assert_eq!(welcome["seat"], "X", "{welcome}");
    let mut o = server.client().await;
    let (welcome, mut last) = o.join(table, Some(tokens[1]), json!(false)).await;
    assert_eq!(welcome["seat"], "O", "{welcome}");
    for (ply, action) in record.split(' ').enumerate() {
        // The table says who acts (a collapse is chosen by the player
        // who did not close the cycle).
        let mover = if last["view"]["to_act"] == "X" {
            &mut x
        } else {
            &mut o
        };
        mover.act(action).await;
        last = x.update_at(ply + 1).await;
    }
    last
}

/// The accuracy the core's review gives `player`'s actions in `record`
/// (the server must report the mean over that player's games).
fn reviewed(record: &str) -> [qttt_events::Accuracy; 2] {
    use qttt::analysis::{Review, Scoring, Solver};
    let game = qttt::Game::from_record(record).unwrap();
    let review = Review::new(&mut Solver::new(Scoring::SingleResult), &game, 0);
    [qttt::Player::X, qttt::Player::O].map(|p| qttt_events::Accuracy::of_review(&review, p))
}

#[tokio::test]
async fn a_finished_game_is_reviewed_rated_and_linked_and_ratings_carry_over() {
    let server = Server::start(Config::default()).await;
    let (class, code, token) = event(&server, json!({"kind": "round_robin"})).await;
    let tokens = [
        join(&server, &class, "Ann", 0).await,
        join(&server, &class, "Bo", 1).await,
    ];
    let (status, started) = teacher(
        &server,
        "POST",
        &format!("/api/events/{code}/rounds"),
        &token,
    )
    .await;
    assert_eq!(status, 201, "{started}");
    // Before any game: a new player's rating, no accuracy, no review.
    for standing in started["standings"].as_array().unwrap() {
        assert_eq!(standing["accuracy"], Value::Null);
        assert_eq!(
            standing["rating"],
            json!({"rating": 1500.0, "deviation": 350.0, "volatility": 0.06})
        );
    }
    assert_eq!(started["rounds"][0]["games"][0]["review"], Value::Null);
    let (x, o, table) = games(&started, 1).remove(0);
    // X's line 4-5-6 comes first: X wins (the core's doc example).
    let record = "58 47 67 59 48 68 @8";
    let end = play_record(&server, &table, [&tokens[x], &tokens[o]], record).await;
    assert_eq!(end["result"], json!({"winner": "X", "ending": "line"}));
    let after = state(&server, &code).await;
    let game = &after["rounds"][0]["games"][0];
    assert_eq!(game["result"], "x");
    let link = format!("/api/tables/{table}/games/1/review");
    assert_eq!(game["review"], link.as_str());
    // Glicko-2 by hand for two new players (1500, RD 350, σ 0.06) and a
    // win: g = 1/√(1 + 3φ²/π²) = 0.66907 with φ = 350/173.7178, E = ½,
    // v = 1/(g²·¼) = 8.9355; φ' = 1/√(1/(φ² + σ²) + 1/v) = 1.67122 and
    // μ' = ±φ'²·g·½ = ±0.93434: 1500 ± 162.31, RD 290.32.
    let standing = |player: usize| {
        after["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["player"] == player)
            .unwrap()
            .clone()
    };
    let close = |value: &Value, expected: f64| {
        let value = value.as_f64().unwrap();
        assert!((value - expected).abs() < 0.05, "{value} is not {expected}");
    };
    close(&standing(x)["rating"]["rating"], 1662.31);
    close(&standing(o)["rating"]["rating"], 1337.69);
    close(&standing(x)["rating"]["deviation"], 290.32);
    close(&standing(o)["rating"]["deviation"], 290.32);
    // Accuracy: what the core's review says each side's actions lost,
    // as a mean in points.
    let [ax, ao] = reviewed(record);
    assert_eq!((ax.actions, ao.actions), (4, 3));
    assert_eq!(standing(x)["accuracy"].as_f64(), ax.mean_lost());
    assert_eq!(standing(o)["accuracy"].as_f64(), ao.mean_lost());
    // The review's link: the game file of the review, read back by the
    // core, the players' names as X and O.
    let (status, text) = server.get(&link).await;
    assert_eq!(status, 200);
    let file = qttt::gamefile::parse(text.as_str().unwrap()).unwrap();
    assert_eq!(file.len(), 1);
    assert_eq!(file[0].tag("X"), Some("Ann"));
    assert_eq!(file[0].tag("O"), Some("Bo"));
    assert_eq!(file[0].result, qttt::gamefile::GameResult::XWins);
    assert_eq!(file[0].end().record().to_string(), record);
    assert!(file[0].line.plies.iter().all(|ply| ply.value.is_some()));
    // Reading again rates nothing twice.
    assert_eq!(state(&server, &code).await["standings"], after["standings"]);

    // A second event at the class: the same names keep their ratings;
    // a game resigned before any action rates, but reviews no action.
    let (status, _) = teacher(&server, "POST", &format!("/api/events/{code}/end"), &token).await;
    assert_eq!(status, 200);
    let (status, created) = http(
        server.addr,
        "POST",
        &format!("/api/classes/{class}/events"),
        Some(&json!({"kind": "round_robin"}).to_string()),
        &[],
    )
    .await;
    assert_eq!(status, 201);
    let (code2, token2) = (
        created["event"].as_str().unwrap().to_owned(),
        created["token"].as_str().unwrap().to_owned(),
    );
    let tokens = [
        join(&server, &class, "Bo", 0).await,
        join(&server, &class, "Cy", 1).await,
    ];
    let (_, started) = teacher(
        &server,
        "POST",
        &format!("/api/events/{code2}/rounds"),
        &token2,
    )
    .await;
    let round = games(&started, 1);
    let bo_rating = |event: &Value| {
        event["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == "Bo")
            .unwrap()["rating"]["rating"]
            .as_f64()
            .unwrap()
    };
    assert!((bo_rating(&started) - 1337.69).abs() < 0.05);
    let cy = usize::from(round[0].0 == 0); // Cy is player 1
    play(&server, &tokens, &round[0], 1 - cy).await; // Cy resigns: Bo wins
    let after = state(&server, &code2).await;
    assert!(bo_rating(&after) > 1337.69);
    for standing in after["standings"].as_array().unwrap() {
        assert_eq!(standing["accuracy"], Value::Null, "{standing}");
    }
}

/// Reads CSV (RFC 4180: quoted fields, doubled quotes, CRLF) back into
/// rows of fields: an independent reader of the export.
fn read_csv(text: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let mut row = Vec::new();
    let mut field = String::new();
    let mut chars = text.chars().peekable();
    let mut quoted = false;
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') => quoted = true,
            (false, ',') => row.push(std::mem::take(&mut field)),
            (false, '\r') => assert_eq!(chars.next(), Some('\n'), "CRLF line ends"),
            (false, '\n') => panic!("a bare LF"),
            (false, c) => field.push(c),
        }
        if !quoted && c == '\r' {
            row.push(std::mem::take(&mut field));
            rows.push(std::mem::take(&mut row));
        }
    }
    assert!(field.is_empty() && row.is_empty(), "the last line ends");
    rows
}

#[tokio::test]
async fn the_exports_read_back_a_game_file_a_csv_and_a_printable_page() {
    let server = Server::start(Config::default()).await;
    let (class, code, token) = event(
        &server,
        json!({"kind": "round_robin", "clock": {"kind": "fischer", "base_seconds": 300, "increment_seconds": 5}}),
    )
    .await;
    let names = ["Ann", "Bo, \"the\" 2nd", "=SUM(A1)"];
    let mut tokens = Vec::new();
    for (number, name) in names.into_iter().enumerate() {
        tokens.push(join(&server, &class, name, number).await);
    }
    let rounds = format!("/api/events/{code}/rounds");
    // Round 1 (Berger for three, a bye for the dummy): a game played
    // over the WebSocket.
    let (_, started) = teacher(&server, "POST", &rounds, &token).await;
    let (x, o, table) = games(&started, 1).remove(0);
    let record = "58 47 67 59 48 68 @8";
    play_record(&server, &table, [&tokens[x], &tokens[o]], record).await;
    // Round 2: a resignation; round 3 is ended before its game.
    let (status, started) = teacher(&server, "POST", &rounds, &token).await;
    assert_eq!(status, 201, "{started}");
    let game = games(&started, 2).remove(0);
    play(&server, &tokens, &game, game.0).await;
    let (status, started) = teacher(&server, "POST", &rounds, &token).await;
    assert_eq!(status, 201, "{started}");
    let (status, ended) =
        teacher(&server, "POST", &format!("/api/events/{code}/end"), &token).await;
    assert_eq!(status, 200, "{ended}");

    // The game file: one game per board, read back by the core.
    let (status, text) = server.get(&format!("/api/events/{code}/games")).await;
    assert_eq!(status, 200);
    let file = qttt::gamefile::parse(text.as_str().unwrap()).unwrap();
    assert_eq!(file.len(), 3);
    let name = |player: usize| names[player];
    for (index, game) in file.iter().enumerate() {
        let (x, o, table) = games(&ended, index + 1).remove(0);
        assert_eq!(
            game.tag("Event"),
            Some(format!("{class} {code} (round_robin)").as_str())
        );
        assert_eq!(game.tag("Round"), Some((index + 1).to_string().as_str()));
        assert_eq!(game.tag("Board"), Some("1"));
        assert_eq!(game.tag("X"), Some(name(x)), "{table}");
        assert_eq!(game.tag("O"), Some(name(o)));
        assert_eq!(game.tag("TimeControl"), Some("300+5"));
        assert!(game.tag("Date").unwrap().len() == 10);
    }
    use qttt::gamefile::GameResult;
    assert_eq!(file[0].result, GameResult::XWins);
    assert_eq!(file[0].end().record().to_string(), record);
    // The review's annotations: a value after every action.
    assert!(file[0].line.plies.iter().all(|ply| ply.value.is_some()));
    assert_eq!(file[0].tag("Annotator"), Some("qttt review (perfect play)"));
    // X won round 2 by O's resignation before any action.
    assert_eq!(file[1].result, GameResult::XWins);
    assert!(file[1].line.plies.is_empty());
    // Round 3's game was never played: its record so far, `*`, and the
    // event's verdict in a comment.
    assert_eq!(file[2].result, GameResult::Unfinished);
    assert!(file[2].tag("Comment").unwrap().contains("unfinished"));

    // The CSV: a header, a line per standing, the names as given (a
    // formula's `=` behind a `'`).
    let (status, text) = server
        .get(&format!("/api/events/{code}/standings.csv"))
        .await;
    assert_eq!(status, 200);
    let rows = read_csv(text.as_str().unwrap());
    assert_eq!(
        rows[0],
        [
            "rank",
            "player",
            "name",
            "withdrawn",
            "points",
            "buchholz",
            "sonneborn_berger",
            "games",
            "wins",
            "draws",
            "losses",
            "byes",
            "accuracy",
            "rating",
            "deviation"
        ]
    );
    let standings = ended["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 1 + standings.len());
    for (row, standing) in rows[1..].iter().zip(standings) {
        let player = standing["player"].as_u64().unwrap() as usize;
        let expected_name = if player == 2 {
            "'=SUM(A1)".to_owned()
        } else {
            names[player].to_owned()
        };
        assert_eq!(row[2], expected_name);
        assert_eq!(row[0], standing["rank"].to_string());
        assert_eq!(
            row[4].parse::<f64>().unwrap(),
            standing["points"].as_f64().unwrap()
        );
        assert_eq!(
            row[13].parse::<f64>().unwrap(),
            standing["rating"]["rating"].as_f64().unwrap()
        );
        assert_eq!(
            row[14].parse::<f64>().unwrap(),
            standing["rating"]["deviation"].as_f64().unwrap()
        );
        match standing["accuracy"].as_f64() {
            Some(mean) => assert_eq!(row[12].parse::<f64>().unwrap(), mean),
            None => assert_eq!(row[12], ""),
        }
    }
    // Points by hand: each of the three rounds gives one point for its
    // game (a win, or round 3's unfinished game as two halves) and one
    // for its bye.
    let points: f64 = rows[1..]
        .iter()
        .map(|row| row[4].parse::<f64>().unwrap())
        .sum();
    assert_eq!(points, 3.0 * (1.0 + 1.0));

    // The printable page, on either paper; the names escaped.
    for (paper, size) in [("a4", "size: A4"), ("letter", "size: letter")] {
        let (status, page) = server
            .get(&format!("/api/events/{code}/standings.html?paper={paper}"))
            .await;
        assert_eq!(status, 200);
        let page = page.as_str().unwrap();
        assert!(page.contains(size), "{page}");
        assert!(page.contains("Bo, &quot;the&quot; 2nd"));
        assert!(page.contains("final standings"));
    }
    let (status, refused) = server
        .get(&format!("/api/events/{code}/standings.html?paper=a3"))
        .await;
    assert_eq!((status, &refused["error"]), (400, &json!("bad_request")));
}

#[tokio::test]
async fn a_swiss_of_24_scripted_students_over_5_rounds_completes() {
    let server = Server::start(Config::default()).await;
    let (class, code, token) = event(&server, json!({"kind": "swiss", "rounds": 5})).await;
    let mut tokens = Vec::new();
    for number in 0..24 {
        tokens.push(join(&server, &class, &format!("Student {number:02}"), number).await);
    }
    let rounds = format!("/api/events/{code}/rounds");
    let mut met = HashSet::new();
    let mut colours = [(0i32, 0i32); 24];
    let mut last = Value::Null;
    for round in 1..=5 {
        let (status, started) = teacher(&server, "POST", &rounds, &token).await;
        assert_eq!(status, 201, "round {round}: {started}");
        assert_eq!(started["rounds"][round - 1]["bye"], Value::Null);
        let boards = games(&started, round);
        assert_eq!(boards.len(), 12);
        let mut seen = HashSet::new();
        for (index, game) in boards.iter().enumerate() {
            let (x, o, table) = game;
            assert!(
                seen.insert(*x) && seen.insert(*o),
                "a player twice in round {round}"
            );
            assert!(met.insert((*x.min(o), *x.max(o))), "{x} and {o} met twice");
            colours[*x].0 += 1;
            colours[*o].1 += 1;
            // Board 1 is played out over the WebSocket; the others end
            // by a resignation: the lower pairing number (the stronger
            // by its seed) wins, but every fifth game goes the other way.
            if index == 0 {
                play_record(
                    &server,
                    table,
                    [&tokens[*x], &tokens[*o]],
                    "58 47 67 59 48 68 @8",
                )
                .await;
            } else {
                let stronger = (*x).min(*o);
                let weaker = (*x).max(*o);
                let winner = if (x + o + round) % 5 == 0 {
                    weaker
                } else {
                    stronger
                };
                play(&server, &tokens, game, winner).await;
            }
        }
        last = state(&server, &code).await;
        let results = last["rounds"][round - 1]["games"].as_array().unwrap();
        assert!(
            results
                .iter()
                .all(|g| !g["result"].is_null() && !g["review"].is_null())
        );
    }
    let (status, refused) = teacher(&server, "POST", &rounds, &token).await;
    assert_eq!((status, &refused["error"]), (409, &json!("no_more_rounds")));
    let (status, ended) =
        teacher(&server, "POST", &format!("/api/events/{code}/end"), &token).await;
    assert_eq!(status, 200, "{ended}");
    assert_eq!(ended["ended"], true);
    for (player, (xs, os)) in colours.iter().enumerate() {
        assert_eq!(xs + os, 5, "player {player} played five games");
        assert!((xs - os).abs() <= 2, "player {player}: {xs} X, {os} O");
    }
    // Sixty games, a point each: sixty points; every player rated five
    // times (the deviation down from 350), and the standings ranked by
    // points.
    let standings = ended["standings"].as_array().unwrap();
    let points: f64 = standings
        .iter()
        .map(|s| s["points"].as_f64().unwrap())
        .sum();
    assert_eq!(points, 60.0);
    for pair in standings.windows(2) {
        assert!(pair[0]["points"].as_f64() >= pair[1]["points"].as_f64());
    }
    for standing in standings {
        assert_eq!(standing["games"], 5);
        assert!(standing["rating"]["deviation"].as_f64().unwrap() < 350.0);
    }
    assert_eq!(ended["standings"], last["standings"]);
}

/// The class page's list of the class's tables (read from the store and
/// the tables, not from the event): how many there are.
async fn class_tables(server: &Server, class: &str) -> usize {
    let (status, body) = server.get(&format!("/api/classes/{class}")).await;
    assert_eq!(status, 200, "{body}");
    body["tables"].as_array().unwrap().len()
}

/// The (x, o) of every board of an arena (round 1).
fn boards(event: &Value) -> Vec<(u64, u64)> {
    event["rounds"][0]["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| (g["x"].as_u64().unwrap(), g["o"].as_u64().unwrap()))
        .collect()
}

#[tokio::test]
async fn an_arena_pairs_who_finishes_at_once_and_ends_on_time() {
    let server = Server::start(Config::default()).await;
    let (status, refused) = http(
        server.addr,
        "POST",
        "/api/classes/AAAAAA/events",
        Some(&json!({"kind": "arena"}).to_string()),
        &[],
    )
    .await;
    assert_eq!((status, &refused["error"]), (400, &json!("bad_request")));
    let (class, code, token) = event(&server, json!({"kind": "arena", "minutes": 10})).await;
    let mut tokens = Vec::new();
    for (number, name) in ["Ann", "Bo", "Cy", "Di"].into_iter().enumerate() {
        tokens.push(join(&server, &class, name, number).await);
    }
    let rounds = format!("/api/events/{code}/rounds");
    let (status, started) = teacher(&server, "POST", &rounds, &token).await;
    assert_eq!(status, 201, "{started}");
    assert_eq!(started["kind"], "arena");
    assert_eq!(started["minutes"], 10);
    let start = started["rounds"][0]["started_at"].as_i64().unwrap();
    assert_eq!(started["ends_at"], start + 600);
    // The arena's rules (qttt_events::Arena) by hand: each entrant waits
    // and the longest-waiting is paired with the next, X to the
    // longer-waiting when colours are even: 0-1, then 2-3.
    assert_eq!(boards(&started), [(0, 1), (2, 3)]);
    let (status, again) = teacher(&server, "POST", &rounds, &token).await;
    assert_eq!((status, &again["error"]), (409, &json!("no_more_rounds")));
    let table = |event: &Value, board: usize| {
        event["rounds"][0]["games"][board]["table"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    // Bo resigns to Ann: both wait, but no immediate rematch while board
    // 2 goes on, so no new game.
    resign(&server, &table(&started, 0), &tokens[1], "O").await;
    let after = state(&server, &code).await;
    assert_eq!(boards(&after), [(0, 1), (2, 3)]);
    // A late joiner, Ed, is paired at once with the longest-waiting,
    // Ann (Bo would be a rematch); Ed has X: Ann had X once more than O.
    tokens.push(join(&server, &class, "Ed", 4).await);
    let after = state(&server, &code).await;
    assert_eq!(boards(&after), [(0, 1), (2, 3), (4, 0)]);
    // Di resigns to Cy: with no one reading the event, the game's end
    // pairs at once Bo (waiting longest) with Di (nearest in points: 0,
    // Cy has 1), X to Bo (both had O last, colours even): the class page
    // lists the new table.
    resign(&server, &table(&started, 1), &tokens[3], "O").await;
    let mut waited = 0;
    while class_tables(&server, &class).await < 4 {
        waited += 1;
        assert!(waited < 500, "no new table after the game's end");
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    let after = state(&server, &code).await;
    assert_eq!(boards(&after), [(0, 1), (2, 3), (4, 0), (1, 3)]);
    assert!(after["ended"] == false && after["current_round"] == 1);
    // Ten minutes on the server's clock: the arena ends; the games going
    // on score as draws (unfinished) and are not rated.
    server.time.advance(std::time::Duration::from_secs(600));
    let ended = state(&server, &code).await;
    assert_eq!(ended["ended"], true);
    assert_eq!(ended["rounds"][0]["ended"], true);
    let results: Vec<&Value> = ended["rounds"][0]["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| &g["result"])
        .collect();
    assert_eq!(
        results,
        [
            &json!("x"),
            &json!("x"),
            &json!("unfinished"),
            &json!("unfinished")
        ]
    );
    let points = |player: u64| {
        ended["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["player"] == player)
            .unwrap()["points"]
            .as_f64()
            .unwrap()
    };
    assert_eq!([0, 1, 2, 3, 4].map(points), [1.5, 0.5, 1.0, 0.5, 0.5]);
    let (status, refused) = http(
        server.addr,
        "POST",
        &format!("/api/classes/{class}/event/players"),
        Some(&json!({"name": "Fi"}).to_string()),
        &[],
    )
    .await;
    assert_eq!((status, &refused["error"]), (404, &json!("no_event")));
}

/// A refusal's status and code.
fn refused(status: u16, body: &Value, expected: (u16, &str)) {
    assert_eq!(
        (status, body["error"].as_str().unwrap_or("")),
        expected,
        "{body}"
    );
}

#[tokio::test]
async fn a_pause_starts_no_round_and_pairs_no_one_until_resumed() {
    let server = Server::start(Config::default()).await;
    // A Swiss: no round starts while paused.
    let (class, code, token) = event(&server, json!({"kind": "swiss", "rounds": 2})).await;
    for (number, name) in ["Ann", "Bo"].into_iter().enumerate() {
        join(&server, &class, name, number).await;
    }
    let path = |what: &str| format!("/api/events/{code}/{what}");
    let (status, body) = teacher(&server, "POST", &path("pause"), "not the token").await;
    refused(status, &body, (403, "wrong_token"));
    let (status, paused) = teacher(&server, "POST", &path("pause"), &token).await;
    assert_eq!((status, &paused["paused"]), (200, &json!(true)));
    assert_eq!(state(&server, &code).await["paused"], true);
    let (status, body) = teacher(&server, "POST", &path("pause"), &token).await;
    refused(status, &body, (409, "event_paused"));
    let (status, body) = teacher(&server, "POST", &path("rounds"), &token).await;
    refused(status, &body, (409, "event_paused"));
    let (status, resumed) = teacher(&server, "POST", &path("resume"), &token).await;
    assert_eq!((status, &resumed["paused"]), (200, &json!(false)));
    let (status, body) = teacher(&server, "POST", &path("resume"), &token).await;
    refused(status, &body, (409, "not_paused"));
    let (status, started) = teacher(&server, "POST", &path("rounds"), &token).await;
    assert_eq!(status, 201, "{started}");

    // An arena: games end and a player joins while paused, and no one is
    // paired; at the resumption the arena takes the steps it missed.
    let (status, ended) = teacher(&server, "POST", &path("end"), &token).await;
    assert_eq!(status, 200, "{ended}");
    let (status, created) = http(
        server.addr,
        "POST",
        &format!("/api/classes/{class}/events"),
        Some(&json!({"kind": "arena", "minutes": 30}).to_string()),
        &[],
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let code = created["event"].as_str().unwrap().to_owned();
    let token = created["token"].as_str().unwrap().to_owned();
    let path = |what: &str| format!("/api/events/{code}/{what}");
    let mut tokens = Vec::new();
    for (number, name) in ["Ann", "Bo", "Cy", "Di"].into_iter().enumerate() {
        tokens.push(join(&server, &class, name, number).await);
    }
    let (_, started) = teacher(&server, "POST", &path("rounds"), &token).await;
    assert_eq!(boards(&started), [(0, 1), (2, 3)]);
    teacher(&server, "POST", &path("pause"), &token).await;
    let tables = games(&started, 1);
    play(&server, &tokens, &tables[0], 0).await;
    play(&server, &tokens, &tables[1], 2).await;
    join(&server, &class, "Ed", 4).await;
    let paused = state(&server, &code).await;
    assert_eq!(boards(&paused), [(0, 1), (2, 3)]);
    assert_eq!(paused["rounds"][0]["games"][1]["result"], "x");
    // By hand: board 1 ends (Ann and Bo wait, no rematch while board 2
    // goes on), board 2 ends (Cy and Di wait: Ann, longest waiting, meets
    // Cy, of her points, X to Ann; Bo meets Di, X to Bo), then Ed enters
    // and waits.
    let (status, resumed) = teacher(&server, "POST", &path("resume"), &token).await;
    assert_eq!(status, 200, "{resumed}");
    assert_eq!(boards(&resumed), [(0, 1), (2, 3), (0, 2), (1, 3)]);
    assert_eq!(resumed["paused"], false);
}

#[tokio::test]
async fn every_table_of_an_event_starts_from_its_start_position() {
    let server = Server::start(Config::default()).await;
    let (_, class) = http(server.addr, "POST", "/api/classes", None, &[]).await;
    let class = class["class"].as_str().unwrap().to_owned();
    for (start, why) in [("99", "not a record"), ("58 47 67 59 48 68 @8", "over")] {
        let (status, body) = http(
            server.addr,
            "POST",
            &format!("/api/classes/{class}/events"),
            Some(&json!({"kind": "round_robin", "start": start}).to_string()),
            &[],
        )
        .await;
        assert_eq!(
            (status, &body["error"]),
            (400, &json!("bad_start")),
            "{why}"
        );
    }
    let (status, created) = http(
        server.addr,
        "POST",
        &format!("/api/classes/{class}/events"),
        Some(&json!({"kind": "round_robin", "start": " 15  26 "}).to_string()),
        &[],
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let code = created["event"].as_str().unwrap().to_owned();
    let token = created["token"].as_str().unwrap().to_owned();
    let tokens = [
        join(&server, &class, "Ann", 0).await,
        join(&server, &class, "Bo", 1).await,
    ];
    let (_, started) = teacher(
        &server,
        "POST",
        &format!("/api/events/{code}/rounds"),
        &token,
    )
    .await;
    assert_eq!(started["start"], "15 26");
    let (x, o, table) = games(&started, 1).remove(0);
    let (_, record) = server.get(&format!("/api/tables/{table}/games/1")).await;
    assert_eq!(record["record"], "15 26");
    // X plays on from the start; O resigns: X's one action is reviewed,
    // none of O's (the start's actions are no one's).
    let mut xc = server.client().await;
    let (welcome, update) = xc.join(&table, Some(&tokens[x]), json!(false)).await;
    assert_eq!(welcome["seat"], "X");
    assert_eq!(update["view"]["to_act"], "X");
    let mut oc = server.client().await;
    oc.join(&table, Some(&tokens[o]), json!(false)).await;
    xc.act("37").await;
    xc.update_at(3).await;
    oc.send(json!({"type": "resign"})).await;
    xc.update_where(|u| !u["result"].is_null()).await;
    let after = state(&server, &code).await;
    let accuracy = |player: usize| {
        after["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["player"] == player)
            .unwrap()["accuracy"]
            .clone()
    };
    assert!(accuracy(x).is_number());
    assert_eq!(accuracy(o), Value::Null);
    // The review and the event's file start from the position.
    for path in [
        format!("/api/tables/{table}/games/1/review"),
        format!("/api/events/{code}/games"),
    ] {
        let (status, text) = server.get(&path).await;
        assert_eq!(status, 200);
        let file = qttt::gamefile::parse(text.as_str().unwrap()).unwrap();
        assert_eq!(file[0].start.record().to_string(), "15 26", "{path}");
        assert_eq!(file[0].line.plies.len(), 1);
        assert_eq!(file[0].end().record().to_string(), "15 26 37");
    }
}

#[tokio::test]
async fn readers_at_once_rate_a_game_once_and_an_arena_pairs_on_after_a_restart() {
    let server = Server::start(Config::default()).await;
    let (class, code, token) = event(&server, json!({"kind": "arena", "minutes": 60})).await;
    let mut tokens = Vec::new();
    for (number, name) in ["Ann", "Bo", "Cy", "Di"].into_iter().enumerate() {
        tokens.push(join(&server, &class, name, number).await);
    }
    let (_, started) = teacher(
        &server,
        "POST",
        &format!("/api/events/{code}/rounds"),
        &token,
    )
    .await;
    let tables = games(&started, 1);
    // Board 1 ends; eight readers (and the game's end itself) settle it
    // at once: the ratings are those of one game (by hand, as above).
    play(&server, &tokens, &tables[0], 0).await;
    let readers = (0..8).map(|_| state(&server, &code));
    let answers = futures_util::future::join_all(readers).await;
    for answer in &answers {
        let rating = |player: u64| {
            answer["standings"]
                .as_array()
                .unwrap()
                .iter()
                .find(|s| s["player"] == player)
                .unwrap()["rating"]["rating"]
                .as_f64()
                .unwrap()
        };
        assert!((rating(0) - 1662.31).abs() < 0.05, "{}", rating(0));
        assert!((rating(1) - 1337.69).abs() < 0.05, "{}", rating(1));
    }
    // A restart: the arena is replayed from the store and pairs on when
    // board 2 ends (Ann with Cy, Bo with Di, as worked out above).
    let server = server.restart(Config::default()).await;
    assert_eq!(boards(&state(&server, &code).await), [(0, 1), (2, 3)]);
    play(&server, &tokens, &tables[1], 2).await;
    assert_eq!(
        boards(&state(&server, &code).await),
        [(0, 1), (2, 3), (0, 2), (1, 3)]
    );
}

#[tokio::test]
async fn a_pause_stops_the_clocks_of_the_games_and_a_resumption_starts_them() {
    use std::time::Duration;
    let server = Server::start(Config::default()).await;
    let (class, code, token) = event(
        &server,
        json!({"kind": "round_robin", "clock": {"kind": "per_move", "seconds": 60}}),
    )
    .await;
    let tokens = [
        join(&server, &class, "Ann", 0).await,
        join(&server, &class, "Bo", 1).await,
    ];
    let path = |what: &str| format!("/api/events/{code}/{what}");
    let (status, started) = teacher(&server, "POST", &path("rounds"), &token).await;
    assert_eq!(status, 201, "{started}");
    let (x, o, table) = games(&started, 1)[0].clone();
    let mut seated = Vec::new();
    for (player, side) in [(x, "X"), (o, "O")] {
        let mut client = server.client().await;
        let (welcome, update) = client
            .join(&table, Some(&tokens[player]), json!(false))
            .await;
        assert_eq!(welcome["seat"], side, "{welcome}");
        assert_eq!(update["paused"], false, "{update}");
        seated.push(client);
    }
    // Both seats are taken: X's 60 s run; 10 s pass.
    server.time.advance(Duration::from_secs(10));
    assert_eq!(
        server.clocks(&table).await,
        (50_000, 60_000, json!("X"), json!(false))
    );
    let (status, paused) = teacher(&server, "POST", &path("pause"), &token).await;
    assert_eq!((status, &paused["paused"]), (200, &json!(true)), "{paused}");
    let update = seated[1].update_where(|u| u["paused"] == true).await;
    assert_eq!(update["clocks"]["X"], 50_000, "{update}");
    assert_eq!(update["clocks"]["running"], Value::Null, "{update}");
    // An hour on the server's clock: nothing runs down, no flag falls.
    server.time.advance(Duration::from_secs(3_600));
    assert_eq!(
        server.clocks(&table).await,
        (50_000, 60_000, Value::Null, json!(true))
    );
    seated[0].act("12").await;
    let error = seated[0].error().await;
    assert_eq!(error["code"], "paused", "{error}");
    // Resumed: X's clock runs again from 50 s.
    let (status, resumed) = teacher(&server, "POST", &path("resume"), &token).await;
    assert_eq!(
        (status, &resumed["paused"]),
        (200, &json!(false)),
        "{resumed}"
    );
    let update = seated[1].update_where(|u| u["paused"] == false).await;
    assert_eq!(update["clocks"]["running"], "X", "{update}");
    server.time.advance(Duration::from_secs(20));
    assert_eq!(
        server.clocks(&table).await,
        (30_000, 60_000, json!("X"), json!(false))
    );
    // X acts with 30 s left: per move, O's 60 s run.
    seated[0].act("12").await;
    let update = seated[1].update_at(1).await;
    assert_eq!(update["clocks"]["running"], "O", "{update}");
    // A pause and a resumption keep O's time; then O's flag falls 60 s on.
    server.time.advance(Duration::from_secs(15));
    teacher(&server, "POST", &path("pause"), &token).await;
    server.time.advance(Duration::from_secs(600));
    teacher(&server, "POST", &path("resume"), &token).await;
    assert_eq!(server.clocks(&table).await.1, 45_000);
    server.time.advance(Duration::from_secs(45));
    let end = seated[0].update_where(|u| !u["result"].is_null()).await;
    assert_eq!(
        end["result"],
        json!({"winner": "X", "ending": "time"}),
        "{end}"
    );
    assert_eq!(end["paused"], false, "{end}");
}
