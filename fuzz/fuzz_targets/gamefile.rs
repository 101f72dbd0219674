//! Any bytes as a game file: games that write and parse back to
//! themselves (and write the same text again), or an error whose line and
//! column lie inside the text. Never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qttt::gamefile;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match gamefile::parse(&text) {
        Ok(games) => {
            let written = gamefile::write(&games);
            let again = gamefile::parse(&written).expect("a written file parses");
            assert_eq!(again, games);
            assert_eq!(gamefile::write(&again), written);
        }
        Err(error) => {
            let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
            let lines = text.split('\n').count();
            assert!(error.line() >= 1 && error.line() <= lines);
            let line = text.split('\n').nth(error.line() - 1).unwrap_or("");
            assert!(error.column() >= 1 && error.column() <= line.chars().count() + 1);
            assert!(!error.to_string().is_empty());
        }
    }
});
