//! Players' names (the `name` of a `join`): shown to the opponent, to
//! spectators and on the class page, kept over a restart of the real
//! binary, changed by a join with the seat's token, following the seat
//! over a rematch; bad names refused with `bad_name`, nothing changed.

mod common;

use std::process::Child;

use common::{Client, Server, http, spawn_binary};
use qttt_server::Config;
use serde_json::{Value, json};

/// The names of an update's seats, X's and O's (`null` for none).
fn names(update: &Value) -> (Value, Value) {
    (
        update["seats"]["X"]["name"].clone(),
        update["seats"]["O"]["name"].clone(),
    )
}

async fn new_class(addr: std::net::SocketAddr) -> String {
    let (status, body) = http(addr, "POST", "/api/classes", None, &[]).await;
    assert_eq!(status, 201, "{body}");
    body["class"].as_str().unwrap().to_owned()
}

/// Joins `table` asking for a seat under `name`; the welcome and update.
async fn join_named(client: &mut Client, table: &str, name: &str) -> (Value, Value) {
    client
        .send(json!({"type": "join", "table": table, "take": true, "name": name}))
        .await;
    let welcome = client.next().await;
    assert_eq!(welcome["type"], "welcome", "{welcome}");
    (welcome, client.next_of("update").await)
}

#[tokio::test]
async fn names_reach_the_opponent_spectators_and_the_class_and_follow_the_seat() {
    let server = Server::start(Config::default()).await;
    let class = new_class(server.addr).await;
    let code = server.table(json!({"class": class})).await;

    let mut x = server.client().await;
    let (welcome, update) = join_named(&mut x, &code, "  Ana  ").await;
    assert_eq!(welcome["seat"], "X");
    let x_token = welcome["token"].as_str().unwrap().to_owned();
    // Trimmed; the free seat has no name.
    assert_eq!(names(&update), (json!("Ana"), Value::Null));

    // The opponent's name is user text, sent as it is (the pages show it
    // as text, never as HTML).
    let mut o = server.client().await;
    let (welcome, update) = join_named(&mut o, &code, "<b>x</b>").await;
    assert_eq!(welcome["seat"], "O");
    assert_eq!(names(&update), (json!("Ana"), json!("<b>x</b>")));
    let seen_by_x = x.update_where(|u| !u["seats"]["O"]["name"].is_null()).await;
    assert_eq!(names(&seen_by_x), (json!("Ana"), json!("<b>x</b>")));

    // A spectator's name is not used: both seats are taken.
    let mut watcher = server.client().await;
    let (welcome, update) = join_named(&mut watcher, &code, "Spy").await;
    assert_eq!(welcome["seat"], Value::Null);
    assert_eq!(names(&update), (json!("Ana"), json!("<b>x</b>")));

    // The class page and the table's state carry them.
    let (status, feed) = server.get(&format!("/api/classes/{class}")).await;
    assert_eq!(status, 200);
    assert_eq!(names(&feed["tables"][0]), (json!("Ana"), json!("<b>x</b>")));
    let (_, state) = server.get(&format!("/api/tables/{code}")).await;
    assert_eq!(names(&state), (json!("Ana"), json!("<b>x</b>")));

    // Back with the token and no name: the name stays.
    x.close().await;
    let mut x = server.client().await;
    let (_, update) = x.join(&code, Some(&x_token), json!(false)).await;
    assert_eq!(names(&update), (json!("Ana"), json!("<b>x</b>")));
    // Back with the token and a name: the seat's name changes, for everyone.
    x.close().await;
    let mut x = server.client().await;
    x.send(json!({"type": "join", "table": code, "token": x_token, "name": "Ana B."}))
        .await;
    assert_eq!(x.next().await["seat"], "X");
    assert_eq!(
        names(
            &watcher
                .update_where(|u| u["seats"]["X"]["name"] == "Ana B.")
                .await
        ),
        (json!("Ana B."), json!("<b>x</b>"))
    );

    // A rematch swaps the sides: the names go with the seats.
    x.send(json!({"type": "resign"})).await;
    x.update_where(|u| !u["result"].is_null()).await;
    x.send(json!({"type": "rematch"})).await;
    o.update_where(|u| u["rematch"] == "X").await;
    o.send(json!({"type": "rematch"})).await;
    let second = watcher.update_where(|u| u["game"] == 2).await;
    assert_eq!(names(&second), (json!("<b>x</b>"), json!("Ana B.")));

    // A restart keeps them (read back from the store).
    let server = server.restart(Config::default()).await;
    let (_, state) = server.get(&format!("/api/tables/{code}")).await;
    assert_eq!(names(&state), (json!("<b>x</b>"), json!("Ana B.")));
}

