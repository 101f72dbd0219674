//! The shared store on PostgreSQL by itself: its group commits, the
//! notices another instance reads from it, and `synchronous_commit`
//! pinned on its own connections. Needs `QTTT_TEST_DB` (see
//! `common::postgres`): ignored by a plain `cargo test`;
//! `tests/server/run.sh` sets it and runs them with `--ignored`.

mod common;

use std::sync::Arc;

use qttt_server::settings::{ClockSetting, SeatKind};
use qttt_server::store::{Change, GameEnd, NewTable, StoreError, StoredAction, StoredPause, Write};
use qttt_server::{Metrics, PgStore, Store};

/// A fresh database on the test's PostgreSQL server; its address.
async fn database() -> String {
    let admin = common::postgres().expect("QTTT_TEST_DB names no PostgreSQL server");
    common::fresh_database(&admin).await
}

fn table(code: &str) -> NewTable {
    NewTable {
        code: code.into(),
        class: None,
        kinds: [SeatKind::Person; 2],
        clock: ClockSetting::None,
        created_at: 0,
    }
}

fn action(code: &str, ply: u32) -> Write {
    Write::Action {
        code: code.into(),
        game_no: 1,
        ply,
        action: StoredAction {
            action: format!("{}{}", ply + 1, ply + 2),
            clocks: [0, 0],
        },
        end: None,
    }
}

// One thread: the writer runs only once every write below is waiting.
#[tokio::test(flavor = "current_thread")]
#[ignore = "needs PostgreSQL: QTTT_TEST_DB (tests/server/run.sh)"]
async fn writes_waiting_together_share_commits_and_reach_the_other_instance_in_order() {
    let url = database().await;
    let metrics = Arc::new(Metrics::default());
    let a = PgStore::open(&url, Arc::clone(&metrics)).await.unwrap();
    let b = PgStore::open(&url, Arc::default()).await.unwrap();
    let mut changes = b.changes().expect("the shared store has changes");
    let codes: Vec<String> = (0..10).map(|n| format!("T{n}")).collect();
    for code in &codes {
        assert!(a.create_table(table(code)).await.unwrap());
    }
    // Two actions of each of ten tables, all at once.
    let writes: Vec<Write> = (0..2)
        .flat_map(|ply| codes.iter().map(move |code| action(code, ply)))
        .collect();
    let results = futures_util::future::join_all(writes.into_iter().map(|w| a.write(w))).await;
    assert!(results.iter().all(Result::is_ok), "{results:?}");
    // At most one commit for each of the store's four writers (a table's
    // writes always take the same one), not one a write.
    let rendered = metrics.render();
    let commits: u32 = rendered
        .lines()
        .find_map(|line| line.strip_prefix("qttt_store_commit_seconds_count "))
        .and_then(|count| count.parse().ok())
        .expect("the commit count");
    assert!((1..=4).contains(&commits), "{rendered}");
    assert!(
        rendered.contains("qttt_store_writes_total 20\n"),
        "{rendered}"
    );
    // The other instance hears of all twenty, each table's in its order.
    let mut heard: Vec<(String, u32)> = Vec::new();
    while heard.len() < 20 {
        match tokio::time::timeout(common::PATIENCE, changes.recv()).await {
            Ok(Some(Change::Acted { code, ply, .. })) => heard.push((code, ply)),
            Ok(Some(Change::Presence { .. })) => {}
            other => panic!("expected an action's notice, got {other:?}"),
        }
    }
    for code in &codes {
        let plies: Vec<u32> = heard
            .iter()
            .filter(|(of, _)| of == code)
            .map(|(_, ply)| *ply)
            .collect();
        assert_eq!(plies, [0, 1], "table {code}");
    }
    let stored = b.load_table("T3".into()).await.unwrap().unwrap();
    let tokens: Vec<&str> = stored
        .game
        .actions
        .iter()
        .map(|a| a.action.as_str())
        .collect();
    assert_eq!(tokens, ["12", "23"]);
    // Its own notices do not come back to it.
    let mut own = a.changes().expect("the shared store has changes");
    assert!(own.try_recv().is_err());
}

