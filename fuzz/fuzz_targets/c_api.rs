//! The C entry points fed arbitrary bytes: records of any length, with or
//! without their NUL; action ids of any value, applied with the output
//! aliasing the input and checked against the Rust core; text buffers of
//! any capacity; games whose bytes were scribbled on. Whatever happens,
//! a status comes back (never a crash, never a panic across the boundary).
//!
//! A scribbled game may make the library panic inside its boundary, which
//! then returns QTTT_STATUS_PANIC (the documented answer to corrupted
//! games); libFuzzer's panic hook would abort on that panic, so the hook
//! stays quiet while a scribbled game is queried. Anywhere else a panic,
//! or a QTTT_STATUS_PANIC, is a finding.
#![no_main]

use std::cell::Cell;
use std::ffi::c_char;
use std::mem::MaybeUninit;

use libfuzzer_sys::fuzz_target;
use qttt::{Action, Game};
use qttt_ffi::*;

thread_local! {
    static SCRIBBLED: Cell<bool> = const { Cell::new(false) };
}

fuzz_target!(
    init: {
        let report = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if SCRIBBLED.get() {
                return;
            }
            report(info);
            std::process::abort();
        }));
    },
    |data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    match mode % 3 {
        0 => record_then_actions(rest),
        1 => scribbled(rest),
        _ => tokens_and_tables(rest),
    }
    }
);

/// `record 0xFF ids…`: the record is passed with its exact length, so a
/// record without a NUL must be refused (QTTT_STATUS_MISSING_NUL).
fn record_then_actions(data: &[u8]) {
    let split = data.iter().position(|&b| b == 0xFF).unwrap_or(data.len());
    let (record, ids) = (&data[..split], data.get(split + 1..).unwrap_or(&[]));
    let mut game = MaybeUninit::<qttt_game>::uninit();
    let mut error = MaybeUninit::<qttt_record_error>::uninit();
    // SAFETY: `record` is readable for its length; `game` and `error` are writable.
    let status = unsafe {
        qttt_game_from_record(
            record.as_ptr().cast::<c_char>(),
            record.len(),
            game.as_mut_ptr(),
            error.as_mut_ptr(),
        )
    };
    let expected = match record.iter().position(|&b| b == 0) {
        None => None,
        Some(end) => std::str::from_utf8(&record[..end])
            .ok()
            .map(|text| Game::from_record(text).ok()),
    };
    assert_ne!(status, QTTT_STATUS_PANIC);
    match expected {
        None => assert_ne!(status, QTTT_STATUS_OK),
        Some(parsed) => assert_eq!(status == QTTT_STATUS_OK, parsed.is_some()),
    }
    if status != QTTT_STATUS_OK {
        return;
    }
    // SAFETY: QTTT_STATUS_OK means the game was written.
    let mut game = unsafe { game.assume_init() };
    let mut core = expected.flatten().expect("parsed above");
    for &id in ids {
        let pointer: *mut qttt_game = &mut game;
        // SAFETY: input and output are the same valid game, which the API allows.
        let status = unsafe { qttt_game_apply(pointer, id, pointer) };
        let accepted = Action::from_id(id).is_some_and(|a| core.apply_in_place(a).is_ok());
        assert_eq!(status == QTTT_STATUS_OK, accepted, "action id {id}");
        assert_ne!(status, QTTT_STATUS_PANIC);
        assert_eq!(
            view(&game),
            Some(serde_json::to_string(&core.view()).unwrap())
        );
    }
}

/// The JSON view through the C API, or None if it was refused.
fn view(game: &qttt_game) -> Option<String> {
    let mut buf = [0u8; 1024];
    let mut needed = 0usize;
    // SAFETY: `buf` is writable for its length; `needed` is writable.
    let status = unsafe { qttt_game_view(game, buf.as_mut_ptr().cast(), buf.len(), &mut needed) };
    (status == QTTT_STATUS_OK)
        .then(|| String::from_utf8(buf[..needed - 1].to_vec()).expect("the view is UTF-8"))
}

