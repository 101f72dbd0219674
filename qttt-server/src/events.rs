//! Events at a class (`docs/events.md`): the HTTP API of a round robin or
//! a Swiss, over the store's record of it.
//!
//! The store is the event's truth: every request loads the event, checks
//! it, and commits its change (a round's start with the round's tables)
//! before it answers. Pairings come from `qttt-events`, rebuilt from the
//! stored rounds each time. A game's result is read from the store, game
//! 1 at its table, rather than reported by the table's task: the table
//! needs to know nothing of events, a table loaded at another instance
//! sharing the store counts alike, and no result can be lost between a
//! game's end (durable before anyone is told) and the event, not even by
//! a crash. The round's end stores the results of its games.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use qttt_events::{
    Accuracy, GameResult, Outcome, Pairing, PlayerId, Ratings, Round, Swiss, SwissError,
};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::http::{ApiError, base_url, take_creation};
use crate::hub::Shared;
use crate::limits::ClientAddr;
use crate::protocol::seat_name;
use crate::review;
use crate::secret;
use crate::settings::{ClockSetting, SeatKind};
use crate::store::{
    EventKind, EventOutcome, EventSettings, EventWrite, NewEvent, NewPairing, NewTable,
    RatingChange, Scoring, StoreError, StoredEvent, StoredRound,
};

/// The most players an event takes.
pub const MAX_PLAYERS: usize = 200;

/// The most rounds a Swiss may have.
pub const MAX_SWISS_ROUNDS: u32 = 99;

/// How often a change that lost a race (to another request, or a taken
/// table code) is tried again from a fresh reading.
const ATTEMPTS: usize = 8;

fn refuse(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
    ApiError::new(status, code, message)
}

fn unknown_event() -> ApiError {
    refuse(
        StatusCode::NOT_FOUND,
        "unknown_event",
        "no event has this code",
    )
}

pub(crate) fn store_failed(problem: &StoreError) -> ApiError {
    ApiError::store(problem)
}

/// The event with this code, as stored.
async fn load(shared: &Shared, code: &str) -> Result<StoredEvent, ApiError> {
    let code = secret::normalize_code(code).ok_or_else(unknown_event)?;
    shared
        .store
        .load_event(code)
        .await
        .map_err(|problem| store_failed(&problem))?
        .ok_or_else(unknown_event)
}

/// The event with this code, every game over at its table settled
/// (result, accuracy and ratings committed) first.
pub(crate) async fn load_settled(shared: &Shared, code: &str) -> Result<StoredEvent, ApiError> {
    for _ in 0..ATTEMPTS {
        let event = load(shared, code).await?;
        let writes = settlements(shared, &event).await?;
        if writes.is_empty() {
            return Ok(event);
        }
        match shared.store.write_event(writes).await {
            // Read again: the answer shows what is stored.
            Ok(()) => {}
            // Another request settled a game first, or changed a rating.
            Err(problem) if problem.is_conflict() => {}
            Err(problem) => return Err(store_failed(&problem)),
        }
    }
    Err(busy())
}

/// Checks the teacher's token (`Authorization: Bearer TOKEN`).
fn teacher(event: &StoredEvent, headers: &HeaderMap) -> Result<(), ApiError> {
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "))
        .map(str::trim);
    match token {
        Some(token) if secret::token_hash(token) == event.event.teacher_token_hash => Ok(()),
        _ => Err(refuse(
            StatusCode::FORBIDDEN,
            "wrong_token",
            "only the event's teacher may do this: send its token as `Authorization: Bearer TOKEN`",
        )),
    }
}

fn ended(event: &StoredEvent) -> Result<(), ApiError> {
    if event.ended_at.is_some() {
        return Err(refuse(
            StatusCode::CONFLICT,
            "event_ended",
            "the event has ended",
        ));
    }
    Ok(())
}

/// The round that goes on, if any: its number (from 1) and the round.
fn running(event: &StoredEvent) -> Option<(u32, &StoredRound)> {
    let round = event.rounds.last()?;
    round
        .ended_at
        .is_none()
        .then(|| (number(event.rounds.len()), round))
}

