//! Perfect play, computer opponents and random games for JavaScript: the
//! core's `OpponentKind`, `PerfectOpponent`, `Solver::action_values` and
//! `RandomStats::run_sequential`, translated. Values are in points (X's
//! points minus O's), the core's half points turned by `points`.

use qttt::analysis::{
    ActionValue, Opponent, OpponentKind, OpponentOptions, PerfectOpponent, RandomStats, Scoring,
    Solver as CoreSolver, points,
};
use wasm_bindgen::prelude::*;

use crate::errors;
use crate::game::game;

/// A name of the core's (`Scoring`, `OpponentKind`), else a `QtttError`
/// with the core's message.
fn parse<T: core::str::FromStr<Err = qttt::UnknownName>>(name: &str) -> Result<T, JsValue> {
    name.parse()
        .map_err(|e: qttt::UnknownName| errors::invalid_argument(&e.to_string()))
}

pub(crate) fn scoring(name: Option<String>) -> Result<Scoring, JsValue> {
    name.map_or(Ok(Scoring::SingleResult), |name| parse(&name))
}

/// A seed: an integer from 0 to 2^53 (a JavaScript number holds no more).
fn seed(value: Option<f64>) -> Result<u64, JsValue> {
    let value = value.unwrap_or(0.0);
    if value.fract() == 0.0 && (0.0..=9_007_199_254_740_992.0).contains(&value) {
        Ok(value as u64)
    } else {
        Err(errors::invalid_argument(&format!(
            "{value} is not a seed (an integer from 0 to 2^53)"
        )))
    }
}

/// A JavaScript object from JSON.
pub(crate) fn object(value: &serde_json::Value) -> JsValue {
    js_sys::JSON::parse(&value.to_string()).expect("valid JSON")
}

fn solution(s: &qttt::analysis::Solution) -> JsValue {
    let tokens =
        |actions: &[qttt::Action]| actions.iter().map(ToString::to_string).collect::<Vec<_>>();
    object(&serde_json::json!({
        "value": points(s.value_half_points),
        "endMove": s.end_move,
        "optimal": tokens(&s.optimal_actions),
        "variation": tokens(&s.principal_variation),
        "nodes": s.nodes,
    }))
}

fn action_values(game: &qttt::Game, values: &[ActionValue]) -> JsValue {
    let player = game.current_player();
    let list: Vec<_> = values
        .iter()
        .map(|v| {
            serde_json::json!({
                "action": v.action.to_string(),
                "value": points(v.value_half_points),
                "endMove": v.end_move,
                "forPlayer": player.map(|p| points(v.for_player(p))),
            })
        })
        .collect();
    object(&serde_json::Value::from(list))
}

fn game_over() -> JsValue {
    errors::refused(qttt::Reason::GameOver, "the game is over: nobody acts")
}

/// `game.result(scoring)`.
#[wasm_bindgen(js_name = gameResult)]
pub fn result(bytes: &[u8], scoring_name: Option<String>) -> Result<JsValue, JsValue> {
    Ok(scoring(scoring_name)?
        .result(&game(bytes))
        .map_or(JsValue::NULL, |half_points| points(half_points).into()))
}

/// `game.solve(scoring)`.
#[wasm_bindgen(js_name = gameSolve)]
pub fn solve(bytes: &[u8], scoring_name: Option<String>) -> Result<JsValue, JsValue> {
    Ok(solution(
        &CoreSolver::new(scoring(scoring_name)?).solve(&game(bytes)),
    ))
}

/// `game.bestAction(kind, seed, playouts)`: the core's opponent of that
/// kind.
#[wasm_bindgen(js_name = gameBestAction)]
pub fn best_action(
    bytes: &[u8],
    kind: &str,
    seed_value: Option<f64>,
    playouts: Option<u32>,
) -> Result<String, JsValue> {
    let kind: OpponentKind = parse(kind)?;
    let mut options = OpponentOptions::new().seed(seed(seed_value)?);
    if let Some(playouts) = playouts {
        options = options.playouts(playouts);
    }
    kind.opponent(options)
        .choose(&game(bytes))
        .map(|a| a.to_string())
        .ok_or_else(game_over)
}

/// The package's `Solver` (`js/solver.js`) holds one of these: the core's
/// perfect opponent, whose solver keeps its table from call to call, so a
/// game against the perfect player, or hints on every move, solves the
/// opening once.
#[wasm_bindgen]
pub struct SolverTable {
    opponent: PerfectOpponent,
    seed: u64,
    book: bool,
}

fn perfect(scoring: Scoring, seed: u64, book: bool) -> PerfectOpponent {
    PerfectOpponent::with_solver(CoreSolver::new(scoring).opening_book(book), seed)
}

#[wasm_bindgen]
impl SolverTable {
    /// `new Solver(scoring, seed, openingBook)`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        scoring_name: Option<String>,
        seed_value: Option<f64>,
        opening_book: Option<bool>,
    ) -> Result<SolverTable, JsValue> {
        let seed = seed(seed_value)?;
        let book = opening_book.unwrap_or(true);
        Ok(SolverTable {
            opponent: perfect(scoring(scoring_name)?, seed, book),
            seed,
            book,
        })
    }

    /// `solver.solve(game)`.
    pub fn solve(&mut self, bytes: &[u8]) -> JsValue {
        solution(&self.opponent.solver().solve(&game(bytes)))
    }

    /// `solver.bestAction(game)`.
    #[wasm_bindgen(js_name = bestAction)]
    pub fn best_action(&mut self, bytes: &[u8]) -> Result<String, JsValue> {
        self.opponent
            .choose(&game(bytes))
            .map(|a| a.to_string())
            .ok_or_else(game_over)
    }

    /// `solver.actionValues(game)`: the core's hint order.
    #[wasm_bindgen(js_name = actionValues)]
    pub fn action_values(&mut self, bytes: &[u8]) -> JsValue {
        let game = game(bytes);
        action_values(&game, &self.opponent.solver().action_values(&game))
    }

    /// `solver.clear()`.
    pub fn clear(&mut self) {
        let scoring = self.opponent.solver().scoring();
        self.opponent = perfect(scoring, self.seed, self.book);
    }
}

/// `n` complete random games from the empty board, from one generator
/// seeded by `seed` (the core's `RandomStats::run_sequential`, the same
/// games as Python's `qttt.random_games(n, seed)`): `{X: wins, O: wins,
/// draw: draws}`.
#[wasm_bindgen(js_name = randomGames, unchecked_return_type = "RandomGameCounts")]
pub fn random_games(
    n: u32,
    #[wasm_bindgen(js_name = seed, unchecked_optional_param_type = "number")] seed_value: Option<
        f64,
    >,
) -> Result<JsValue, JsValue> {
    let stats = RandomStats::run_sequential(u64::from(n), seed(seed_value)?);
    Ok(object(&serde_json::json!({
        "X": stats.x_wins,
        "O": stats.o_wins,
        "draw": stats.draws,
    })))
}
