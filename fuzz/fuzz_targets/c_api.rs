//! The C entry points fed arbitrary bytes: records of any length, with or
//! without their NUL; action ids of any value, applied with the output
//! aliasing the input and checked against the Rust core; text buffers of
//! any capacity; games whose bytes were scribbled on. Whatever happens,
//! a status comes back (never a crash, never a panic across the boundary).
//! Positions reached by the fuzzer's actions are also analysed (results,
//! solves with and without a remembering solver, action values, cancel
//! flags, counts, computer opponents, reviews, the ensemble, the cycle and
//! the collapse steps), arbitrary bytes are read as
//! scoring and opponent names and arbitrary text as a game file, so that
//! every C function is called (fuzz/smoke.sh checks that each function of
//! include/qttt.h appears here).
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
    match mode % 6 {
        0 => record_then_actions(rest),
        1 => scribbled(rest),
        2 => tokens_and_tables(rest),
        3 => analysed(rest),
        4 => game_file(rest),
        _ => tablebase_file(rest),
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
        entanglement(&game, &core);
    }
}

/// The ensemble, the cycle and the collapse steps through the C API agree
/// with the core's: the same sizes, and a status exactly when the core
/// answers.
fn entanglement(game: &qttt_game, core: &Game) {
    let mut count = 0usize;
    let mut listed = 0usize;
    let mut boards = [qttt_classical_board { numbers: [0; 9] }; QTTT_MAX_ENSEMBLE];
    let mut cycle = 0u16;
    // SAFETY: every pointer is valid and writable for what it is passed with.
    unsafe {
        assert_eq!(qttt_game_ensemble_count(game, &mut count), QTTT_STATUS_OK);
        assert_eq!(
            qttt_game_ensemble(game, boards.as_mut_ptr(), boards.len(), &mut listed),
            QTTT_STATUS_OK
        );
        assert_eq!(qttt_game_cycle(game, &mut cycle), QTTT_STATUS_OK);
    }
    assert_eq!(count, core.ensemble_count());
    assert_eq!(listed, count);
    assert_eq!(cycle != 0, core.cycle().is_some());
    let none = qttt_mark {
        number: 0,
        player: QTTT_PLAYER_NONE,
    };
    let blank = qttt_collapse_step {
        mark: none,
        square: 0,
        from: 0,
        forced_by: none,
    };
    for square in 0..=10u8 {
        let mut steps = [blank; QTTT_MAX_MARKS];
        let mut written = 0usize;
        // SAFETY: `steps` is writable for its length; `written` is writable.
        let status = unsafe {
            qttt_game_collapse_steps(game, square, steps.as_mut_ptr(), steps.len(), &mut written)
        };
        assert_ne!(status, QTTT_STATUS_PANIC);
        let expected =
            qttt::Square::new(square).map(|s| core.collapse_steps(qttt::CollapseChoice(s)));
        match expected {
            Some(Ok(steps)) => {
                assert_eq!(status, QTTT_STATUS_OK, "square {square}");
                assert_eq!(written, steps.len());
            }
            _ => assert_ne!(status, QTTT_STATUS_OK, "square {square}"),
        }
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
        let (mut flag, mut byte, mut word) = (false, 0u8, 0u16);
        let mut mark = MaybeUninit::<qttt_mark>::uninit();
        let mut marks = [MaybeUninit::<qttt_mark_state>::uninit(); 9];
        let mut phase = MaybeUninit::<qttt_phase>::uninit();
        let mut player = MaybeUninit::<qttt_player>::uninit();
        qttt_game_is_legal(g, 3, &mut flag);
        qttt_game_phase(g, phase.as_mut_ptr());
        qttt_game_current_player(g, player.as_mut_ptr());
        qttt_game_move_number(g, &mut byte);
        qttt_game_classical(g, 5, mark.as_mut_ptr());
        qttt_game_spooky_marks(g, 5, &mut word);
        qttt_game_marks(g, marks.as_mut_ptr().cast(), marks.len(), &mut count);
        qttt_game_collapse_options(g, ids.as_mut_ptr(), &mut byte);
        qttt_game_position_key(g, key.as_mut_ptr());
        qttt_game_result(g, 0, &mut flag, &mut 0i8);
        let mut boards = [qttt_classical_board { numbers: [0; 9] }; QTTT_MAX_ENSEMBLE];
        qttt_game_ensemble_count(g, &mut count);
        qttt_game_ensemble(g, boards.as_mut_ptr(), boards.len(), &mut count);
        qttt_game_cycle(g, &mut word);
        let mut steps = [MaybeUninit::<qttt_collapse_step>::uninit(); QTTT_MAX_MARKS];
        qttt_game_collapse_steps(g, 5, steps.as_mut_ptr().cast(), steps.len(), &mut count);
        for id in [0u8, 17, 40, 53] {
            qttt_game_apply(g, id, other.as_mut_ptr());
        }
    }
    SCRIBBLED.set(false);
}