// One thread: the six actions below wait for the writer together, so
// they reach it as one batch of actions of different tables (the one
// statement of `postgres::Actions`).
#[tokio::test(flavor = "current_thread")]
#[ignore = "needs PostgreSQL: QTTT_TEST_DB (tests/server/run.sh)"]
async fn a_batch_of_actions_keeps_the_good_ones_and_refuses_each_bad_one() {
    let url = database().await;
    let store = PgStore::open(&url, Arc::default()).await.unwrap();
    for code in ["A", "B", "C", "STALE", "OVER", "PAUSED"] {
        assert!(store.create_table(table(code)).await.unwrap());
    }
    // OVER's game is over (resigned at ply 0); PAUSED is paused.
    let resigned = GameEnd {
        winner: Some('O'),
        ending: qttt::Ending::Resignation,
    };
    let writes = [
        Write::End {
            code: "OVER".into(),
            game_no: 1,
            plies: 0,
            end: resigned,
        },
        Write::Pause {
            code: "PAUSED".into(),
            paused: true,
            at: StoredPause {
                game_no: 1,
                plies: 0,
                clocks: [0, 0],
            },
        },
    ];
    for write in writes {
        store.write(write).await.unwrap();
    }
    let line = GameEnd {
        winner: Some('X'),
        ending: qttt::Ending::Line,
    };
    let mut ending = action("C", 0);
    if let Write::Action { end, .. } = &mut ending {
        *end = Some(line);
    }
    let batch = vec![
        action("A", 0),
        action("B", 0),
        ending,
        action("STALE", 1), // the game is at ply 0
        action("OVER", 0),
        action("PAUSED", 0),
    ];
    let results = futures_util::future::join_all(batch.into_iter().map(|w| store.write(w))).await;
    let refused: Vec<bool> = results
        .iter()
        .map(|result| matches!(result, Err(StoreError::Conflict(_))))
        .collect();
    assert!(results[..3].iter().all(Result::is_ok), "{results:?}");
    assert_eq!(
        refused,
        [false, false, false, true, true, true],
        "{results:?}"
    );
    for (code, plies, end) in [
        ("A", 1, None),
        ("B", 1, None),
        ("C", 1, Some(line)),
        ("STALE", 0, None),
        ("OVER", 0, Some(resigned)),
        ("PAUSED", 0, None),
    ] {
        let stored = store.load_table(code.into()).await.unwrap().unwrap();
        assert_eq!(stored.game.actions.len(), plies, "table {code}");
        assert_eq!(stored.game.end, end, "table {code}");
    }
    // The good ones are stored once: another action at ply 0 is refused.
    let again = store.write(action("A", 0)).await;
    assert!(matches!(again, Err(StoreError::Conflict(_))), "{again:?}");
    store.close().await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: QTTT_TEST_DB (tests/server/run.sh)"]
async fn its_connections_commit_synchronously_whatever_the_database_says() {
    use sqlx::Connection;
    let url = database().await;
    let (_, name) = url.rsplit_once('/').unwrap();
    let mut admin = sqlx::PgConnection::connect(&url).await.unwrap();
    sqlx::query(&format!(
        "ALTER DATABASE {name} SET synchronous_commit = off"
    ))
    .execute(&mut admin)
    .await
    .unwrap();
    // A plain connection now gets the database's default...
    let mut plain = sqlx::PgConnection::connect(&url).await.unwrap();
    let default: String = sqlx::query_scalar("SHOW synchronous_commit")
        .fetch_one(&mut plain)
        .await
        .unwrap();
    assert_eq!(default, "off");
    // ...and the store opens all the same (it refuses to open when its
    // connections would not wait for the flush), and stores durably.
    let store = PgStore::open(&url, Arc::default()).await.unwrap();
    assert!(store.create_table(table("S")).await.unwrap());
    store.write(action("S", 0)).await.unwrap();
    store.close().await;
}
