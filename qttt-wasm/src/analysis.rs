//! Perfect play, computer opponents and random games for JavaScript.

use qttt::analysis::{
    MctsOpponent, Opponent, PerfectOpponent, RandomOpponent, Scoring, Solver as CoreSolver,
};
use qttt::random::{SplitMix64, random_playout};
use wasm_bindgen::prelude::*;

use crate::errors;
use crate::game::game;

fn scoring(name: Option<String>) -> Result<Scoring, JsValue> {
    name.map_or(Ok(Scoring::SingleResult), |name| {
        name.parse()
            .map_err(|e: qttt::UnknownName| errors::invalid_argument(&e.to_string()))
    })
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

fn solution(s: &qttt::analysis::Solution) -> JsValue {
    let tokens =
        |actions: &[qttt::Action]| actions.iter().map(ToString::to_string).collect::<Vec<_>>();
    let object = serde_json::json!({
        "valueHalfPoints": s.value_half_points,
        "endMove": s.end_move,
        "optimal": tokens(&s.optimal_actions),
        "variation": tokens(&s.principal_variation),
        "nodes": s.nodes,
    });
    js_sys::JSON::parse(&object.to_string()).expect("valid JSON")
}

fn game_over() -> JsValue {
    errors::refused(qttt::Reason::GameOver, "the game is over: nobody acts")
}

/// `game.result(scoring)`.
#[wasm_bindgen(js_name = gameResult)]
pub fn result(bytes: &[u8], scoring_name: Option<String>) -> Result<JsValue, JsValue> {
    Ok(scoring(scoring_name)?
        .result(&game(bytes))
        .map_or(JsValue::NULL, JsValue::from))
}

/// `game.solve(scoring)`.
#[wasm_bindgen(js_name = gameSolve)]
pub fn solve(bytes: &[u8], scoring_name: Option<String>) -> Result<JsValue, JsValue> {
    Ok(solution(
        &CoreSolver::new(scoring(scoring_name)?).solve(&game(bytes)),
    ))
}

/// `game.bestAction(kind, seed, playouts)`.
#[wasm_bindgen(js_name = gameBestAction)]
pub fn best_action(
    bytes: &[u8],
    kind: &str,
    seed_value: Option<f64>,
    playouts: Option<u32>,
) -> Result<String, JsValue> {
    let seed = seed(seed_value)?;
    let mut opponent: Box<dyn Opponent> = match kind {
        "random" => Box::new(RandomOpponent::new(seed)),
        "mcts" => Box::new(MctsOpponent::new(playouts.unwrap_or(2000), seed)),
        "perfect" => Box::new(PerfectOpponent::new(seed)),
        _ => {
            return Err(errors::invalid_argument(&format!(
                "`{kind}` is not an opponent: \"random\", \"mcts\" or \"perfect\""
            )));
        }
    };
    opponent
        .choose(&game(bytes))
        .map(|a| a.to_string())
        .ok_or_else(game_over)
}

/// The package's `Solver` (`js/solver.js`) holds one of these: a solver
/// that keeps its table from call to call, so a game against the perfect
/// player, or hints on every move, solves the opening once.
#[wasm_bindgen]
pub struct SolverTable {
    solver: CoreSolver,
    rng: SplitMix64,
    book: bool,
}

#[wasm_bindgen]
impl SolverTable {
    /// `new Solver(scoring, seed, openingBook)`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(js_name = scoring, unchecked_optional_param_type = "ScoringName")]
        scoring_name: Option<String>,
        #[wasm_bindgen(js_name = seed, unchecked_optional_param_type = "number")]
        seed_value: Option<f64>,
        #[wasm_bindgen(js_name = openingBook, unchecked_optional_param_type = "boolean")]
        opening_book: Option<bool>,
    ) -> Result<SolverTable, JsValue> {
        let book = opening_book.unwrap_or(true);
        Ok(SolverTable {
            solver: CoreSolver::new(scoring(scoring_name)?).opening_book(book),
            rng: SplitMix64::new(seed(seed_value)?),
            book,
        })
    }

    /// `solver.solve(game)`.
    pub fn solve(&mut self, bytes: &[u8]) -> JsValue {
        solution(&self.solver.solve(&game(bytes)))
    }

    /// `solver.bestAction(game)`.
    #[wasm_bindgen(js_name = bestAction)]
    pub fn best_action(&mut self, bytes: &[u8]) -> Result<String, JsValue> {
        let game = game(bytes);
        if game.is_over() {
            return Err(game_over());
        }
        let optimal = self.solver.solve(&game).optimal_actions;
        Ok(optimal[self.rng.below(optimal.len() as u32) as usize].to_string())
    }

    /// `solver.actionValues(game)`.
    #[wasm_bindgen(js_name = actionValues)]
    pub fn action_values(&mut self, bytes: &[u8]) -> JsValue {
        let game = game(bytes);
        let values: Vec<_> = game
            .legal_actions()
            .iter()
            .map(|action| {
                let after = self.solver.solve(&game.apply_unchecked(action));
                serde_json::json!({
                    "action": action.to_string(),
                    "valueHalfPoints": after.value_half_points,
                    "endMove": after.end_move,
                })
            })
            .collect();
        js_sys::JSON::parse(&serde_json::Value::from(values).to_string()).expect("valid JSON")
    }

    /// `solver.clear()`.
    pub fn clear(&mut self) {
        self.solver = CoreSolver::new(self.solver.scoring()).opening_book(self.book);
    }
}

/// `n` complete random games from the empty board, from one generator
/// seeded by `seed` (the same games as Python's `qttt.random_games(n, seed)`):
/// `{X: wins, O: wins, draw: draws}`.
#[wasm_bindgen(js_name = randomGames, unchecked_return_type = "RandomGameCounts")]
pub fn random_games(
    n: u32,
    #[wasm_bindgen(js_name = seed, unchecked_optional_param_type = "number")] seed_value: Option<
        f64,
    >,
) -> Result<JsValue, JsValue> {
    let mut rng = SplitMix64::new(seed(seed_value)?);
    let mut counts = [0u32; 3];
    for _ in 0..n {
        let end = random_playout(&qttt::Game::new(), &mut rng);
        counts[end
            .outcome()
            .and_then(|o| o.winner())
            .map_or(2, |p| p as usize)] += 1;
    }
    let object = serde_json::json!({"X": counts[0], "O": counts[1], "draw": counts[2]});
    Ok(js_sys::JSON::parse(&object.to_string()).expect("valid JSON"))
}