#[tokio::test]
async fn bad_names_are_refused_with_bad_name_and_change_nothing() {
    let server = Server::start(Config::default()).await;
    let code = server.table(json!({})).await;
    let mut client = server.client().await;
    let too_long = "ж".repeat(25); // 25 characters, 50 bytes
    let bad = [
        "",
        "   ",
        "two\nlines",
        "tab\there",
        "\u{202E}reversed",
        too_long.as_str(),
    ];
    for name in bad {
        client
            .send(json!({"type": "join", "table": code, "take": true, "name": name}))
            .await;
        let error = client.error().await;
        assert_eq!(error["code"], "bad_name", "{name:?}: {error}");
        assert_eq!(error["in_reply_to"], "join", "{name:?}");
        // Nothing changed: the seat is still free.
        let (_, state) = server.get(&format!("/api/tables/{code}")).await;
        assert_eq!(state["seats"]["X"]["taken"], false, "{name:?}");
    }
    // A name that is not a string is not a message.
    client
        .send(json!({"type": "join", "table": code, "take": true, "name": 7}))
        .await;
    assert_eq!(client.error().await["code"], "bad_message");

    // 24 characters are enough, and the refused joins did not join.
    let longest = "ж".repeat(24);
    let (welcome, update) = join_named(&mut client, &code, &longest).await;
    assert_eq!(welcome["seat"], "X");
    assert_eq!(names(&update), (json!(longest), Value::Null));

    // A bad new name with the token is refused, and the old one kept.
    let token = welcome["token"].as_str().unwrap().to_owned();
    let mut back = server.client().await;
    back.send(json!({"type": "join", "table": code, "token": token, "name": "a\u{7}b"}))
        .await;
    assert_eq!(back.error().await["code"], "bad_name");
    let (_, state) = server.get(&format!("/api/tables/{code}")).await;
    assert_eq!(names(&state), (json!(longest), Value::Null));
}

/// The real binary on a database file, killed when dropped.
struct Binary(Child, std::net::SocketAddr);

impl Binary {
    fn start(db: &std::path::Path) -> Binary {
        let (child, addr) = spawn_binary([
            "--addr".as_ref(),
            "127.0.0.1:0".as_ref(),
            "--db".as_ref(),
            db.as_os_str(),
        ]);
        Binary(child, addr)
    }
}

impl Drop for Binary {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[tokio::test]
async fn names_survive_the_binary_being_killed_and_the_class_feed_reads_them_from_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tables.db");
    let first = Binary::start(&db);
    let class = new_class(first.1).await;
    let (status, body) = http(
        first.1,
        "POST",
        "/api/tables",
        Some(&json!({"class": class}).to_string()),
        &[],
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let code = body["table"].as_str().unwrap().to_owned();
    let mut x = Client::connect(first.1, &[]).await.unwrap();
    join_named(&mut x, &code, "Mette").await;
    let mut o = Client::connect(first.1, &[]).await.unwrap();
    // The welcome comes after the seat and its name are stored.
    join_named(&mut o, &code, "Jonas").await;
    drop(first); // SIGKILL

    let second = Binary::start(&db);
    // Nobody is at the table: the class feed draws it from the store.
    let (status, feed) = http(second.1, "GET", &format!("/api/classes/{class}"), None, &[]).await;
    assert_eq!(status, 200, "{feed}");
    let table = &feed["tables"][0];
    assert_eq!(table["table"], code.as_str());
    assert_eq!(names(table), (json!("Mette"), json!("Jonas")));
    assert_eq!(table["seats"]["X"]["connected"], false);
}