fn number(count: usize) -> u32 {
    u32::try_from(count).expect("an event's counts fit in u32")
}

/// A game's result as the event counts it now: stored at its round's
/// end, else game 1 at its table once over.
fn result_of(pairing: &crate::store::StoredPairing) -> Option<EventOutcome> {
    pairing
        .outcome
        .or_else(|| pairing.game_end.map(EventOutcome::of_game))
}

fn outcome(result: EventOutcome) -> Outcome {
    match result {
        EventOutcome::X => Outcome::XWins,
        EventOutcome::O => Outcome::OWins,
        EventOutcome::Draw | EventOutcome::Unfinished => Outcome::Draw,
    }
}

fn pairing(x: u32, o: u32) -> Pairing {
    Pairing {
        x: PlayerId(x as usize),
        o: PlayerId(o as usize),
    }
}

/// The write that ends the running round: each game not over scores
/// `unfinished` (a game over is settled by [`settlements`], in the same
/// transaction).
fn end_round(shared: &Shared, event: &StoredEvent) -> Option<EventWrite> {
    let (round_no, round) = running(event)?;
    Some(EventWrite::EndRound {
        event: event.event.code.clone(),
        round_no,
        outcomes: (1..)
            .zip(&round.pairings)
            .filter(|(_, pairing)| result_of(pairing).is_none())
            .map(|(board, _)| (board, EventOutcome::Unfinished))
            .collect(),
        ended_at: shared.time.unix_seconds(),
    })
}

/// The writes that settle every game of the event that is over at its
/// table and has no result stored yet: each game's result, its review's
/// accuracy for both sides and the two players' new Glicko-2 ratings at
/// the class (each game a rating period of its own, both players rated
/// against the other's rating before it), so that a result and the
/// ratings it causes are committed together. Reviews are blocking work.
async fn settlements(shared: &Shared, event: &StoredEvent) -> Result<Vec<EventWrite>, ApiError> {
    let mut ratings = event.ratings.clone();
    let mut writes = Vec::new();
    for (round_no, round) in (1..).zip(&event.rounds) {
        for (board, pairing) in (1..).zip(&round.pairings) {
            let (None, Some(end)) = (pairing.outcome, pairing.game_end) else {
                continue;
            };
            let game = shared
                .store
                .load_game(pairing.table.clone(), 1)
                .await
                .map_err(|problem| store_failed(&problem))?
                .ok_or_else(|| ApiError::store(&format!("table {} lost", pairing.table)))?;
            let reviewed =
                tokio::task::spawn_blocking(move || review::review(&game.actions, game.end))
                    .await
                    .map_err(|problem| ApiError::store(&problem))?;
            let accuracy = reviewed.map_or([Accuracy::default(); 2], |r| r.accuracy);
            let result = EventOutcome::of_game(end);
            let [x, o] = [pairing.x, pairing.o].map(|no| no as usize);
            let (before_x, before_o) = (ratings[x], ratings[o]);
            let score_x = f64::from(outcome(result).half_points(qttt_events::Colour::X)) / 2.0;
            let mut changes = Vec::new();
            for (player, before, opponent, score) in [
                (x, before_x, before_o, score_x),
                (o, before_o, before_x, 1.0 - score_x),
            ] {
                let after = before
                    .rating
                    .after_period(&[(opponent.rating, score)], Ratings::TAU);
                changes.push(RatingChange {
                    name: event.players[player].name.clone(),
                    games_before: before.games,
                    after,
                });
                ratings[player].rating = after;
                ratings[player].games += 1;
            }
            writes.push(EventWrite::Settle {
                event: event.event.code.clone(),
                class: event.event.class.clone(),
                round_no,
                board,
                outcome: result,
                accuracy,
                ratings: changes,
            });
        }
    }
    Ok(writes)
}

/// The rounds a round robin of this event has (`None` before it started).
fn round_robin_roster(event: &StoredEvent) -> Option<Vec<u32>> {
    let first = event.rounds.first()?;
    let mut roster: Vec<u32> = first
        .pairings
        .iter()
        .flat_map(|p| [p.x, p.o])
        .chain(first.bye)
        .collect();
    roster.sort_unstable();
    Some(roster)
}

