//! The messages of the table protocol (docs/protocol.md): what a client
//! sends, decoded and checked here, and the error codes of refusals.
//!
//! Decoding never panics and names what is wrong; it is fuzzed
//! (`fuzz/fuzz_targets/server_message.rs`).

use qttt::{Action, Player, Reason};
use serde::Serialize;
use serde_json::{Map, Value};

/// The protocol version this server speaks (`"v"` of the hello messages).
pub const PROTOCOL_VERSION: u64 = 1;

/// A message from a client, decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClientMessage {
    /// `{"type":"hello","v":1}`: the version the client speaks.
    Hello {
        /// The client's protocol version.
        v: u64,
    },
    /// `{"type":"join","table":"K7QF2M"}`: sit at (or watch) a table.
    Join {
        /// The table's code, as sent.
        table: String,
        /// The seat token of an earlier join, to act for that seat again.
        token: Option<String>,
        /// Whether to take a free seat.
        take: Take,
        /// The name the seat's holder gives, checked and trimmed by
        /// [`seat_name`]; unused when the join holds no seat.
        name: Option<String>,
    },
    /// `{"type":"act","action":"15"}`: play an action for one's seat.
    Act {
        /// The action.
        action: Action,
        /// The ply the client believes the game is at, if it says so.
        ply: Option<u64>,
    },
    /// `{"type":"resign"}`: give up the current game.
    Resign,
    /// `{"type":"rematch"}`: offer or accept a new game, sides swapped.
    Rematch,
    /// `{"type":"ping"}`: answered with a pong.
    Ping,
}

impl ClientMessage {
    /// The message's `type`.
    #[must_use]
    pub const fn kind(&self) -> &'static str {
        match self {
            ClientMessage::Hello { .. } => MessageType::Hello,
            ClientMessage::Join { .. } => MessageType::Join,
            ClientMessage::Act { .. } => MessageType::Act,
            ClientMessage::Resign => MessageType::Resign,
            ClientMessage::Rematch => MessageType::Rematch,
            ClientMessage::Ping => MessageType::Ping,
        }
        .name()
    }
}

/// Which seat a join asks for (`"take"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Take {
    /// Only watch (`false` or absent).
    No,
    /// Any free seat, X's first (`true`).
    Any,
    /// The seat that plays this side in the current game (`"X"`, `"O"`).
    Side(Player),
}

/// The protocol's own error codes (rule refusals carry the core's
/// [`Reason`] instead).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorCode {
    /// The frame is not JSON.
    MalformedJson,
    /// JSON, but not a message: not an object, no `type`, a field missing
    /// or of the wrong type, or a binary frame.
    BadMessage,
    /// A `type` this server does not know.
    UnknownType,
    /// A hello with a version this server does not speak.
    UnsupportedVersion,
    /// A frame over the size limit (the connection is closed).
    FrameTooLarge,
    /// More messages than the per-connection rate limit allows.
    RateLimited,
    /// No table has this code.
    UnknownTable,
    /// A table message before a join.
    NotJoined,
    /// A second join on one connection.
    AlreadyJoined,
    /// A token that holds no seat at this table.
    BadToken,
    /// A player's name that is empty after trimming, too long, or holds a
    /// control or text-direction character ([`seat_name`]).
    BadName,
    /// An action, resignation or rematch from a connection without a seat.
    NotSeated,
    /// An action while the other side is to act.
    NotYourTurn,
    /// An action for a ply the game is no longer at.
    StalePly,
    /// A rematch while the game is still going.
    GameNotOver,
    /// An action while the table is paused (its event's teacher paused
    /// it).
    Paused,
    /// The store failed; nothing was changed.
    StoreFailed,
    /// The server is shutting down; reconnect shortly.
    ShuttingDown,
    /// A join as a spectator at a table that has as many as the server
    /// allows.
    TooManySpectators,
    /// A connection from a client address that has as many open as the
    /// server allows (the connection is closed).
    TooManyConnections,
}

