//! The HTTP side: the small JSON API, `/healthz`, `/metrics`, the
//! WebSocket upgrade (with its `Origin` check) and the pages.

use std::net::IpAddr;
use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State, WebSocketUpgrade};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use serde_json::json;

use crate::assets;
use crate::class_feed;
use crate::connection;
use crate::events;
use crate::exports;
use crate::hub::Shared;
use crate::limits::ClientAddr;
use crate::protocol::{Cause, ErrorCode, Refusal};
use crate::review;
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
        .route("/api/tables/{code}/games/{game}/review", get(game_review))
        .route("/api/tables/{code}/qr.svg", get(table_qr))
        .route("/api/classes", post(create_class))
        .route("/api/classes/{code}", get(class_feed::class_tables))
        .route("/api/classes/{code}/qr.svg", get(class_feed::class_qr))
        .route("/api/classes/{code}/events", post(events::create))
        .route("/api/classes/{code}/event", get(events::class_current))
        .route(
            "/api/classes/{code}/event/players",
            post(events::join_class),
        )
        .route("/api/events/{code}", get(events::show))
        .route("/api/events/{code}/players", post(events::join_event))
        .route(
            "/api/events/{code}/players/{player}",
            delete(events::remove_player),
        )
        .route("/api/events/{code}/rounds", post(events::start_round))
        .route("/api/events/{code}/rounds/end", post(events::finish_round))
        .route("/api/events/{code}/end", post(events::end_event))
        .route("/api/events/{code}/pause", post(events::pause))
        .route("/api/events/{code}/resume", post(events::resume))
        .route("/api/events/{code}/games", get(exports::game_file))
        .route(
            "/api/events/{code}/standings.csv",
            get(exports::standings_csv),
        )
        .route(
            "/api/events/{code}/standings.html",
            get(exports::standings_html),
        )
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

/// A refusal of the HTTP API: its status, and the JSON body
/// `{"error": code, "message": ...}` (with `Retry-After` when it says
/// when to try again).
#[derive(Debug)]
pub(crate) struct ApiError {
    status: StatusCode,
    code: &'static str,
    message: String,
    retry_after: Option<u64>,
}

impl ApiError {
    /// A refusal with this status, code and message.
    pub(crate) fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError {
            status,
            code,
            message: message.into(),
            retry_after: None,
        }
    }

    /// The store failed (logged; the client learns no more).
    pub(crate) fn store(problem: &impl std::fmt::Display) -> Self {
        tracing::error!(error = %problem, "store failed");
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "store_failed",
            "the store failed",
        )
    }

    /// A table's refusal (an unknown table, a shutdown, a store failure).
    pub(crate) fn refused(refusal: Refusal) -> Self {
        let status = match refusal.cause {
            Cause::Protocol(ErrorCode::UnknownTable) => StatusCode::NOT_FOUND,
            Cause::Protocol(ErrorCode::ShuttingDown) => StatusCode::SERVICE_UNAVAILABLE,
            _ => StatusCode::INTERNAL_SERVER_ERROR,
        };
        ApiError::new(status, refusal.cause.code(), refusal.message)
    }

    /// The same, with `Retry-After: seconds`.
    fn retry_after(mut self, seconds: u64) -> Self {
        self.retry_after = Some(seconds);
        self
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        /// The body, its fields in this order.
        #[derive(serde::Serialize)]
        struct Body<'a> {
            error: &'a str,
            message: &'a str,
        }
        let body = Body {
            error: self.code,
            message: &self.message,
        };
        let mut response = (self.status, axum::Json(body)).into_response();
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
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
pub(crate) fn take_creation(shared: &Shared, client: Option<IpAddr>) -> Result<(), ApiError> {
    let Some(client) = client else {
        return Ok(());
    };
    let Err(wait) = shared
        .limits
        .create(&shared.config, client, shared.time.now())
    else {
        return Ok(());
    };
    // Whole seconds, rounded up: the header has no fractions.
    let seconds = (wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).max(1);
    Err(ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        "rate_limited",
        format!(
            "this address created {} tables and classes at once, and may create {} a minute; try again in {seconds} s",
            shared.config.create_burst, shared.config.create_per_minute
        ),
    )
    .retry_after(seconds))
}

/// Codes are random; a clash is retried a few times.
const CODE_ATTEMPTS: usize = 8;

