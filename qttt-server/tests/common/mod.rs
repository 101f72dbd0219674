//! A real server on loopback for the integration tests, and small HTTP and
//! WebSocket clients to talk to it.

#![allow(dead_code)] // each test file uses part of it

use std::ffi::OsStr;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use qttt_server::{Config, ManualTime, Metrics, PgStore, SqliteStore, Store, Tables};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long a test waits for a frame before it fails (a hang guard, never
/// a measurement: generous, since a loaded machine may stall a process for
/// seconds).
pub const PATIENCE: Duration = Duration::from_secs(60);

/// The PostgreSQL server the tests use instead of the embedded store, when
/// set: `QTTT_TEST_DB=postgres://USER@HOST:PORT/DATABASE` (each test server
/// gets a fresh database of its own there; `tests/server/run.sh` starts a
/// throwaway cluster and runs the tests both ways).
pub fn postgres() -> Option<String> {
    std::env::var("QTTT_TEST_DB")
        .ok()
        .filter(|url| !url.is_empty())
}

/// A new, empty database on the PostgreSQL server at `admin`; its address.
pub async fn fresh_database(admin: &str) -> String {
    use sqlx::Connection;
    let mut connection = sqlx::PgConnection::connect(admin).await.unwrap();
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).unwrap();
    let name = format!("qttt_test_{:016x}", u64::from_le_bytes(bytes));
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut connection)
        .await
        .unwrap();
    let (server, _) = admin.rsplit_once('/').unwrap();
    format!("{server}/{name}")
}

/// A server on 127.0.0.1 with a manual clock and its own database: a file,
/// or a fresh PostgreSQL database when [`postgres`] says so.
pub struct Server {
    pub addr: SocketAddr,
    pub time: ManualTime,
    pub tables: Arc<Tables>,
    /// The database file (embedded store).
    pub db: PathBuf,
    /// The database's address (PostgreSQL), which other instances share.
    pub url: Option<String>,
    _dir: Arc<tempfile::TempDir>,
    task: tokio::task::JoinHandle<()>,
}

impl Server {
    pub async fn start(config: Config) -> Server {
        let dir = Arc::new(tempfile::tempdir().unwrap());
        let url = match postgres() {
            Some(admin) => Some(fresh_database(&admin).await),
            None => None,
        };
        Server::start_in(config, dir, url, ManualTime::new()).await
    }

    /// Another instance on this one's PostgreSQL database and clock.
    pub async fn another(&self, config: Config) -> Server {
        assert!(self.url.is_some(), "instances share a PostgreSQL store");
        Server::start_in(
            config,
            Arc::clone(&self._dir),
            self.url.clone(),
            self.time.clone(),
        )
        .await
    }

    pub async fn start_in(
        config: Config,
        dir: Arc<tempfile::TempDir>,
        url: Option<String>,
        time: ManualTime,
    ) -> Server {
        let db = dir.path().join("tables.db");
        let metrics = Arc::new(Metrics::default());
        let store: Arc<dyn Store> = match &url {
            Some(url) => Arc::new(PgStore::open(url, Arc::clone(&metrics)).await.unwrap()),
            None => Arc::new(SqliteStore::open(&db, Arc::clone(&metrics)).await.unwrap()),
        };
        let tables = Arc::new(Tables::new(config, store, Arc::new(time.clone()), metrics));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let serving = Arc::clone(&tables);
        let task = tokio::spawn(async move {
            serving
                .serve(listener, std::future::pending())
                .await
                .unwrap();
        });
        Server {
            addr,
            time,
            tables,
            db,
            url,
            _dir: dir,
            task,
        }
    }

    /// Stops this server (gracefully) and starts another on the same
    /// database and clock.
    pub async fn restart(self, config: Config) -> Server {
        self.tables.shutdown(Duration::from_secs(5)).await;
        self.task.abort();
        Server::start_in(
            config,
            Arc::clone(&self._dir),
            self.url.clone(),
            self.time.clone(),
        )
        .await
    }

    /// Creates a table with these settings; its code.
    pub async fn table(&self, settings: Value) -> String {
        let (status, body) = http(
            self.addr,
            "POST",
            "/api/tables",
            Some(&settings.to_string()),
            &[],
        )
        .await;
        assert_eq!(status, 201, "{body}");
        body["table"].as_str().unwrap().to_owned()
    }

    pub async fn client(&self) -> Client {
        Client::connect(self.addr, &[]).await.unwrap()
    }

    pub async fn get(&self, path: &str) -> (u16, Value) {
        http(self.addr, "GET", path, None, &[]).await
    }

    /// A table's clocks as the HTTP API shows them here: X's ms, O's ms,
    /// whose runs, and whether it is paused.
    pub async fn clocks(&self, table: &str) -> (u64, u64, Value, Value) {
        let (status, body) = self.get(&format!("/api/tables/{table}")).await;
        assert_eq!(status, 200, "{body}");
        let clocks = &body["clocks"];
        (
            clocks["X"].as_u64().unwrap(),
            clocks["O"].as_u64().unwrap(),
            clocks["running"].clone(),
            body["paused"].clone(),
        )
    }
}

