//! Any bytes as a record: a game that formats and parses back to itself,
//! or an error that points inside the text. Never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qttt::Game;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match Game::from_record(&text) {
        Ok(game) => {
            let record = game.record().to_string();
            let again = Game::from_record(&record).expect("a formatted record parses");
            assert_eq!(again, game);
            assert_eq!(again.record().to_string(), record);
        }
        Err(error) => {
            let range = error.byte_range();
            assert!(range.start < range.end && range.end <= text.len());
            assert!(text.is_char_boundary(range.start) && text.is_char_boundary(range.end));
            assert!(!error.to_string().is_empty());
        }
    }
});