impl ErrorCode {
    /// The stable code, as sent in `"code"`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            ErrorCode::MalformedJson => "malformed_json",
            ErrorCode::BadMessage => "bad_message",
            ErrorCode::UnknownType => "unknown_type",
            ErrorCode::UnsupportedVersion => "unsupported_version",
            ErrorCode::FrameTooLarge => "frame_too_large",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::UnknownTable => "unknown_table",
            ErrorCode::NotJoined => "not_joined",
            ErrorCode::AlreadyJoined => "already_joined",
            ErrorCode::BadToken => "bad_token",
            ErrorCode::BadName => "bad_name",
            ErrorCode::NotSeated => "not_seated",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::StalePly => "stale_ply",
            ErrorCode::GameNotOver => "game_not_over",
            ErrorCode::Paused => "paused",
            ErrorCode::StoreFailed => "store_failed",
            ErrorCode::ShuttingDown => "shutting_down",
            ErrorCode::TooManySpectators => "too_many_spectators",
            ErrorCode::TooManyConnections => "too_many_connections",
        }
    }
}

/// What refused a message: the protocol, or a rule of the core.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    /// A protocol error.
    Protocol(ErrorCode),
    /// A rule of the core refused the action.
    Rule(Reason),
}

impl Cause {
    /// The stable code sent in `"code"`: the protocol's, or the reason's.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Cause::Protocol(code) => code.code(),
            Cause::Rule(reason) => reason.code(),
        }
    }
}

/// Why a message was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// What refused it.
    pub cause: Cause,
    /// What was wrong, in English.
    pub message: String,
}

impl Refusal {
    /// A protocol refusal.
    #[must_use]
    pub fn protocol(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal {
            cause: Cause::Protocol(code),
            message: message.into(),
        }
    }

    /// A refusal by a rule of the core.
    #[must_use]
    pub fn rule(reason: Reason, message: impl Into<String>) -> Refusal {
        Refusal {
            cause: Cause::Rule(reason),
            message: message.into(),
        }
    }

    /// The error frame: `{"type":"error","code":...,"message":...}`, with
    /// `"reason"` (the core's number) for a rule refusal, `"in_reply_to"`
    /// (the refused message's type) when known and `"id"` when the refused
    /// message had one.
    #[must_use]
    pub fn to_frame(&self, in_reply_to: Option<&str>, id: Option<&ClientId>) -> String {
        ServerFrame::Error {
            code: self.cause.code(),
            reason: match self.cause {
                Cause::Rule(reason) => Some(reason.number()),
                Cause::Protocol(_) => None,
            },
            message: &self.message,
            in_reply_to,
            id,
        }
        .text()
    }
}

/// A decoding failure: the refusal and, when they could be read, the type
/// and the id of the message refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError {
    /// What was wrong.
    pub refusal: Refusal,
    /// The `type` of the message, when it had a known one.
    pub in_reply_to: Option<&'static str>,
    /// The message's `id`, when it had a valid one.
    pub id: Option<ClientId>,
}

impl DecodeError {
    /// The error frame that answers the message.
    #[must_use]
    pub fn to_frame(&self) -> String {
        self.refusal.to_frame(self.in_reply_to, self.id.as_ref())
    }
}

/// The most characters of a client's `id` given as a string.
pub const ID_MAX_CHARS: usize = 64;

/// The largest `id` given as a number: 2^53 - 1, the largest whole number
/// every JSON reader (JavaScript's among them) holds exactly.
pub const ID_MAX_NUMBER: u64 = (1 << 53) - 1;

/// A client's own name for one of its messages (`"id"`, optional on every
/// message), echoed in the answer to it: a string of 1 to
/// [`ID_MAX_CHARS`] characters without control characters, or a whole
/// number from 0 to [`ID_MAX_NUMBER`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum ClientId {
    /// An id given as a string.
    Text(String),
    /// An id given as a number.
    Number(u64),
}

