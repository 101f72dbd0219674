//! The sockets themselves: the accepted TCP sockets' options, and how a
//! connection closes, seen by a real WebSocket client over TCP.

mod common;

use axum::serve::Listener;
use tokio::net::{TcpListener, TcpStream};

/// Every socket the server accepts has `TCP_NODELAY`: without it an
/// opponent's update waits up to 40 ms for the client's delayed
/// acknowledgement of the frame before (Nagle's algorithm).
#[tokio::test]
async fn accepted_sockets_have_tcp_nodelay() {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let mut listener = qttt_server::without_delay(listener);
    let client = TcpStream::connect(addr).await.unwrap();
    let (accepted, peer) = Listener::accept(&mut listener).await;
    assert_eq!(peer, client.local_addr().unwrap());
    assert!(accepted.nodelay().unwrap());

    // The control: a socket accepted by a plain listener has Nagle on, so
    // the check above sees the server's doing, not the system's default.
    let plain = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let _client = TcpStream::connect(plain.local_addr().unwrap())
        .await
        .unwrap();
    let (accepted, _) = plain.accept().await.unwrap();
    assert!(!accepted.nodelay().unwrap());
}

/// A message over the limit is refused with `frame_too_large`, then the
/// close frame with code 1009 arrives (not a reset: 1006), on fresh
/// connections one after another.
#[tokio::test]
async fn an_oversized_message_gets_its_error_then_close_code_1009() {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let server = common::Server::start(qttt_server::Config::default()).await;
    let limit = qttt_server::Config::default().max_message_bytes;
    for round in 0..5 {
        let (mut socket, _) = tokio_tungstenite::connect_async(format!("ws://{}/ws", server.addr))
            .await
            .unwrap();
        let hello = socket.next().await.unwrap().unwrap();
        assert!(hello.to_text().unwrap().contains("\"hello\""));
        // A thousand times the limit, of JSON-looking text: more than the
        // sockets' buffers hold, so the server closes while it still comes.
        let big = format!(
            "{{\"type\":\"ping\",\"pad\":\"{}\"}}",
            "x".repeat(1000 * limit)
        );
        let (mut sink, mut socket) = socket.split();
        tokio::spawn(async move {
            let _ = sink.send(Message::text(big)).await;
        });
        let mut error = None;
        let close = loop {
            let frame = tokio::time::timeout(common::PATIENCE, socket.next())
                .await
                .expect("an answer within the patience");
            match frame {
                Some(Ok(Message::Text(text))) => {
                    error = Some(serde_json::from_str::<serde_json::Value>(&text).unwrap());
                }
                Some(Ok(Message::Close(frame))) => break frame,
                Some(Ok(_)) => {}
                other => panic!("round {round}: no close frame, got {other:?}"),
            }
        };
        let error = error.expect("the error frame before the close");
        assert_eq!(error["code"], "frame_too_large", "{error}");
        let close = close.expect("a close frame with a code");
        assert_eq!(u16::from(close.code), 1009, "round {round}");
    }
}
