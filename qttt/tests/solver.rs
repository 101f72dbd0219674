//! The solver against an independent plain minimax (no pruning, no table,
//! its own scoring), on hand-made positions worked out on paper, and under
//! symmetry.

mod common;

use std::cmp::Ordering;

use common::{action, game};
use qttt::analysis::{Scoring, Solver};
use qttt::random::{SplitMix64, random_action};
use qttt::{Game, Player, Symmetry};

/// X's result in half points, straight from the outcome.
fn result(scoring: Scoring, end: &Game) -> i32 {
    let outcome = end.outcome().unwrap();
    let x_lines = outcome.lines().filter(|l| l.player() == Player::X).count();
    let o_lines = outcome.lines().filter(|l| l.player() == Player::O).count();
    let sign = match outcome.winner() {
        Some(Player::X) => 1,
        Some(Player::O) => -1,
        None => 0,
    };
    match scoring {
        Scoring::SingleResult => 2 * sign,
        _ if x_lines > 0 && o_lines > 0 && scoring == Scoring::CompleteWin => 0,
        _ if x_lines > 0 && o_lines > 0 => sign,
        _ => 2 * sign,
    }
}

/// (result, marks at the end) under plain minimax: X maximises the result,
/// the winner hurries and the loser delays; a draw's length does not matter.
fn minimax(scoring: Scoring, game: &Game) -> (i32, u8) {
    let Some(player) = game.current_player() else {
        return (result(scoring, game), game.move_number() - 1);
    };
    let children = game
        .legal_actions()
        .iter()
        .map(|a| minimax(scoring, &game.apply(a).unwrap()));
    let best = if player == Player::X {
        children.max_by(x_order)
    } else {
        children.min_by(x_order)
    };
    best.unwrap()
}

/// How X ranks two results: higher first; for a win, earlier; for a loss, later.
fn x_order(a: &(i32, u8), b: &(i32, u8)) -> Ordering {
    a.0.cmp(&b.0).then_with(|| match a.0.signum() {
        1 => b.1.cmp(&a.1),
        -1 => a.1.cmp(&b.1),
        _ => Ordering::Equal,
    })
}

/// Positions of seeded random games with at most `moves_left` marks still to place.
fn late_positions(count: usize, moves_left: u8, seed: u64) -> Vec<Game> {
    let mut rng = SplitMix64::new(seed);
    let mut positions = Vec::new();
    while positions.len() < count {
        let mut g = Game::new();
        while let Some(a) = random_action(&g, &mut rng) {
            if g.move_number() + moves_left >= 10 {
                positions.push(g);
                break;
            }
            g = g.apply(a).unwrap();
        }
    }
    positions
}

#[test]
fn agrees_with_plain_minimax_near_the_end() {
    for scoring in [
        Scoring::SingleResult,
        Scoring::GoffPoints,
        Scoring::CompleteWin,
    ] {
        let mut solver = Solver::new(scoring);
        let positions = late_positions(1000, 2, 11)
            .into_iter()
            .chain(late_positions(40, 3, 12));
        for position in positions {
            let solution = solver.solve(&position);
            let (value, end) = minimax(scoring, &position);
            assert_eq!(
                solution.value_half_points,
                value,
                "{scoring:?} {}",
                position.record()
            );
            if value != 0 {
                assert_eq!(solution.end_move, end, "{scoring:?} {}", position.record());
            }
            let best = (value, end);
            let optimal: Vec<_> = position
                .legal_actions()
                .iter()
                .filter(|&a| {
                    x_order(&minimax(scoring, &position.apply(a).unwrap()), &best)
                        == Ordering::Equal
                })
                .collect();
            assert_eq!(
                solution.optimal_actions,
                optimal,
                "{scoring:?} {}",
                position.record()
            );
        }
    }
}

