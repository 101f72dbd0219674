//! Any bytes as a frame of the tables protocol (qttt-server): a decoded
//! message, or an error whose frame is JSON naming a code. Never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qttt_server::protocol::{ClientMessage, decode, seat_name};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match decode(text) {
        Ok(ClientMessage::Act { action, .. }) => {
            // The action is the one its token names.
            assert_eq!(action.to_string().parse(), Ok(action));
        }
        Ok(ClientMessage::Join {
            name: Some(name), ..
        }) => {
            // A name let through is already as the check leaves it.
            assert_eq!(seat_name(&name), Ok(name.clone()));
        }
        Ok(message) => assert!(!message.kind().is_empty()),
        Err(error) => {
            let frame = error.to_frame();
            let value: serde_json::Value =
                serde_json::from_str(&frame).expect("an error frame is JSON");
            assert_eq!(value["type"], "error");
            assert!(value["code"].as_str().is_some_and(|code| !code.is_empty()));
        }
    }
});
