//! The values of every position of the first plies under perfect play,
//! counted by listing the positions (issue #35, item 3, on the plies a
//! listing can afford): per ply and scoring, how many are won by X, drawn
//! or won by O (Goff's points with their half points), how many give the
//! player to act exactly one optimal action, and the longest forced win.

use std::collections::HashMap;
use std::sync::Arc;

use super::{Scoring, Solver, Tablebase};
use crate::Game;

/// One scoring's figures over the positions of one ply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScoringCensus {
    /// Positions by X's value in half points under perfect play, index
    /// `value + 2`: X loses (−1), −1/2, a draw, +1/2, X wins (+1). Only
    /// [`Scoring::GoffPoints`] gives the half points.
    pub by_half_points: [u64; 5],
    /// Positions not finished whose player to act has exactly one optimal
    /// action ([`Solution::optimal_actions`](super::Solution): the best
    /// value, the winner hurrying and the loser delaying).
    pub single_optimal_action: u64,
    /// The most actions (moves and collapse choices) to the end of the game
    /// from a position that is won under perfect play (0 when none is).
    pub longest_forced_win: u8,
}

impl ScoringCensus {
    /// Positions X wins (by a whole or half point).
    #[must_use]
    pub fn x_wins(&self) -> u64 {
        self.by_half_points[3] + self.by_half_points[4]
    }

    /// Positions drawn under perfect play.
    #[must_use]
    pub fn draws(&self) -> u64 {
        self.by_half_points[2]
    }

    /// Positions O wins (by a whole or half point).
    #[must_use]
    pub fn o_wins(&self) -> u64 {
        self.by_half_points[0] + self.by_half_points[1]
    }
}

/// The values of the positions of one ply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlyValues {
    /// Actions from the empty board.
    pub ply: usize,
    /// The distinct positions that occur at this ply (as
    /// [`StateSpace::by_ply`](super::StateSpace::by_ply) counts them).
    pub positions: u64,
    /// Those up to the 8 symmetries: the positions solved.
    pub orbits: u64,
    /// One census per scoring of [`Scoring::ALL`], over all `positions`
    /// (each orbit weighted by its size).
    pub scorings: [ScoringCensus; 3],
}

/// The values of every position of plies `0..=last_ply`, by listing them:
/// every legal action from every position of the ply before, the distinct
/// positions grouped up to symmetry, one of each group solved under each
/// scoring and counted as many times as its group has positions. The
/// listing grows about thirty-fold a ply (1,296 positions at ply 2,
/// 45,432 at ply 3, 1,529,136 at ply 4), and so does the solving, so
/// `last_ply` above 3 takes long (docs/performance.md).
///
/// ```
/// use qttt::analysis::value_census;
/// let plies = value_census(1);
/// // The empty board: X wins under the single result, by half a point
/// // under Goff's points, and the complete-win rule draws.
/// assert_eq!(plies[0].scorings[0].x_wins(), 1);
/// assert_eq!(plies[0].scorings[1].by_half_points[3], 1);
/// assert_eq!(plies[0].scorings[2].draws(), 1);
/// assert_eq!(plies[1].positions, 36);
/// ```
#[must_use]
pub fn value_census(last_ply: usize) -> Vec<PlyValues> {
    census(last_ply, None)
}

/// [`value_census`] with every solver answering the positions `table`
/// stores from it ([`Solver::tablebase`]), on two threads: the same
/// figures, and with the complete table plies 4 and 5 within minutes
/// (docs/performance.md). The listing itself still grows thirtyfold a ply
/// (48,391,560 positions at ply 5, about 10 GB of memory).
#[must_use]
pub fn value_census_with_table(last_ply: usize, table: Arc<Tablebase>) -> Vec<PlyValues> {
    census(last_ply, Some(table))
}

fn census(last_ply: usize, table: Option<Arc<Tablebase>>) -> Vec<PlyValues> {
    let solvers = || {
        Scoring::ALL.map(|s| {
            let solver = Solver::new(s).table_limit(1 << 22);
            match &table {
                Some(table) => solver.tablebase(Arc::clone(table)),
                None => solver,
            }
        })
    };
    let threads = if table.is_some() { 2 } else { 1 };
    let mut workers: Vec<[Solver; 3]> = (0..threads).map(|_| solvers()).collect();
    let mut level: HashMap<u128, Game> = HashMap::from([(0, Game::new())]);
    let mut plies = Vec::new();
    for ply in 0..=last_ply {
        if ply > 0 {
            let mut next = HashMap::new();
            for game in level.values() {
                for action in game.legal_actions().iter() {
                    let child = game.apply_unchecked(action);
                    next.entry(child.position_key().to_bits()).or_insert(child);
                }
            }
            level = next;
        }
        // The orbits, each with its size among this ply's positions.
        let mut orbits: HashMap<u128, (u64, Game)> = HashMap::new();
        for game in level.values() {
            orbits
                .entry(game.canonical_key().to_bits())
                .or_insert((0, *game))
                .0 += 1;
        }
        let mut representatives: Vec<(u64, Game)> = orbits.into_values().collect();
        representatives.sort_by_key(|(_, game)| game.canonical_key().to_bits());
        // Each worker takes every `threads`-th orbit: the sums and the
        // longest win do not depend on how they are shared.
        let shares: Vec<[ScoringCensus; 3]> = std::thread::scope(|scope| {
            let representatives = &representatives;
            let running: Vec<_> = workers
                .iter_mut()
                .enumerate()
                .map(|(first, solvers)| {
                    scope.spawn(move || {
                        let orbits = representatives.iter().skip(first).step_by(threads);
                        census_of(orbits, solvers)
                    })
                })
                .collect();
            running
                .into_iter()
                .map(|worker| worker.join().expect("a census thread does not panic"))
                .collect()
        });
        let mut values = PlyValues {
            ply,
            positions: level.len() as u64,
            orbits: representatives.len() as u64,
            ..PlyValues::default()
        };
        for share in shares {
            for (census, part) in values.scorings.iter_mut().zip(share) {
                for (total, count) in census.by_half_points.iter_mut().zip(part.by_half_points) {
                    *total += count;
                }
                census.single_optimal_action += part.single_optimal_action;
                census.longest_forced_win = census.longest_forced_win.max(part.longest_forced_win);
            }
        }
        plies.push(values);
    }
    plies
}

/// The census of some orbits (each with its size), one per scoring.
fn census_of<'a>(
    orbits: impl Iterator<Item = &'a (u64, Game)>,
    solvers: &mut [Solver; 3],
) -> [ScoringCensus; 3] {
    let mut scorings = [ScoringCensus::default(); 3];
    for (weight, game) in orbits {
        for (census, solver) in scorings.iter_mut().zip(solvers.iter_mut()) {
            let solution = solver.solve(game);
            census.by_half_points[(solution.value_half_points + 2) as usize] += weight;
            if game.is_over() {
                continue;
            }
            if solution.optimal_actions.len() == 1 {
                census.single_optimal_action += weight;
            }
            if solution.value_half_points != 0 {
                // Actions to the end: marks still to place, and the
                // collapses on the way (the principal variation).
                let actions = solution.principal_variation.len() as u8;
                census.longest_forced_win = census.longest_forced_win.max(actions);
            }
        }
    }
    scorings
}