async fn create_table(
    State(shared): State<Arc<Shared>>,
    ClientAddr(client): ClientAddr,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    take_creation(&shared, client)?;
    let body = if body.is_empty() {
        &b"{}"[..]
    } else {
        &body[..]
    };
    let settings: TableSettings = serde_json::from_slice(body).map_err(|problem| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "bad_request",
            format!("table settings: {problem}"),
        )
    })?;
    if !settings.clock.is_valid() {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "bad_request",
            "clock seconds must be 1 to 86400 (an increment 0 to 86400)",
        ));
    }
    let class = match settings.class.as_deref().map(secret::normalize_code) {
        None => None,
        Some(None) => {
            return Err(ApiError::new(
                StatusCode::NOT_FOUND,
                "unknown_class",
                "no class has this code",
            ));
        }
        Some(Some(code)) => {
            if !shared
                .store
                .class_exists(code.clone())
                .await
                .map_err(|problem| ApiError::store(&problem))?
            {
                return Err(ApiError::new(
                    StatusCode::NOT_FOUND,
                    "unknown_class",
                    format!("no class has the code {code}"),
                ));
            }
            Some(code)
        }
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
        let created = shared
            .store
            .create_table(table)
            .await
            .map_err(|problem| ApiError::store(&problem))?;
        if created {
            tracing::info!(table = %code, class = ?class, "table created");
            let link = format!("{}/t/{code}", base_url(&shared, &headers));
            return Ok((
                StatusCode::CREATED,
                axum::Json(json!({"table": code, "link": link, "class": class})),
            )
                .into_response());
        }
    }
    Err(ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "store_failed",
        "no free table code found",
    ))
}

async fn create_class(
    State(shared): State<Arc<Shared>>,
    ClientAddr(client): ClientAddr,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    take_creation(&shared, client)?;
    for _ in 0..CODE_ATTEMPTS {
        let code = secret::new_code();
        let created = shared
            .store
            .create_class(code.clone(), shared.time.unix_seconds())
            .await
            .map_err(|problem| ApiError::store(&problem))?;
        if created {
            tracing::info!(class = %code, "class created");
            let link = format!("{}/class/{code}", base_url(&shared, &headers));
            return Ok((
                StatusCode::CREATED,
                axum::Json(json!({"class": code, "link": link})),
            )
                .into_response());
        }
    }
    Err(ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "store_failed",
        "no free class code found",
    ))
}

/// A table's state, as in an update frame (no `type`, no `you`).
async fn snapshot(shared: &Arc<Shared>, code: &str) -> Result<String, ApiError> {
    let unknown = || {
        ApiError::new(
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
        .map_err(ApiError::refused)
}

async fn table_state(
    State(shared): State<Arc<Shared>>,
    Path(code): Path<String>,
) -> Result<Response, ApiError> {
    Ok(json_text(StatusCode::OK, snapshot(&shared, &code).await?))
}

/// A table's game as its path names them (`/api/tables/CODE/games/N`);
/// `404 unknown_game` for a code or number that cannot be one.
fn table_game(code: &str, game: &str) -> Result<(String, u32), ApiError> {
    match (secret::normalize_code(code), game.parse::<u32>()) {
        (Some(code), Ok(game_no)) => Ok((code, game_no)),
        _ => Err(unknown_game()),
    }
}

/// `404 unknown_game`.
fn unknown_game() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "unknown_game",
        "no such table or game",
    )
}

