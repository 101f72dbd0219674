//! The engine side of `qttt.rl`: the observation and legal mask of a game
//! as raw bytes (`qttt.rl` views them as numpy arrays without copying per
//! element), and `BatchEnv`, many games stepped together with the
//! interpreter lock released.

use pyo3::prelude::*;
use pyo3::types::PyBytes;
use qttt::analysis::Scoring;
use qttt::encoding::{OBSERVATION_LEN, legal_mask, observation, point_of_view};
use qttt::random::{SplitMix64, random_action};
use qttt::{ACTION_COUNT, Action, Player};

use crate::convert;
use crate::game::Game;

/// The observation of `game` (`qttt::encoding`): 183 little-endian float32s.
#[pyfunction]
pub fn _observation<'py>(py: Python<'py>, game: &Game) -> Bound<'py, PyBytes> {
    let mut out = [0.0f32; OBSERVATION_LEN];
    observation(&game.0, &mut out);
    PyBytes::new(py, &floats_to_bytes(&out))
}

/// The legal actions of `game` as a bit mask: bit `id` set when legal.
#[pyfunction]
pub fn _legal_mask(game: &Game) -> u64 {
    legal_mask(&game.0)
}

fn floats_to_bytes(values: &[f32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

/// `n` games stepped together, in Rust, with the interpreter lock released:
/// `step` applies one action id to each game and returns the observations,
/// legal masks, rewards and done flags as raw bytes (`qttt.rl.BatchEnv`
/// wraps them as numpy arrays). A finished game starts again at once.
#[pyclass(module = "qttt._qttt")]
pub struct BatchEnv {
    games: Vec<qttt::Game>,
    scoring: Scoring,
    rng: SplitMix64,
}

/// What a reset or a step returns: observations (n × 183 float32),
/// masks (n × 54 uint8), rewards (n float32), done flags (n uint8).
type Arrays = (Vec<u8>, Vec<u8>, Vec<u8>, Vec<u8>);

impl BatchEnv {
    fn arrays(&self, rewards: &[f32], dones: &[u8]) -> Arrays {
        let n = self.games.len();
        let mut obs = Vec::with_capacity(n * OBSERVATION_LEN * 4);
        let mut masks = vec![0u8; n * ACTION_COUNT];
        let mut one = [0.0f32; OBSERVATION_LEN];
        for (i, game) in self.games.iter().enumerate() {
            observation(game, &mut one);
            obs.extend(one.iter().flat_map(|v| v.to_le_bytes()));
            let mask = legal_mask(game);
            for (id, slot) in masks[i * ACTION_COUNT..(i + 1) * ACTION_COUNT]
                .iter_mut()
                .enumerate()
            {
                *slot = u8::from(mask >> id & 1 == 1);
            }
        }
        (obs, masks, floats_to_bytes(rewards), dones.to_vec())
    }
}

fn bytes4<'py>(
    py: Python<'py>,
    arrays: Arrays,
) -> (
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
) {
    (
        PyBytes::new(py, &arrays.0),
        PyBytes::new(py, &arrays.1),
        PyBytes::new(py, &arrays.2),
        PyBytes::new(py, &arrays.3),
    )
}

#[pymethods]
impl BatchEnv {
    /// `n` games on the empty board; `scoring` ("single", "goff" or
    /// "complete") sets the rewards; `seed` seeds `sample`.
    #[new]
    #[pyo3(signature = (n, seed = 0, scoring = "single"))]
    fn new(n: usize, seed: u64, scoring: &str) -> PyResult<BatchEnv> {
        if n == 0 {
            return Err(convert::out_of_range("a batch needs at least one game"));
        }
        Ok(BatchEnv {
            games: vec![qttt::Game::new(); n],
            scoring: crate::analysis::scoring(scoring)?,
            rng: SplitMix64::new(seed),
        })
    }

    /// How many games.
    #[getter]
    fn n(&self) -> usize {
        self.games.len()
    }

    /// Every game back to the empty board: (observations, masks).
    fn reset<'py>(&mut self, py: Python<'py>) -> (Bound<'py, PyBytes>, Bound<'py, PyBytes>) {
        let arrays = py.detach(|| {
            self.games.fill(qttt::Game::new());
            self.arrays(&[], &[])
        });
        (PyBytes::new(py, &arrays.0), PyBytes::new(py, &arrays.1))
    }

    /// Applies `actions[i]` (an action id) to game i. Every action is
    /// checked first: an illegal one raises IllegalActionError (or
    /// InvalidActionError for an id above 53) naming the game, and no game
    /// moves. The reward is for the player who acted, when the action ends
    /// the game (+1 win, -1 loss, 0 draw; with "goff" also ±0.5); finished
    /// games start again, so the observation returned for them is the
    /// empty board's. Returns (observations, masks, rewards, dones).
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &[u8],
    ) -> PyResult<(
        Bound<'py, PyBytes>,
        Bound<'py, PyBytes>,
        Bound<'py, PyBytes>,
        Bound<'py, PyBytes>,
    )> {
        if actions.len() != self.games.len() {
            return Err(convert::out_of_range(format!(
                "{} actions for {} games",
                actions.len(),
                self.games.len()
            )));
        }
        for (i, (&id, game)) in actions.iter().zip(&self.games).enumerate() {
            let action = Action::from_id(id).ok_or_else(|| {
                convert::refused(
                    qttt::Reason::InvalidActionId,
                    format!("game {i}: {id} is not an action id (0 to 53)"),
                )
            })?;
            if let Err(error) = game.apply(action) {
                return Err(convert::refused(
                    error.reason(),
                    format!("game {i}: `{action}`: {error}"),
                ));
            }
        }
        let arrays = py.detach(|| {
            let n = self.games.len();
            let mut rewards = vec![0.0f32; n];
            let mut dones = vec![0u8; n];
            for (i, (&id, game)) in actions.iter().zip(self.games.iter_mut()).enumerate() {
                let action = Action::from_id(id).expect("checked above");
                let mover = point_of_view(game);
                *game = game.apply_unchecked(action);
                if let Some(half_points) = self.scoring.result(game) {
                    let for_x = qttt::analysis::points(half_points) as f32;
                    rewards[i] = if mover == Player::X { for_x } else { -for_x };
                    dones[i] = 1;
                    *game = qttt::Game::new();
                }
            }
            self.arrays(&rewards, &dones)
        });
        Ok(bytes4(py, arrays))
    }

    /// A uniformly random legal action id for each game (seeded), as bytes.
    fn sample<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let ids: Vec<u8> = self
            .games
            .iter()
            .map(|game| random_action(game, &mut self.rng).map_or(0, Action::id))
            .collect();
        PyBytes::new(py, &ids)
    }

    /// The records of the games as they stand.
    fn records(&self) -> Vec<String> {
        self.games.iter().map(|g| g.record().to_string()).collect()
    }
}
