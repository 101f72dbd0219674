//! `value_census`: the values of every position of the first plies, by
//! listing them, against independent figures: the published values of the
//! empty board, the state-space count's positions and orbits by ply, and
//! the thresholds the three scorings must share. And `PlyCounter`, the
//! count from the waiting positions alone that the complete table runs:
//! the same positions as the state-space count, the same values as the
//! listing.

use std::collections::HashMap;
use std::sync::Arc;

use qttt::Game;
use qttt::analysis::{
    PlyCounter, PlyValues, Scoring, Solver, StateSpace, Tablebase, value_census,
    value_census_with_table,
};

/// One position of each symmetry class of the positions waiting for a
/// move (no collapse pending, the game not over) that occur at plies 0 to
/// `last`, listed by playing every legal action from the empty board.
fn waiting_classes(last: usize) -> Vec<Game> {
    let mut level = vec![Game::new()];
    let mut classes: HashMap<u128, Game> = HashMap::new();
    for ply in 0..=last {
        if ply > 0 {
            let mut next: HashMap<u128, Game> = HashMap::new();
            for game in &level {
                for action in game.legal_actions() {
                    let child = game.apply_unchecked(action);
                    next.entry(child.position_key().to_bits()).or_insert(child);
                }
            }
            level = next.into_values().collect();
        }
        for game in &level {
            if game.collapse_options().is_none() && !game.is_over() {
                classes
                    .entry(game.canonical_key().to_bits())
                    .or_insert(*game);
            }
        }
    }
    classes.into_values().collect()
}

/// `PlyCounter` from the waiting positions, valued by the solver, gives
/// the listing's figures for each of `plies`.
fn ply_counts_agree_with(plies: &[PlyValues]) {
    let last = plies.last().expect("some plies").ply;
    let waiting = waiting_classes(last);
    let mut solvers = Scoring::ALL.map(|s| Solver::new(s).table_limit(1 << 22));
    let mut value_of = |game: &Game| -> [i32; 3] {
        core::array::from_fn(|i| solvers[i].solve(game).value_half_points)
    };
    let values: Vec<[i32; 3]> = waiting.iter().map(&mut value_of).collect();
    for listed in plies {
        let mut counter = PlyCounter::new(listed.ply);
        for (game, &own) in waiting.iter().zip(&values) {
            counter.add(game, own, &mut value_of);
        }
        let count = counter.total();
        assert_eq!(
            (count.positions, count.orbits),
            (listed.positions, listed.orbits),
            "ply {}",
            listed.ply
        );
        for (counted, census) in count.by_half_points.iter().zip(&listed.scorings) {
            assert_eq!(*counted, census.by_half_points, "ply {}", listed.ply);
        }
    }
}

/// A counter of ply `ply` given `games`, every value a draw (for the
/// positions alone).
fn positions_of(games: &[Game], ply: usize) -> PlyCounter {
    let mut counter = PlyCounter::new(ply);
    for game in games {
        counter.add(game, [0; 3], &mut |_: &Game| [0; 3]);
    }
    counter
}

#[test]
#[ignore = "release mode: half a minute (the test command runs it)"]
fn a_ply_counted_from_its_waiting_positions_has_the_plys_positions() {
    const LAST: usize = 4;
    let waiting = waiting_classes(LAST);
    let space = StateSpace::count();
    for ply in 0..=LAST {
        let counted = positions_of(&waiting, ply).total();
        let expected = space.by_ply()[ply];
        assert_eq!(
            (counted.positions, counted.pending, counted.finished),
            (expected.positions, expected.pending, expected.terminal()),
            "ply {ply}"
        );
        assert_eq!(
            counted.orbits,
            space.by_ply_up_to_symmetry()[ply].positions,
            "ply {ply}"
        );
        assert_eq!(counted.by_half_points[0][2], counted.positions);
    }
    // The first finished games are at ply 6 (three classical marks of X
    // need marks 1, 3 and 5 and a collapse), all found below the waiting
    // positions of ply 4, each once however many collapses reach it; and
    // so in two shares of the classes, merged.
    let sixth = positions_of(&waiting, 6);
    assert_eq!(sixth.total().finished, space.by_ply()[6].terminal());
    assert_eq!(space.by_ply()[6].terminal(), space.by_ply()[6].x_wins);
    let mut shares = [Vec::new(), Vec::new()];
    for (i, game) in waiting.iter().enumerate() {
        shares[i % 2].push(*game);
    }
    let merged = positions_of(&shares[0], 6).merged(positions_of(&shares[1], 6));
    assert_eq!(merged.total(), sixth.total());
}

#[test]
#[ignore = "release mode: half a minute (the test command runs it)"]
fn the_first_plies_add_up_to_the_count_and_the_empty_board_is_published() {
    let plies = value_census(2);
    ply_counts_agree_with(&plies);
    // A table answering part of the search, on two threads: the same
    // figures (a reduced one: the complete table is not built here).
    let roots = ["15 26 37", "19 28 37"].map(|r| Game::from_record(r).unwrap());
    let table = Arc::new(Tablebase::build_from(&roots));
    assert_eq!(value_census_with_table(2, table), plies);
    let space = StateSpace::count();
    for values in &plies {
        assert_eq!(values.positions, space.by_ply()[values.ply].positions);
        assert_eq!(
            values.orbits,
            space.by_ply_up_to_symmetry()[values.ply].positions
        );
        for census in &values.scorings {
            assert_eq!(census.by_half_points.iter().sum::<u64>(), values.positions);
        }
        // The three scorings score the same game tree and differ only in
        // how they score lines for both players, so thresholds agree: X
        // can force goff > 0 (+1/2 or +1) exactly when single > 0 (the
        // same finished games), and goff = +1 exactly when complete > 0
        // (lines for X alone); the same for O.
        let [single, goff, complete] = values.scorings;
        assert_eq!(single.x_wins(), goff.x_wins());
        assert_eq!(single.o_wins(), goff.o_wins());
        assert_eq!(complete.x_wins(), goff.by_half_points[4]);
        assert_eq!(complete.o_wins(), goff.by_half_points[0]);
        // The whole- and the complete-win scorings have no half points.
        for i in [0, 2] {
            let census = &values.scorings[i];
            assert_eq!(census.by_half_points[1] + census.by_half_points[3], 0);
        }
    }
    // Ishizeki & Matsuura, Kumar et al.: X wins using all nine moves, a
    // draw under the complete win, X by half a point under Goff's points.
    let empty = &plies[0].scorings;
    assert_eq!(empty[0].by_half_points, [0, 0, 0, 0, 1]);
    assert_eq!(empty[1].by_half_points, [0, 0, 0, 1, 0]);
    assert_eq!(empty[2].by_half_points, [0, 0, 1, 0, 0]);
    // Nine moves and the collapses on the way: at least 9 actions to the end.
    assert!(empty[0].longest_forced_win >= 9);
    // X's win from the empty board needs a winning first move, and X's
    // move can never leave O a win X could not avoid by another: at
    // ply 1 some position is an X win under single and Goff's points.
    assert!(plies[1].scorings[0].x_wins() >= 1);
    assert!(plies[1].scorings[1].by_half_points[3] >= 1);
}