impl ClientId {
    /// The id a message's `"id"` gives; `None` for none (or `null`).
    fn read(value: Option<&Value>) -> Result<Option<ClientId>, String> {
        let wrong = || {
            format!(
                "\"id\" must be a string of 1 to {ID_MAX_CHARS} characters without control \
                 characters, or a whole number from 0 to {ID_MAX_NUMBER}"
            )
        };
        match value {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(text))
                if (1..=ID_MAX_CHARS).contains(&text.chars().count())
                    && !text.chars().any(char::is_control) =>
            {
                Ok(Some(ClientId::Text(text.clone())))
            }
            Some(Value::Number(number)) => match number.as_u64() {
                Some(number) if number <= ID_MAX_NUMBER => Ok(Some(ClientId::Number(number))),
                _ => Err(wrong()),
            },
            Some(_) => Err(wrong()),
        }
    }
}

/// A message as received: what it asks, and the client's id for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Received {
    /// The message.
    pub message: ClientMessage,
    /// Its `id`, if it had one.
    pub id: Option<ClientId>,
}

/// The types of message a client may send.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MessageType {
    Hello,
    Join,
    Act,
    Resign,
    Rematch,
    Ping,
}

impl MessageType {
    /// Every type, in the documentation's order.
    const ALL: [MessageType; 6] = [
        MessageType::Hello,
        MessageType::Join,
        MessageType::Act,
        MessageType::Resign,
        MessageType::Rematch,
        MessageType::Ping,
    ];

    /// The `type` as sent.
    const fn name(self) -> &'static str {
        match self {
            MessageType::Hello => "hello",
            MessageType::Join => "join",
            MessageType::Act => "act",
            MessageType::Resign => "resign",
            MessageType::Rematch => "rematch",
            MessageType::Ping => "ping",
        }
    }

    /// The type named `name`, if a client may send it.
    fn from_name(name: &str) -> Option<MessageType> {
        MessageType::ALL
            .into_iter()
            .find(|kind| kind.name() == name)
    }
}

/// Decodes one text frame. Unknown fields are ignored (later versions may
/// add some); everything else that is not a valid message is an error
/// naming the problem.
///
/// ```
/// use qttt_server::protocol::{decode, Cause, ClientMessage, ErrorCode};
/// assert_eq!(decode(r#"{"type":"ping"}"#), Ok(ClientMessage::Ping));
/// let error = decode(r#"{"type":"act","action":"55"}"#).unwrap_err();
/// assert_eq!(error.refusal.cause, Cause::Rule(qttt::Reason::SameSquareTwice));
/// let error = decode("{").unwrap_err();
/// assert_eq!(error.refusal.cause, Cause::Protocol(ErrorCode::MalformedJson));
/// ```
pub fn decode(text: &str) -> Result<ClientMessage, DecodeError> {
    receive(text).map(|received| received.message)
}

/// Decodes one text frame with its `id` ([`ClientId`]), which it reads
/// first, so that any later error carries it too.
///
/// ```
/// use qttt_server::protocol::{receive, ClientId, ClientMessage};
/// let received = receive(r#"{"type":"ping","id":7}"#).unwrap();
/// assert_eq!((received.message, received.id), (ClientMessage::Ping, Some(ClientId::Number(7))));
/// let error = receive(r#"{"type":"act","id":"a-1"}"#).unwrap_err();
/// assert_eq!(error.id, Some(ClientId::Text("a-1".into())));
/// ```
///
/// # Errors
/// As [`decode`]; an `id` of another form is `bad_message`.
pub fn receive(text: &str) -> Result<Received, DecodeError> {
    let value: Value = serde_json::from_str(text).map_err(|error| DecodeError {
        refusal: Refusal::protocol(ErrorCode::MalformedJson, format!("not JSON: {error}")),
        in_reply_to: None,
        id: None,
    })?;
    let Value::Object(fields) = value else {
        return Err(bad(None, "a message is a JSON object"));
    };
    let id = ClientId::read(fields.get("id")).map_err(|message| {
        let kind = fields
            .get("type")
            .and_then(Value::as_str)
            .and_then(MessageType::from_name);
        bad(kind.map(MessageType::name), message)
    })?;
    decode_fields(fields)
        .map_err(|error| DecodeError {
            id: id.clone(),
            ..error
        })
        .map(|message| Received { message, id })
}