/// How many rounds the event has in all, once known.
fn rounds_planned(event: &StoredEvent) -> Option<usize> {
    match event.event.kind {
        EventKind::Swiss { rounds } => Some(rounds as usize),
        EventKind::RoundRobin => {
            round_robin_roster(event).map(|roster| qttt_events::round_robin(roster.len()).len())
        }
        EventKind::Arena { .. } => None,
    }
}

fn too_few() -> ApiError {
    refuse(
        StatusCode::CONFLICT,
        "too_few_players",
        "fewer than two players are in the event",
    )
}

/// The next round's pairing, over the event with its running round (if
/// any) ended (`closing`): player numbers.
fn next_round(event: &StoredEvent, closing: bool) -> Result<Round, ApiError> {
    let played = event.rounds.len();
    if rounds_planned(event).is_some_and(|planned| played >= planned) {
        return Err(refuse(
            StatusCode::CONFLICT,
            "no_more_rounds",
            format!("all {played} rounds of the event have been played"),
        ));
    }
    let present = |player: u32| !event.players[player as usize].withdrawn;
    match event.event.kind {
        EventKind::RoundRobin => {
            let roster = match round_robin_roster(event) {
                Some(roster) => roster,
                None => (0..number(event.players.len()))
                    .filter(|&p| present(p))
                    .collect(),
            };
            if roster.len() < 2 {
                return Err(too_few());
            }
            let schedule = qttt_events::round_robin(roster.len());
            let round = &schedule[played];
            let player = |id: PlayerId| roster[id.0];
            // A removed player's games are not played; nor is its bye.
            Ok(Round {
                pairings: round
                    .pairings
                    .iter()
                    .filter(|p| present(player(p.x)) && present(player(p.o)))
                    .map(|p| pairing(player(p.x), player(p.o)))
                    .collect(),
                bye: round
                    .bye
                    .map(player)
                    .filter(|&p| present(p))
                    .map(|p| PlayerId(p as usize)),
            })
        }
        EventKind::Swiss { .. } => {
            let mut swiss = Swiss::new(event.players.len());
            let swiss_failed = |error: SwissError| {
                ApiError::store(&format!("the event's stored rounds do not replay: {error}"))
            };
            for (index, round) in event.rounds.iter().enumerate() {
                let outcomes: Vec<Outcome> = match (closing, round.ended_at) {
                    (_, Some(_)) => round
                        .pairings
                        .iter()
                        .map(|p| outcome(p.outcome.unwrap_or(EventOutcome::Unfinished)))
                        .collect(),
                    (true, None) if index + 1 == event.rounds.len() => round
                        .pairings
                        .iter()
                        .map(|p| outcome(result_of(p).unwrap_or(EventOutcome::Unfinished)))
                        .collect(),
                    _ => return Err(swiss_failed(SwissError::RoundInProgress)),
                };
                swiss
                    .resume_round(Round {
                        pairings: round.pairings.iter().map(|p| pairing(p.x, p.o)).collect(),
                        bye: round.bye.map(|bye| PlayerId(bye as usize)),
                    })
                    .map_err(swiss_failed)?;
                swiss.record_round(&outcomes).map_err(swiss_failed)?;
            }
            for player in (0..number(event.players.len())).filter(|&p| !present(p)) {
                swiss
                    .withdraw(PlayerId(player as usize))
                    .map_err(swiss_failed)?;
            }
            match swiss.pair_round() {
                Ok(round) => Ok(round.clone()),
                Err(SwissError::TooFewPlayers) => Err(too_few()),
                Err(error) => Err(swiss_failed(error)),
            }
        }
        EventKind::Arena { .. } => Err(unsupported()),
    }
}

fn unsupported() -> ApiError {
    refuse(
        StatusCode::BAD_REQUEST,
        "unsupported_kind",
        "this server runs round robins and Swiss events; arenas are not served yet",
    )
}

