//! Any bytes as serde JSON for a `Game` (and an `Action`): a value that
//! serialises and deserialises back to itself, or an error. Never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qttt::{Action, Game};

fuzz_target!(|data: &[u8]| {
    if let Ok(game) = serde_json::from_slice::<Game>(data) {
        let json = serde_json::to_string(&game).expect("a game serialises");
        assert_eq!(serde_json::from_str::<Game>(&json).ok(), Some(game));
        let view = serde_json::to_string(&game.view()).expect("a view serialises");
        assert!(view.starts_with(r#"{"record":"#));
    }
    if let Ok(action) = serde_json::from_slice::<Action>(data) {
        let json = serde_json::to_string(&action).expect("an action serialises");
        assert_eq!(serde_json::from_str::<Action>(&json).ok(), Some(action));
    }
});
