//! A client's `id` on its messages (docs/protocol.md, "A message's id"):
//! echoed in the one frame that answers each, an `ack` once an action is
//! stored, and never required.

mod common;

use common::{Client, Server};
use qttt_server::Config;
use serde_json::{Value, json};

/// The next frame that is not an update (updates come by themselves,
/// before or after the answer).
async fn answer(client: &mut Client) -> Value {
    loop {
        let frame = client.next().await;
        if frame["type"] != "update" {
            return frame;
        }
    }
}

#[tokio::test]
async fn every_answer_carries_its_messages_id() {
    let server = Server::start(Config::default()).await;
    let code = server.table(json!({})).await;
    let mut x = server.client().await;
    x.send(json!({"type": "hello", "v": 1, "id": 1})).await;
    assert_eq!(answer(&mut x).await, json!({"type": "ack", "id": 1}));
    x.send(json!({"type": "join", "table": code, "take": "X", "id": "j"}))
        .await;
    let welcome = x.next_of("welcome").await;
    assert_eq!(
        (welcome["seat"].clone(), welcome["id"].clone()),
        (json!("X"), json!("j"))
    );
    x.send(json!({"type": "ping", "id": 2})).await;
    assert_eq!(answer(&mut x).await, json!({"type": "pong", "id": 2}));

    // An action's ack comes once it is stored: the record has it then.
    x.send(json!({"type": "act", "action": "15", "ply": 0, "id": "a1"}))
        .await;
    assert_eq!(answer(&mut x).await, json!({"type": "ack", "id": "a1"}));
    let (status, game) = server.get(&format!("/api/tables/{code}/games/1")).await;
    assert_eq!((status, game["record"].clone()), (200, json!("15")));

    // A refusal carries it too, and nothing changed.
    x.send(json!({"type": "act", "action": "26", "id": 9_007_199_254_740_991_u64}))
        .await;
    let refused = answer(&mut x).await;
    assert_eq!(
        (
            refused["type"].clone(),
            refused["code"].clone(),
            refused["id"].clone()
        ),
        (
            json!("error"),
            json!("not_your_turn"),
            json!(9_007_199_254_740_991_u64)
        )
    );
    // A bad id is refused as a bad message, without an id to echo.
    x.send(json!({"type": "resign", "id": 1.5})).await;
    let bad = answer(&mut x).await;
    assert_eq!(
        (
            bad["code"].clone(),
            bad["in_reply_to"].clone(),
            bad.get("id")
        ),
        (json!("bad_message"), json!("resign"), None)
    );
    // Without an id nothing new is sent: a ping gets its plain pong.
    x.send(json!({"type": "ping"})).await;
    assert_eq!(answer(&mut x).await, json!({"type": "pong"}));
    let (_, game) = server.get(&format!("/api/tables/{code}/games/1")).await;
    assert_eq!(
        (game["record"].clone(), game["result"].clone()),
        (json!("15"), Value::Null)
    );
}