/// The event as JSON: players, rounds with their games and tables,
/// results, standings.
pub(crate) fn describe(event: &StoredEvent) -> Value {
    let players: Vec<Value> = event
        .players
        .iter()
        .enumerate()
        .map(|(no, player)| json!({"player": no, "name": player.name, "withdrawn": player.withdrawn}))
        .collect();
    let mut games = Vec::new();
    let mut byes = Vec::new();
    let mut accuracies = vec![Accuracy::default(); event.players.len()];
    let rounds: Vec<Value> = event
        .rounds
        .iter()
        .enumerate()
        .map(|(index, round)| {
            byes.extend(round.bye.map(|bye| PlayerId(bye as usize)));
            let boards: Vec<Value> = round
                .pairings
                .iter()
                .enumerate()
                .map(|(board, p)| {
                    let result = result_of(p);
                    if let Some(result) = result {
                        games.push(GameResult {
                            pairing: pairing(p.x, p.o),
                            outcome: outcome(result),
                        });
                    }
                    for (player, accuracy) in
                        [p.x, p.o].into_iter().zip(p.accuracy.unwrap_or_default())
                    {
                        accuracies[player as usize] = accuracies[player as usize] + accuracy;
                    }
                    json!({
                        "board": board + 1,
                        "x": p.x,
                        "o": p.o,
                        "table": p.table,
                        "result": result.map(EventOutcome::name),
                        "ending": p.game_end.map(|end| end.ending.name()),
                        "review": p.game_end.map(|_| review_link(&p.table)),
                    })
                })
                .collect();
            json!({
                "round": index + 1,
                "started_at": round.started_at,
                "ended": round.ended_at.is_some(),
                "bye": round.bye,
                "games": boards,
            })
        })
        .collect();
    let standings: Vec<Value> = qttt_events::standings(event.players.len(), &games, &byes)
        .iter()
        .enumerate()
        .map(|(rank, line)| {
            let player = &event.players[line.player.0];
            json!({
                "rank": rank + 1,
                "player": line.player.0,
                "name": player.name,
                "withdrawn": player.withdrawn,
                "points": line.points,
                "buchholz": line.buchholz,
                "sonneborn_berger": line.sonneborn_berger,
                "games": line.games,
                "wins": line.wins,
                "draws": line.draws,
                "losses": line.losses,
                "byes": line.byes,
                "accuracy": accuracies[line.player.0].mean_lost(),
                "rating": rating_json(event.ratings[line.player.0].rating),
            })
        })
        .collect();
    let (rounds_count, minutes) = match event.event.kind {
        EventKind::Swiss { rounds } => (Some(rounds), None),
        EventKind::Arena { minutes } => (None, Some(minutes)),
        EventKind::RoundRobin => (rounds_planned(event).map(number), None),
    };
    json!({
        "event": event.event.code,
        "class": event.event.class,
        "kind": event.event.kind.name(),
        "rounds_planned": rounds_count,
        "minutes": minutes,
        "clock": event.event.settings.clock,
        "scoring": event.event.settings.scoring,
        "created_at": event.event.created_at,
        "ended": event.ended_at.is_some(),
        "current_round": running(event).map(|(round_no, _)| round_no),
        "players": players,
        "rounds": rounds,
        "standings": standings,
    })
}

/// Where a game of an event is reviewed: game 1 at its table.
fn review_link(table: &str) -> String {
    format!("/api/tables/{table}/games/1/review")
}

fn rating_json(rating: qttt_events::Rating) -> Value {
    json!({"rating": rating.rating, "deviation": rating.deviation, "volatility": rating.volatility})
}

fn answer(status: StatusCode, event: &StoredEvent) -> Response {
    (status, axum::Json(describe(event))).into_response()
}

/// The body of an event's creation.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateEvent {
    kind: String,
    #[serde(default)]
    rounds: Option<u32>,
    #[serde(default)]
    minutes: Option<u32>,
    #[serde(default = "no_clock")]
    clock: ClockSetting,
    #[serde(default)]
    scoring: Scoring,
}

fn no_clock() -> ClockSetting {
    ClockSetting::None
}

