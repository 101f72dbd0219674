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
    Accuracy, Arena, GameResult, Outcome, Pairing, PlayerId, Ratings, Round, Swiss, SwissError,
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
    ArenaStep, EventKind, EventOutcome, EventSettings, EventWrite, NewEvent, NewPairing, NewTable,
    RatingChange, Scoring, StoreError, StoredEvent, StoredPairing, StoredRound,
};
use crate::table::Command;

/// The most players an event takes.
pub const MAX_PLAYERS: usize = 200;

/// The most rounds a Swiss may have.
pub const MAX_SWISS_ROUNDS: u32 = 99;

/// The most minutes an arena may last (a day).
pub const MAX_ARENA_MINUTES: u32 = 1440;

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

/// The stored game of an event's table (its only game: a round's table
/// plays one); a table that is gone is the store's failure.
pub(crate) async fn event_game(
    shared: &Shared,
    table: &str,
) -> Result<crate::store::StoredGame, ApiError> {
    shared
        .store
        .load_game(table.to_owned(), 1)
        .await
        .map_err(|problem| store_failed(&problem))?
        .ok_or_else(|| ApiError::store(&format!("table {table} lost")))
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
        let mut writes = settlements(shared, &event, true).await?;
        // An arena whose time is up ends, once its games over are settled.
        let expired = arena_ends_at(&event)
            .is_some_and(|end| shared.time.unix_seconds() >= end && event.ended_at.is_none());
        if writes.is_empty() && expired {
            let end = EventWrite::EndEvent {
                event: event.event.code.clone(),
                ended_at: shared.time.unix_seconds(),
            };
            writes.extend(end_round(shared, &event).into_iter().chain([end]));
        }
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
///
/// In an arena that pairs now and with `pair`, each game's end is also a
/// step of the arena, and the games it makes at once are created with it.
async fn settlements(
    shared: &Shared,
    event: &StoredEvent,
    pair: bool,
) -> Result<Vec<EventWrite>, ApiError> {
    let mut ratings = event.ratings.clone();
    let mut writes = Vec::new();
    let mut arena = if pair && arena_open(shared, event) {
        Some(ArenaState::replay(event)?)
    } else {
        None
    };
    for (round_no, round) in (1..).zip(&event.rounds) {
        for (board, pairing) in (1..).zip(&round.pairings) {
            let (None, Some(end)) = (pairing.outcome, pairing.game_end) else {
                continue;
            };
            let game = event_game(shared, &pairing.table).await?;
            let first = start_plies(event);
            let reviewed =
                tokio::task::spawn_blocking(move || review::review(&game.actions, game.end, first))
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
            if let Some(arena) = &mut arena {
                let now = shared.time.unix_seconds();
                writes.extend(arena.step_writes(event, ArenaStep::Finish(board), result, now)?);
            }
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

/// A game to create between players `x` and `o` (pairing numbers): a new
/// table of the class with the event's clock, its seats reserved.
fn new_pairing(event: &StoredEvent, x: u32, o: u32, now: i64) -> NewPairing {
    let [px, po] = [x, o].map(|no| &event.players[no as usize]);
    NewPairing {
        x,
        o,
        table: NewTable {
            code: secret::new_code(),
            class: Some(event.event.class.clone()),
            kinds: [SeatKind::Person, SeatKind::Person],
            clock: event.event.settings.clock,
            created_at: now,
        },
        token_hashes: [px.token_hash.clone(), po.token_hash.clone()],
        names: [px.name.clone(), po.name.clone()],
        start: start_actions(event),
    }
}

/// The event's start position as the actions its tables' first games
/// start with, each with both clocks full.
fn start_actions(event: &StoredEvent) -> Vec<crate::store::StoredAction> {
    let full = event.event.settings.clock.initial().map_or(0, |initial| {
        i64::try_from(initial.as_millis()).unwrap_or(i64::MAX)
    });
    event
        .event
        .settings
        .start
        .as_deref()
        .map(|record| {
            record
                .split_whitespace()
                .map(|action| crate::store::StoredAction {
                    action: action.to_owned(),
                    clocks: [full; 2],
                })
                .collect()
        })
        .unwrap_or_default()
}

/// How many plies of the event's games are its start position's (not
/// reviewed: no player chose them).
pub(crate) fn start_plies(event: &StoredEvent) -> usize {
    event
        .event
        .settings
        .start
        .as_deref()
        .map_or(0, |record| record.split_whitespace().count())
}

/// An arena rebuilt from its stored steps by `qttt_events::Arena`.
struct ArenaState {
    arena: Arena,
    /// The pairing number of each arena player (by its arena id).
    players: Vec<u32>,
    /// Every game made, in order: board n is `boards[n - 1]` (arena ids).
    boards: Vec<Pairing>,
    /// The steps applied.
    steps: u32,
}

impl ArenaState {
    /// The arena after the event's stored steps; every game it made must
    /// be the stored board of that number.
    fn replay(event: &StoredEvent) -> Result<ArenaState, ApiError> {
        let mut state = ArenaState {
            arena: Arena::new(),
            players: Vec::new(),
            boards: Vec::new(),
            steps: 0,
        };
        let stored: &[StoredPairing] = event.rounds.first().map_or(&[], |r| &r.pairings);
        for &step in &event.steps {
            let result = match step {
                ArenaStep::Finish(board) => stored
                    .get(board as usize - 1)
                    .and_then(result_of)
                    .ok_or_else(|| replay_failed(&format!("board {board} has no result")))?,
                _ => EventOutcome::Draw,
            };
            state.apply(step, result)?;
        }
        let made: Vec<(u32, u32)> = state.boards.iter().map(|&g| state.numbers(g)).collect();
        let kept: Vec<(u32, u32)> = stored.iter().map(|p| (p.x, p.o)).collect();
        if made != kept {
            return Err(replay_failed(&format!("made {made:?}, stored {kept:?}")));
        }
        Ok(state)
    }

    /// Applies a step (`result` the result of a finished board); the games
    /// it made, in pairing numbers.
    fn apply(
        &mut self,
        step: ArenaStep,
        result: EventOutcome,
    ) -> Result<Vec<(u32, u32)>, ApiError> {
        let id = |players: &[u32], player: u32| {
            players
                .iter()
                .position(|&p| p == player)
                .map(PlayerId)
                .ok_or_else(|| replay_failed(&format!("player {player} is not in the arena")))
        };
        let made = match step {
            ArenaStep::Join(player) => {
                let (_, made) = self.arena.join();
                self.players.push(player);
                made
            }
            ArenaStep::Finish(board) => {
                let game = *self
                    .boards
                    .get(board as usize - 1)
                    .ok_or_else(|| replay_failed(&format!("no board {board}")))?;
                self.arena
                    .finish(game, outcome(result))
                    .map_err(|error| replay_failed(&error.to_string()))?
            }
            ArenaStep::Leave(player) => {
                let player = id(&self.players, player)?;
                self.arena
                    .leave_after_game(player)
                    .map_err(|error| replay_failed(&error.to_string()))?;
                Vec::new()
            }
        };
        self.steps += 1;
        self.boards.extend(&made);
        Ok(made.into_iter().map(|g| self.numbers(g)).collect())
    }

    /// A game's players as pairing numbers (X, O).
    fn numbers(&self, game: Pairing) -> (u32, u32) {
        (self.players[game.x.0], self.players[game.o.0])
    }

    /// The writes of `step` applied now: the step, and the games it made
    /// (new boards of round 1, their tables created).
    fn step_writes(
        &mut self,
        event: &StoredEvent,
        step: ArenaStep,
        result: EventOutcome,
        now: i64,
    ) -> Result<Vec<EventWrite>, ApiError> {
        let made = self.apply(step, result)?;
        let mut writes = vec![EventWrite::Step {
            event: event.event.code.clone(),
            step_no: self.steps,
            step,
        }];
        if !made.is_empty() {
            writes.push(EventWrite::AddGames {
                event: event.event.code.clone(),
                round_no: 1,
                first_board: number(self.boards.len() - made.len() + 1),
                pairings: made
                    .iter()
                    .map(|&(x, o)| new_pairing(event, x, o, now))
                    .collect(),
            });
        }
        Ok(writes)
    }
}

fn replay_failed(problem: &str) -> ApiError {
    ApiError::store(&format!(
        "the arena's stored steps do not replay: {problem}"
    ))
}

/// When an arena that has started ends (Unix seconds): its start plus
/// its minutes.
fn arena_ends_at(event: &StoredEvent) -> Option<i64> {
    match event.event.kind {
        EventKind::Arena { minutes } => event
            .rounds
            .first()
            .map(|round| round.started_at + 60 * i64::from(minutes)),
        _ => None,
    }
}

/// Whether an arena goes on: started, its round going on, its time not
/// up.
fn arena_running(shared: &Shared, event: &StoredEvent) -> bool {
    running(event).is_some()
        && arena_ends_at(event).is_some_and(|end| shared.time.unix_seconds() < end)
}

/// Whether an arena pairs now: it goes on and is not paused.
fn arena_open(shared: &Shared, event: &StoredEvent) -> bool {
    arena_running(shared, event) && !event.paused
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
        EventKind::Arena { .. } => Err(refuse(
            StatusCode::CONFLICT,
            "no_more_rounds",
            "an arena has one round",
        )),
    }
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
        "ends_at": arena_ends_at(event),
        "clock": event.event.settings.clock,
        "scoring": event.event.settings.scoring,
        "start": event.event.settings.start,
        "created_at": event.event.created_at,
        "ended": event.ended_at.is_some(),
        "paused": event.paused,
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
    #[serde(default)]
    start: Option<String>,
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
        ("arena", None, Some(minutes @ 1..=MAX_ARENA_MINUTES)) => EventKind::Arena { minutes },
        ("arena", _, _) => {
            return Err(bad_request(format!(
                "an arena takes `minutes`, 1 to {MAX_ARENA_MINUTES}, and no `rounds`"
            )));
        }
        ("round_robin" | "swiss", _, _) => {
            return Err(bad_request(format!(
                "a round robin takes no `rounds` or `minutes`; a Swiss takes `rounds`, 1 to {MAX_SWISS_ROUNDS}"
            )));
        }
        (other, _, _) => {
            return Err(bad_request(format!(
                "unknown kind {other:?}: `round_robin`, `swiss` or `arena`"
            )));
        }
    };
    if !settings.clock.is_valid() {
        return Err(bad_request(
            "clock seconds must be 1 to 86400 (an increment 0 to 86400)",
        ));
    }
    let start = match settings.start.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(record) => {
            let game = qttt::Game::from_record(record).map_err(|problem| {
                refuse(
                    StatusCode::BAD_REQUEST,
                    "bad_start",
                    format!("the start record {record:?}: {problem}"),
                )
            })?;
            if game.outcome().is_some() {
                return Err(refuse(
                    StatusCode::BAD_REQUEST,
                    "bad_start",
                    format!("the start record {record:?} is a finished game"),
                ));
            }
            Some(game.record().to_string())
        }
    };
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
                start: start.clone(),
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
        let event = load_settled(shared, code).await?;
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
        let mut writes = vec![write];
        // A late joiner enters an open arena at once, and is paired if
        // someone waits.
        if arena_open(shared, &event) {
            let mut joined = event.clone();
            joined.players.push(crate::store::StoredPlayer {
                name: name.clone(),
                token_hash: secret::token_hash(&token),
                withdrawn: false,
            });
            let mut state = ArenaState::replay(&joined)?;
            let now = shared.time.unix_seconds();
            writes.extend(state.step_writes(
                &joined,
                ArenaStep::Join(player_no),
                EventOutcome::Draw,
                now,
            )?);
        }
        match shared.store.write_event(writes).await {
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
        // Games over settled (an arena's new games paired) first.
        let event = load_settled(shared, code).await?;
        teacher(&event, headers)?;
        let mut writes = make(&event)?;
        // A game over since is settled in the same transaction: a round's
        // end then leaves none of them unrated. (An arena's end pairs no
        // more; a change that leaves it open reads again instead.)
        let closing = writes
            .iter()
            .any(|write| matches!(write, EventWrite::EndRound { .. }));
        let settle = settlements(shared, &event, false).await?;
        if !settle.is_empty() && !closing && event.event.kind.name() == "arena" {
            continue;
        }
        writes.splice(0..0, settle);
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
        if event.paused {
            return Err(refuse(
                StatusCode::CONFLICT,
                "event_paused",
                "the event is paused: resume it first",
            ));
        }
        if let EventKind::Arena { .. } = event.event.kind {
            return start_arena(&shared, event);
        }
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
            .map(|p| new_pairing(event, number(p.x.0), number(p.o.0), now))
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

/// An arena's start: every present player enters, in pairing order, and
/// is paired at once as the arena pairs (round 1 holds all its games).
fn start_arena(shared: &Shared, event: &StoredEvent) -> Result<Vec<EventWrite>, ApiError> {
    if !event.rounds.is_empty() {
        return Err(refuse(
            StatusCode::CONFLICT,
            "no_more_rounds",
            "an arena has one round, started already",
        ));
    }
    let present: Vec<u32> = (0..number(event.players.len()))
        .filter(|&p| !event.players[p as usize].withdrawn)
        .collect();
    if present.len() < 2 {
        return Err(too_few());
    }
    let mut state = ArenaState::replay(event)?;
    let now = shared.time.unix_seconds();
    let mut steps = Vec::new();
    let mut games = Vec::new();
    for player in present {
        for write in state.step_writes(event, ArenaStep::Join(player), EventOutcome::Draw, now)? {
            match write {
                EventWrite::AddGames { pairings, .. } => games.extend(pairings),
                step => steps.push(step),
            }
        }
    }
    let start = EventWrite::StartRound {
        event: event.event.code.clone(),
        round_no: 1,
        bye: None,
        pairings: games,
        started_at: now,
    };
    Ok([start].into_iter().chain(steps).collect())
}

/// Pauses (`true`) or resumes every table of the event whose game goes
/// on, each through its table's task, stored before this returns.
///
/// # Errors
/// The first table's refusal (its store failed, the server shuts down);
/// the tables before it are changed, the ones after it are still tried.
async fn pause_tables(
    shared: &Arc<Shared>,
    event: &StoredEvent,
    paused: bool,
) -> Result<(), ApiError> {
    let mut failed = None;
    let going_on = event
        .rounds
        .iter()
        .flat_map(|round| &round.pairings)
        .filter(|pairing| pairing.game_end.is_none());
    for pairing in going_on {
        let answer = shared
            .request(&pairing.table, |reply| Command::Pause { paused, reply })
            .await
            .and_then(|answer| answer);
        if let Err(refusal) = answer {
            tracing::error!(table = %pairing.table, ?refusal, paused, "an event's table was not paused or resumed");
            failed.get_or_insert(refusal);
        }
    }
    failed.map_or(Ok(()), |refusal| Err(ApiError::refused(refusal)))
}

/// `POST /api/events/CODE/pause`: pauses the event (the teacher): no
/// round starts, and an arena pairs no one, until it is resumed; and
/// every game going on is paused (its clocks stop, no action is taken).
pub async fn pause(
    State(shared): State<Arc<Shared>>,
    Path(code): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let event = change(&shared, &code, &headers, |event| {
        ended(event)?;
        if event.paused {
            return Err(refuse(
                StatusCode::CONFLICT,
                "event_paused",
                "the event is paused already",
            ));
        }
        Ok(vec![EventWrite::Pause {
            event: event.event.code.clone(),
            paused: true,
        }])
    })
    .await?;
    pause_tables(&shared, &event, true).await?;
    Ok(answer(StatusCode::OK, &event))
}

/// `POST /api/events/CODE/resume`: resumes a paused event (the teacher):
/// its games going on first (their clocks run again from where they
/// stopped); an arena then enters the players who finished or joined
/// meanwhile, in that order, and pairs them.
pub async fn resume(
    State(shared): State<Arc<Shared>>,
    Path(code): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let paused = load(&shared, &code).await?;
    teacher(&paused, &headers)?;
    if paused.paused && paused.ended_at.is_none() {
        pause_tables(&shared, &paused, false).await?;
    }
    let event = change(&shared, &code, &headers, |event| {
        ended(event)?;
        if !event.paused {
            return Err(refuse(
                StatusCode::CONFLICT,
                "not_paused",
                "the event is not paused",
            ));
        }
        let mut writes = vec![EventWrite::Pause {
            event: event.event.code.clone(),
            paused: false,
        }];
        if arena_running(&shared, event) {
            writes.extend(arena_catch_up(&shared, event)?);
        }
        Ok(writes)
    })
    .await?;
    Ok(answer(StatusCode::OK, &event))
}

/// The steps a paused arena did not take: each game settled meanwhile
/// ends (board order), then each present player not in the arena enters
/// (pairing order), pairing as they go.
fn arena_catch_up(shared: &Shared, event: &StoredEvent) -> Result<Vec<EventWrite>, ApiError> {
    let mut state = ArenaState::replay(event)?;
    let now = shared.time.unix_seconds();
    let finished: Vec<u32> = event
        .steps
        .iter()
        .filter_map(|step| match step {
            ArenaStep::Finish(board) => Some(*board),
            _ => None,
        })
        .collect();
    let entered: Vec<u32> = event
        .steps
        .iter()
        .filter_map(|step| match step {
            ArenaStep::Join(player) => Some(*player),
            _ => None,
        })
        .collect();
    let mut writes = Vec::new();
    let games = event
        .rounds
        .first()
        .map_or(&[][..], |round| &round.pairings[..]);
    for (board, pairing) in (1..).zip(games) {
        if let (Some(result), false) = (pairing.outcome, finished.contains(&board)) {
            writes.extend(state.step_writes(event, ArenaStep::Finish(board), result, now)?);
        }
    }
    for player in 0..number(event.players.len()) {
        if !event.players[player as usize].withdrawn && !entered.contains(&player) {
            writes.extend(state.step_writes(
                event,
                ArenaStep::Join(player),
                EventOutcome::Draw,
                now,
            )?);
        }
    }
    Ok(writes)
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
        let withdraw = EventWrite::Withdraw {
            event: event.event.code.clone(),
            player_no,
        };
        let mut writes = vec![withdraw];
        if arena_running(&shared, event) {
            let mut state = ArenaState::replay(event)?;
            let now = shared.time.unix_seconds();
            writes.extend(state.step_writes(
                event,
                ArenaStep::Leave(player_no),
                EventOutcome::Draw,
                now,
            )?);
        }
        Ok(writes)
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

/// A game at a class's table ended (stored and published): if it is an
/// event's, the event settles it now (an arena pairs the players who
/// wait), in a task of its own, from the store. Nothing is lost if this
/// does not happen (a crash): the next reading of the event settles it.
pub fn game_over(shared: Arc<Shared>, table: String) {
    tokio::spawn(async move {
        match shared.store.table_event(table.clone()).await {
            Ok(Some(code)) => {
                if let Err(problem) = load_settled(&shared, &code).await {
                    tracing::warn!(event = %code, table = %table, ?problem, "settling failed");
                }
            }
            Ok(None) => {}
            Err(problem) => tracing::warn!(table = %table, error = %problem, "store failed"),
        }
    });
}
