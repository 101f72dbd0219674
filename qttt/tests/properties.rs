//! Invariants over random games (proptest), each checked after every
//! action of every generated game.

mod common;

use proptest::prelude::*;
use qttt::{Action, Game, Phase, Placement, Square, Symmetry};

/// A game reached by following `choices` (each picks one legal action)
/// until they run out or the game ends, with every position on the way.
fn playthrough(choices: &[u8]) -> Vec<Game> {
    let mut games = vec![Game::new()];
    for &choice in choices {
        let game = *games.last().unwrap();
        let legal = game.legal_actions();
        if legal.is_empty() {
            break;
        }
        games.push(game.apply(legal[choice as usize % legal.len()]).unwrap());
    }
    games
}

fn games() -> impl Strategy<Value = Vec<Game>> {
    proptest::collection::vec(any::<u8>(), 0..16).prop_map(|c| playthrough(&c))
}

/// Union-find over squares of the spooky edges of `game`, leaving out the
/// newest mark while a collapse is pending: whether the result is a forest,
/// and the root of each square.
fn spooky_forest(game: &Game) -> (bool, [usize; 9]) {
    let mut parent = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    fn root(parent: &mut [usize; 9], mut s: usize) -> usize {
        while parent[s] != s {
            s = parent[s];
        }
        s
    }
    let pending = game.collapsing_mark();
    let mut forest = true;
    for (mark, placement) in game.marks() {
        if let (Placement::Spooky(a, b), false) = (placement, Some(mark) == pending) {
            let (ra, rb) = (root(&mut parent, a.index()), root(&mut parent, b.index()));
            forest &= ra != rb;
            parent[ra] = rb;
        }
    }
    let roots = core::array::from_fn(|s| root(&mut parent, s));
    (forest, roots)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn legal_actions_are_exactly_the_accepted_ones(games in games()) {
        for game in games {
            let legal = game.legal_actions();
            prop_assert!(legal.ids().windows(2).all(|w| w[0] < w[1]), "sorted and unique");
            prop_assert!(legal.len() <= qttt::MAX_LEGAL_ACTIONS);
            prop_assert_eq!(legal.is_empty(), game.phase() == Phase::Over);
            prop_assert_eq!(legal.is_empty(), game.outcome().is_some());
            let before = serde_json::to_string(&game.view()).unwrap();
            for action in Action::all() {
                let result = game.apply(action);
                prop_assert_eq!(result.is_ok(), legal.contains(action), "{}", action);
                prop_assert_eq!(game.is_legal(action), result.is_ok());
                if let Ok(next) = result {
                    prop_assert_eq!(next.undo(), Some(game));
                    prop_assert_eq!(next, game.apply_unchecked(action));
                }
            }
            prop_assert_eq!(serde_json::to_string(&game.view()).unwrap(), before);
        }
    }

    #[test]
    fn records_serde_and_bytes_round_trip(games in games()) {
        for game in games {
            let record = game.record().to_string();
            prop_assert_eq!(Game::from_record(&record).unwrap(), game);
            let decoded = Game::from_bytes(&game.to_bytes()).unwrap();
            prop_assert_eq!(decoded, game);
            prop_assert_eq!(decoded.position_key(), game.position_key());
            let json = serde_json::to_string(&game).unwrap();
            prop_assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), game);
            for action in game.legal_actions() {
                let token = serde_json::to_string(&action).unwrap();
                prop_assert_eq!(serde_json::from_str::<Action>(&token).unwrap(), action);
                prop_assert_eq!(action.to_string().parse::<Action>().unwrap(), action);
            }
        }
    }

    #[test]
    fn symmetry_commutes_with_apply(games in games(), s in 0..8usize) {
        let symmetry = Symmetry::ALL[s];
        for game in games {
            let image = game.transform(symmetry);
            prop_assert_eq!(image.canonical_key(), game.canonical_key());
            prop_assert_eq!(image.phase(), game.phase());
            for square in Square::ALL {
                prop_assert_eq!(image.classical(symmetry.square(square)), game.classical(square));
            }
            let mapped: Vec<Action> = game.legal_actions().iter().map(|a| symmetry.action(a)).collect();
            let mut mapped_sorted = mapped.clone();
            mapped_sorted.sort();
            prop_assert_eq!(image.legal_actions().iter().collect::<Vec<_>>(), mapped_sorted);
            for (action, &image_action) in game.legal_actions().iter().zip(&mapped) {
                prop_assert_eq!(image.apply(image_action).unwrap(), game.apply(action).unwrap().transform(symmetry));
            }
        }
    }

    #[test]
    fn the_graph_is_a_forest_outside_a_collapse(games in games()) {
        for game in games {
            let (forest, _) = spooky_forest(&game);
            prop_assert!(forest, "{}", game.record());
            // Pending: the newest mark joins two squares already connected.
            if let Some([a, b]) = game.collapse_options() {
                let (_, roots) = spooky_forest(&game);
                prop_assert_eq!(roots[a.index()], roots[b.index()]);
            }
        }
    }

    #[test]
    fn a_collapse_makes_its_component_classical_and_nothing_else(games in games()) {
        for game in games.iter().filter(|g| g.phase() == Phase::Collapse) {
            let (_, roots) = spooky_forest(game);
            let [a, _] = game.collapse_options().unwrap();
            for choice in game.legal_actions() {
                let after = game.apply(choice).unwrap();
                let placements: Vec<_> = after.marks().collect();
                for (mark, before) in game.marks() {
                    let now = placements.iter().find(|(m, _)| *m == mark).unwrap().1;
                    match before {
                        Placement::Spooky(x, _) if roots[x.index()] == roots[a.index()] => {
                            prop_assert!(matches!(now, Placement::Classical(_)), "{} stays spooky", mark);
                        }
                        _ => prop_assert_eq!(now, before, "{} moved", mark),
                    }
                }
                // One mark per square.
                let mut seen = [false; 9];
                for (_, p) in &placements {
                    if let Placement::Classical(s) = p {
                        prop_assert!(!seen[s.index()]);
                        seen[s.index()] = true;
                    }
                }
            }
        }
    }

    #[test]
    fn every_game_ends_by_move_nine(choices in proptest::collection::vec(any::<u8>(), 13)) {
        let games = playthrough(&choices);
        let end = games.last().unwrap();
        prop_assert!(end.outcome().is_some(), "13 actions always finish a game");
        prop_assert!(end.move_number() <= 10);
        prop_assert!(end.plies() <= qttt::MAX_PLIES);
        let marks = end.marks().count();
        prop_assert_eq!(marks, end.move_number() as usize - 1);
        if end.move_number() == 10 {
            prop_assert!(Square::ALL.iter().all(|&s| end.classical(s).is_some()));
        }
    }
}
