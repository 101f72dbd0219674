//! Perfect play, computer opponents and random games for JavaScript.

use qttt::analysis::{
    MctsOpponent, Opponent, PerfectOpponent, RandomOpponent, Scoring, Solver as CoreSolver,
};
use qttt::random::{SplitMix64, random_playout};
use wasm_bindgen::prelude::*;

use crate::errors;
use crate::game::Game;

pub(crate) fn scoring(name: Option<String>) -> Result<Scoring, JsValue> {
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

#[wasm_bindgen]
impl Game {
    /// X's result of the finished game under `scoring` (default
    /// `"single"`), in half points: 2 X wins, 0 draw, -2 O wins, with
    /// `"goff"` also 1 or -1 when both players have lines; `null` while the
    /// game goes on.
    #[wasm_bindgen(unchecked_return_type = "number | null")]
    pub fn result(
        &self,
        #[wasm_bindgen(unchecked_param_type = "ScoringName")] scoring_name: Option<String>,
    ) -> Result<JsValue, JsValue> {
        Ok(scoring(scoring_name)?
            .result(&self.inner)
            .map_or(JsValue::NULL, JsValue::from))
    }

    /// The position's value under perfect play (`scoring`: `"single"`,
    /// the default, `"goff"` or `"complete"`), with every optimal
    /// action and a principal variation. Under `"single"` an opening book
    /// answers positions with up to three marks, so it takes milliseconds;
    /// under the others the empty board takes a second or two (run it in a
    /// Web Worker). A `Solver` remembers between calls.
    #[wasm_bindgen(unchecked_return_type = "Solution")]
    pub fn solve(
        &self,
        #[wasm_bindgen(unchecked_param_type = "ScoringName")] scoring_name: Option<String>,
    ) -> Result<JsValue, JsValue> {
        Ok(solution(
            &CoreSolver::new(scoring(scoring_name)?).solve(&self.inner),
        ))
    }

    /// The token a computer opponent picks for whoever acts: `"random"`,
    /// `"mcts"` (with `playouts`, default 2000) or `"perfect"`; `seed` seeds
    /// its choices. Throws an `IllegalActionError` (`game_over`) once the
    /// game is over.
    #[wasm_bindgen(js_name = bestAction)]
    pub fn best_action(
        &self,
        #[wasm_bindgen(unchecked_param_type = "OpponentKind")] kind: &str,
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
            .choose(&self.inner)
            .map(|a| a.to_string())
            .ok_or_else(game_over)
    }
}

/// A solver that keeps its table from call to call: a game against the
/// perfect player, or hints on every move, solves the opening once.
#[wasm_bindgen]
pub struct Solver {
    solver: CoreSolver,
    rng: SplitMix64,
    book: bool,
}

#[wasm_bindgen]
impl Solver {
    /// A solver for `scoring` (default `"single"`) whose choices
    /// among equally good actions are seeded by `seed`; `openingBook`
    /// false (default true) searches the early positions that the opening
    /// book would answer under `"single"`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "ScoringName")] scoring_name: Option<String>,
        seed_value: Option<f64>,
        opening_book: Option<bool>,
    ) -> Result<Solver, JsValue> {
        let book = opening_book.unwrap_or(true);
        Ok(Solver {
            solver: CoreSolver::new(scoring(scoring_name)?).opening_book(book),
            rng: SplitMix64::new(seed(seed_value)?),
            book,
        })
    }

    /// As `game.solve()`, answering what earlier calls solved from the table.
    #[wasm_bindgen(unchecked_return_type = "Solution")]
    pub fn solve(&mut self, game: &Game) -> JsValue {
        solution(&self.solver.solve(&game.inner))
    }

    /// An optimal action's token for whoever acts (a seeded choice among
    /// equals); an `IllegalActionError` (`game_over`) once the game is over.
    #[wasm_bindgen(js_name = bestAction)]
    pub fn best_action(&mut self, game: &Game) -> Result<String, JsValue> {
        if game.inner.is_over() {
            return Err(game_over());
        }
        let optimal = self.solver.solve(&game.inner).optimal_actions;
        Ok(optimal[self.rng.below(optimal.len() as u32) as usize].to_string())
    }

    /// The value of every legal action under perfect play, for hints: for
    /// each, in id order, `{action, valueHalfPoints, endMove}` (the value
    /// from X's side, in half points, of the game after it).
    #[wasm_bindgen(js_name = actionValues, unchecked_return_type = "ActionValue[]")]
    pub fn action_values(&mut self, game: &Game) -> JsValue {
        let values: Vec<_> = game
            .inner
            .legal_actions()
            .iter()
            .map(|action| {
                let after = self.solver.solve(&game.inner.apply_unchecked(action));
                serde_json::json!({
                    "action": action.to_string(),
                    "valueHalfPoints": after.value_half_points,
                    "endMove": after.end_move,
                })
            })
            .collect();
        js_sys::JSON::parse(&serde_json::Value::from(values).to_string()).expect("valid JSON")
    }

    /// Frees the table now rather than when the garbage collector gets to it.
    #[wasm_bindgen(js_name = clear)]
    pub fn clear(&mut self) {
        self.solver = CoreSolver::new(self.solver.scoring()).opening_book(self.book);
    }
}

/// `n` complete random games from the empty board, from one generator
/// seeded by `seed` (the same games as Python's `qttt.random_games(n, seed)`):
/// `{X: wins, O: wins, draw: draws}`.
#[wasm_bindgen(js_name = randomGames, unchecked_return_type = "RandomGameCounts")]
pub fn random_games(n: u32, seed_value: Option<f64>) -> Result<JsValue, JsValue> {
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
