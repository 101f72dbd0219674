//! One WebSocket connection: decodes the client's messages, enforces the
//! rate limit, and passes table messages to the table it joined.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::{broadcast, mpsc};

use crate::hub::Shared;
use crate::limits::{Bucket, Slot};
use crate::metrics::Gauge;
use crate::protocol::{
    self, ClientId, ClientMessage, ErrorCode, PROTOCOL_VERSION, Received, Refusal, ServerFrame,
};
use crate::secret;
use crate::settings::Seat as SeatNo;
use crate::table::{Command, JoinRequest, Joined, Play, Published};

/// The close code sent at shutdown: "service restart", reconnect soon.
const CLOSE_RESTART: u16 = 1012;
/// The close code for an oversized message.
const CLOSE_TOO_BIG: u16 = 1009;
/// The close code for a connection refused by a limit that lifts by
/// itself: "try again later".
const CLOSE_TRY_LATER: u16 = 1013;
/// How often the server pings a connection (a WebSocket ping frame, which
/// browsers answer by themselves): keeps proxies from closing a quiet
/// connection, and finds dead ones.
pub const PING_INTERVAL: Duration = Duration::from_secs(30);

/// A joined table, as the connection holds it.
struct Seat {
    code: String,
    mailbox: mpsc::Sender<Command>,
    seat: Option<SeatNo>,
    updates: broadcast::Receiver<Published>,
}

/// Refuses a connection whose client address holds as many open as the
/// server allows: the hello, the error, and the close (code 1013).
pub async fn turn_away(socket: WebSocket, shared: Arc<Shared>) {
    shared.metrics.refusal();
    let limit = shared.config.max_connections_per_address;
    let refusal = Refusal::protocol(
        ErrorCode::TooManyConnections,
        format!("this address has {limit} connections open already; close one or try later"),
    );
    let (mut sink, _) = socket.split();
    for message in [
        text(protocol::server_hello()),
        text(refusal.to_frame(None, None)),
        close(CLOSE_TRY_LATER, "too many connections from this address"),
    ] {
        if sink.send(message).await.is_err() {
            return;
        }
    }
}

/// Serves one connection until it closes or the server shuts down; `slot`
/// counts it for its client address meanwhile.
pub async fn serve(socket: WebSocket, shared: Arc<Shared>, slot: Option<Slot>) {
    let _held = shared.metrics.hold(Gauge::Connections);
    let _slot = slot;
    let (mut sink, mut stream) = socket.split();
    let mut bucket = Bucket::new(
        shared.config.rate_burst,
        f64::from(shared.config.rate_per_second),
        shared.time.now(),
    );
    let mut joined: Option<Seat> = None;
    let stop = shared.stop.clone();
    if sink.send(text(protocol::server_hello())).await.is_err() {
        return;
    }
    let mut ping =
        tokio::time::interval_at(tokio::time::Instant::now() + PING_INTERVAL, PING_INTERVAL);
    ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        let update = async {
            match joined.as_mut() {
                Some(seat) => seat.updates.recv().await,
                None => std::future::pending().await,
            }
        };
        let outgoing = tokio::select! {
            frame = stream.next() => match frame {
                Some(Ok(Message::Text(frame))) => {
                    if bucket.take(shared.time.now()).is_ok() {
                        handle(&shared, &mut joined, frame.as_str()).await
                    } else {
                        shared.metrics.refusal();
                        vec![Refusal::protocol(
                            ErrorCode::RateLimited,
                            format!(
                                "more than {} messages a second; this one was dropped",
                                shared.config.rate_per_second
                            ),
                        )
                        .to_frame(None, None)]
                    }
                }
                Some(Ok(Message::Binary(_))) => {
                    shared.metrics.refusal();
                    vec![Refusal::protocol(ErrorCode::BadMessage, "messages are text frames of JSON")
                        .to_frame(None, None)]
                }
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                Some(Ok(Message::Close(_))) | None => break,
                Some(Err(error)) => {
                    if is_too_big(&error) {
                        shared.metrics.refusal();
                        let limit = shared.config.max_message_bytes;
                        let frame = Refusal::protocol(
                            ErrorCode::FrameTooLarge,
                            format!("messages are at most {limit} bytes"),
                        )
                        .to_frame(None, None);
                        let _ = sink.send(text(frame)).await;
                        let _ = sink.send(close(CLOSE_TOO_BIG, "message too large")).await;
                    }
                    break;
                }
            },
            update = update => match update {
                Ok(published) => {
                    let seat = joined.as_ref().and_then(|seat| seat.seat);
                    vec![published.frame(seat)]
                }
                // A slow client missed updates: the next one is whole.
                Err(broadcast::error::RecvError::Lagged(_)) => continue,
                // A table closes only when the server shuts down.
                Err(broadcast::error::RecvError::Closed) => {
                    say_goodbye(&mut sink).await;
                    break;
                }
            },
            () = stop.cancelled() => {
                say_goodbye(&mut sink).await;
                break;
            }
            _ = ping.tick() => {
                if sink.send(Message::Ping(Default::default())).await.is_err() {
                    break;
                }
                continue;
            }
        };
        for frame in outgoing {
            if sink.send(text(frame)).await.is_err() {
                break;
            }
        }
    }
    if let Some(seat) = joined {
        let _ = seat.mailbox.send(Command::Leave { seat: seat.seat }).await;
    }
}

fn text(frame: String) -> Message {
    Message::Text(Utf8Bytes::from(frame))
}

fn close(code: u16, reason: &'static str) -> Message {
    Message::Close(Some(CloseFrame {
        code,
        reason: Utf8Bytes::from_static(reason),
    }))
}