pub(crate) fn bad_request(message: impl Into<String>) -> ApiError {
    refuse(StatusCode::BAD_REQUEST, "bad_request", message)
}

/// `POST /api/classes/CLASS/events`: a new event at the class; its code
/// and the teacher's token.
pub async fn create(
    State(shared): State<Arc<Shared>>,
    ClientAddr(client): ClientAddr,
    Path(class): Path<String>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Result<Response, ApiError> {
    let unknown_class = || {
        refuse(
            StatusCode::NOT_FOUND,
            "unknown_class",
            "no class has this code",
        )
    };
    let class = secret::normalize_code(&class).ok_or_else(unknown_class)?;
    let settings: CreateEvent = serde_json::from_slice(&body)
        .map_err(|problem| bad_request(format!("event settings: {problem}")))?;
    let kind = match (settings.kind.as_str(), settings.rounds, settings.minutes) {
        ("round_robin", None, None) => EventKind::RoundRobin,
        ("swiss", Some(rounds @ 1..=MAX_SWISS_ROUNDS), None) => EventKind::Swiss { rounds },
        ("arena", _, _) => return Err(unsupported()),
        ("round_robin" | "swiss", _, _) => {
            return Err(bad_request(format!(
                "a round robin takes no `rounds` or `minutes`; a Swiss takes `rounds`, 1 to {MAX_SWISS_ROUNDS}"
            )));
        }
        (other, _, _) => {
            return Err(bad_request(format!(
                "unknown kind {other:?}: `round_robin` or `swiss`"
            )));
        }
    };
    if !settings.clock.is_valid() {
        return Err(bad_request(
            "clock seconds must be 1 to 86400 (an increment 0 to 86400)",
        ));
    }
    if !shared
        .store
        .class_exists(class.clone())
        .await
        .map_err(|problem| store_failed(&problem))?
    {
        return Err(unknown_class());
    }
    take_creation(&shared, client)?;
    let token = secret::new_token();
    for _ in 0..ATTEMPTS {
        let code = secret::new_code();
        let event = NewEvent {
            code: code.clone(),
            class: class.clone(),
            kind,
            settings: EventSettings {
                clock: settings.clock,
                scoring: settings.scoring,
            },
            teacher_token_hash: secret::token_hash(&token),
            created_at: shared.time.unix_seconds(),
        };
        if shared
            .store
            .create_event(event)
            .await
            .map_err(|problem| store_failed(&problem))?
        {
            tracing::info!(event = %code, class = %class, kind = kind.name(), "event created");
            let link = format!("{}/class/{class}", base_url(&shared, &headers));
            return Ok((
                StatusCode::CREATED,
                axum::Json(json!({"event": code, "class": class, "token": token, "link": link})),
            )
                .into_response());
        }
    }
    Err(refuse(
        StatusCode::SERVICE_UNAVAILABLE,
        "store_failed",
        "no free event code found",
    ))
}

/// The code of the class's event that has not ended.
async fn class_event(shared: &Shared, class: &str) -> Result<String, ApiError> {
    let unknown_class = || {
        refuse(
            StatusCode::NOT_FOUND,
            "unknown_class",
            "no class has this code",
        )
    };
    let class = secret::normalize_code(class).ok_or_else(unknown_class)?;
    let store = &shared.store;
    if let Some(code) = store
        .class_event(class.clone())
        .await
        .map_err(|problem| store_failed(&problem))?
    {
        return Ok(code);
    }
    if store
        .class_exists(class)
        .await
        .map_err(|problem| store_failed(&problem))?
    {
        Err(refuse(
            StatusCode::NOT_FOUND,
            "no_event",
            "the class has no event that has not ended",
        ))
    } else {
        Err(unknown_class())
    }
}

/// `GET /api/classes/CLASS/event`: the class's event that has not ended.
pub async fn class_current(
    State(shared): State<Arc<Shared>>,
    Path(class): Path<String>,
) -> Result<Response, ApiError> {
    let code = class_event(&shared, &class).await?;
    Ok(answer(StatusCode::OK, &load_settled(&shared, &code).await?))
}

/// `GET /api/events/CODE`: the event.
pub async fn show(
    State(shared): State<Arc<Shared>>,
    Path(code): Path<String>,
) -> Result<Response, ApiError> {
    Ok(answer(StatusCode::OK, &load_settled(&shared, &code).await?))
}

/// The body of a join.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinEvent {
    name: String,
}

