//! The class page's boards (`GET /api/classes/CODE`): drawn from the
//! store for tables nobody is at, without loading them (no task, no
//! notice), from the table itself for a loaded one; and the QR code of the
//! students' address. A benchmark of a class of 30 tables (ignored; run
//! with `--ignored --nocapture`).

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use common::{Client, http, record_len};
use futures_util::future::BoxFuture;
use qttt_server::store::{
    Change, EventWrite, NewEvent, NewTable, StoredEvent, StoredGame, StoredTable, Write,
};
use qttt_server::{Config, ManualTime, Metrics, SqliteStore, Store, StoreError, Tables};
use serde_json::{Value, json};
use tokio::sync::mpsc;

/// The embedded store, counting the tables it loads.
struct Counting {
    inner: SqliteStore,
    loads: Arc<AtomicUsize>,
}

impl Store for Counting {
    fn create_class(&self, code: String, at: i64) -> BoxFuture<'_, Result<bool, StoreError>> {
        self.inner.create_class(code, at)
    }
    fn class_exists(&self, code: String) -> BoxFuture<'_, Result<bool, StoreError>> {
        self.inner.class_exists(code)
    }
    fn class_tables(&self, code: String) -> BoxFuture<'_, Result<Vec<String>, StoreError>> {
        self.inner.class_tables(code)
    }
    fn create_table(&self, table: NewTable) -> BoxFuture<'_, Result<bool, StoreError>> {
        self.inner.create_table(table)
    }
    fn load_table(&self, code: String) -> BoxFuture<'_, Result<Option<StoredTable>, StoreError>> {
        self.loads.fetch_add(1, Ordering::Relaxed);
        self.inner.load_table(code)
    }
    fn load_game(
        &self,
        code: String,
        game_no: u32,
    ) -> BoxFuture<'_, Result<Option<StoredGame>, StoreError>> {
        self.inner.load_game(code, game_no)
    }
    fn unjoined_tables(&self, before: i64) -> BoxFuture<'_, Result<Vec<String>, StoreError>> {
        self.inner.unjoined_tables(before)
    }
    fn expire_table(&self, code: String, before: i64) -> BoxFuture<'_, Result<bool, StoreError>> {
        self.inner.expire_table(code, before)
    }
    fn create_event(&self, event: NewEvent) -> BoxFuture<'_, Result<bool, StoreError>> {
        self.inner.create_event(event)
    }
    fn class_event(&self, class: String) -> BoxFuture<'_, Result<Option<String>, StoreError>> {
        self.inner.class_event(class)
    }
    fn load_event(&self, code: String) -> BoxFuture<'_, Result<Option<StoredEvent>, StoreError>> {
        self.inner.load_event(code)
    }
    fn write_event(&self, writes: Vec<EventWrite>) -> BoxFuture<'_, Result<(), StoreError>> {
        self.inner.write_event(writes)
    }
    fn table_event(&self, table: String) -> BoxFuture<'_, Result<Option<String>, StoreError>> {
        self.inner.table_event(table)
    }
    fn write(&self, write: Write) -> BoxFuture<'_, Result<(), StoreError>> {
        self.inner.write(write)
    }
    fn changes(&self) -> Option<mpsc::Receiver<Change>> {
        self.inner.changes()
    }
    fn close(&self) -> BoxFuture<'_, ()> {
        self.inner.close()
    }
}

/// A server on loopback over a counting store in `dir`.
struct Feed {
    addr: std::net::SocketAddr,
    tables: Arc<Tables>,
    loads: Arc<AtomicUsize>,
    task: tokio::task::JoinHandle<()>,
}

impl Feed {
    async fn start(dir: &std::path::Path) -> Feed {
        let metrics = Arc::new(Metrics::default());
        let inner = SqliteStore::open(&dir.join("tables.db"), Arc::clone(&metrics))
            .await
            .unwrap();
        let loads = Arc::new(AtomicUsize::new(0));
        let store = Counting {
            inner,
            loads: Arc::clone(&loads),
        };
        let tables = Arc::new(Tables::new(
            Config::default(),
            Arc::new(store),
            Arc::new(ManualTime::new()),
            metrics,
        ));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let router = tables.router();
        let task = tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
        Feed {
            addr,
            tables,
            loads,
            task,
        }
    }

    async fn stop(self) {
        self.tables.shutdown(Duration::from_secs(5)).await;
        self.task.abort();
    }