/// Tokens, scoring and opponent names, symmetry tables and status texts
/// with arbitrary arguments and buffer sizes.
fn tokens_and_tables(data: &[u8]) {
    let mut id = 0u8;
    // SAFETY: `data` is readable for its length; `id` is writable.
    let status = unsafe { qttt_action_from_token(data.as_ptr().cast(), data.len(), &mut id) };
    // The token ends at its NUL, which must lie within the given size.
    let text = data
        .iter()
        .position(|&b| b == 0)
        .and_then(|end| std::str::from_utf8(&data[..end]).ok());
    let expected = text.and_then(|text| text.parse::<Action>().ok());
    assert_eq!(status == QTTT_STATUS_OK, expected.is_some());
    assert_ne!(status, QTTT_STATUS_PANIC);
    if let Some(action) = expected {
        assert_eq!(id, action.id());
    }
    // The same bytes as a scoring's and an opponent kind's name.
    let (mut scoring, mut opponent) = (-1i32, -1i32);
    // SAFETY: `data` is readable for its length; the kinds are writable.
    let (by_scoring, by_opponent) = unsafe {
        (
            qttt_scoring_from_name(data.as_ptr().cast(), data.len(), &mut scoring),
            qttt_opponent_from_name(data.as_ptr().cast(), data.len(), &mut opponent),
        )
    };
    let expected = text.and_then(|text| text.parse::<qttt::analysis::Scoring>().ok());
    assert_eq!(by_scoring == QTTT_STATUS_OK, expected.is_some());
    if let Some(expected) = expected {
        assert_eq!(scoring, i32::from(expected.index()));
    }
    let expected = text.and_then(|text| text.parse::<qttt::analysis::OpponentKind>().ok());
    assert_eq!(by_opponent == QTTT_STATUS_OK, expected.is_some());
    if let Some(expected) = expected {
        assert_eq!(opponent, i32::from(expected.index()));
    }
    // Any kind's name: "unknown", or one that names that kind again.
    for chunk in data.chunks_exact(4) {
        let kind = i32::from_ne_bytes(chunk.try_into().expect("4 bytes"));
        for (name, from_name) in [
            (
                qttt_scoring_name as extern "C" fn(i32) -> *const c_char,
                qttt_scoring_from_name
                    as unsafe extern "C" fn(*const c_char, usize, *mut i32) -> qttt_status,
            ),
            (qttt_opponent_name, qttt_opponent_from_name),
        ] {
            let text = name(kind);
            assert!(!text.is_null());
            let mut back = -1i32;
            // SAFETY: the name is static and NUL-terminated; `back` is writable.
            let status = unsafe { from_name(text, usize::MAX, &mut back) };
            // SAFETY: as above.
            let unknown = unsafe { std::ffi::CStr::from_ptr(text) }.to_bytes() == b"unknown";
            assert_eq!(status == QTTT_STATUS_OK, !unknown);
            if !unknown {
                assert_eq!(back, kind);
            }
        }
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

/// The game a record reaches, through the C API (`None` if refused).
fn c_game(record: &str) -> Option<qttt_game> {
    let text = format!("{record}\0");
    let mut game = MaybeUninit::<qttt_game>::uninit();
    // SAFETY: a NUL-terminated record; `game` is writable; `error` may be NULL.
    let status = unsafe {
        qttt_game_from_record(
            text.as_ptr().cast(),
            usize::MAX,
            game.as_mut_ptr(),
            std::ptr::null_mut(),
        )
    };
    // SAFETY: QTTT_STATUS_OK means the game was written.
    (status == QTTT_STATUS_OK).then(|| unsafe { game.assume_init() })
}

/// `scoring ids…`: the position the ids reach (each picking one legal
/// action), analysed by every analysis function (the scoring byte's bit
/// 2 turns the review's opening book off). Positions with fewer
/// than five marks are analysed with the cancel flag raised (the analyses
/// stop at once), to keep runs short.
fn analysed(data: &[u8]) {
    let Some((&scoring_byte, ids)) = data.split_first() else {
        return;
    };
    let mut core = Game::new();
    for &id in ids {
        let legal = core.legal_actions();
        if legal.is_empty() {
            break;
        }
        core = core.apply_unchecked(legal[usize::from(id) % legal.len()]);
    }
    let game = c_game(&core.record().to_string()).expect("a legal record");
    let scoring = i32::from(scoring_byte % 4); // 3 is no scoring
    let book = scoring_byte & 4 == 0; // the review's opening book
    let late = core.move_number() >= 6;
    let g: *const qttt_game = &game;
    let (mut over, mut half) = (false, 0i8);
    let mut cancel = MaybeUninit::<qttt_cancel>::uninit();
    let mut requested = false;
    let mut solution = MaybeUninit::<qttt_solution>::uninit();
    let (mut action, mut games) = (0u8, 0u64);
    let mut solver: *mut qttt_solver = std::ptr::null_mut();
    let mut steps = [MaybeUninit::<qttt_review_step>::uninit(); 13];
    let (mut count, mut final_value, mut needed) = (0usize, 0i8, 0usize);
    let mut text = vec![0u8; usize::from(scoring_byte) * 16];
    // SAFETY: every pointer is valid and writable for what it is passed with.
    unsafe {
        let status = qttt_game_result(g, scoring, &mut over, &mut half);
        assert_eq!(status == QTTT_STATUS_OK, scoring < 3);
        assert_eq!(qttt_cancel_init(cancel.as_mut_ptr()), QTTT_STATUS_OK);
        let flag = cancel.as_ptr();
        if !late {
            assert_eq!(qttt_cancel_request(cancel.as_mut_ptr()), QTTT_STATUS_OK);
        }
        assert_eq!(
            qttt_cancel_is_requested(flag, &mut requested),
            QTTT_STATUS_OK
        );
        assert_eq!(requested, !late);
        let solved = qttt_solve_limited(g, scoring, 1, 0, flag, solution.as_mut_ptr());
        assert_ne!(solved, QTTT_STATUS_PANIC);
        if late {
            assert_eq!(qttt_solve(g, scoring, solution.as_mut_ptr()), solved);
        }
        if qttt_solver_new(scoring, 1, u64::from(scoring_byte), &mut solver) == QTTT_STATUS_OK {
            assert_eq!(
                qttt_solver_set_opening_book(solver, scoring_byte & 4 == 0),
                QTTT_STATUS_OK
            );
            let by_solver = qttt_solver_solve(solver, g, 0, flag, solution.as_mut_ptr());
            assert_eq!(by_solver, solved);
            assert_ne!(
                qttt_solver_best_action(solver, g, 0, flag, &mut action),
                QTTT_STATUS_PANIC
            );
            // Room for all of them, or (by the scoring byte) for fewer.
            let mut values = [MaybeUninit::<qttt_action_value>::uninit(); 36];
            let room = if scoring_byte & 8 == 0 {
                values.len()
            } else {
                usize::from(scoring_byte >> 4)
            };
            let valued = qttt_solver_action_values(
                solver,
                g,
                0,
                flag,
                values.as_mut_ptr().cast(),
                room,
                &mut count,
            );
            assert_ne!(valued, QTTT_STATUS_PANIC);
            if late && solved == QTTT_STATUS_OK && valued == QTTT_STATUS_OK {
                let solution = solution.assume_init_ref();
                assert_eq!(count, core.legal_actions().len());
                if count > 0 {
                    // The best action first, keeping the solved value.
                    let best = values[0].assume_init_ref();
                    assert_eq!(best.value_half_points, solution.value_half_points);
                }
            }
            qttt_solver_free(solver);
        }
        let counted = qttt_count_games(
            g,
            0,
            if core.move_number() >= 6 {
                std::ptr::null()
            } else {
                flag
            },
            &mut games,
        );
        assert_ne!(counted, QTTT_STATUS_PANIC);
        for opponent in [
            QTTT_OPPONENT_RANDOM,
            QTTT_OPPONENT_MCTS,
            QTTT_OPPONENT_PERFECT,
            9,
        ] {
            if opponent != QTTT_OPPONENT_PERFECT || late {
                assert_ne!(
                    qttt_best_action(g, opponent, 20, 1, &mut action),
                    QTTT_STATUS_PANIC
                );
            }
        }
        if late {
            let status = qttt_review(
                g,
                ids.len().saturating_sub(3),
                scoring,
                book,
                steps.as_mut_ptr().cast(),
                13,
                &mut count,
                &mut final_value,
            );
            assert_eq!(status == QTTT_STATUS_OK, scoring < 3);
            let status = qttt_review_write(
                g,
                ids.len().saturating_sub(3),
                scoring,
                book,
                text.as_mut_ptr().cast(),
                text.len(),
                &mut needed,
            );
            assert_ne!(status, QTTT_STATUS_PANIC);
        }
    }
}

/// Any bytes as a game file, through the C API, checked against the core.
fn game_file(data: &[u8]) {
    let Some((&capacity, text)) = data.split_first() else {
        return;
    };
    let expected = text
        .iter()
        .position(|&b| b == 0)
        .and_then(|end| std::str::from_utf8(&text[..end]).ok())
        .map(qttt::gamefile::parse);
    let mut count = 0usize;
    let mut error = MaybeUninit::<qttt_gamefile_error>::uninit();
    let (mut start, mut end) = (
        MaybeUninit::<qttt_game>::uninit(),
        MaybeUninit::<qttt_game>::uninit(),
    );
    let mut buf = vec![0u8; usize::from(capacity) * 8];
    let mut needed = 0usize;
    let t = text.as_ptr().cast::<c_char>();
    // SAFETY: `text` is readable for its length; the outputs are writable.
    unsafe {
        let status = qttt_gamefile_count(t, text.len(), &mut count, error.as_mut_ptr());
        assert_ne!(status, QTTT_STATUS_PANIC);
        match &expected {
            Some(Ok(games)) => assert!(status == QTTT_STATUS_OK && count == games.len()),
            Some(Err(e)) => {
                assert_eq!(status, QTTT_STATUS_INVALID_GAMEFILE);
                let error = error.assume_init();
                assert_eq!((error.line, error.column), (e.line(), e.column()));
            }
            None => assert_ne!(status, QTTT_STATUS_OK),
        }
        let status = qttt_gamefile_game(
            t,
            text.len(),
            0,
            start.as_mut_ptr(),
            end.as_mut_ptr(),
            std::ptr::null_mut(),
        );
        assert_ne!(status, QTTT_STATUS_PANIC);
        let status = qttt_gamefile_normalize(
            t,
            text.len(),
            buf.as_mut_ptr().cast(),
            buf.len(),
            &mut needed,
            std::ptr::null_mut(),
        );
        assert_ne!(status, QTTT_STATUS_PANIC);
        if let Some(Ok(games)) = &expected {
            assert_eq!(needed, qttt::gamefile::write(games).len() + 1);
        }
        // The same text parsed once: the same games, or no file at all.
        let mut file: *mut qttt_gamefile = std::ptr::null_mut();
        let status = qttt_gamefile_parse(t, text.len(), &mut file, std::ptr::null_mut());
        assert_ne!(status, QTTT_STATUS_PANIC);
        if let Some(Ok(games)) = &expected {
            assert!(status == QTTT_STATUS_OK && !file.is_null());
            let mut len = usize::MAX;
            assert_eq!(qttt_gamefile_len(file, &mut len), QTTT_STATUS_OK);
            assert_eq!(len, games.len());
            let index = usize::from(capacity) % (games.len() + 1);
            let status = qttt_gamefile_at(file, index, start.as_mut_ptr(), end.as_mut_ptr());
            assert_eq!(status == QTTT_STATUS_OK, index < games.len());
            let mut written = 0usize;
            let status =
                qttt_gamefile_write(file, buf.as_mut_ptr().cast(), buf.len(), &mut written);
            assert_ne!(status, QTTT_STATUS_PANIC);
            assert_eq!(written, needed);
        } else {
            assert!(status != QTTT_STATUS_OK && file.is_null());
        }
        qttt_gamefile_free(file);
        assert!(
            !qttt_puzzles().is_null()
                && !qttt_version().is_null()
                && !qttt_status_code(13).is_null()
        );
        assert_eq!(qttt_game_new(start.as_mut_ptr()), QTTT_STATUS_OK);
    }
}

/// Any bytes as a tablebase file: opened, it is refused with a status
/// (never a panic) unless the core's own reading accepts it, and then every
/// value it gives for the empty board is a status or a value in range.
fn tablebase_file(data: &[u8]) {
    let dir = std::env::temp_dir().join(format!("qttt-fuzz-tablebase-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join("table.qtb");
    std::fs::write(&path, data).expect("a temporary file");
    let accepted = qttt::analysis::Tablebase::from_bytes(data.to_vec()).is_ok();
    let name = std::ffi::CString::new(path.to_str().expect("a UTF-8 path")).expect("no NUL");
    let mut table: *mut qttt_tablebase = std::ptr::null_mut();
    let mut value = MaybeUninit::<qttt_table_value>::uninit();
    let mut game = MaybeUninit::<qttt_game>::uninit();
    // SAFETY: the path is NUL-terminated; the outputs are writable; the
    // table is used only while open.
    unsafe {
        let status = qttt_tablebase_open(name.as_ptr(), name.as_bytes_with_nul().len(), &mut table);
        assert_ne!(status, QTTT_STATUS_PANIC);
        assert_eq!(status == QTTT_STATUS_OK, accepted);
        assert_eq!(qttt_game_new(game.as_mut_ptr()), QTTT_STATUS_OK);
        for scoring in 0..4 {
            let status = qttt_tablebase_value(table, game.as_ptr(), scoring, value.as_mut_ptr());
            assert_ne!(status, QTTT_STATUS_PANIC);
            if status == QTTT_STATUS_OK {
                assert!((-2..=2).contains(&value.assume_init().value_half_points));
            }
        }
        qttt_tablebase_close(table);
    }
    let _ = std::fs::remove_file(&path);
}
