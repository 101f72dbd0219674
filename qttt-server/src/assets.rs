//! The pages served from the binary (see `build.rs`).

use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded.rs"));
}

/// The page at `/` when the playground was not built into the binary.
const NOT_BUILT: &str = "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\">\
<title>qttt-server</title><link rel=\"stylesheet\" href=\"/style.css\">\
<main><h1>Quantum tic-tac-toe tables</h1>\
<p>This server was built without the playground. To embed it, build it with \
<code>bash web/build.sh</code> and then the server again \
(<code>cargo build --release -p qttt-server</code>).</p>\
<p><a href=\"/online.html\">Play online</a> works without it.</p></main></html>";

fn content_type(path: &str) -> &'static str {
    match path.rsplit_once('.').map(|(_, extension)| extension) {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("json") => "application/json",
        Some("webmanifest") => "application/manifest+json",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        _ => "application/octet-stream",
    }
}

/// An embedded file by its path below `/`.
#[must_use]
pub fn page(path: &str) -> Response {
    match embedded::FILES.iter().find(|(name, _)| *name == path) {
        Some((name, bytes)) => {
            ([(header::CONTENT_TYPE, content_type(name))], *bytes).into_response()
        }
        None if path == "index.html" && !embedded::PLAYGROUND => {
            ([(header::CONTENT_TYPE, content_type(path))], NOT_BUILT).into_response()
        }
        None => (StatusCode::NOT_FOUND, "not found\n").into_response(),
    }
}

/// Serves the embedded file a request names (`/` is `index.html`).
pub async fn serve(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    page(if path.is_empty() { "index.html" } else { path })
}