/// The message of a JSON object (its `id` read already).
fn decode_fields(fields: Map<String, Value>) -> Result<ClientMessage, DecodeError> {
    let kind = match fields.get("type") {
        Some(Value::String(kind)) => kind.as_str(),
        Some(_) => return Err(bad(None, "\"type\" must be a string")),
        None => return Err(bad(None, "the message has no \"type\"")),
    };
    let Some(kind) = MessageType::from_name(kind) else {
        let shown: String = kind.chars().take(40).collect();
        let names: Vec<&str> = MessageType::ALL.iter().map(|kind| kind.name()).collect();
        return Err(DecodeError {
            refusal: Refusal::protocol(
                ErrorCode::UnknownType,
                format!(
                    "unknown message type {shown:?}; expected one of {}",
                    names.join(", ")
                ),
            ),
            in_reply_to: None,
            id: None,
        });
    };
    let fields = Fields { kind, fields };
    match kind {
        MessageType::Hello => Ok(ClientMessage::Hello {
            v: fields.number("v")?.ok_or_else(|| fields.missing("v"))?,
        }),
        MessageType::Join => Ok(ClientMessage::Join {
            table: fields
                .string("table")?
                .ok_or_else(|| fields.missing("table"))?,
            token: fields.string("token")?,
            take: fields.take()?,
            name: fields
                .string("name")?
                .map(|name| {
                    seat_name(&name).map_err(|message| DecodeError {
                        refusal: Refusal::protocol(ErrorCode::BadName, message),
                        in_reply_to: Some(kind.name()),
                        id: None,
                    })
                })
                .transpose()?,
        }),
        MessageType::Act => {
            let token = fields
                .string("action")?
                .ok_or_else(|| fields.missing("action"))?;
            let action = token.parse::<Action>().map_err(|error| DecodeError {
                refusal: Refusal::rule(error.reason(), error.to_string()),
                in_reply_to: Some(kind.name()),
                id: None,
            })?;
            Ok(ClientMessage::Act {
                action,
                ply: fields.number("ply")?,
            })
        }
        MessageType::Resign => Ok(ClientMessage::Resign),
        MessageType::Rematch => Ok(ClientMessage::Rematch),
        MessageType::Ping => Ok(ClientMessage::Ping),
    }
}

/// The most characters (Unicode scalar values) a player's name may have,
/// after trimming.
pub const NAME_MAX_CHARS: usize = 24;