    fn loads(&self) -> usize {
        self.loads.load(Ordering::Relaxed)
    }

    /// The gauge of tables loaded (each a running task).
    fn tables_live(&self) -> u64 {
        let metrics = self.tables.metrics().render();
        let line = metrics
            .lines()
            .find(|line| line.starts_with("qttt_tables_live "))
            .unwrap();
        line.rsplit(' ').next().unwrap().parse().unwrap()
    }

    async fn class(&self) -> String {
        let (status, class) = http(self.addr, "POST", "/api/classes", None, &[]).await;
        assert_eq!(status, 201);
        class["class"].as_str().unwrap().to_owned()
    }

    async fn table(&self, class: &str) -> String {
        let body = json!({"class": class}).to_string();
        let (status, table) = http(self.addr, "POST", "/api/tables", Some(&body), &[]).await;
        assert_eq!(status, 201, "{table}");
        table["table"].as_str().unwrap().to_owned()
    }

    /// Two players at `table` play `record`; their tokens.
    async fn play(&self, table: &str, record: &str) -> [String; 2] {
        let mut x = Client::connect(self.addr, &[]).await.unwrap();
        let (welcome, _) = x.join(table, None, json!(true)).await;
        let x_token = welcome["token"].as_str().unwrap().to_owned();
        let mut o = Client::connect(self.addr, &[]).await.unwrap();
        let (welcome, _) = o.join(table, None, json!(true)).await;
        let o_token = welcome["token"].as_str().unwrap().to_owned();
        for (ply, action) in record.split_whitespace().enumerate() {
            let mover = if ply % 2 == 0 { &mut x } else { &mut o };
            mover.act(action).await;
            x.update_at(ply + 1).await;
            o.update_at(ply + 1).await;
        }
        x.close().await;
        o.close().await;
        [x_token, o_token]
    }

    async fn boards(&self, class: &str) -> Vec<Value> {
        let (status, listing) = http(
            self.addr,
            "GET",
            &format!("/api/classes/{class}"),
            None,
            &[],
        )
        .await;
        assert_eq!(status, 200, "{listing}");
        assert_eq!(listing["class"], class);
        listing["tables"].as_array().unwrap().clone()
    }
}

fn by_code<'a>(boards: &'a [Value], code: &str) -> &'a Value {
    boards.iter().find(|board| board["table"] == code).unwrap()
}

#[tokio::test]
async fn tables_nobody_is_at_are_drawn_from_the_store_without_loading_them() {
    let dir = tempfile::tempdir().unwrap();
    let feed = Feed::start(dir.path()).await;
    let class = feed.class().await;
    let played = feed.table(&class).await;
    let empty = feed.table(&class).await;
    let tokens = feed.play(&played, "12 12 @1").await;
    feed.stop().await;

    // A fresh server: nothing loaded.
    let feed = Feed::start(dir.path()).await;
    assert_eq!((feed.loads(), feed.tables_live()), (0, 0));
    let boards = feed.boards(&class).await;
    assert_eq!(boards.len(), 2);
    // Each table read once from the store, and none loaded (no task).
    assert_eq!((feed.loads(), feed.tables_live()), (2, 0));
    let board = by_code(&boards, &played);
    assert_eq!(board["view"]["record"], "12 12 @1");
    // O2 closed the cycle 1-2; X chose @1: O2 lands in 1, so X1 in 2.
    assert_eq!(board["view"]["classical"], json!({"1": "O2", "2": "X1"}));
    assert_eq!(board["view"]["to_act"], "X");
    assert_eq!(board["seats"]["X"]["taken"], true);
    assert_eq!(board["seats"]["X"]["connected"], false);
    assert_eq!(board["class"], class);
    let board = by_code(&boards, &empty);
    assert_eq!(board["view"]["record"], "");
    assert_eq!(board["seats"]["X"]["taken"], false);

    // X comes back: the table loads (one read), and the page shows X there.
    let mut x = Client::connect(feed.addr, &[]).await.unwrap();
    x.join(&played, Some(&tokens[0]), json!(false)).await;
    assert_eq!(feed.loads(), 3);
    let boards = feed.boards(&class).await;
    // The loaded table answered itself; only the other one was read.
    assert_eq!(feed.loads(), 4);
    assert_eq!(feed.tables_live(), 1);
    let board = by_code(&boards, &played);
    assert_eq!(board["seats"]["X"]["connected"], true);
    assert_eq!(board["seats"]["O"]["connected"], false);
    assert_eq!(record_len(board), 3);
    x.close().await;
    feed.stop().await;
}