#[test]
fn hand_made_positions() {
    // Worked on paper (tests/vectors): X must choose where O8 lands. @9 gives
    // O's row 4-5-6 (highest 6) and X's row 1-2-3 (highest 7): O wins, a loss
    // for X by 1 : 1/2 in Goff's points, a draw under "complete win". @3
    // leaves two free squares: X9 must play 78, which closes a cycle with
    // X5, and both of O's choices fill the board without a line: a draw.
    let choice = game("14 14 @4 25 25 @5 78 69 36 39");
    let expected = [
        (Scoring::SingleResult, vec!["@3"]),
        (Scoring::GoffPoints, vec!["@3"]),
        (Scoring::CompleteWin, vec!["@3", "@9"]),
    ];
    for (scoring, optimal) in expected {
        let solution = Solver::new(scoring).solve(&choice);
        assert_eq!(solution.value_half_points, 0, "{scoring:?}");
        let tokens: Vec<String> = solution
            .optimal_actions
            .iter()
            .map(|a| a.to_string())
            .collect();
        assert_eq!(tokens, optimal, "{scoring:?}");
    }
    // O chooses where X9 lands: @8 gives X the column 1-4-7, @9 a full
    // board without a line. O picks the draw.
    let last = game("12 12 @2 35 35 @5 46 46 @6 78 79 89");
    let solution = Solver::new(Scoring::SingleResult).solve(&last);
    assert_eq!((solution.value_half_points, solution.end_move), (0, 9));
    assert_eq!(solution.optimal_actions, [action("@9")]);
    assert_eq!(solution.principal_variation, [action("@9")]);
    // A finished game: its own result, no actions.
    let over = Solver::new(Scoring::GoffPoints).solve(&game("58 47 67 59 48 68 @8"));
    assert_eq!((over.value_half_points, over.end_move), (1, 6));
    assert!(over.optimal_actions.is_empty() && over.principal_variation.is_empty());
    assert_eq!(
        over.nodes, 1,
        "the finished position itself is all it searches"
    );
    assert_eq!(
        Solver::new(Scoring::CompleteWin)
            .solve(&game("58 47 67 59 48 68 @8"))
            .value_half_points,
        0
    );
    assert_eq!(
        Solver::new(Scoring::SingleResult)
            .solve(&game("58 47 67 59 48 68 @8"))
            .value_half_points,
        2
    );
}

#[test]
fn the_winner_hurries() {
    // X to choose where O6 lands: @8 wins at once (X's line 4-5-6 came
    // first), with 6 marks on the board; any longer win is worse.
    let solution = Solver::new(Scoring::SingleResult).solve(&game("58 47 67 59 48 68"));
    assert_eq!((solution.value_half_points, solution.end_move), (2, 6));
    assert_eq!(solution.optimal_actions, [action("@8")]);
}

#[test]
fn symmetric_positions_have_equal_values() {
    let mut solver = Solver::new(Scoring::SingleResult);
    for position in late_positions(40, 3, 5) {
        let solution = solver.solve(&position);
        for symmetry in Symmetry::ALL {
            let image = solver.solve(&position.transform(symmetry));
            assert_eq!(
                (image.value_half_points, image.end_move),
                (solution.value_half_points, solution.end_move)
            );
            let mut mapped: Vec<_> = solution
                .optimal_actions
                .iter()
                .map(|&a| symmetry.action(a))
                .collect();
            mapped.sort();
            assert_eq!(image.optimal_actions, mapped);
        }
    }
}

#[test]
fn reports_its_work_and_keeps_it() {
    let mut solver = Solver::new(Scoring::GoffPoints);
    assert_eq!(solver.scoring(), Scoring::GoffPoints);
    assert_eq!(solver.table_len(), 0);
    let game = common::game("15 25 35 45");
    let first = solver.solve(&game);
    let kept = solver.table_len();
    assert!(first.nodes > 1000 && kept > 100, "{} {kept}", first.nodes);
    // Solved again, the table answers almost at once: the same solution,
    // far fewer positions searched.
    let again = solver.solve(&game);
    assert_eq!(
        (again.value_half_points, &again.optimal_actions),
        (first.value_half_points, &first.optimal_actions)
    );
    assert!(
        again.nodes < first.nodes / 10,
        "{} {}",
        again.nodes,
        first.nodes
    );
}

/// How the player to act ranks two results (X's side): X as [`x_order`],
/// O the reverse; `Less` puts `a` first.
fn mover_order(player: Player, a: &(i32, u8), b: &(i32, u8)) -> Ordering {
    match player {
        Player::X => x_order(b, a),
        Player::O => x_order(a, b),
    }
}