/// `POST /api/classes/CLASS/event/players`: joins the class's event that
/// has not ended under a name; the player's number and token.
pub async fn join_class(
    State(shared): State<Arc<Shared>>,
    Path(class): Path<String>,
    body: axum::body::Bytes,
) -> Result<Response, ApiError> {
    let code = class_event(&shared, &class).await?;
    join(&shared, &code, &body).await
}

/// `POST /api/events/CODE/players`: joins this event under a name.
pub async fn join_event(
    State(shared): State<Arc<Shared>>,
    Path(code): Path<String>,
    body: axum::body::Bytes,
) -> Result<Response, ApiError> {
    join(&shared, &code, &body).await
}

async fn join(shared: &Shared, code: &str, body: &[u8]) -> Result<Response, ApiError> {
    let JoinEvent { name } = serde_json::from_slice(body)
        .map_err(|problem| bad_request(format!("a join: {problem}")))?;
    let name =
        seat_name(&name).map_err(|problem| refuse(StatusCode::BAD_REQUEST, "bad_name", problem))?;
    let token = secret::new_token();
    for _ in 0..ATTEMPTS {
        let event = load(shared, code).await?;
        ended(&event)?;
        if event.event.kind == EventKind::RoundRobin && !event.rounds.is_empty() {
            return Err(refuse(
                StatusCode::CONFLICT,
                "event_started",
                "a round robin takes no players once its first round has started",
            ));
        }
        if event.players.iter().any(|player| player.name == name) {
            return Err(refuse(
                StatusCode::CONFLICT,
                "name_taken",
                format!("a player of the event is called {name:?} already"),
            ));
        }
        if event.players.len() >= MAX_PLAYERS {
            return Err(refuse(
                StatusCode::CONFLICT,
                "event_full",
                format!("an event takes at most {MAX_PLAYERS} players"),
            ));
        }
        let player_no = number(event.players.len());
        let write = EventWrite::Join {
            event: event.event.code.clone(),
            player_no,
            name: name.clone(),
            token_hash: secret::token_hash(&token),
        };
        match shared.store.write_event(vec![write]).await {
            Ok(()) => {
                tracing::info!(event = %event.event.code, player = player_no, "player joined");
                return Ok((
                    StatusCode::CREATED,
                    axum::Json(json!({
                        "event": event.event.code,
                        "player": player_no,
                        "name": name,
                        "token": token,
                    })),
                )
                    .into_response());
            }
            // Another join took the number (or the name) first: look again.
            Err(problem) if problem.is_conflict() => {}
            Err(problem) => return Err(store_failed(&problem)),
        }
    }
    Err(busy())
}

fn busy() -> ApiError {
    refuse(
        StatusCode::SERVICE_UNAVAILABLE,
        "busy",
        "the event changed under this request too often; try again",
    )
}

/// Commits the change `make` decides on a fresh reading of the event,
/// again from a fresh reading when it lost a race; the event after it.
async fn change(
    shared: &Shared,
    code: &str,
    headers: &HeaderMap,
    make: impl Fn(&StoredEvent) -> Result<Vec<EventWrite>, ApiError>,
) -> Result<StoredEvent, ApiError> {
    for _ in 0..ATTEMPTS {
        let event = load(shared, code).await?;
        teacher(&event, headers)?;
        let mut writes = make(&event)?;
        // The games over are settled in the same transaction: a round's
        // end then leaves none of them unrated.
        writes.splice(0..0, settlements(shared, &event).await?);
        match shared.store.write_event(writes).await {
            Ok(()) => return load(shared, &event.event.code).await,
            Err(problem) if problem.is_conflict() => {}
            Err(problem) => return Err(store_failed(&problem)),
        }
    }
    Err(busy())
}