async fn game_record(
    State(shared): State<Arc<Shared>>,
    Path((code, game)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let (code, game_no) = table_game(&code, &game)?;
    let StoredGame { actions, end, .. } = shared
        .store
        .load_game(code.clone(), game_no)
        .await
        .map_err(|problem| ApiError::store(&problem))?
        .ok_or_else(unknown_game)?;
    let record: Vec<&str> = actions.iter().map(|a| a.action.as_str()).collect();
    Ok(axum::Json(json!({
        "table": code,
        "game": game_no,
        "record": record.join(" "),
        "finished": end.is_some(),
        "result": end.map(|end| json!({"winner": end.winner.map(String::from), "ending": end.ending.name()})),
        "clocks": actions.iter().map(|a| json!({"X": a.clocks[0], "O": a.clocks[1]})).collect::<Vec<_>>(),
    }))
    .into_response())
}

/// `GET /api/tables/CODE/games/N/review`: the game reviewed by perfect
/// play, as an annotated game file (`X` and `O` the seats' names).
async fn game_review(
    State(shared): State<Arc<Shared>>,
    Path((code, game)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let (code, game_no) = table_game(&code, &game)?;
    let store = &shared.store;
    let table = store
        .load_table(code.clone())
        .await
        .map_err(|problem| ApiError::store(&problem))?
        .ok_or_else(unknown_game)?;
    let StoredGame { actions, end, .. } = store
        .load_game(code.clone(), game_no)
        .await
        .map_err(|problem| ApiError::store(&problem))?
        .ok_or_else(unknown_game)?;
    // An event's game 1 is reviewed from the event's start position.
    let mut first = 0;
    if game_no == 1 {
        let event = store
            .table_event(code.clone())
            .await
            .map_err(|problem| ApiError::store(&problem))?;
        if let Some(event) = event {
            let event = store
                .load_event(event)
                .await
                .map_err(|problem| ApiError::store(&problem))?;
            first = event.as_ref().map_or(0, events::start_plies);
        }
    }
    let reviewed = tokio::task::spawn_blocking(move || review::review(&actions, end, first))
        .await
        .map_err(|problem| ApiError::store(&problem))?
        .ok_or_else(|| ApiError::store(&format!("table {code}: a record that does not play")))?;
    let mut annotated = reviewed.annotated;
    // Seat 0 plays X in odd games.
    let x_seat = usize::from(game_no % 2 == 0);
    for (tag, seat) in [("X", x_seat), ("O", 1 - x_seat)] {
        if let Some(name) = &table.names[seat] {
            annotated.set_tag(tag, name);
        }
    }
    Ok(game_file_response(&qttt::gamefile::write(&[annotated])))
}

/// A game file's answer: its media type, UTF-8.
pub(crate) fn game_file_response(text: &str) -> Response {
    (
        [(
            header::CONTENT_TYPE,
            format!("{}; charset=utf-8", qttt::gamefile::MEDIA_TYPE),
        )],
        text.to_owned(),
    )
        .into_response()
}

async fn table_qr(
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
    Path(code): Path<String>,
) -> Result<Response, ApiError> {
    let code = secret::normalize_code(&code).ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "unknown_table",
            "no table has this code",
        )
    })?;
    qr_svg(&format!("{}/t/{code}", base_url(&shared, &headers)))
}

/// A QR code of `link`, as SVG.
pub(crate) fn qr_svg(link: &str) -> Result<Response, ApiError> {
    let qr = qrcode::QrCode::new(link.as_bytes()).map_err(|problem| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "qr_failed",
            problem.to_string(),
        )
    })?;
    let svg = qr
        .render::<qrcode::render::svg::Color<'_>>()
        .min_dimensions(240, 240)
        .quiet_zone(true)
        .build();
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response())
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
        return ApiError::new(
            StatusCode::FORBIDDEN,
            "origin_not_allowed",
            "this page's origin may not open the tables' WebSocket (see --allow-origin)",
        )
        .into_response();
    }
    if shared.stop.is_cancelled() {
        return ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "shutting_down",
            "the server is shutting down",
        )
        .into_response();
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
                let tasks = shared.tasks.clone();
                return upgrade.on_upgrade(move |socket| {
                    tasks.track_future(connection::turn_away(socket, shared))
                });
            }
        },
        None => None,
    };
    let tasks = shared.tasks.clone();
    upgrade.on_upgrade(move |socket| tasks.track_future(connection::serve(socket, shared, slot)))
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn body_text(response: Response) -> String {
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 16)
            .await
            .unwrap();
        String::from_utf8(bytes.to_vec()).unwrap()
    }

    #[tokio::test]
    async fn an_api_error_is_its_status_and_a_json_body() {
        let response =
            ApiError::new(StatusCode::NOT_FOUND, "unknown_table", "no \"X\"").into_response();
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
        assert_eq!(response.headers()[header::CONTENT_TYPE], "application/json");
        assert!(response.headers().get(header::RETRY_AFTER).is_none());
        assert_eq!(
            body_text(response).await,
            r#"{"error":"unknown_table","message":"no \"X\""}"#
        );
        let limited = ApiError::new(StatusCode::TOO_MANY_REQUESTS, "rate_limited", "later")
            .retry_after(3)
            .into_response();
        assert_eq!(limited.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(limited.headers()[header::RETRY_AFTER], "3");
    }

    #[test]
    fn a_tables_refusal_keeps_its_code_with_the_status_it_means() {
        let unknown = ApiError::refused(Refusal::protocol(ErrorCode::UnknownTable, "none"));
        assert_eq!(
            (unknown.status, unknown.code),
            (StatusCode::NOT_FOUND, "unknown_table")
        );
        let going = ApiError::refused(Refusal::protocol(ErrorCode::ShuttingDown, "bye"));
        assert_eq!(going.status, StatusCode::SERVICE_UNAVAILABLE);
        let failed = ApiError::refused(Refusal::protocol(ErrorCode::StoreFailed, "oops"));
        assert_eq!(
            (failed.status, failed.code, failed.message.as_str()),
            (StatusCode::INTERNAL_SERVER_ERROR, "store_failed", "oops")
        );
    }
}