#[test]
fn action_values_rank_like_plain_minimax() {
    // Each legal action with the minimax value of the game after it, best
    // first for the player to act, ties (equal results, and any draws)
    // ascending by id; the best are the solution's optimal actions.
    for scoring in Scoring::ALL {
        let mut solver = Solver::new(scoring);
        let positions = late_positions(300, 2, 21)
            .into_iter()
            .chain(late_positions(20, 3, 22));
        for position in positions {
            let player = position.current_player().unwrap();
            let mut expected: Vec<_> = position
                .legal_actions()
                .iter()
                .map(|a| (a, minimax(scoring, &position.apply(a).unwrap())))
                .collect();
            expected.sort_by(|(a, x), (b, y)| mover_order(player, x, y).then(a.id().cmp(&b.id())));
            let values = solver.action_values(&position);
            let record = position.record();
            assert_eq!(values.len(), expected.len(), "{scoring:?} {record}");
            for (value, (action, (result, end))) in values.iter().zip(&expected) {
                assert_eq!(value.action, *action, "{scoring:?} {record}");
                assert_eq!(value.value_half_points, *result, "{scoring:?} {record}");
                assert_eq!(
                    value.for_player(player),
                    result * if player == Player::X { 1 } else { -1 }
                );
                if *result != 0 {
                    assert_eq!(value.end_move, *end, "{scoring:?} {record}");
                }
            }
            let best = &expected[0].1;
            let leading: Vec<_> = expected
                .iter()
                .take_while(|(_, v)| mover_order(player, v, best) == Ordering::Equal)
                .map(|&(a, _)| a)
                .collect();
            let mut optimal = leading.clone();
            optimal.sort();
            assert_eq!(solver.solve(&position).optimal_actions, optimal, "{record}");
        }
    }
}

#[test]
fn action_values_by_hand() {
    // O chooses where X9 lands: @9 fills the board without a line (a draw
    // with 9 marks), @8 gives X the column 1-4-7 (X wins with 9 marks).
    // O's best first.
    let last = game("12 12 @2 35 35 @5 46 46 @6 78 79 89");
    let values = Solver::new(Scoring::SingleResult).action_values(&last);
    let listed: Vec<_> = values
        .iter()
        .map(|v| {
            (
                v.action,
                v.value_half_points,
                v.end_move,
                v.for_player(Player::O),
            )
        })
        .collect();
    assert_eq!(listed, [(action("@9"), 0, 9, 0), (action("@8"), 2, 9, -2)]);
    // X chooses where O6 lands: @8 wins at once (X's line 4-5-6, highest
    // mark 5, before O's 7-8-9, highest 6), so it comes first.
    let choice = game("58 47 67 59 48 68");
    let values = Solver::new(Scoring::SingleResult).action_values(&choice);
    assert_eq!(values[0].action, action("@8"));
    assert_eq!((values[0].value_half_points, values[0].end_move), (2, 6));
    assert_eq!(values.len(), 2);
    // A finished game has none.
    assert!(
        Solver::new(Scoring::SingleResult)
            .action_values(&game("58 47 67 59 48 68 @8"))
            .is_empty()
    );
}

#[test]
fn best_action_picks_among_the_optimal_actions() {
    // Under "complete win" both @3 and @9 draw (hand_made_positions), under
    // Goff's points only @3: the seeded picks stay among them and, over
    // sixteen seeds, reach both of the two.
    let choice = game("14 14 @4 25 25 @5 78 69 36 39");
    let mut complete = Solver::new(Scoring::CompleteWin);
    let mut goff = Solver::new(Scoring::GoffPoints);
    let mut picked = Vec::new();
    for seed in 0..16 {
        let mut rng = SplitMix64::new(seed);
        let pick = complete.best_action(&choice, &mut rng).unwrap();
        assert!([action("@3"), action("@9")].contains(&pick), "seed {seed}");
        if !picked.contains(&pick) {
            picked.push(pick);
        }
        assert_eq!(goff.best_action(&choice, &mut rng), Some(action("@3")));
    }
    assert_eq!(picked.len(), 2);
    // A finished game: no action, and the generator is left as it was.
    let mut rng = SplitMix64::new(3);
    assert_eq!(
        goff.best_action(&game("58 47 67 59 48 68 @8"), &mut rng),
        None
    );
    assert_eq!(rng, SplitMix64::new(3));
}
