//! The example bot (examples/bot.rs) plays whole games through the
//! documented protocol: two bots at one table, and a bot against a
//! computer seat.

mod common;

#[allow(dead_code)] // its main is for the command line
#[path = "../examples/bot.rs"]
mod bot;

use common::Server;
use qttt_server::Config;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_bots_play_a_table_to_the_end() {
    let server = Server::start(Config::default()).await;
    let url = format!("ws://{}/ws", server.addr);
    for seed in 0..5 {
        let code = server.table(json!({})).await;
        let (first, second) = tokio::join!(
            bot::play(&url, &code, None, seed),
            bot::play(&url, &code, None, seed + 100)
        );
        let (first, second) = (first.unwrap(), second.unwrap());
        assert_eq!(first["view"], second["view"]);
        assert!(first["view"]["outcome"].is_object());
        let (_, game) = server.get(&format!("/api/tables/{code}/games/1")).await;
        assert_eq!(game["record"], first["view"]["record"]);
    }
}

#[tokio::test]
async fn a_bot_plays_a_computer_seat() {
    let server = Server::start(Config::default()).await;
    let url = format!("ws://{}/ws", server.addr);
    let code = server.table(json!({"x": "mcts"})).await;
    let end = bot::play(&url, &code, None, 7).await.unwrap();
    assert_eq!(end["you"], "O");
    assert!(end["view"]["outcome"].is_object());
}
