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
