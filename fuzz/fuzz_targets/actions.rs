//! Any bytes as a sequence of action ids (0–255, so ids out of range
//! too) applied to a game: each is accepted exactly when it is legal; an
//! illegal one leaves the game unchanged; every accepted one keeps the
//! invariants of the core (record, bytes and serde round trips, undo,
//! outcome and legal actions agreeing, symmetry).
#![no_main]

use libfuzzer_sys::fuzz_target;
use qttt::{Action, Game, Symmetry};

fuzz_target!(|data: &[u8]| {
    let mut game = Game::new();
    for &id in data {
        let Some(action) = Action::from_id(id) else {
            assert!(id as usize >= qttt::ACTION_COUNT);
            continue;
        };
        let legal = game.legal_actions();
        let before = game;
        match game.apply_in_place(action) {
            Err(_) => {
                assert!(!legal.contains(action));
                assert!(!before.is_legal(action));
                assert_eq!(game.to_bytes(), before.to_bytes());
            }
            Ok(()) => {
                assert!(legal.contains(action));
                check(&game, &before);
            }
        }
    }
});

fn check(game: &Game, before: &Game) {
    assert_eq!(game.plies(), before.plies() + 1);
    assert_eq!(game.undo().as_ref(), Some(before));
    assert_eq!(Game::from_bytes(&game.to_bytes()), Some(*game));
    let record = game.record().to_string();
    assert_eq!(Game::from_record(&record).ok(), Some(*game));
    assert_eq!(game.is_over(), game.outcome().is_some());
    assert_eq!(game.is_over(), game.legal_actions().is_empty());
    assert_eq!(game.current_player().is_none(), game.is_over());
    for symmetry in Symmetry::ALL {
        let image = game.transform(symmetry);
        assert_eq!(image.canonical_key(), game.canonical_key());
        assert_eq!(image.transform(symmetry.inverse()), *game);
    }
    let json = serde_json::to_string(&game.view()).expect("a view serialises");
    let value: serde_json::Value = serde_json::from_str(&json).expect("a view is JSON");
    assert_eq!(value["record"], record.as_str());
}