/// One HTTP/1.1 request (`Connection: close`); the status and the body as
/// JSON (or as a string when it is not JSON).
pub async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
    headers: &[(&str, &str)],
) -> (u16, Value) {
    let stream = TcpStream::connect(addr).await.unwrap();
    let (status, _, body) = http_on(stream, addr, method, path, body, headers).await;
    (status, body)
}

/// A TCP connection to `addr` from the loopback address `local` (Linux
/// routes all of 127.0.0.0/8 to loopback): another client address.
pub async fn connect_from(local: std::net::IpAddr, addr: SocketAddr) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::new(local, 0)).unwrap();
    socket.connect(addr).await.unwrap()
}

/// [`http`] on a connection made already; also the response's head (its
/// status line and headers) as text.
pub async fn http_on(
    mut stream: TcpStream,
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
    headers: &[(&str, &str)],
) -> (u16, String, Value) {
    let body = body.unwrap_or("");
    let mut request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    request.push_str(body);
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    tokio::time::timeout(PATIENCE, stream.read_to_end(&mut response))
        .await
        .unwrap()
        .unwrap();
    let response = String::from_utf8(response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(body)
    } else {
        body.to_owned()
    };
    let value = serde_json::from_str(&body).unwrap_or(Value::String(body));
    (status, head.to_owned(), value)
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let size = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if size == 0 {
            break;
        }
        out.push_str(&rest[..size]);
        body = &rest[size + 2..];
    }
    out
}

/// A WebSocket client of the protocol.
pub struct Client {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Every frame received, in order.
    pub seen: Vec<Value>,
}

impl Client {
    /// Connects with these extra request headers and reads the hello.
    pub async fn connect(
        addr: SocketAddr,
        headers: &[(&str, &str)],
    ) -> Result<Client, tokio_tungstenite::tungstenite::Error> {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut request = format!("ws://{addr}/ws").into_client_request().unwrap();
        for (name, value) in headers {
            let name = axum::http::HeaderName::from_bytes(name.as_bytes()).unwrap();
            request.headers_mut().insert(name, value.parse().unwrap());
        }
        let (socket, _) = tokio_tungstenite::connect_async(request).await?;
        Client::hello(socket).await
    }

    /// Connects from the loopback address `local` and reads the hello.
    pub async fn connect_from(local: std::net::IpAddr, addr: SocketAddr) -> Client {
        let stream = connect_from(local, addr).await;
        let (socket, _) = tokio_tungstenite::client_async(
            format!("ws://{addr}/ws"),
            MaybeTlsStream::Plain(stream),
        )
        .await
        .unwrap();
        Client::hello(socket).await.unwrap()
    }

    async fn hello(
        socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
    ) -> Result<Client, tokio_tungstenite::tungstenite::Error> {
        let mut client = Client {
            socket,
            seen: Vec::new(),
        };
        let hello = client.next().await;
        assert_eq!(hello["type"], "hello");
        assert_eq!(hello["v"], 1);
        Ok(client)
    }

    pub async fn send(&mut self, message: Value) {
        self.send_text(message.to_string()).await;
    }

    pub async fn send_text(&mut self, text: String) {
        self.socket.send(Message::text(text)).await.unwrap();
    }

    pub async fn send_message(&mut self, message: Message) {
        self.socket.send(message).await.unwrap();
    }

