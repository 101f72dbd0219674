//! The position sampler is uniform: chi-square tests against the positions
//! of small plies listed exhaustively by playing every game (not by the
//! sampler's own superset), and against the state-space count's shares of
//! pending collapses at larger plies and over the whole game. The seed is
//! fixed (35, the number, chosen before the first run), so each
//! test is deterministic; each one fails if the statistic falls outside
//! the central 99.8 % of its distribution (too uneven, or too even to be
//! random).

use std::collections::{HashMap, HashSet};

use qttt::Game;
use qttt::analysis::{PositionSampler, StateSpace};

const SEED: u64 = 35;

/// Every distinct position after exactly `ply` actions, by playing every
/// legal action from each position of the ply before.
fn listed(ply: usize) -> HashSet<u128> {
    let mut level: HashMap<u128, Game> = HashMap::from([(0, Game::new())]);
    for _ in 0..ply {
        let mut next = HashMap::new();
        for game in level.values() {
            for action in game.legal_actions().iter() {
                let child = game.apply(action).expect("a legal action");
                next.entry(child.position_key().to_bits()).or_insert(child);
            }
        }
        level = next;
    }
    level.into_keys().collect()
}

/// The chi-square quantile for `df` degrees of freedom at the standard
/// normal quantile `z` (Wilson and Hilferty's approximation, within a
/// fraction of a percent for these `df`).
fn chi_square_quantile(df: f64, z: f64) -> f64 {
    let c = 2.0 / (9.0 * df);
    df * (1.0 - c + z * c.sqrt()).powi(3)
}

/// Fails unless the statistic lies between the 0.1 % and 99.9 % points.
fn assert_central(statistic: f64, df: f64, what: &str) {
    let (low, high) = (
        chi_square_quantile(df, -3.09),
        chi_square_quantile(df, 3.09),
    );
    eprintln!("{what}: chi-square {statistic:.1}, {df} degrees of freedom");
    assert!(
        (low..=high).contains(&statistic),
        "{what}: chi-square {statistic:.1} with {df} degrees of freedom, outside {low:.1}..{high:.1}"
    );
}

/// The chi-square statistic of `per_position` draws from `draw` for each
/// listed position at `ply`, and its degrees of freedom; every draw must
/// be a listed position.
fn statistic_over_listed(
    ply: usize,
    per_position: usize,
    mut draw: impl FnMut() -> Game,
) -> (f64, f64) {
    let positions = listed(ply);
    let mut counts: HashMap<u128, usize> = positions.iter().map(|&key| (key, 0)).collect();
    for _ in 0..per_position * positions.len() {
        let game = draw();
        assert_eq!(game.plies(), ply);
        *counts
            .get_mut(&game.position_key().to_bits())
            .unwrap_or_else(|| panic!("{} is not a position of ply {ply}", game.record())) += 1;
    }
    let expected = per_position as f64;
    let statistic = counts
        .values()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum();
    (statistic, (positions.len() - 1) as f64)
}

fn uniform_over_listed(ply: usize, per_position: usize) {
    let mut sampler = PositionSampler::at_ply(SEED, ply).unwrap();
    let (statistic, df) = statistic_over_listed(ply, per_position, || sampler.sample().game);
    assert_central(statistic, df, &format!("ply {ply}"));
}

#[test]
fn uniform_over_the_1296_positions_of_ply_2() {
    assert_eq!(listed(2).len(), 1_296); // docs/analysis.md's table
    uniform_over_listed(2, 20);
}

#[test]
fn uniform_over_the_45432_positions_of_ply_3() {
    uniform_over_listed(3, 5);
}

/// Pending collapses against the rest: the count's share, `draws` draws.
fn pending_share_fits(
    sampler: PositionSampler,
    positions: u64,
    pending: u64,
    draws: usize,
    what: &str,
) {
    let drawn_pending = sampler
        .take(draws)
        .filter(|s| s.game.collapse_options().is_some())
        .count();
    let p = pending as f64 / positions as f64;
    let statistic: f64 = [(drawn_pending, p), (draws - drawn_pending, 1.0 - p)]
        .iter()
        .map(|&(observed, p)| {
            let expected = draws as f64 * p;
            (observed as f64 - expected).powi(2) / expected
        })
        .sum();
    eprintln!("{what}: {drawn_pending} of {draws} pending, chi-square {statistic:.2}");
    // One degree of freedom: |z| below 3.29 (two-sided 0.1 %).
    assert!(
        statistic < 3.29f64.powi(2),
        "{what}: {drawn_pending} of {draws} pending, expected {:.0}",
        draws as f64 * p
    );
}

#[test]
fn pending_collapses_as_often_as_the_count_says() {
    let space = StateSpace::count();
    for ply in [4, 6, 9, 12] {
        let row = space.by_ply()[ply];
        pending_share_fits(
            PositionSampler::at_ply(SEED, ply).unwrap(),
            row.positions,
            row.pending,
            20_000,
            &format!("ply {ply}"),
        );
    }
    let whole = space.whole_game();
    pending_share_fits(
        PositionSampler::new(SEED),
        whole.positions,
        whole.pending,
        20_000,
        "whole game",
    );
}

/// The test has power: random playouts (uniform actions) reach the
/// positions of ply 3 unevenly, and the same test rejects them.
#[test]
fn random_playouts_fail_the_same_test() {
    let mut rng = qttt::random::SplitMix64::new(SEED);
    let (statistic, df) = statistic_over_listed(3, 5, || {
        let mut game = Game::new();
        for _ in 0..3 {
            game = game.apply_unchecked(qttt::random::random_action(&game, &mut rng).unwrap());
        }
        game
    });
    assert!(statistic > chi_square_quantile(df, 3.09), "{statistic}");
}
