//! A bot for the tables protocol (docs/protocol.md), written from that page
//! alone: it joins a table, takes a free seat (or, with a seat token, the
//! seat it holds: an event's table, docs/events.md) and plays a random
//! legal action whenever its side is to act, until the game ends.
//!
//! ```text
//! cargo run -p qttt-server --example bot -- ws://127.0.0.1:8023/ws K7QF2M [TOKEN]
//! ```
//!
//! It needs no rules of its own: every update lists the legal actions.

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

/// Why the bot stopped early.
pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// Plays the table `table` at the WebSocket `url` to the end of the game;
/// the last update. With a `token` it plays the seat that token holds,
/// without one it takes a free seat. `seed` picks the bot's actions.
pub async fn play(
    url: &str,
    table: &str,
    token: Option<&str>,
    mut seed: u64,
) -> Result<Value, Error> {
    let (mut socket, _) = tokio_tungstenite::connect_async(url).await?;
    let join = match token {
        Some(token) => json!({"type": "join", "table": table, "token": token}),
        None => json!({"type": "join", "table": table, "take": true}),
    };
    socket.send(Message::text(join.to_string())).await?;
    // Updates also come when someone joins or leaves: act once per ply.
    let mut acted_at = None;
    while let Some(frame) = socket.next().await {
        let Message::Text(text) = frame? else {
            continue;
        };
        let message: Value = serde_json::from_str(&text)?;
        match message["type"].as_str() {
            Some("welcome") if message["seat"].is_null() => return Err("no free seat".into()),
            Some("update") => {
                if !message["result"].is_null() {
                    return Ok(message);
                }
                let view = &message["view"];
                let ply = view["record"]
                    .as_str()
                    .map_or(0, |record| record.split_whitespace().count());
                if view["to_act"] != message["you"] || acted_at == Some(ply) {
                    continue;
                }
                acted_at = Some(ply);
                let legal = view["legal"]
                    .as_array()
                    .ok_or("an update without legal actions")?;
                // A step of SplitMix64 picks the action.
                seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let mut z = seed;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                let pick = usize::try_from((z ^ (z >> 31)) % legal.len() as u64)?;
                let act = json!({"type": "act", "action": legal[pick], "ply": ply});
                socket.send(Message::text(act.to_string())).await?;
            }
            Some("error") => return Err(format!("refused: {message}").into()),
            Some("shutdown") => return Err("the server is restarting".into()),
            _ => {}
        }
    }
    Err("the connection closed".into())
}

#[tokio::main]
async fn main() -> Result<(), Error> {
    let mut args = std::env::args().skip(1);
    let (Some(url), Some(table)) = (args.next(), args.next()) else {
        eprintln!(
            "usage: bot WS_URL TABLE_CODE [SEAT_TOKEN]   (e.g. bot ws://127.0.0.1:8023/ws K7QF2M)"
        );
        std::process::exit(2);
    };
    let token = args.next();
    let end = play(&url, &table, token.as_deref(), std::process::id().into()).await?;
    println!(
        "game over: {} ({}), record {}",
        end["result"]["winner"].as_str().unwrap_or("draw"),
        end["result"]["ending"],
        end["view"]["record"]
    );
    Ok(())
}
