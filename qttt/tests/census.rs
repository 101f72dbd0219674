//! `value_census`: the values of every position of the first plies, by
//! listing them, against independent figures: the published values of the
//! empty board, the state-space count's positions and orbits by ply, and
//! the thresholds the three scorings must share.

use std::sync::Arc;

use qttt::Game;
use qttt::analysis::{StateSpace, Tablebase, value_census, value_census_with_table};

#[test]
#[ignore = "release mode: half a minute (the test command runs it)"]
fn the_first_plies_add_up_to_the_count_and_the_empty_board_is_published() {
    let plies = value_census(2);
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