/// `POST /api/events/CODE/rounds`: starts the next round (the teacher):
/// pairs it and creates a table per game, its seats reserved for the two
/// players' tokens.
pub async fn start_round(
    State(shared): State<Arc<Shared>>,
    Path(code): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let event = change(&shared, &code, &headers, |event| {
        ended(event)?;
        let closing = match running(event) {
            None => None,
            Some((round_no, round)) => {
                if round.pairings.iter().any(|p| result_of(p).is_none()) {
                    return Err(refuse(
                        StatusCode::CONFLICT,
                        "round_in_progress",
                        format!("round {round_no} has games going on: end it first"),
                    ));
                }
                end_round(&shared, event)
            }
        };
        let round = next_round(event, closing.is_some())?;
        let now = shared.time.unix_seconds();
        let pairings = round
            .pairings
            .iter()
            .map(|p| {
                let [x, o] = [p.x.0, p.o.0].map(|no| &event.players[no]);
                NewPairing {
                    x: number(p.x.0),
                    o: number(p.o.0),
                    table: NewTable {
                        code: secret::new_code(),
                        class: Some(event.event.class.clone()),
                        kinds: [SeatKind::Person, SeatKind::Person],
                        clock: event.event.settings.clock,
                        created_at: now,
                    },
                    token_hashes: [x.token_hash.clone(), o.token_hash.clone()],
                    names: [x.name.clone(), o.name.clone()],
                }
            })
            .collect();
        let start = EventWrite::StartRound {
            event: event.event.code.clone(),
            round_no: number(event.rounds.len() + 1),
            bye: round.bye.map(|bye| number(bye.0)),
            pairings,
            started_at: now,
        };
        Ok(closing.into_iter().chain([start]).collect())
    })
    .await?;
    tracing::info!(event = %event.event.code, round = event.rounds.len(), "round started");
    Ok(answer(StatusCode::CREATED, &event))
}

fn no_round() -> ApiError {
    refuse(
        StatusCode::CONFLICT,
        "no_round_in_progress",
        "no round is going on",
    )
}

/// `POST /api/events/CODE/rounds/end`: ends the running round (the
/// teacher); a game not over scores as a draw (`unfinished`).
pub async fn finish_round(
    State(shared): State<Arc<Shared>>,
    Path(code): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let event = change(&shared, &code, &headers, |event| {
        ended(event)?;
        Ok(vec![end_round(&shared, event).ok_or_else(no_round)?])
    })
    .await?;
    Ok(answer(StatusCode::OK, &event))
}

/// `DELETE /api/events/CODE/players/N`: removes a player (the teacher):
/// not paired from the next round on; a game of the running round still
/// counts.
pub async fn remove_player(
    State(shared): State<Arc<Shared>>,
    Path((code, player)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let event = change(&shared, &code, &headers, |event| {
        ended(event)?;
        let unknown = || {
            refuse(
                StatusCode::NOT_FOUND,
                "unknown_player",
                format!("the event has no player {player:?}"),
            )
        };
        let player_no: u32 = player.parse().map_err(|_| unknown())?;
        let stored = event.players.get(player_no as usize).ok_or_else(unknown)?;
        if stored.withdrawn {
            return Err(refuse(
                StatusCode::CONFLICT,
                "player_removed",
                format!("player {player_no} was removed already"),
            ));
        }
        Ok(vec![EventWrite::Withdraw {
            event: event.event.code.clone(),
            player_no,
        }])
    })
    .await?;
    Ok(answer(StatusCode::OK, &event))
}

/// `POST /api/events/CODE/end`: ends the event (the teacher), and its
/// running round with it.
pub async fn end_event(
    State(shared): State<Arc<Shared>>,
    Path(code): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let event = change(&shared, &code, &headers, |event| {
        ended(event)?;
        let end = EventWrite::EndEvent {
            event: event.event.code.clone(),
            ended_at: shared.time.unix_seconds(),
        };
        Ok(end_round(&shared, event).into_iter().chain([end]).collect())
    })
    .await?;
    tracing::info!(event = %event.event.code, "event ended");
    Ok(answer(StatusCode::OK, &event))
}