    /// The next text frame as JSON; `Value::Null` once the connection
    /// closed.
    pub async fn next(&mut self) -> Value {
        // One patience for the whole wait: the server's pings every 30 s
        // (skipped below) must not start it again, or a wait for a frame
        // that never comes would never end.
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            let frame = tokio::time::timeout_at(deadline, self.socket.next())
                .await
                .expect("a frame within the patience");
            let value = match frame {
                Some(Ok(Message::Text(text))) => serde_json::from_str(&text).unwrap(),
                Some(Ok(Message::Close(_)) | Err(_)) | None => Value::Null,
                Some(Ok(_)) => continue,
            };
            self.seen.push(value.clone());
            return value;
        }
    }

    /// The close frame's code, once the server closes (any text frames
    /// before it are kept in `seen`); `None` for a close without a code,
    /// or a connection that ended without a close frame.
    pub async fn close_code(&mut self) -> Option<u16> {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            let frame = tokio::time::timeout_at(deadline, self.socket.next())
                .await
                .expect("a frame within the patience");
            match frame {
                Some(Ok(Message::Text(text))) => {
                    self.seen.push(serde_json::from_str(&text).unwrap())
                }
                Some(Ok(Message::Close(close))) => return close.map(|close| u16::from(close.code)),
                Some(Ok(_)) => {}
                Some(Err(_)) | None => return None,
            }
        }
    }

    /// The next frame of this type, skipping others.
    pub async fn next_of(&mut self, kind: &str) -> Value {
        loop {
            let frame = self.next().await;
            assert!(!frame.is_null(), "closed while waiting for {kind}");
            if frame["type"] == kind {
                return frame;
            }
        }
    }

    /// The next error frame; it must come before any other frame but
    /// updates.
    pub async fn error(&mut self) -> Value {
        loop {
            let frame = self.next().await;
            match frame["type"].as_str() {
                Some("error") => return frame,
                Some("update") => continue,
                _ => panic!("expected an error, got {frame}"),
            }
        }
    }

    /// Joins a table; the welcome and the first update.
    pub async fn join(&mut self, table: &str, token: Option<&str>, take: Value) -> (Value, Value) {
        self.send(json!({"type": "join", "table": table, "token": token, "take": take}))
            .await;
        let welcome = self.next().await;
        assert_eq!(welcome["type"], "welcome", "{welcome}");
        let update = self.next_of("update").await;
        (welcome, update)
    }

    /// Waits for the update whose record has `plies` actions.
    pub async fn update_at(&mut self, plies: usize) -> Value {
        loop {
            let update = self.next_of("update").await;
            if record_len(&update) == plies {
                return update;
            }
        }
    }

    /// Waits for an update satisfying `test`.
    pub async fn update_where(&mut self, test: impl Fn(&Value) -> bool) -> Value {
        loop {
            let update = self.next_of("update").await;
            if test(&update) {
                return update;
            }
        }
    }

    pub async fn act(&mut self, action: &str) {
        self.send(json!({"type": "act", "action": action})).await;
    }

    /// Whether the connection still answers (a ping, read up to its
    /// pong); `false` once it has closed.
    pub async fn alive(&mut self) -> bool {
        if self
            .socket
            .send(Message::text(json!({"type": "ping"}).to_string()))
            .await
            .is_err()
        {
            return false;
        }
        loop {
            let frame = self.next().await;
            if frame.is_null() {
                return false;
            }
            if frame["type"] == "pong" {
                return true;
            }
        }
    }

    pub async fn close(mut self) {
        let _ = self.socket.close(None).await;
    }
}

/// The number of actions in an update's record.
pub fn record_len(update: &Value) -> usize {
    update["view"]["record"]
        .as_str()
        .unwrap()
        .split_whitespace()
        .count()
}

/// A legal action of the update's position, drawn by `rng`, and the seat
/// that plays it (0 for X, 1 for O).
pub fn random_action(rng: &mut qttt::random::SplitMix64, update: &Value) -> (String, usize) {
    let legal = update["view"]["legal"].as_array().unwrap();
    let action = legal[rng.below(legal.len() as u32) as usize]
        .as_str()
        .unwrap()
        .to_owned();
    (action, usize::from(update["view"]["to_act"] != "X"))
}

/// A seated player: its client and token.
pub struct Player {
    pub client: Client,
    pub token: String,
}

/// Two people take the seats of a new table (X first).
pub async fn two_players(server: &Server, settings: Value) -> (String, Player, Player) {
    let code = server.table(settings).await;
    let mut x = server.client().await;
    let (welcome, _) = x.join(&code, None, json!(true)).await;
    assert_eq!(welcome["seat"], "X");
    let x_token = welcome["token"].as_str().unwrap().to_owned();
    let mut o = server.client().await;
    let (welcome, _) = o.join(&code, None, json!(true)).await;
    assert_eq!(welcome["seat"], "O");
    let o_token = welcome["token"].as_str().unwrap().to_owned();
    (
        code,
        Player {
            client: x,
            token: x_token,
        },
        Player {
            client: o,
            token: o_token,
        },
    )
}

/// The real binary (`QTTT_SERVER_BIN`, or the one cargo built) started
/// with `args`, once it has printed its address; that address.
pub fn spawn_binary<I: IntoIterator<Item = S>, S: AsRef<OsStr>>(args: I) -> (Child, SocketAddr) {
    let binary = std::env::var("QTTT_SERVER_BIN")
        .unwrap_or_else(|_| env!("CARGO_BIN_EXE_qttt-server").to_owned());
    let mut child = Command::new(binary)
        .args(args)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the server binary starts");
    let mut line = String::new();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    stdout.read_line(&mut line).unwrap();
    // The server prints more after its address (the network addresses):
    // keep reading, so that it never writes into a closed pipe.
    std::thread::spawn(move || std::io::copy(&mut stdout, &mut std::io::sink()));
    // "qttt-server: http://127.0.0.1:PORT/"
    let addr = line
        .trim()
        .strip_prefix("qttt-server: http://")
        .and_then(|rest| rest.strip_suffix('/'))
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
        .parse()
        .unwrap();
    (child, addr)
}
