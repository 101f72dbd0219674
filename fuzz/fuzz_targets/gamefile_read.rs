//! Any bytes as a game file read leniently: every game that reads writes
//! and reads back to itself; every error names its game (the items
//! counted from 1) and a line and column inside the text, each error
//! after the one before; the strict reader gives the same games, or the
//! first error. Never a panic, never an endless iterator.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qttt::gamefile;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let body = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let lines: Vec<&str> = body.split('\n').collect();
    let (mut games, mut first_error, mut last_place) = (Vec::new(), None, None);
    for (i, item) in gamefile::read(&text).enumerate() {
        // At most one game a byte: the iterator ends.
        assert!(i <= body.len());
        match item {
            Ok(game) => {
                let written = gamefile::write(std::slice::from_ref(&game));
                let again = gamefile::parse(&written).expect("a written game parses");
                assert_eq!(again, [game.clone()]);
                games.push(game);
            }
            Err(error) => {
                assert_eq!(error.game(), i + 1);
                assert!(error.line() >= 1 && error.line() <= lines.len());
                let line = lines[error.line() - 1];
                assert!(error.column() >= 1 && error.column() <= line.chars().count() + 1);
                assert!(!error.to_string().is_empty());
                let place = (error.line(), error.column());
                assert!(last_place < Some(place), "{last_place:?} then {place:?}");
                last_place = Some(place);
                first_error.get_or_insert(error);
            }
        }
    }
    match first_error {
        Some(error) => assert_eq!(gamefile::parse(&text), Err(error)),
        None => assert_eq!(gamefile::parse(&text), Ok(games)),
    }
});
