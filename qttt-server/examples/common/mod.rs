//! What the server's examples share: one HTTP request on a fresh
//! connection, creating a table, and a WebSocket's frames.

use std::time::Duration;

use futures_util::StreamExt;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

/// An example's error.
pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// A client's WebSocket.
pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Sends `METHOD PATH` with `body` (JSON, if any) to the server at `addr`
/// (`host:port`) on a connection of its own; the status and the body.
pub async fn http(
    addr: &str,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> Result<(u16, String), Error> {
    http_as(addr, method, path, body, None).await
}

/// [`http`] with `Authorization: Bearer TOKEN` when a `bearer` token is
/// given (an event's teacher).
pub async fn http_as(
    addr: &str,
    method: &str,
    path: &str,
    body: Option<&str>,
    bearer: Option<&str>,
) -> Result<(u16, String), Error> {
    let mut stream = tokio::net::TcpStream::connect(addr).await?;
    let body = body.unwrap_or("");
    let authorization = bearer.map_or_else(String::new, |token| {
        format!("Authorization: Bearer {token}\r\n")
    });
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{authorization}\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await?;
    let mut response = String::new();
    stream.read_to_string(&mut response).await?;
    let (head, body) = response.split_once("\r\n\r\n").ok_or("no body")?;
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|status| status.parse().ok())
        .ok_or("no status")?;
    Ok((status, body.to_owned()))
}

/// Creates a table at the server at `addr` with `settings` (JSON); its
/// code.
pub async fn create_table(addr: &str, settings: &str) -> Result<String, Error> {
    let (status, body) = http(addr, "POST", "/api/tables", Some(settings)).await?;
    let created: Value = serde_json::from_str(&body)?;
    match created["table"].as_str() {
        Some(code) if status == 201 => Ok(code.to_owned()),
        _ => Err(format!("creating a table: {status} {body}").into()),
    }
}

/// Opens a WebSocket to the server at `addr` (`TCP_NODELAY` on).
pub async fn connect(addr: &str) -> Result<Socket, Error> {
    let (socket, _) =
        tokio_tungstenite::connect_async_with_config(format!("ws://{addr}/ws"), None, true).await?;
    Ok(socket)
}

/// Reads frames until one passes `test`; an error frame, a close or ten
/// seconds of silence fail.
pub async fn until(socket: &mut Socket, test: impl Fn(&Value) -> bool) -> Result<(), Error> {
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await?
            .ok_or("closed")??;
        if let Message::Text(text) = frame {
            let value: Value = serde_json::from_str(&text)?;
            if value["type"] == "error" {
                return Err(format!("refused: {value}").into());
            }
            if test(&value) {
                return Ok(());
            }
        }
    }
}
