//! An event's exports (`docs/events.md`): every game as one game file,
//! the standings as CSV and as a printable page (A4 or Letter).

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::Value;

use crate::events::{bad_request, describe, event_game, load_settled, start_plies};
use crate::http::{ApiError, base_url, game_file_response};
use crate::hub::Shared;
use crate::review;
use crate::settings::ClockSetting;
use crate::store::{EventKind, EventOutcome};

/// `YYYY.MM.DD` (UTC) of Unix seconds, as a game file's `Date`
/// (Howard Hinnant's days-to-civil).
fn game_file_date(seconds: i64) -> String {
    let days = seconds.div_euclid(86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let mp = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// A clock setting as a game file's `TimeControl` (PGN's syntax).
fn time_control(clock: ClockSetting) -> String {
    match clock {
        ClockSetting::None => "-".to_owned(),
        ClockSetting::PerMove { seconds } => format!("*{seconds}"),
        ClockSetting::Fischer {
            base_seconds,
            increment_seconds,
        } => format!("{base_seconds}+{increment_seconds}"),
    }
}

/// `GET /api/events/CODE/games`: every game of the event as one game
/// file, round by round and board by board, each game reviewed by perfect
/// play (its values, glyphs, comments and best lines), with the tags
/// `Event`, `Site`, `Date`, `Round`, `Board`, `X`, `O`, `Result` and
/// `TimeControl`. A game not begun when its round ended is its record so
/// far (`*`); one the round's end scored `unfinished` says so in `Comment`.
pub async fn game_file(
    State(shared): State<Arc<Shared>>,
    Path(code): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let event = load_settled(&shared, &code).await?;
    let site = format!(
        "{}/class/{}",
        base_url(&shared, &headers),
        event.event.class
    );
    let mut games = Vec::new();
    for (round_no, round) in (1..).zip(&event.rounds) {
        for (board, pairing) in (1..).zip(&round.pairings) {
            let game = event_game(&shared, &pairing.table).await?;
            let over = game.end.is_some();
            let first = start_plies(&event);
            let mut annotated = tokio::task::spawn_blocking(move || {
                if over {
                    review::review(&game.actions, game.end, first).map(|r| r.annotated)
                } else {
                    let record: Vec<&str> =
                        game.actions.iter().map(|a| a.action.as_str()).collect();
                    qttt::Game::from_record(&record.join(" ")).ok().map(|g| {
                        qttt::gamefile::AnnotatedGame::from_game(
                            &g,
                            qttt::analysis::Scoring::SingleResult,
                        )
                    })
                }
            })
            .await
            .map_err(|problem| ApiError::store(&problem))?
            .ok_or_else(|| {
                ApiError::store(&format!(
                    "table {}: a record that does not play",
                    pairing.table
                ))
            })?;
            let [x, o] = [pairing.x, pairing.o].map(|no| event.players[no as usize].name.as_str());
            let kind = event.event.kind.name();
            for (tag, value) in [
                (
                    "Event",
                    format!("{} {} ({kind})", event.event.class, event.event.code),
                ),
                ("Site", site.clone()),
                ("Date", game_file_date(round.started_at)),
                ("Round", round_no.to_string()),
                ("X", x.to_owned()),
                ("O", o.to_owned()),
                ("Board", board.to_string()),
                ("TimeControl", time_control(event.event.settings.clock)),
            ] {
                annotated.set_tag(tag, &value);
            }
            if pairing.outcome == Some(EventOutcome::Unfinished) {
                annotated.set_tag(
                    "Comment",
                    "unfinished when its round ended: scored as a draw in the event",
                );
            }
            games.push(annotated);
        }
    }
    Ok(game_file_response(&qttt::gamefile::write(&games)))
}

/// A standing's cells, in the CSV's column order.
const CSV_COLUMNS: [&str; 15] = [
    "rank",
    "player",
    "name",
    "withdrawn",
    "points",
    "buchholz",
    "sonneborn_berger",
    "games",
    "wins",
    "draws",
    "losses",
    "byes",
    "accuracy",
    "rating",
    "deviation",
];

/// One CSV field (RFC 4180): quoted when it holds a comma, a quote or a
/// line break; a text starting with `=`, `+`, `-` or `@` gets a leading
/// `'`, so that no spreadsheet reads a name as a formula.
fn csv_field(text: &str) -> String {
    let text = if text.starts_with(['=', '+', '-', '@']) {
        format!("'{text}")
    } else {
        text.to_owned()
    };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

/// A standing's value of `column` as text (a missing accuracy empty).
fn cell(standing: &Value, column: &str) -> String {
    let value = match column {
        "rating" | "deviation" => &standing["rating"][column],
        _ => &standing[column],
    };
    match value {
        Value::Null => String::new(),
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// `GET /api/events/CODE/standings.csv`: the standings as CSV (RFC
/// 4180, a header line, UTF-8, CRLF line ends).
pub async fn standings_csv(
    State(shared): State<Arc<Shared>>,
    Path(code): Path<String>,
) -> Result<Response, ApiError> {
    let event = load_settled(&shared, &code).await?;
    let described = describe(&event);
    let mut text = CSV_COLUMNS.join(",");
    text.push_str("\r\n");
    for standing in described["standings"].as_array().into_iter().flatten() {
        let cells: Vec<String> = CSV_COLUMNS
            .iter()
            .map(|column| csv_field(&cell(standing, column)))
            .collect();
        text.push_str(&cells.join(","));
        text.push_str("\r\n");
    }
    let disposition = format!(
        "attachment; filename=\"{}-standings.csv\"",
        event.event.code
    );
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response())
}

/// The query of the printable page.
#[derive(Debug, Deserialize)]
pub struct PaperQuery {
    #[serde(default)]
    paper: Option<String>,
}

fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// `GET /api/events/CODE/standings.html?paper=a4|letter`: the standings
/// as a printable page (English; `@page` of that size, A4 by default).
pub async fn standings_html(
    State(shared): State<Arc<Shared>>,
    Path(code): Path<String>,
    Query(query): Query<PaperQuery>,
) -> Result<Response, ApiError> {
    let size = match query.paper.as_deref() {
        None | Some("a4") => "A4",
        Some("letter") => "letter",
        Some(other) => {
            return Err(bad_request(format!("paper {other:?}: `a4` or `letter`")));
        }
    };
    let event = load_settled(&shared, &code).await?;
    let described = describe(&event);
    let mut rows = String::new();
    for standing in described["standings"].as_array().into_iter().flatten() {
        let accuracy = standing["accuracy"]
            .as_f64()
            .map_or_else(|| "–".to_owned(), |mean| format!("{mean:.3}"));
        let rating = &standing["rating"];
        let rating = format!(
            "{:.0} ± {:.0}",
            rating["rating"].as_f64().unwrap_or_default(),
            rating["deviation"].as_f64().unwrap_or_default()
        );
        let withdrawn = if standing["withdrawn"] == true {
            " (withdrawn)"
        } else {
            ""
        };
        rows.push_str(&format!(
            "<tr><td>{}</td><td class=\"name\">{}{withdrawn}</td><td>{}</td><td>{}</td><td>{}</td>\
             <td>{}</td><td>{}/{}/{}</td><td>{}</td><td>{accuracy}</td><td>{rating}</td></tr>\n",
            cell(standing, "rank"),
            html_escape(&cell(standing, "name")),
            cell(standing, "points"),
            cell(standing, "buchholz"),
            cell(standing, "sonneborn_berger"),
            cell(standing, "games"),
            cell(standing, "wins"),
            cell(standing, "draws"),
            cell(standing, "losses"),
            cell(standing, "byes"),
        ));
    }
    let kind = match event.event.kind {
        EventKind::RoundRobin => "Round robin".to_owned(),
        EventKind::Swiss { rounds } => format!("Swiss, {rounds} rounds"),
        EventKind::Arena { minutes } => format!("Arena, {minutes} minutes"),
    };
    let played = event.rounds.len();
    let status = if event.ended_at.is_some() {
        "final standings".to_owned()
    } else if played == 0 {
        "no round has started yet".to_owned()
    } else {
        format!("standings after round {played}, the event goes on")
    };
    let date = game_file_date(event.event.created_at).replace('.', "-");
    let code = html_escape(&event.event.code);
    let class = html_escape(&event.event.class);
    let page = format!(
        r#"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Event {code}: standings</title>
<style>
@page {{ size: {size}; margin: 15mm; }}
body {{ font-family: system-ui, sans-serif; color: #000; background: #fff; margin: 0; }}
h1 {{ font-size: 20pt; margin: 0 0 2mm; }}
p {{ margin: 0 0 5mm; font-size: 11pt; }}
table {{ width: 100%; border-collapse: collapse; font-size: 10pt; }}
th, td {{ border-bottom: 0.3mm solid #888; padding: 1.2mm 1.2mm; text-align: right; white-space: nowrap; }}
th {{ border-bottom: 0.6mm solid #000; vertical-align: bottom; }}
td.name, th.name {{ text-align: left; white-space: normal; width: 100%; }}
@media screen {{ body {{ padding: 15mm; }} }}
tr {{ break-inside: avoid; }}
thead {{ display: table-header-group; }}
footer {{ margin-top: 5mm; font-size: 9pt; }}
</style>
</head>
<body>
<h1>Event {code}: {kind}</h1>
<p>Class {class}, {date}: {status}.</p>
<table>
<thead><tr><th>Rank</th><th class="name">Player</th><th>Points</th><th>Buchholz</th><th>Sonneborn-<br>Berger</th><th>Games</th><th>W/D/L</th><th>Byes</th><th>Accuracy</th><th>Rating</th></tr></thead>
<tbody>
{rows}</tbody>
</table>
<footer>Accuracy: the mean value lost per action by perfect play (0 is perfect; a full point is a win given away for a draw, or a draw for a loss). Rating: Glicko-2 at the class, ± its deviation.</footer>
</body>
</html>
"#
    );
    Ok(([(header::CONTENT_TYPE, "text/html; charset=utf-8")], page).into_response())
}
