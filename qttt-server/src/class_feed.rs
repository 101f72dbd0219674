//! The class page's boards (`GET /api/classes/CODE`, with the code of the
//! class's event that has not ended) and the QR code of its students'
//! address (`GET /api/classes/CODE/qr.svg`).
//!
//! The page asks for the boards every 1.5 s. Every table of the class is
//! drawn at once (concurrently): a table loaded here answers from its task
//! (its presence is current); a table not loaded is read from the store and
//! drawn from that, without starting its task (nobody is at it here, so
//! its seats show as not connected). Asking for the boards thus never loads
//! a table, so it neither spawns tasks nor, on PostgreSQL, sends notices.

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use futures_util::future::join_all;
use serde::Deserialize;
use tokio::sync::{mpsc, oneshot};

use crate::http::{ApiError, base_url, json_text, qr_svg};
use crate::hub::Shared;
use crate::secret;
use crate::store::StoreError;
use crate::table::{Command, Table};

/// Why a table of the class could not be drawn.
enum Missing {
    /// The store failed.
    Store(StoreError),
    /// Listed, yet not in the store, or its record does not replay.
    Broken(String),
}

/// One table's state as an update frame has it (no `type`, no `you`).
async fn board(shared: &Arc<Shared>, code: String) -> Result<String, Missing> {
    if let Some(mailbox) = shared.loaded(&code) {
        let (reply, answer) = oneshot::channel();
        if mailbox.send(Command::Snapshot { reply }).await.is_ok() {
            if let Ok(published) = answer.await {
                return Ok(published.object());
            }
        }
        // It unloaded itself meanwhile: the store has all of it.
    }
    let stored = shared
        .store
        .load_table(code.clone())
        .await
        .map_err(Missing::Store)?
        .ok_or_else(|| Missing::Broken(format!("table {code} is listed but not stored")))?;
    // A table value that is never run: no task, and its mailbox is closed.
    let (closed, _) = mpsc::channel(1);
    let table =
        Table::load(stored, Arc::clone(shared), closed.downgrade()).map_err(Missing::Broken)?;
    Ok(table.snapshot().object())
}

fn unknown_class(code: &str) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "unknown_class",
        format!("no class has the code {code}"),
    )
}

/// The class's tables, oldest first, each as an update frame has it, and
/// the code of its event that has not ended (`null` without one).
pub async fn class_tables(
    State(shared): State<Arc<Shared>>,
    Path(code): Path<String>,
) -> Result<Response, ApiError> {
    let code = secret::normalize_code(&code).ok_or_else(|| unknown_class(&code))?;
    let store_failed = |problem: StoreError| ApiError::store(&problem);
    if !shared
        .store
        .class_exists(code.clone())
        .await
        .map_err(store_failed)?
    {
        return Err(unknown_class(&code));
    }
    let tables = shared
        .store
        .class_tables(code.clone())
        .await
        .map_err(store_failed)?;
    // The class's event that has not ended, if any: the class page and a
    // student's page learn of it here, without asking for it (a 404) every time.
    let event = shared
        .store
        .class_event(code.clone())
        .await
        .map_err(store_failed)?
        .map_or_else(|| "null".to_owned(), |event| format!("\"{event}\""));
    let boards = join_all(tables.into_iter().map(|table| board(&shared, table))).await;
    let mut objects = Vec::with_capacity(boards.len());
    for board in boards {
        match board {
            Ok(object) => objects.push(object),
            Err(Missing::Store(problem)) => return Err(ApiError::store(&problem)),
            Err(Missing::Broken(problem)) => return Err(ApiError::store(&problem)),
        }
    }
    Ok(json_text(
        StatusCode::OK,
        format!(
            "{{\"class\":\"{code}\",\"event\":{event},\"tables\":[{}]}}",
            objects.join(",")
        ),
    ))
}

/// The QR code's query: the language the students' pages open in.
#[derive(Deserialize)]
pub struct QrQuery {
    lang: Option<String>,
}

/// A language tag as a link may carry it (`de`, `pt-BR`), else none.
fn language_tag(lang: Option<&str>) -> Option<&str> {
    lang.filter(|tag| {
        (2..=12).contains(&tag.len()) && tag.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
    })
}

/// The QR code of the students' address: `BASE/online.html?class=CODE`
/// (with `&lang=` when asked), as the class page shows it.
pub async fn class_qr(
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
    Path(code): Path<String>,
    Query(query): Query<QrQuery>,
) -> Result<Response, ApiError> {
    let code = secret::normalize_code(&code).ok_or_else(|| unknown_class(&code))?;
    let mut link = format!("{}/online.html?class={code}", base_url(&shared, &headers));
    if let Some(lang) = language_tag(query.lang.as_deref()) {
        link.push_str("&lang=");
        link.push_str(lang);
    }
    qr_svg(&link)
}

#[cfg(test)]
mod tests {
    use super::language_tag;

    #[test]
    fn only_a_language_tag_goes_into_the_address() {
        assert_eq!(language_tag(Some("de")), Some("de"));
        assert_eq!(language_tag(Some("pt-BR")), Some("pt-BR"));
        assert_eq!(language_tag(Some("d")), None);
        assert_eq!(language_tag(Some("de&x=1")), None);
        assert_eq!(language_tag(Some("de x")), None);
        assert_eq!(language_tag(None), None);
    }
}