/// Whether `c` is a bidirectional formatting character: the marks U+200E
/// and U+200F, the embeddings and overrides U+202A to U+202E, the isolates
/// U+2066 to U+2069. In a name they would reorder the text shown around
/// it.
fn is_direction_format(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// A player's name as a `join` gives it, checked: the white space around
/// it trimmed, then 1 to [`NAME_MAX_CHARS`] characters (Unicode scalar
/// values), none of them a control character (Unicode's `Cc`: line
/// breaks, tabs, NUL, ...) or a bidirectional formatting character. The
/// error says what is wrong, in English.
///
/// ```
/// use qttt_server::protocol::seat_name;
/// assert_eq!(seat_name("  Ana "), Ok("Ana".to_owned()));
/// assert!(seat_name("   ").is_err());
/// assert!(seat_name("a\nb").is_err());
/// ```
///
/// # Errors
/// When the trimmed name is empty, too long, or holds such a character.
pub fn seat_name(text: &str) -> Result<String, String> {
    let name = text.trim();
    let count = name.chars().count();
    if count == 0 {
        return Err("a name has at least one character besides white space".to_owned());
    }
    if count > NAME_MAX_CHARS {
        return Err(format!(
            "a name has at most {NAME_MAX_CHARS} characters, not {count}"
        ));
    }
    if let Some(c) = name
        .chars()
        .find(|&c| c.is_control() || is_direction_format(c))
    {
        return Err(format!(
            "a name holds no control or text-direction characters, not U+{:04X}",
            u32::from(c)
        ));
    }
    Ok(name.to_owned())
}

fn bad(in_reply_to: Option<&'static str>, message: impl Into<String>) -> DecodeError {
    DecodeError {
        refusal: Refusal::protocol(ErrorCode::BadMessage, message),
        in_reply_to,
        id: None,
    }
}

/// The fields of a message of a known type.
struct Fields {
    kind: MessageType,
    fields: Map<String, Value>,
}

impl Fields {
    fn missing(&self, name: &str) -> DecodeError {
        let kind = self.kind.name();
        bad(Some(kind), format!("a {kind} message needs \"{name}\""))
    }

    fn wrong(&self, name: &str, expected: &str) -> DecodeError {
        let kind = self.kind.name();
        bad(
            Some(kind),
            format!("\"{name}\" of a {kind} message must be {expected}"),
        )
    }

    fn string(&self, name: &str) -> Result<Option<String>, DecodeError> {
        match self.fields.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(text)) => Ok(Some(text.clone())),
            Some(_) => Err(self.wrong(name, "a string")),
        }
    }

    fn number(&self, name: &str) -> Result<Option<u64>, DecodeError> {
        match self.fields.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(value) => value
                .as_u64()
                .map(Some)
                .ok_or_else(|| self.wrong(name, "a whole number of 0 or more")),
        }
    }

    fn take(&self) -> Result<Take, DecodeError> {
        match self.fields.get("take") {
            None | Some(Value::Null | Value::Bool(false)) => Ok(Take::No),
            Some(Value::Bool(true)) => Ok(Take::Any),
            Some(Value::String(side)) if side == "X" => Ok(Take::Side(Player::X)),
            Some(Value::String(side)) if side == "O" => Ok(Take::Side(Player::O)),
            Some(_) => Err(self.wrong("take", "true, false, \"X\" or \"O\"")),
        }
    }
}

/// Serialises an ending by its stable name (`line`, `draw`, `resign`,
/// `time`, `forfeit`).
#[allow(clippy::trivially_copy_pass_by_ref)]
pub(crate) fn ending_name<S: serde::Serializer>(
    ending: &qttt::Ending,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(ending.name())
}

/// The hello the server sends first on every connection.
#[must_use]
pub fn server_hello() -> String {
    ServerFrame::Hello {
        v: PROTOCOL_VERSION,
        server: "qttt-server",
        version: env!("CARGO_PKG_VERSION"),
    }
    .text()
}

/// What the `shutdown` frame says.
pub const SHUTDOWN_MESSAGE: &str =
    "the server is restarting; reconnect in a moment with the same token";

/// Every frame the server sends (docs/protocol.md): `type` first, then
/// the fields in the order the documentation shows them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerFrame<'a> {
    /// The server's hello, first on every connection.
    Hello {
        /// The protocol version ([`PROTOCOL_VERSION`]).
        v: u64,
        /// The server's name.
        server: &'static str,
        /// The server's version.
        version: &'static str,
    },
    /// The answer to a join.
    Welcome {
        /// The protocol version ([`PROTOCOL_VERSION`]).
        v: u64,
        /// The table's code.
        table: &'a str,
        /// The side the connection plays in the current game; `null` for
        /// a spectator.
        seat: Option<Player>,
        /// A seat's new token, sent once, when the join took the seat.
        token: Option<&'a str>,
        /// The join's `id`, if it had one.
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Option<&'a ClientId>,
    },
    /// The table's state.
    Update {
        /// The side the connection plays in the game shown, if any.
        you: Option<Player>,
        /// The state's fields, as one table renders them once for everyone
        /// at it: JSON object members and the closing brace,
        /// `"table":...}`. [`text`](ServerFrame::text) appends them after
        /// `you`.
        #[serde(skip)]
        state: &'a str,
    },
    /// The answer to a ping.
    Pong {
        /// The ping's `id`, if it had one.
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Option<&'a ClientId>,
    },
    /// A `hello`, `act`, `resign` or `rematch` with an `id` was done (an
    /// action is stored): the answer that carries its id.
    Ack {
        /// The message's `id`.
        id: &'a ClientId,
    },
    /// A refusal.
    Error {
        /// The stable code: the protocol's, or the core's reason's.
        code: &'static str,
        /// The core's reason number, for a refusal by a rule.
        #[serde(skip_serializing_if = "Option::is_none")]
        reason: Option<u8>,
        /// What was wrong, in English.
        message: &'a str,
        /// The refused message's type, when it could be read.
        #[serde(skip_serializing_if = "Option::is_none")]
        in_reply_to: Option<&'a str>,
        /// The refused message's `id`, when it had a valid one.
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Option<&'a ClientId>,
    },
    /// The server shuts down: reconnect.
    Shutdown {
        /// What to do ([`SHUTDOWN_MESSAGE`]).
        message: &'a str,
    },
}