/// Tells the client the server is going and to reconnect, and closes.
async fn say_goodbye(sink: &mut futures_util::stream::SplitSink<WebSocket, Message>) {
    let frame = ServerFrame::Shutdown {
        message: protocol::SHUTDOWN_MESSAGE,
    };
    let _ = sink.send(text(frame.text())).await;
    let _ = sink.send(close(CLOSE_RESTART, "server restarting")).await;
}

/// Whether a WebSocket error is a message (or frame) over the size limit:
/// axum wraps tungstenite's capacity error.
fn is_too_big(error: &axum::Error) -> bool {
    use std::error::Error as _;
    matches!(
        error
            .source()
            .and_then(|inner| inner.downcast_ref::<tungstenite::Error>()),
        Some(tungstenite::Error::Capacity(_))
    )
}

/// Handles one text frame; the frames to send back.
async fn handle(shared: &Arc<Shared>, joined: &mut Option<Seat>, frame: &str) -> Vec<String> {
    let Received { message, id } = match protocol::receive(frame) {
        Ok(received) => received,
        Err(error) => {
            shared.metrics.refusal();
            return vec![error.to_frame()];
        }
    };
    let kind = message.kind();
    match answer(shared, joined, message, id.as_ref()).await {
        Ok(frames) => frames,
        Err(refusal) => {
            shared.metrics.refusal();
            vec![refusal.to_frame(Some(kind), id.as_ref())]
        }
    }
}

/// The frames that answer `message`; with an `id`, one of them carries it
/// (the welcome, the pong, or an ack once the message is done).
async fn answer(
    shared: &Arc<Shared>,
    joined: &mut Option<Seat>,
    message: ClientMessage,
    id: Option<&ClientId>,
) -> Result<Vec<String>, Refusal> {
    let acked = |done: Vec<String>| {
        let mut frames = done;
        frames.extend(id.map(|id| ServerFrame::Ack { id }.text()));
        frames
    };
    let seated = |joined: &Option<Seat>| -> Result<(mpsc::Sender<Command>, SeatNo), Refusal> {
        let seat = joined
            .as_ref()
            .ok_or_else(|| Refusal::protocol(ErrorCode::NotJoined, "join a table first"))?;
        let number = seat.seat.ok_or_else(|| {
            Refusal::protocol(
                ErrorCode::NotSeated,
                "spectators cannot act; only a seat's holder can",
            )
        })?;
        Ok((seat.mailbox.clone(), number))
    };
    match message {
        ClientMessage::Hello { v } if v == PROTOCOL_VERSION => Ok(acked(Vec::new())),
        ClientMessage::Hello { v } => Err(Refusal::protocol(
            ErrorCode::UnsupportedVersion,
            format!("this server speaks version {PROTOCOL_VERSION}, not {v}"),
        )),
        ClientMessage::Ping => Ok(vec![ServerFrame::Pong { id }.text()]),
        ClientMessage::Join {
            table,
            token,
            take,
            name,
        } => {
            if let Some(seat) = joined.as_ref() {
                return Err(Refusal::protocol(
                    ErrorCode::AlreadyJoined,
                    format!("this connection is at table {} already", seat.code),
                ));
            }
            let shown: String = table.chars().take(20).collect();
            let code = secret::normalize_code(&table).ok_or_else(|| {
                Refusal::protocol(
                    ErrorCode::UnknownTable,
                    format!("no table has the code {shown:?}"),
                )
            })?;
            let Joined {
                seat,
                token,
                current,
                updates,
                mailbox,
            } = shared
                .request(&code, |reply| Command::Join {
                    request: JoinRequest {
                        token: token.clone(),
                        take,
                        name: name.clone(),
                    },
                    reply,
                })
                .await??;
            let welcome = ServerFrame::Welcome {
                v: PROTOCOL_VERSION,
                table: &code,
                seat: seat.map(|seat| seat.player(current.game_no)),
                token: token.as_deref(),
                id,
            };
            let frames = vec![welcome.text(), current.frame(seat)];
            *joined = Some(Seat {
                code,
                mailbox,
                seat,
                updates,
            });
            Ok(frames)
        }
        ClientMessage::Act { action, ply } => {
            let (mailbox, seat) = seated(joined)?;
            ask(&mailbox, seat, Play::Act { action, ply })
                .await
                .map(acked)
        }
        ClientMessage::Resign => {
            let (mailbox, seat) = seated(joined)?;
            ask(&mailbox, seat, Play::Resign).await.map(acked)
        }
        ClientMessage::Rematch => {
            let (mailbox, seat) = seated(joined)?;
            ask(&mailbox, seat, Play::Rematch).await.map(acked)
        }
    }
}

/// Sends a seat's play to the joined table; the update that follows an
/// accepted play reaches the connection through the table's updates.
async fn ask(
    mailbox: &mpsc::Sender<Command>,
    seat: SeatNo,
    play: Play,
) -> Result<Vec<String>, Refusal> {
    let (reply, answer) = tokio::sync::oneshot::channel();
    let gone = || Refusal::protocol(ErrorCode::ShuttingDown, "the table has closed; reconnect");
    let command = Command::Play { seat, play, reply };
    mailbox.send(command).await.map_err(|_| gone())?;
    answer.await.map_err(|_| gone())??;
    Ok(Vec::new())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tungstenite::error::CapacityError;

    #[test]
    fn only_a_capacity_error_is_too_big() {
        let too_long = tungstenite::Error::Capacity(CapacityError::MessageTooLong {
            size: 5000,
            max_size: 4096,
        });
        assert!(is_too_big(&axum::Error::new(too_long)));
        assert!(!is_too_big(&axum::Error::new(
            tungstenite::Error::ConnectionClosed
        )));
        // A text that merely names it is not it.
        assert!(!is_too_big(&axum::Error::new(std::io::Error::other(
            "Capacity: message too long"
        ))));
    }
}