/// A game from a record, then `(offset, byte)` pairs written over its
/// bytes: every query answers or refuses, never crashes.
fn scribbled(data: &[u8]) {
    let mut game = MaybeUninit::<qttt_game>::uninit();
    let record = b"58 47 67 59 48 68\0";
    // SAFETY: a NUL-terminated record; `game` is writable; `error` may be NULL.
    let status = unsafe {
        qttt_game_from_record(
            record.as_ptr().cast(),
            usize::MAX, // QTTT_NUL_TERMINATED
            game.as_mut_ptr(),
            std::ptr::null_mut(),
        )
    };
    assert_eq!(status, QTTT_STATUS_OK);
    // SAFETY: written just above.
    let mut game = unsafe { game.assume_init() };
    let mut bytes: Vec<u8> = game.opaque.iter().flat_map(|w| w.to_ne_bytes()).collect();
    for pair in data.chunks_exact(2) {
        let offset = usize::from(pair[0]) % bytes.len();
        bytes[offset] = pair[1];
    }
    for (word, chunk) in game.opaque.iter_mut().zip(bytes.chunks_exact(8)) {
        *word = u64::from_ne_bytes(chunk.try_into().expect("8 bytes"));
    }
    let mut text = [0u8; 1024];
    let mut needed = 0usize;
    let mut ids = [0u8; 64];
    let mut count = 0usize;
    let mut other = MaybeUninit::<qttt_game>::uninit();
    let mut outcome = MaybeUninit::<qttt_outcome>::uninit();
    let mut key = MaybeUninit::<qttt_key>::uninit();
    let mut perft = 0u64;
    let g: *const qttt_game = &game;
    SCRIBBLED.set(true);
    // SAFETY: every pointer is valid and writable for what it is passed with.
    unsafe {
        qttt_game_view(g, text.as_mut_ptr().cast(), text.len(), &mut needed);
        qttt_game_record(g, text.as_mut_ptr().cast(), text.len(), &mut needed);
        qttt_game_board(g, text.as_mut_ptr().cast(), text.len(), &mut needed);
        qttt_game_legal_actions(g, ids.as_mut_ptr(), ids.len(), &mut count);
        qttt_game_outcome(g, outcome.as_mut_ptr());
        qttt_game_undo(g, other.as_mut_ptr());
        qttt_game_canonical_key(g, key.as_mut_ptr());
        qttt_game_transform(g, 1, other.as_mut_ptr());
        qttt_perft(g, 1, &mut perft);
        for id in [0u8, 17, 40, 53] {
            qttt_game_apply(g, id, other.as_mut_ptr());
        }
    }
    SCRIBBLED.set(false);
}

/// Tokens, symmetry tables and status texts with arbitrary arguments and
/// buffer sizes.
fn tokens_and_tables(data: &[u8]) {
    let mut id = 0u8;
    // SAFETY: `data` is readable for its length; `id` is writable.
    let status = unsafe { qttt_action_from_token(data.as_ptr().cast(), data.len(), &mut id) };
    // The token ends at its NUL, which must lie within the given size.
    let expected = data
        .iter()
        .position(|&b| b == 0)
        .and_then(|end| std::str::from_utf8(&data[..end]).ok())
        .and_then(|text| text.parse::<Action>().ok());
    assert_eq!(status == QTTT_STATUS_OK, expected.is_some());
    assert_ne!(status, QTTT_STATUS_PANIC);
    if let Some(action) = expected {
        assert_eq!(id, action.id());
    }
    for pair in data.chunks_exact(2) {
        let (a, b) = (pair[0], pair[1]);
        let mut buf = [0u8; 8];
        let mut needed = 0usize;
        let mut out = 0u8;
        let capacity = usize::from(b) % (buf.len() + 1);
        // SAFETY: `buf` has room for `capacity` bytes; the outputs are writable.
        unsafe {
            qttt_action_token(a, buf.as_mut_ptr().cast(), capacity, &mut needed);
            qttt_symmetry_square(a, b, &mut out);
            qttt_symmetry_action(a, b, &mut out);
        }
        let message = qttt_status_message(u32::from_ne_bytes([a, b, a, b]));
        assert!(!message.is_null());
    }
}
