//! The HTTP side: the small JSON API, `/healthz`, `/metrics`, the
//! WebSocket upgrade (with its `Origin` check) and the pages.

use std::net::IpAddr;
use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State, WebSocketUpgrade};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::json;

use crate::assets;
use crate::class_feed;
use crate::connection;
use crate::hub::Shared;
use crate::limits::ClientAddr;
use crate::protocol::{Cause, ErrorCode, Refusal};
use crate::secret;
use crate::settings::TableSettings;
use crate::store::{NewTable, StoredGame};
use crate::table::Command;

/// The bytes a WebSocket reads at a time (held by every connection).
const READ_BUFFER_BYTES: usize = 256;

/// The routes of the tables server.
pub fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/api/tables", post(create_table))
        .route("/api/tables/{code}", get(table_state))
        .route("/api/tables/{code}/games/{game}", get(game_record))
        .route("/api/tables/{code}/qr.svg", get(table_qr))
        .route("/api/classes", post(create_class))
        .route("/api/classes/{code}", get(class_feed::class_tables))
        .route("/api/classes/{code}/qr.svg", get(class_feed::class_qr))
        .route("/ws", get(websocket))
        .route("/healthz", get(|| async { "ok\n" }))
        .route("/metrics", get(metrics))
        .route("/t/{code}", get(|| async { assets::page("online.html") }))
        .route(
            "/class/{code}",
            get(|| async { assets::page("class.html") }),
        )
        .fallback(get(assets::serve))
        .with_state(shared)
}

/// A JSON error body: `{"error": code, "message": ...}`.
pub(crate) fn error(status: StatusCode, code: &str, message: impl Into<String>) -> Response {
    (
        status,
        axum::Json(json!({"error": code, "message": message.into()})),
    )
        .into_response()
}

fn refused(refusal: &Refusal) -> Response {
    let status = match refusal.cause {
        Cause::Protocol(ErrorCode::UnknownTable) => StatusCode::NOT_FOUND,
        Cause::Protocol(ErrorCode::ShuttingDown) => StatusCode::SERVICE_UNAVAILABLE,
        _ => StatusCode::INTERNAL_SERVER_ERROR,
    };
    error(status, refusal.cause.code(), refusal.message.clone())
}

pub(crate) fn store_failed(error_text: &impl std::fmt::Display) -> Response {
    tracing::error!(error = %error_text, "store failed");
    error(
        StatusCode::INTERNAL_SERVER_ERROR,
        "store_failed",
        "the store failed",
    )
}