impl ServerFrame<'_> {
    /// The frame's JSON text, as sent.
    ///
    /// ```
    /// use qttt_server::protocol::ServerFrame;
    /// assert_eq!(ServerFrame::Pong { id: None }.text(), r#"{"type":"pong"}"#);
    /// ```
    #[must_use]
    pub fn text(&self) -> String {
        let mut text = serde_json::to_string(self).expect("a frame serialises");
        if let ServerFrame::Update { state, .. } = self {
            // `{"type":"update","you":...}` and the state's members.
            text.pop();
            text.push(',');
            text.push_str(state);
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code_of(text: &str) -> &'static str {
        decode(text).unwrap_err().refusal.cause.code()
    }

    #[test]
    fn decodes_every_type() {
        assert_eq!(
            decode(r#"{"type":"hello","v":1}"#),
            Ok(ClientMessage::Hello { v: 1 })
        );
        assert_eq!(
            decode(r#"{"type":"join","table":"ABC","take":"O","later":1}"#),
            Ok(ClientMessage::Join {
                table: "ABC".into(),
                token: None,
                take: Take::Side(Player::O),
                name: None,
            })
        );
        assert_eq!(
            decode(r#"{"type":"join","table":"ABC","take":true,"name":" Åsa Ø "}"#),
            Ok(ClientMessage::Join {
                table: "ABC".into(),
                token: None,
                take: Take::Any,
                name: Some("Åsa Ø".into()),
            })
        );
        assert_eq!(
            decode(r#"{"type":"act","action":"51","ply":3}"#),
            Ok(ClientMessage::Act {
                action: "15".parse().unwrap(),
                ply: Some(3)
            })
        );
        assert_eq!(decode(r#"{"type":"resign"}"#), Ok(ClientMessage::Resign));
        assert_eq!(decode(r#"{"type":"rematch"}"#), Ok(ClientMessage::Rematch));
        assert_eq!(decode(r#"{"type":"ping"}"#), Ok(ClientMessage::Ping));
        for kind in MessageType::ALL {
            assert_eq!(MessageType::from_name(kind.name()), Some(kind));
        }
    }

    #[test]
    fn names_what_is_wrong() {
        assert_eq!(code_of("not json"), "malformed_json");
        assert_eq!(code_of("[1]"), "bad_message");
        assert_eq!(code_of(r#"{"v":1}"#), "bad_message");
        assert_eq!(code_of(r#"{"type":7}"#), "bad_message");
        assert_eq!(code_of(r#"{"type":"dance"}"#), "unknown_type");
        assert_eq!(
            decode(r#"{"type":"dance"}"#).unwrap_err().refusal.message,
            "unknown message type \"dance\"; expected one of hello, join, act, resign, rematch, ping"
        );
        assert_eq!(
            decode(r#"{"type":"Ping"}"#)
                .unwrap_err()
                .refusal
                .cause
                .code(),
            "unknown_type"
        );
        assert_eq!(code_of(r#"{"type":"join"}"#), "bad_message");
        assert_eq!(code_of(r#"{"type":"join","table":1}"#), "bad_message");
        assert_eq!(
            code_of(r#"{"type":"join","table":"A","take":"Y"}"#),
            "bad_message"
        );
        assert_eq!(
            code_of(r#"{"type":"join","table":"A","name":7}"#),
            "bad_message"
        );
        assert_eq!(code_of(r#"{"type":"act"}"#), "bad_message");
        assert_eq!(code_of(r#"{"type":"act","action":5}"#), "bad_message");
        assert_eq!(code_of(r#"{"type":"act","action":"x"}"#), "malformed_token");
        assert_eq!(
            code_of(r#"{"type":"act","action":"@0"}"#),
            "malformed_token"
        );
        assert_eq!(
            code_of(r#"{"type":"act","action":"15","ply":-1}"#),
            "bad_message"
        );
    }

    #[test]
    fn names_are_trimmed_short_and_plain() {
        // 24 characters of two bytes each (48 bytes) pass, 25 do not; so do
        // 24 of four bytes (an emoji is one scalar value).
        let longest = "é".repeat(24);
        assert_eq!(seat_name(&format!(" {longest}\t")), Ok(longest.clone()));
        assert!(seat_name(&format!("{longest}é")).is_err());
        assert_eq!(seat_name(&"🦀".repeat(24)), Ok("🦀".repeat(24)));
        assert!(seat_name(&"🦀".repeat(25)).is_err());
        // Markup is only text (the pages show names as text).
        assert_eq!(seat_name("<b>x</b>"), Ok("<b>x</b>".to_owned()));
        assert_eq!(seat_name("Jan de Vries"), Ok("Jan de Vries".to_owned()));
        assert_eq!(seat_name("Дарья"), Ok("Дарья".to_owned()));
        // Arabic and Hebrew letters are fine; only the formatting characters are not.
        assert_eq!(seat_name("سارة"), Ok("سارة".to_owned()));
        for bad in [
            "",
            " \t ",
            "\u{3000}",
            "a\u{0}b",
            "a\u{7}b",
            "a\nb",
            "a\tb",
            "a\u{7F}b",
            "a\u{85}b",
            "a\u{200E}b",
            "a\u{200F}b",
            "\u{202A}x",
            "\u{202E}evil",
            "a\u{2066}b",
            "a\u{2069}b",
        ] {
            assert!(seat_name(bad).is_err(), "{bad:?}");
        }
        // The neighbours of the refused ranges pass.
        for good in ["a\u{200D}b", "a\u{2010}b", "a\u{2065}b", "a\u{206A}b"] {
            assert!(seat_name(good).is_ok(), "{good:?}");
        }
        let error = decode(r#"{"type":"join","table":"A","name":"  "}"#).unwrap_err();
        assert_eq!(error.refusal.cause.code(), "bad_name");
        assert_eq!(error.in_reply_to, Some("join"));
    }

    #[test]
    fn error_frames_carry_the_reason_number_for_rule_refusals() {
        let frame = Refusal::rule(Reason::GameOver, "the game is over").to_frame(Some("act"), None);
        assert_eq!(
            frame,
            r#"{"type":"error","code":"game_over","reason":22,"message":"the game is over","in_reply_to":"act"}"#
        );
    }

    #[test]
    fn every_frame_has_its_documented_form() {
        // The examples of docs/protocol.md, without their spaces.
        assert_eq!(
            server_hello(),
            format!(
                r#"{{"type":"hello","v":1,"server":"qttt-server","version":"{}"}}"#,
                env!("CARGO_PKG_VERSION")
            )
        );
        let welcome = ServerFrame::Welcome {
            v: 1,
            table: "K7QF2M",
            seat: Some(Player::X),
            token: Some("5f0c"),
            id: None,
        };
        assert_eq!(
            welcome.text(),
            r#"{"type":"welcome","v":1,"table":"K7QF2M","seat":"X","token":"5f0c"}"#
        );
        let spectator = ServerFrame::Welcome {
            v: 1,
            table: "K7QF2M",
            seat: None,
            token: None,
            id: None,
        };
        assert_eq!(
            spectator.text(),
            r#"{"type":"welcome","v":1,"table":"K7QF2M","seat":null,"token":null}"#
        );
        let update = ServerFrame::Update {
            you: Some(Player::O),
            state: r#""table":"K7QF2M","class":null}"#,
        };
        assert_eq!(
            update.text(),
            r#"{"type":"update","you":"O","table":"K7QF2M","class":null}"#
        );
        assert_eq!(ServerFrame::Pong { id: None }.text(), r#"{"type":"pong"}"#);
        let refusal = Refusal::protocol(ErrorCode::RateLimited, "slow down");
        assert_eq!(
            refusal.to_frame(None, None),
            r#"{"type":"error","code":"rate_limited","message":"slow down"}"#
        );
        let shutdown = ServerFrame::Shutdown {
            message: SHUTDOWN_MESSAGE,
        };
        assert_eq!(
            shutdown.text(),
            r#"{"type":"shutdown","message":"the server is restarting; reconnect in a moment with the same token"}"#
        );
    }

    #[test]
    fn an_id_is_read_first_and_answered_in_every_frame_that_answers() {
        // The forms an id may take, and the edges of each.
        let id = |text: &str| receive(text).map(|received| received.id);
        assert_eq!(id(r#"{"type":"ping"}"#), Ok(None));
        assert_eq!(id(r#"{"type":"ping","id":null}"#), Ok(None));
        assert_eq!(
            id(r#"{"type":"ping","id":0}"#),
            Ok(Some(ClientId::Number(0)))
        );
        assert_eq!(
            id(r#"{"type":"ping","id":9007199254740991}"#),
            Ok(Some(ClientId::Number(9_007_199_254_740_991)))
        );
        let sixty_four = "é".repeat(64);
        assert_eq!(
            id(&format!(r#"{{"type":"ping","id":"{sixty_four}"}}"#)),
            Ok(Some(ClientId::Text(sixty_four.clone())))
        );
        for bad in [
            r#"{"type":"ping","id":9007199254740992}"#,
            r#"{"type":"ping","id":-1}"#,
            r#"{"type":"ping","id":1.0}"#,
            r#"{"type":"ping","id":""}"#,
            r#"{"type":"ping","id":"a\nb"}"#,
            r#"{"type":"ping","id":true}"#,
            r#"{"type":"ping","id":[1]}"#,
        ] {
            let error = receive(bad).unwrap_err();
            assert_eq!(error.refusal.cause.code(), "bad_message", "{bad}");
            assert_eq!((error.in_reply_to, error.id), (Some("ping"), None), "{bad}");
        }
        let too_long = format!(r#"{{"type":"ping","id":"{sixty_four}x"}}"#);
        assert!(receive(&too_long).is_err());
        // A message refused after its id was read carries the id, even of
        // an unknown type.
        let error = receive(r#"{"type":"dance","id":"d1"}"#).unwrap_err();
        assert_eq!(error.refusal.cause.code(), "unknown_type");
        assert_eq!(
            error.to_frame(),
            r#"{"type":"error","code":"unknown_type","message":"unknown message type \"dance\"; expected one of hello, join, act, resign, rematch, ping","id":"d1"}"#
        );
        // A rule's refusal: the core's words, and the id last.
        let error = receive(r#"{"type":"act","action":"55","id":3}"#).unwrap_err();
        let message = serde_json::to_string(&error.refusal.message).unwrap();
        assert_eq!(
            error.to_frame(),
            format!(
                r#"{{"type":"error","code":"same_square_twice","reason":21,"message":{message},"in_reply_to":"act","id":3}}"#
            )
        );
        // The frames that answer with an id.
        let three = ClientId::Number(3);
        let text = ClientId::Text("a-1".into());
        assert_eq!(
            ServerFrame::Ack { id: &three }.text(),
            r#"{"type":"ack","id":3}"#
        );
        assert_eq!(
            ServerFrame::Pong { id: Some(&text) }.text(),
            r#"{"type":"pong","id":"a-1"}"#
        );
        let welcome = ServerFrame::Welcome {
            v: 1,
            table: "K7QF2M",
            seat: None,
            token: None,
            id: Some(&text),
        };
        assert_eq!(
            welcome.text(),
            r#"{"type":"welcome","v":1,"table":"K7QF2M","seat":null,"token":null,"id":"a-1"}"#
        );
    }
}