#[tokio::test]
async fn an_unknown_class_is_404_and_the_qr_code_is_an_svg() {
    let dir = tempfile::tempdir().unwrap();
    let feed = Feed::start(dir.path()).await;
    let (status, body) = http(feed.addr, "GET", "/api/classes/ZZZZZZ", None, &[]).await;
    assert_eq!(
        (status, body["error"].clone()),
        (404, json!("unknown_class"))
    );
    let (status, _) = http(feed.addr, "GET", "/api/classes/not-a-code", None, &[]).await;
    assert_eq!(status, 404);
    let class = feed.class().await;
    assert_eq!(feed.boards(&class).await, Vec::<Value>::new());
    let (status, svg) = http(
        feed.addr,
        "GET",
        &format!("/api/classes/{class}/qr.svg?lang=de"),
        None,
        &[],
    )
    .await;
    assert_eq!(status, 200);
    let svg = svg.as_str().unwrap();
    assert!(svg.contains("<svg") && svg.contains("</svg>"), "{svg}");
    // A different address is a different code: the language is in it.
    let (_, plain) = http(
        feed.addr,
        "GET",
        &format!("/api/classes/{class}/qr.svg"),
        None,
        &[],
    )
    .await;
    assert_ne!(plain.as_str().unwrap(), svg);
    let (_, bad) = http(
        feed.addr,
        "GET",
        &format!("/api/classes/{class}/qr.svg?lang=de%26x"),
        None,
        &[],
    )
    .await;
    assert_eq!(bad.as_str().unwrap(), plain.as_str().unwrap());
    feed.stop().await;
}

/// The class page's request for a class of 30 tables, each with a few
/// actions, nobody at them: time per request, store loads per request,
/// tables loaded afterwards. A benchmark, not a test (the machine's speed
/// varies): `cargo test --release -p qttt-server --test class_feed --
/// --ignored --nocapture`.
#[tokio::test]
#[ignore = "a benchmark"]
async fn benchmark_a_class_of_30_tables() {
    let dir = tempfile::tempdir().unwrap();
    let feed = Feed::start(dir.path()).await;
    let class = feed.class().await;
    for _ in 0..30 {
        let table = feed.table(&class).await;
        feed.play(&table, "15 26 37 48").await;
    }
    feed.stop().await;
    let feed = Feed::start(dir.path()).await;
    const ROUNDS: u32 = 40;
    let started = Instant::now();
    for _ in 0..ROUNDS {
        assert_eq!(feed.boards(&class).await.len(), 30);
    }
    let each = started.elapsed() / ROUNDS;
    println!(
        "class of 30 tables: {:.2} ms a request, {:.1} store loads a request, {} tables loaded after",
        each.as_secs_f64() * 1e3,
        feed.loads() as f64 / f64::from(ROUNDS),
        feed.tables_live()
    );
    feed.stop().await;
}

#[tokio::test]
async fn the_feed_names_the_class_event_that_has_not_ended() {
    let dir = tempfile::tempdir().unwrap();
    let feed = Feed::start(dir.path()).await;
    let class = feed.class().await;
    let listing = |feed: &Feed| {
        let (addr, class) = (feed.addr, class.clone());
        async move { http(addr, "GET", &format!("/api/classes/{class}"), None, &[]).await }
    };
    let (status, before) = listing(&feed).await;
    assert_eq!((status, &before["event"]), (200, &Value::Null), "{before}");
    let body = json!({"kind": "round_robin"}).to_string();
    let (status, opened) = http(
        feed.addr,
        "POST",
        &format!("/api/classes/{class}/events"),
        Some(&body),
        &[],
    )
    .await;
    assert_eq!(status, 201, "{opened}");
    let (_, during) = listing(&feed).await;
    assert_eq!(during["event"], opened["event"], "{during}");
    let bearer = format!("Bearer {}", opened["token"].as_str().unwrap());
    let (status, ended) = http(
        feed.addr,
        "POST",
        &format!("/api/events/{}/end", opened["event"].as_str().unwrap()),
        None,
        &[("authorization", bearer.as_str())],
    )
    .await;
    assert_eq!(status, 200, "{ended}");
    let (_, after) = listing(&feed).await;
    assert_eq!(after["event"], Value::Null, "{after}");
    feed.stop().await;
}