pub(crate) fn json_text(status: StatusCode, body: String) -> Response {
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// The address links start with: `--public-url`, or the request's `Host`.
pub(crate) fn base_url(shared: &Shared, headers: &HeaderMap) -> String {
    if let Some(url) = &shared.config.public_url {
        return url.trim_end_matches('/').to_owned();
    }
    let host = headers
        .get(header::HOST)
        .and_then(|host| host.to_str().ok())
        .unwrap_or("localhost");
    format!("http://{host}")
}

/// Takes one creation (a table or a class) from the client's allowance;
/// the `429` answer, with `Retry-After`, when it has none left.
fn creation_refused(shared: &Shared, client: Option<IpAddr>) -> Option<Response> {
    let wait = shared
        .limits
        .create(&shared.config, client?, shared.time.now())
        .err()?;
    // Whole seconds, rounded up: the header has no fractions.
    let seconds = (wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).max(1);
    let mut response = error(
        StatusCode::TOO_MANY_REQUESTS,
        "rate_limited",
        format!(
            "this address created {} tables and classes at once, and may create {} a minute; try again in {seconds} s",
            shared.config.create_burst, shared.config.create_per_minute
        ),
    );
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
    Some(response)
}

/// Codes are random; a clash is retried a few times.
const CODE_ATTEMPTS: usize = 8;

async fn create_table(
    State(shared): State<Arc<Shared>>,
    ClientAddr(client): ClientAddr,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if let Some(refused) = creation_refused(&shared, client) {
        return refused;
    }
    let body = if body.is_empty() {
        &b"{}"[..]
    } else {
        &body[..]
    };
    let settings: TableSettings = match serde_json::from_slice(body) {
        Ok(settings) => settings,
        Err(problem) => {
            return error(
                StatusCode::BAD_REQUEST,
                "bad_request",
                format!("table settings: {problem}"),
            );
        }
    };
    if !settings.clock.is_valid() {
        return error(
            StatusCode::BAD_REQUEST,
            "bad_request",
            "clock seconds must be 1 to 86400 (an increment 0 to 86400)",
        );
    }
    let class = match settings.class.as_deref().map(secret::normalize_code) {
        None => None,
        Some(None) => {
            return error(
                StatusCode::NOT_FOUND,
                "unknown_class",
                "no class has this code",
            );
        }
        Some(Some(code)) => match shared.store.class_exists(code.clone()).await {
            Ok(true) => Some(code),
            Ok(false) => {
                return error(
                    StatusCode::NOT_FOUND,
                    "unknown_class",
                    format!("no class has the code {code}"),
                );
            }
            Err(problem) => return store_failed(&problem),
        },
    };
    for _ in 0..CODE_ATTEMPTS {
        let code = secret::new_code();
        let table = NewTable {
            code: code.clone(),
            class: class.clone(),
            kinds: [settings.x, settings.o],
            clock: settings.clock,
            created_at: shared.time.unix_seconds(),
        };
        match shared.store.create_table(table).await {
            Ok(true) => {
                tracing::info!(table = %code, class = ?class, "table created");
                let link = format!("{}/t/{code}", base_url(&shared, &headers));
                return (
                    StatusCode::CREATED,
                    axum::Json(json!({"table": code, "link": link, "class": class})),
                )
                    .into_response();
            }
            Ok(false) => {}
            Err(problem) => return store_failed(&problem),
        }
    }
    error(
        StatusCode::SERVICE_UNAVAILABLE,
        "store_failed",
        "no free table code found",
    )
}

async fn create_class(
    State(shared): State<Arc<Shared>>,
    ClientAddr(client): ClientAddr,
    headers: HeaderMap,
) -> Response {
    if let Some(refused) = creation_refused(&shared, client) {
        return refused;
    }
    for _ in 0..CODE_ATTEMPTS {
        let code = secret::new_code();
        match shared
            .store
            .create_class(code.clone(), shared.time.unix_seconds())
            .await
        {
            Ok(true) => {
                tracing::info!(class = %code, "class created");
                let link = format!("{}/class/{code}", base_url(&shared, &headers));
                return (
                    StatusCode::CREATED,
                    axum::Json(json!({"class": code, "link": link})),
                )
                    .into_response();
            }
            Ok(false) => {}
            Err(problem) => return store_failed(&problem),
        }
    }
    error(
        StatusCode::SERVICE_UNAVAILABLE,
        "store_failed",
        "no free class code found",
    )
}

/// A table's state, as in an update frame (no `type`, no `you`).
async fn snapshot(shared: &Arc<Shared>, code: &str) -> Result<String, Response> {
    let unknown = || {
        error(
            StatusCode::NOT_FOUND,
            "unknown_table",
            format!("no table has the code {code:?}"),
        )
    };
    let code = secret::normalize_code(code).ok_or_else(unknown)?;
    shared
        .request(&code, |reply| Command::Snapshot { reply })
        .await
        .map(|published| published.object())
        .map_err(|refusal| refused(&refusal))
}

async fn table_state(State(shared): State<Arc<Shared>>, Path(code): Path<String>) -> Response {
    match snapshot(&shared, &code).await {
        Ok(object) => json_text(StatusCode::OK, object),
        Err(response) => response,
    }
}

async fn game_record(
    State(shared): State<Arc<Shared>>,
    Path((code, game)): Path<(String, String)>,
) -> Response {
    let unknown = || {
        error(
            StatusCode::NOT_FOUND,
            "unknown_game",
            "no such table or game",
        )
    };
    let (Some(code), Ok(game_no)) = (secret::normalize_code(&code), game.parse::<u32>()) else {
        return unknown();
    };
    match shared.store.load_game(code.clone(), game_no).await {
        Ok(Some(StoredGame { actions, end, .. })) => {
            let record: Vec<&str> = actions.iter().map(|a| a.action.as_str()).collect();
            axum::Json(json!({
                "table": code,
                "game": game_no,
                "record": record.join(" "),
                "finished": end.is_some(),
                "result": end.map(|end| json!({"winner": end.winner.map(String::from), "ending": end.ending.name()})),
                "clocks": actions.iter().map(|a| json!({"X": a.clocks[0], "O": a.clocks[1]})).collect::<Vec<_>>(),
            }))
            .into_response()
        }
        Ok(None) => unknown(),
        Err(problem) => store_failed(&problem),
    }
}

async fn table_qr(
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
    Path(code): Path<String>,
) -> Response {
    let Some(code) = secret::normalize_code(&code) else {
        return error(
            StatusCode::NOT_FOUND,
            "unknown_table",
            "no table has this code",
        );
    };
    qr_svg(&format!("{}/t/{code}", base_url(&shared, &headers)))
}

/// A QR code of `link`, as SVG.
pub(crate) fn qr_svg(link: &str) -> Response {
    match qrcode::QrCode::new(link.as_bytes()) {
        Ok(qr) => {
            let svg = qr
                .render::<qrcode::render::svg::Color<'_>>()
                .min_dimensions(240, 240)
                .quiet_zone(true)
                .build();
            ([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response()
        }
        Err(problem) => error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "qr_failed",
            problem.to_string(),
        ),
    }
}

async fn metrics(State(shared): State<Arc<Shared>>) -> Response {
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        shared.metrics.render(),
    )
        .into_response()
}

/// Whether a browser's `Origin` may open a WebSocket: the server's own
/// origin (same host), one allowed with `--allow-origin`, or no `Origin`
/// at all (programs that are not browsers send none).
fn origin_allowed(shared: &Shared, headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    let allowed = &shared.config.allowed_origins;
    if allowed
        .iter()
        .any(|allowed| allowed == "*" || allowed == origin)
    {
        return true;
    }
    let host = headers
        .get(header::HOST)
        .and_then(|host| host.to_str().ok());
    let own = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    host.is_some() && own == host
}

async fn websocket(
    State(shared): State<Arc<Shared>>,
    ClientAddr(client): ClientAddr,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    if !origin_allowed(&shared, &headers) {
        return error(
            StatusCode::FORBIDDEN,
            "origin_not_allowed",
            "this page's origin may not open the tables' WebSocket (see --allow-origin)",
        );
    }
    if *shared.shutdown.borrow() {
        return error(
            StatusCode::SERVICE_UNAVAILABLE,
            "shutting_down",
            "the server is shutting down",
        );
    }
    let limit = shared.config.max_message_bytes;
    // Small buffers: an idle connection should cost a few kilobytes (the
    // defaults are 128 KiB each way). A client's messages are a few dozen
    // bytes; a longer one (up to the limit) grows the buffer as it comes.
    let upgrade = upgrade
        .read_buffer_size(READ_BUFFER_BYTES)
        .write_buffer_size(0)
        .max_message_size(limit)
        .max_frame_size(limit);
    let max = shared.config.max_connections_per_address;
    let slot = match client {
        Some(client) => match shared.limits.connect(client, max) {
            Some(slot) => Some(slot),
            // The refusal goes over the WebSocket: a browser's page never
            // sees the status of a refused upgrade, only a failure.
            None => {
                return upgrade.on_upgrade(move |socket| connection::turn_away(socket, shared));
            }
        },
        None => None,
    };
    upgrade.on_upgrade(move |socket| connection::serve(socket, shared, slot))
}
