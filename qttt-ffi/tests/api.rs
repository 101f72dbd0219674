//! The C API called from Rust: every status, NULL argument, aliasing of
//! in and out pointers, buffer size, and the shared vectors.

use std::ffi::{CStr, c_char};
use std::mem::MaybeUninit;
use std::ptr::{null, null_mut};

use qttt_ffi::*;

type Status = qttt_status;

fn new_game() -> qttt_game {
    let mut game = MaybeUninit::<qttt_game>::uninit();
    // SAFETY: `game` is writable memory for a qttt_game.
    let status = unsafe { qttt_game_new(game.as_mut_ptr()) };
    assert_eq!(status, QTTT_STATUS_OK);
    // SAFETY: written by qttt_game_new on success.
    unsafe { game.assume_init() }
}

fn from_record(record: &str) -> Result<qttt_game, (Status, qttt_record_error)> {
    let text = format!("{record}\0");
    let mut game = new_game();
    let mut error = qttt_record_error {
        status: QTTT_STATUS_OK,
        token_index: 99,
        byte_offset: 99,
        token_length: 99,
    };
    // SAFETY: `text` is NUL-terminated within its length; outputs are writable.
    let status =
        unsafe { qttt_game_from_record(text.as_ptr().cast(), text.len(), &mut game, &mut error) };
    if status == QTTT_STATUS_OK {
        Ok(game)
    } else {
        Err((status, error))
    }
}

fn game(record: &str) -> qttt_game {
    from_record(record).unwrap_or_else(|e| panic!("{record}: {e:?}"))
}

fn apply(game: &qttt_game, id: u8) -> Result<qttt_game, Status> {
    let mut out = new_game();
    // SAFETY: valid in and out pointers.
    let status = unsafe { qttt_game_apply(game, id, &mut out) };
    if status == QTTT_STATUS_OK {
        Ok(out)
    } else {
        Err(status)
    }
}

/// Calls a text function with a large buffer and returns the text.
fn text(
    f: unsafe extern "C" fn(*const qttt_game, *mut c_char, usize, *mut usize) -> Status,
    game: &qttt_game,
) -> String {
    let mut buf = [0 as c_char; 2048];
    let mut needed = 0;
    // SAFETY: `buf` has 2048 writable bytes; `needed` is writable.
    let status = unsafe { f(game, buf.as_mut_ptr(), buf.len(), &mut needed) };
    assert_eq!(status, QTTT_STATUS_OK);
    // SAFETY: on success the buffer holds a NUL-terminated string.
    let text = unsafe { CStr::from_ptr(buf.as_ptr()) }
        .to_str()
        .unwrap()
        .to_owned();
    assert_eq!(needed, text.len() + 1);
    text
}

fn legal(game: &qttt_game) -> Vec<u8> {
    let mut ids = [0u8; QTTT_MAX_LEGAL_ACTIONS];
    let mut count = 99;
    // SAFETY: `ids` has room for QTTT_MAX_LEGAL_ACTIONS ids.
    let status = unsafe { qttt_game_legal_actions(game, ids.as_mut_ptr(), ids.len(), &mut count) };
    assert_eq!(status, QTTT_STATUS_OK);
    ids[..count].to_vec()
}

fn code(status: Status) -> &'static str {
    // SAFETY: qttt_status_code returns a static NUL-terminated string.
    unsafe { CStr::from_ptr(qttt_status_code(status)) }
        .to_str()
        .unwrap()
}

fn vectors(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/../tests/vectors/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

#[test]
fn every_shared_view_matches() {
    let text = vectors("games.txt");
    let mut lines = text.lines();
    let mut pairs = Vec::new();
    while let Some(line) = lines.next() {
        if let Some(record) = line.strip_prefix("record:") {
            let expected = lines.next().unwrap().strip_prefix("view: ").unwrap();
            pairs.push((record.trim(), expected));
        }
    }
    assert!(pairs.len() >= 40);
    // Miri checks the memory accesses, not the rules: a sample is enough.
    for (record, expected) in pairs.into_iter().step_by(MIRI_STEP) {
        assert_eq!(text_view(&game(record)), expected, "{record}");
    }
}

/// Under Miri, which interprets every instruction, loops over the shared
/// vectors take every `MIRI_STEP`-th case.
const MIRI_STEP: usize = if cfg!(miri) { 8 } else { 1 };

fn text_view(game: &qttt_game) -> String {
    text(qttt_game_view, game)
}

#[test]
fn every_illegal_continuation_gives_its_status_and_writes_nothing() {
    for line in vectors("illegal.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .step_by(MIRI_STEP)
    {
        let [record, token, reason]: [&str; 3] = line
            .split('|')
            .map(str::trim)
            .collect::<Vec<_>>()
            .try_into()
            .unwrap();
        let before = game(record);
        let token_c = format!("{token}\0");
        let mut id = 200;
        // SAFETY: NUL-terminated token; writable id.
        let parsed =
            unsafe { qttt_action_from_token(token_c.as_ptr().cast(), token_c.len(), &mut id) };
        let status = if parsed == QTTT_STATUS_OK {
            let mut out = new_game();
            let mut in_place = before;
            // SAFETY: valid in and out pointers; in place is allowed.
            let (status, in_place_status) = unsafe {
                (
                    qttt_game_apply(&before, id, &mut out),
                    qttt_game_apply(&in_place, id, &mut in_place),
                )
            };
            assert_eq!(out.opaque, new_game().opaque, "nothing written on failure");
            assert_eq!(
                in_place.opaque, before.opaque,
                "in place: unchanged on failure"
            );
            assert_eq!(in_place_status, status);
            status
        } else {
            assert_eq!(id, 200, "nothing written on failure");
            parsed
        };
        assert_eq!(code(status), reason, "{line}");
        let (status, error) = from_record(&format!("{record} {token}")).unwrap_err();
        assert_eq!(code(status), reason);
        assert_eq!(error.status, status);
        assert_eq!(error.token_index, record.split_whitespace().count());
        assert_eq!(error.token_length, token.len());
    }
}

#[test]
fn in_and_out_may_be_the_same_game() {
    let mut g = new_game();
    let p: *mut qttt_game = &mut g;
    // SAFETY: `p` is valid for reading and writing; aliasing is allowed by the API.
    unsafe {
        assert_eq!(qttt_game_apply(p, 0, p), QTTT_STATUS_OK); // 12
        assert_eq!(qttt_game_apply(p, 0, p), QTTT_STATUS_OK); // 12 again: a cycle
        assert_eq!(qttt_game_apply(p, 45, p), QTTT_STATUS_OK); // @1
        assert_eq!(
            qttt_game_transform(p, QTTT_SYMMETRY_ROTATE_90, p),
            QTTT_STATUS_OK
        );
    }
    assert_eq!(text(qttt_game_record, &g), "36 36 @3");
    // SAFETY: as above.
    unsafe { assert_eq!(qttt_game_undo(p, p), QTTT_STATUS_OK) };
    assert_eq!(text(qttt_game_record, &g), "36 36");
}

#[test]
fn null_pointers_are_a_status() {
    let g = new_game();
    let mut out = new_game();
    let mut byte = 0u8;
    let mut size = 0usize;
    // SAFETY: every non-NULL pointer is valid; NULL ones must be refused.
    unsafe {
        assert_eq!(qttt_game_new(null_mut()), QTTT_STATUS_NULL_POINTER);
        assert_eq!(
            qttt_game_from_record(null(), 10, &mut out, null_mut()),
            QTTT_STATUS_NULL_POINTER
        );
        assert_eq!(
            qttt_game_from_record(c"12".as_ptr(), 3, null_mut(), null_mut()),
            QTTT_STATUS_NULL_POINTER
        );
        assert_eq!(
            qttt_game_apply(null(), 0, &mut out),
            QTTT_STATUS_NULL_POINTER
        );
        assert_eq!(qttt_game_apply(&g, 0, null_mut()), QTTT_STATUS_NULL_POINTER);
        assert_eq!(
            qttt_game_legal_actions(&g, null_mut(), 36, &mut size),
            QTTT_STATUS_NULL_POINTER
        );
        assert_eq!(
            qttt_game_legal_actions(&g, &mut byte, 1, null_mut()),
            QTTT_STATUS_NULL_POINTER
        );
        assert_eq!(
            qttt_game_is_legal(&g, 0, null_mut()),
            QTTT_STATUS_NULL_POINTER
        );
        assert_eq!(
            qttt_game_phase(null(), null_mut()),
            QTTT_STATUS_NULL_POINTER
        );
        assert_eq!(
            qttt_game_current_player(&g, null_mut()),
            QTTT_STATUS_NULL_POINTER
        );
        assert_eq!(
            qttt_game_move_number(null(), &mut byte),
            QTTT_STATUS_NULL_POINTER
        );
        assert_eq!(
            qttt_game_classical(&g, 1, null_mut()),
            QTTT_STATUS_NULL_POINTER
        );
        assert_eq!(
            qttt_game_spooky_marks(&g, 1, null_mut()),
            QTTT_STATUS_NULL_POINTER
        );
        assert_eq!(
            qttt_game_marks(&g, null_mut(), 9, &mut size),
            QTTT_STATUS_NULL_POINTER
        );
        assert_eq!(
            qttt_game_collapse_options(&g, null_mut(), &mut byte),
            QTTT_STATUS_NULL_POINTER
        );
        assert_eq!(qttt_game_outcome(&g, null_mut()), QTTT_STATUS_NULL_POINTER);
        assert_eq!(qttt_game_undo(null(), &mut out), QTTT_STATUS_NULL_POINTER);
        assert_eq!(
            qttt_game_position_key(&g, null_mut()),
            QTTT_STATUS_NULL_POINTER
        );
        assert_eq!(
            qttt_game_canonical_key(null(), null_mut()),
            QTTT_STATUS_NULL_POINTER
        );
        assert_eq!(
            qttt_game_transform(&g, 0, null_mut()),
            QTTT_STATUS_NULL_POINTER
        );
        assert_eq!(
            qttt_symmetry_square(0, 1, null_mut()),
            QTTT_STATUS_NULL_POINTER
        );
        assert_eq!(
            qttt_symmetry_action(0, 1, null_mut()),
            QTTT_STATUS_NULL_POINTER
        );
        assert_eq!(
            qttt_action_from_token(null(), 3, &mut byte),
            QTTT_STATUS_NULL_POINTER
        );
        assert_eq!(
            qttt_action_from_token(c"12".as_ptr(), 3, null_mut()),
            QTTT_STATUS_NULL_POINTER
        );
        assert_eq!(
            qttt_game_record(null(), null_mut(), 0, &mut size),
            QTTT_STATUS_NULL_POINTER
        );
        assert_eq!(
            qttt_game_view(&g, null_mut(), 10, &mut size),
            QTTT_STATUS_NULL_POINTER
        );
        assert_eq!(qttt_perft(&g, 1, null_mut()), QTTT_STATUS_NULL_POINTER);
    }
}

#[test]
fn out_of_range_arguments_are_a_status() {
    let g = new_game();
    let mut out = new_game();
    let mut byte = 0u8;
    let mut mark = qttt_mark {
        number: 0,
        player: QTTT_PLAYER_NONE,
    };
    // SAFETY: valid pointers throughout.
    unsafe {
        assert_eq!(
            qttt_game_apply(&g, 54, &mut out),
            QTTT_STATUS_INVALID_ACTION_ID
        );
        assert_eq!(
            qttt_game_apply(&g, 255, &mut out),
            QTTT_STATUS_INVALID_ACTION_ID
        );
        assert_eq!(
            qttt_game_is_legal(&g, 54, &mut false),
            QTTT_STATUS_INVALID_ACTION_ID
        );
        assert_eq!(
            qttt_game_classical(&g, 0, &mut mark),
            QTTT_STATUS_INVALID_SQUARE
        );
        assert_eq!(
            qttt_game_classical(&g, 10, &mut mark),
            QTTT_STATUS_INVALID_SQUARE
        );
        assert_eq!(
            qttt_game_spooky_marks(&g, 10, &mut 0),
            QTTT_STATUS_INVALID_SQUARE
        );
        assert_eq!(
            qttt_game_transform(&g, 8, &mut out),
            QTTT_STATUS_INVALID_SYMMETRY
        );
        assert_eq!(
            qttt_symmetry_square(8, 1, &mut byte),
            QTTT_STATUS_INVALID_SYMMETRY
        );
        assert_eq!(
            qttt_symmetry_square(0, 0, &mut byte),
            QTTT_STATUS_INVALID_SQUARE
        );
        assert_eq!(
            qttt_symmetry_action(0, 54, &mut byte),
            QTTT_STATUS_INVALID_ACTION_ID
        );
        assert_eq!(
            qttt_action_token(54, null_mut(), 0, null_mut()),
            QTTT_STATUS_INVALID_ACTION_ID
        );
        assert_eq!(qttt_game_undo(&g, &mut out), QTTT_STATUS_NOTHING_TO_UNDO);
    }
}

#[test]
fn games_not_written_by_qttt_are_refused() {
    let mut other_version = new_game();
    other_version.opaque[0] ^= 1 << 56; // the layout version byte of the marker
    let mut out = new_game();
    for bad in [
        qttt_game {
            opaque: [0; QTTT_GAME_WORDS],
        },
        qttt_game {
            opaque: [u64::MAX; QTTT_GAME_WORDS],
        },
        other_version,
    ] {
        let mut in_place = bad;
        // SAFETY: valid pointers.
        unsafe {
            assert_eq!(qttt_game_apply(&bad, 0, &mut out), QTTT_STATUS_INVALID_GAME);
            assert_eq!(
                qttt_game_apply(&in_place, 0, &mut in_place),
                QTTT_STATUS_INVALID_GAME
            );
            assert_eq!(
                qttt_game_phase(&bad, &mut { QTTT_PHASE_MOVE }),
                QTTT_STATUS_INVALID_GAME
            );
        }
        assert_eq!(in_place.opaque, bad.opaque);
    }
    assert_eq!(out.opaque, new_game().opaque, "nothing written");
}

#[test]
fn overwritten_game_bytes_never_crash() {
    // A caller that scribbles over a game behind the marker gets answers or
    // statuses (QTTT_STATUS_PANIC at worst), never a crash.
    let mut rng = 0x1234_5678_9abc_def0u64;
    let mut next = || {
        rng = rng.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let z = (rng ^ (rng >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z ^ (z >> 31)
    };
    let base = game("15 25 35 45 12");
    let mut text = [0 as c_char; 2048];
    // Miri runs a few rounds: each is tens of thousands of interpreted calls.
    let rounds = if cfg!(miri) { 8 } else { 5_000 };
    for round in 0..rounds {
        let mut g = base;
        let word = 1 + round % (QTTT_GAME_WORDS - 1);
        g.opaque[word] ^= next() & (0xFF << (8 * (next() % 8)));
        let (mut out, mut ids, mut count, mut outcome) =
            (new_game(), [0u8; 36], 0, std::mem::MaybeUninit::uninit());
        // SAFETY: valid pointers throughout.
        unsafe {
            for id in 0..QTTT_ACTION_COUNT {
                let _ = qttt_game_apply(&g, id, &mut out);
            }
            let _ = qttt_game_legal_actions(&g, ids.as_mut_ptr(), ids.len(), &mut count);
            let _ = qttt_game_outcome(&g, outcome.as_mut_ptr());
            let _ = qttt_game_view(&g, text.as_mut_ptr(), text.len(), null_mut());
            let _ = qttt_game_board(&g, text.as_mut_ptr(), text.len(), null_mut());
            let _ = qttt_game_undo(&g, &mut out);
            let _ = qttt_game_canonical_key(&g, &mut qttt_key { low: 0, high: 0 });
        }
    }
}

#[test]
fn text_inputs_need_utf8_and_a_nul_within_their_size() {
    let mut out = new_game();
    let mut id = 0u8;
    // SAFETY: each buffer is readable for the size given.
    unsafe {
        assert_eq!(
            qttt_game_from_record(c"12 34".as_ptr(), 5, &mut out, null_mut()),
            QTTT_STATUS_MISSING_NUL
        );
        assert_eq!(
            qttt_game_from_record(c"12 34".as_ptr(), 6, &mut out, null_mut()),
            QTTT_STATUS_OK
        );
        assert_eq!(
            qttt_game_from_record(c"12 34".as_ptr(), usize::MAX, &mut out, null_mut()),
            QTTT_STATUS_OK
        );
        let latin1 = [b'1', b'2', b' ', 0xE9, 0];
        assert_eq!(
            qttt_game_from_record(latin1.as_ptr().cast(), 5, &mut out, null_mut()),
            QTTT_STATUS_INVALID_UTF8
        );
        assert_eq!(
            qttt_action_from_token(c"51".as_ptr(), 0, &mut id),
            QTTT_STATUS_MISSING_NUL
        );
        assert_eq!(
            qttt_action_from_token(c"51".as_ptr(), 3, &mut id),
            QTTT_STATUS_OK
        );
    }
    assert_eq!(id, 3, "51 is the spooky move 15");
    assert_eq!(text(qttt_game_record, &out), "12 34");
}

#[test]
fn text_outputs_report_the_size_they_need() {
    let g = game("58 47 67 59 48 68 @8");
    let record = "58 47 67 59 48 68 @8";
    let mut needed = 0;
    let mut small = [b'#' as c_char; 8];
    // SAFETY: `small` has 8 writable bytes; NULL buffer with capacity 0 asks for the size.
    unsafe {
        assert_eq!(
            qttt_game_record(&g, null_mut(), 0, &mut needed),
            QTTT_STATUS_BUFFER_TOO_SMALL
        );
        assert_eq!(needed, record.len() + 1);
        assert_eq!(
            qttt_game_record(&g, small.as_mut_ptr(), small.len(), &mut needed),
            QTTT_STATUS_BUFFER_TOO_SMALL
        );
        assert!(
            small.iter().all(|&c| c == b'#' as c_char),
            "nothing written"
        );
        let mut exact = vec![0 as c_char; needed];
        assert_eq!(
            qttt_game_record(&g, exact.as_mut_ptr(), exact.len(), null_mut()),
            QTTT_STATUS_OK
        );
        assert_eq!(CStr::from_ptr(exact.as_ptr()).to_str(), Ok(record));
        let mut token = [0 as c_char; 3];
        assert_eq!(
            qttt_action_token(53, token.as_mut_ptr(), 3, null_mut()),
            QTTT_STATUS_OK
        );
        assert_eq!(CStr::from_ptr(token.as_ptr()).to_str(), Ok("@9"));
    }
    assert!(text(qttt_game_board, &g).contains("Game over: X wins"));
}

#[test]
fn queries_report_the_position() {
    let g = game("12 34 56 23 78 13");
    let mut phase = QTTT_PHASE_MOVE;
    let mut player = QTTT_PLAYER_NONE;
    let mut number = 0;
    let mut options = [0u8; 2];
    let mut count = 0u8;
    let mut marks = 0u16;
    // SAFETY: valid pointers throughout.
    unsafe {
        assert_eq!(qttt_game_phase(&g, &mut phase), QTTT_STATUS_OK);
        assert_eq!(qttt_game_current_player(&g, &mut player), QTTT_STATUS_OK);
        assert_eq!(qttt_game_move_number(&g, &mut number), QTTT_STATUS_OK);
        assert_eq!(
            qttt_game_collapse_options(&g, options.as_mut_ptr(), &mut count),
            QTTT_STATUS_OK
        );
        assert_eq!(qttt_game_spooky_marks(&g, 3, &mut marks), QTTT_STATUS_OK);
    }
    assert_eq!(
        (phase, player, number),
        (QTTT_PHASE_COLLAPSE, QTTT_PLAYER_X, 7)
    );
    assert_eq!((count, options), (2, [1, 3]));
    assert_eq!(
        marks,
        1 << 2 | 1 << 4 | 1 << 6,
        "O2, O4 and O6 touch square 3"
    );
    assert_eq!(legal(&g), [45, 47]);

    let after = apply(&g, 47).unwrap(); // @3
    let mut mark = qttt_mark {
        number: 0,
        player: QTTT_PLAYER_NONE,
    };
    let mut states = [qttt_mark_state {
        mark,
        spooky: false,
        squares: [0; 2],
    }; QTTT_MAX_MARKS];
    let mut n = 0;
    let mut outcome = std::mem::MaybeUninit::<qttt_outcome>::uninit();
    // SAFETY: valid pointers throughout.
    unsafe {
        assert_eq!(qttt_game_classical(&after, 3, &mut mark), QTTT_STATUS_OK);
        assert_eq!(
            qttt_game_marks(&after, states.as_mut_ptr(), 2, &mut n),
            QTTT_STATUS_BUFFER_TOO_SMALL
        );
        assert_eq!(
            qttt_game_marks(&after, states.as_mut_ptr(), states.len(), &mut n),
            QTTT_STATUS_OK
        );
        assert_eq!(
            qttt_game_collapse_options(&after, options.as_mut_ptr(), &mut count),
            QTTT_STATUS_OK
        );
        assert_eq!(
            qttt_game_outcome(&after, outcome.as_mut_ptr()),
            QTTT_STATUS_OK
        );
    }
    assert_eq!(
        mark,
        qttt_mark {
            number: 6,
            player: QTTT_PLAYER_O
        }
    );
    assert_eq!(n, 6);
    assert_eq!(
        states[2],
        qttt_mark_state {
            mark: qttt_mark {
                number: 3,
                player: QTTT_PLAYER_X
            },
            spooky: true,
            squares: [5, 6]
        }
    );
    assert_eq!(states[0].squares, [1, 0]);
    assert_eq!(count, 0);
    // SAFETY: written on success.
    assert!(!unsafe { outcome.assume_init() }.over);
}

#[test]
fn outcome_lists_lines_and_the_winner() {
    let g = game("14 14 @4 25 25 @5 78 69 36 39 @9");
    let mut outcome = std::mem::MaybeUninit::<qttt_outcome>::uninit();
    // SAFETY: valid pointers.
    let outcome = unsafe {
        assert_eq!(qttt_game_outcome(&g, outcome.as_mut_ptr()), QTTT_STATUS_OK);
        outcome.assume_init()
    };
    assert!(outcome.over);
    assert_eq!(
        outcome.winner, QTTT_PLAYER_O,
        "O's line (highest 6) came before X's (highest 7)"
    );
    assert_eq!(outcome.line_count, 2);
    assert_eq!(
        outcome.lines[0],
        qttt_line {
            squares: [1, 2, 3],
            player: QTTT_PLAYER_X,
            highest: 7
        }
    );
    assert_eq!(
        outcome.lines[1],
        qttt_line {
            squares: [4, 5, 6],
            player: QTTT_PLAYER_O,
            highest: 6
        }
    );
}

#[test]
fn keys_symmetry_and_perft() {
    let (a, b) = (game("12 13 12 @1"), game("12 13 13 @1"));
    let mut keys = [qttt_key { low: 0, high: 0 }; 4];
    let mut image = new_game();
    let mut count = 0u64;
    let mut square = 0u8;
    let mut id = 0u8;
    // SAFETY: valid pointers throughout.
    unsafe {
        assert_eq!(qttt_game_position_key(&a, &mut keys[0]), QTTT_STATUS_OK);
        assert_eq!(qttt_game_position_key(&b, &mut keys[1]), QTTT_STATUS_OK);
        assert_eq!(
            qttt_game_transform(&a, QTTT_SYMMETRY_TRANSPOSE, &mut image),
            QTTT_STATUS_OK
        );
        assert_eq!(qttt_game_canonical_key(&a, &mut keys[2]), QTTT_STATUS_OK);
        assert_eq!(
            qttt_game_canonical_key(&image, &mut keys[3]),
            QTTT_STATUS_OK
        );
        // Depth 2 under Miri (1,296 sequences), 3 otherwise (45,432).
        let depth = if cfg!(miri) { 2 } else { 3 };
        assert_eq!(qttt_perft(&new_game(), depth, &mut count), QTTT_STATUS_OK);
        assert_eq!(
            qttt_symmetry_square(QTTT_SYMMETRY_ROTATE_90, 1, &mut square),
            QTTT_STATUS_OK
        );
        assert_eq!(
            qttt_symmetry_action(QTTT_SYMMETRY_ROTATE_90, 0, &mut id),
            QTTT_STATUS_OK
        );
    }
    assert_ne!(a.opaque, b.opaque, "different records");
    assert_eq!(keys[0], keys[1], "same position");
    assert_eq!(keys[2], keys[3], "mirror images share a canonical key");
    assert_eq!(text(qttt_game_record, &image), "14 17 14 @1");
    assert_eq!(
        (count, square, id),
        (if cfg!(miri) { 1296 } else { 45432 }, 3, 17),
        "12 turns into 36 (id 17)"
    );
}

#[test]
fn games_are_plain_values_equal_bytes_equal_records() {
    let a = game("15 15 @1");
    let b = apply(&apply(&apply(&new_game(), 3).unwrap(), 3).unwrap(), 45).unwrap();
    assert_eq!(a.opaque, b.opaque);
    let copy = a;
    assert_eq!(text_view(&copy), text_view(&a));
}

#[test]
fn solve_and_best_action() {
    // X chooses where O6 lands: @8 (id 52) wins at once, with 6 marks.
    let g = game("58 47 67 59 48 68");
    let mut solution = std::mem::MaybeUninit::<qttt_solution>::uninit();
    let mut action = 0u8;
    // SAFETY: valid pointers.
    let solution = unsafe {
        assert_eq!(
            qttt_solve(&g, QTTT_SCORING_SINGLE_RESULT, solution.as_mut_ptr()),
            QTTT_STATUS_OK
        );
        solution.assume_init()
    };
    assert_eq!(
        (
            solution.value_half_points,
            solution.end_move,
            solution.optimal_count
        ),
        (2, 6, 1)
    );
    assert_eq!(
        (
            solution.optimal[0],
            solution.variation_length,
            solution.variation[0]
        ),
        (52, 1, 52)
    );
    // SAFETY: valid pointers; NULL and bad kinds must be refused.
    unsafe {
        assert_eq!(
            qttt_best_action(&g, QTTT_OPPONENT_PERFECT, 0, 1, &mut action),
            QTTT_STATUS_OK
        );
        assert_eq!(action, 52);
        assert_eq!(
            qttt_best_action(&g, QTTT_OPPONENT_MCTS, 2000, 1, &mut action),
            QTTT_STATUS_OK
        );
        assert_eq!(action, 52);
        assert_eq!(
            qttt_best_action(&g, QTTT_OPPONENT_RANDOM, 0, 1, &mut action),
            QTTT_STATUS_OK
        );
        assert!(action == 51 || action == 52);
        assert_eq!(
            qttt_best_action(&g, 3, 0, 1, &mut action),
            QTTT_STATUS_INVALID_ARGUMENT
        );
        assert_eq!(
            qttt_solve(&g, 3, &mut std::mem::zeroed()),
            QTTT_STATUS_INVALID_ARGUMENT
        );
        assert_eq!(qttt_solve(&g, 0, null_mut()), QTTT_STATUS_NULL_POINTER);
        assert_eq!(
            qttt_best_action(null(), 0, 0, 1, &mut action),
            QTTT_STATUS_NULL_POINTER
        );
        let over = game("58 47 67 59 48 68 @8");
        assert_eq!(
            qttt_best_action(&over, QTTT_OPPONENT_RANDOM, 0, 1, &mut action),
            QTTT_STATUS_GAME_OVER
        );
    }
}

#[test]
fn limits_stop_analyses_and_counts_are_exact() {
    let empty = new_game();
    let late = game("12 12 @1 34 34 @3 56 56 @5 78");
    let mut solution = std::mem::MaybeUninit::<qttt_solution>::uninit();
    let mut games = 0u64;
    // The flag is passed as raw pointers to a mutable place, as C passes
    // the address of a variable: the library writes it atomically, so a
    // Rust shared reference (read-only) to it would not do.
    let mut flag = qttt_cancel { opaque: true };
    let mut requested = true;
    // SAFETY: valid pointers; the cancel flag outlives the calls.
    unsafe {
        assert_eq!(qttt_cancel_init(&raw mut flag), QTTT_STATUS_OK);
        assert_eq!(
            qttt_cancel_is_requested((&raw mut flag).cast_const(), &mut requested),
            QTTT_STATUS_OK
        );
        assert!(!requested, "init clears the flag");
        assert_eq!(qttt_cancel_init(null_mut()), QTTT_STATUS_NULL_POINTER);
        assert_eq!(qttt_cancel_request(null_mut()), QTTT_STATUS_NULL_POINTER);
        // Requested from another thread, as a C program's user interface would.
        let address = &raw mut flag as usize;
        std::thread::spawn(move || {
            assert_eq!(
                qttt_cancel_request(address as *mut qttt_cancel),
                QTTT_STATUS_OK
            )
        })
        .join()
        .unwrap();
        assert_eq!(
            qttt_cancel_is_requested((&raw mut flag).cast_const(), &mut requested),
            QTTT_STATUS_OK
        );
        assert!(requested);
    }
    let cancelled: *const qttt_cancel = (&raw mut flag).cast_const();
    // SAFETY: valid pointers; the cancel flag outlives the calls.
    unsafe {
        assert_eq!(
            qttt_solve_limited(
                &empty,
                QTTT_SCORING_SINGLE_RESULT,
                2,
                0,
                cancelled,
                solution.as_mut_ptr()
            ),
            QTTT_STATUS_INTERRUPTED
        );
        assert_eq!(
            qttt_count_games(&empty, 0, cancelled, &mut games),
            QTTT_STATUS_INTERRUPTED
        );
        // Worked by hand in the GameCounter docs: 2 + 6 + 6.
        assert_eq!(
            qttt_count_games(&late, 0, null(), &mut games),
            QTTT_STATUS_OK
        );
        assert_eq!(games, 14);
        assert_eq!(
            qttt_count_games(&late, 0, null(), null_mut()),
            QTTT_STATUS_NULL_POINTER
        );
        assert_eq!(
            qttt_solve_limited(&late, 9, 1, 0, null(), solution.as_mut_ptr()),
            QTTT_STATUS_INVALID_ARGUMENT
        );
    }
}

#[test]
fn a_solver_remembers_and_plays_perfectly() {
    // Under Miri a position six actions in, whose solve is a few thousand
    // positions; natively the first move.
    let opening = game(if cfg!(miri) {
        "12 12 @1 34 34 @3"
    } else {
        "15"
    });
    let mut solver: *mut qttt_solver = null_mut();
    let mut solution = MaybeUninit::<qttt_solution>::uninit();
    let mut action = 0u8;
    // SAFETY: valid pointers; the solver is freed once, at the end.
    unsafe {
        assert_eq!(
            qttt_solver_new(7, 1, 0, &mut solver),
            QTTT_STATUS_INVALID_ARGUMENT
        );
        assert_eq!(
            qttt_solver_new(QTTT_SCORING_SINGLE_RESULT, 1, 0, null_mut()),
            QTTT_STATUS_NULL_POINTER
        );
        assert_eq!(
            qttt_solver_new(QTTT_SCORING_SINGLE_RESULT, 1, 3, &mut solver),
            QTTT_STATUS_OK
        );
        assert_eq!(
            qttt_solver_solve(solver, &opening, 0, null(), solution.as_mut_ptr()),
            QTTT_STATUS_OK
        );
        let first = solution.assume_init();
        // The same position again: answered from the table, a few nodes at most.
        assert_eq!(
            qttt_solver_solve(solver, &opening, 0, null(), solution.as_mut_ptr()),
            QTTT_STATUS_OK
        );
        let again = solution.assume_init();
        assert_eq!(again.value_half_points, first.value_half_points);
        assert!(
            again.nodes < first.nodes / 10,
            "{} then {}",
            first.nodes,
            again.nodes
        );

        // Perfect against perfect from "15" keeps the value to the end.
        let mut position = opening;
        loop {
            let status = qttt_solver_best_action(solver, &position, 0, null(), &mut action);
            if status == QTTT_STATUS_GAME_OVER {
                break;
            }
            assert_eq!(status, QTTT_STATUS_OK);
            position = apply(&position, action).unwrap();
        }
        let mut outcome = MaybeUninit::<qttt_outcome>::uninit();
        assert_eq!(
            qttt_game_outcome(&position, outcome.as_mut_ptr()),
            QTTT_STATUS_OK
        );
        let winner = outcome.assume_init().winner;
        let expected = match first.value_half_points {
            2 => QTTT_PLAYER_X,
            -2 => QTTT_PLAYER_O,
            _ => QTTT_PLAYER_NONE,
        };
        assert_eq!(winner, expected);

        assert_eq!(
            qttt_solver_best_action(null_mut(), &opening, 0, null(), &mut action),
            QTTT_STATUS_NULL_POINTER
        );
        qttt_solver_free(solver);
        qttt_solver_free(null_mut());
    }
}

#[test]
fn the_opening_book_can_be_turned_off() {
    let empty = game("");
    let mut solver: *mut qttt_solver = null_mut();
    let mut solution = MaybeUninit::<qttt_solution>::uninit();
    // SAFETY: valid pointers; the solver is freed once, at the end.
    unsafe {
        assert_eq!(
            qttt_solver_set_opening_book(null_mut(), false),
            QTTT_STATUS_NULL_POINTER
        );
        assert_eq!(
            qttt_solver_new(QTTT_SCORING_SINGLE_RESULT, 1, 0, &mut solver),
            QTTT_STATUS_OK
        );
        if !cfg!(miri) {
            // From the book the empty board needs a few thousand positions
            // (the principal variation); searched, a 1 ms limit stops it.
            assert_eq!(
                qttt_solver_solve(solver, &empty, 10_000, null(), solution.as_mut_ptr()),
                QTTT_STATUS_OK
            );
            let solution = solution.assume_init();
            assert_eq!((solution.value_half_points, solution.end_move), (2, 9));
            assert!(solution.nodes < 100_000, "{} nodes", solution.nodes);
            assert_eq!(qttt_solver_set_opening_book(solver, false), QTTT_STATUS_OK);
            let mut searched = MaybeUninit::<qttt_solution>::uninit();
            assert_eq!(
                qttt_solver_solve(solver, &empty, 1, null(), searched.as_mut_ptr()),
                QTTT_STATUS_INTERRUPTED
            );
        }
        qttt_solver_free(solver);
    }
}

#[test]
fn the_cycle_and_the_collapse_step_by_step() {
    // X1 15, O2 59, X3 13, O4 37; X5 57 closes 1-5-7-3-1, O2 hangs off 5.
    let g = game("15 59 13 37 57");
    let none = qttt_mark {
        number: 0,
        player: QTTT_PLAYER_NONE,
    };
    let step = |number: u8, square: u8, from: u8, by: u8| qttt_collapse_step {
        mark: qttt_mark {
            number,
            player: if number % 2 == 1 {
                QTTT_PLAYER_X
            } else {
                QTTT_PLAYER_O
            },
        },
        square,
        from,
        forced_by: qttt_mark {
            number: by,
            player: match by {
                0 => QTTT_PLAYER_NONE,
                _ if by % 2 == 1 => QTTT_PLAYER_X,
                _ => QTTT_PLAYER_O,
            },
        },
    };
    let mut steps = [step(0, 0, 0, 0); QTTT_MAX_MARKS];
    steps[0].mark = none;
    let mut n = 0usize;
    let mut cycle = 0u16;
    let mut no_cycle = 1u16;
    let start = new_game();
    // SAFETY: valid pointers throughout.
    unsafe {
        assert_eq!(qttt_game_cycle(&g, &mut cycle), QTTT_STATUS_OK);
        assert_eq!(qttt_game_cycle(&start, &mut no_cycle), QTTT_STATUS_OK);
        assert_eq!(qttt_game_cycle(&g, null_mut()), QTTT_STATUS_NULL_POINTER);
        assert_eq!(
            qttt_game_collapse_steps(&g, 5, steps.as_mut_ptr(), 4, &mut n),
            QTTT_STATUS_BUFFER_TOO_SMALL
        );
        assert_eq!(
            qttt_game_collapse_steps(&g, 9, steps.as_mut_ptr(), 9, &mut n),
            QTTT_STATUS_NOT_COLLAPSE_OPTION
        );
        assert_eq!(
            qttt_game_collapse_steps(&g, 10, steps.as_mut_ptr(), 9, &mut n),
            QTTT_STATUS_INVALID_SQUARE
        );
        assert_eq!(
            qttt_game_collapse_steps(&start, 1, steps.as_mut_ptr(), 9, &mut n),
            QTTT_STATUS_NO_COLLAPSE_PENDING
        );
        assert_eq!(n, 0, "nothing written on an error");
        assert_eq!(
            qttt_game_collapse_steps(&g, 5, steps.as_mut_ptr(), 9, &mut n),
            QTTT_STATUS_OK
        );
    }
    assert_eq!(cycle, 1 << 1 | 1 << 3 | 1 << 4 | 1 << 5, "X1, X3, O4, X5");
    assert_eq!(no_cycle, 0);
    // X5 lands in 5 and forces X1 to 1 and O2 to 9; X1 forces X3 to 3,
    // which forces O4 to 7.
    assert_eq!(
        steps[..n],
        [
            step(5, 5, 7, 0),
            step(1, 1, 5, 5),
            step(2, 9, 5, 5),
            step(3, 3, 1, 1),
            step(4, 7, 3, 3),
        ]
    );
}

#[test]
fn the_classical_ensemble_is_counted_and_listed() {
    // "12 34 23": X1 1-2, O2 3-4, X3 2-3 make the path 1-2-3-4: one board
    // for each empty square; X1's lower square first (mark order).
    let g = game("12 34 23");
    let empty = qttt_classical_board { numbers: [0; 9] };
    let mut boards = [empty; QTTT_MAX_ENSEMBLE];
    let (mut count, mut listed) = (0, 0);
    // SAFETY: valid pointers throughout.
    unsafe {
        assert_eq!(qttt_game_ensemble_count(&g, &mut count), QTTT_STATUS_OK);
        assert_eq!(
            qttt_game_ensemble(&g, boards.as_mut_ptr(), 3, &mut listed),
            QTTT_STATUS_BUFFER_TOO_SMALL
        );
        assert_eq!(listed, 0, "nothing written");
        assert_eq!(
            qttt_game_ensemble(&g, boards.as_mut_ptr(), boards.len(), &mut listed),
            QTTT_STATUS_OK
        );
        assert_eq!(
            qttt_game_ensemble_count(null(), &mut count),
            QTTT_STATUS_NULL_POINTER
        );
    }
    assert_eq!((count, listed), (4, 4));
    let numbers: Vec<[u8; 9]> = boards[..4].iter().map(|b| b.numbers).collect();
    assert_eq!(
        numbers,
        [
            [1, 3, 2, 0, 0, 0, 0, 0, 0], // X1 1, X3 2, O2 3: square 4 empty
            [1, 3, 0, 2, 0, 0, 0, 0, 0], // X1 1, X3 2, O2 4: square 3 empty
            [1, 0, 3, 2, 0, 0, 0, 0, 0], // X1 1, X3 3, O2 4: square 2 empty
            [0, 1, 3, 2, 0, 0, 0, 0, 0], // X1 2, X3 3, O2 4: square 1 empty
        ]
    );
}

/// A reduced tablebase below one position, written to a scratch file.
fn tablebase_file(name: &str) -> (std::path::PathBuf, qttt::analysis::Tablebase) {
    let root = qttt::Game::from_record("58 47 67 59").unwrap();
    let table = qttt::analysis::Tablebase::build_from(&[root]);
    let path = std::env::temp_dir().join(format!("qttt-ffi-{name}-{}.tb", std::process::id()));
    table.write(&path).unwrap();
    (path, table)
}

fn open_tablebase(path: &std::path::Path) -> (Status, *mut qttt_tablebase) {
    let text = format!("{}\0", path.display());
    let mut table = null_mut();
    // SAFETY: `text` is NUL-terminated; `table` is writable.
    let status = unsafe { qttt_tablebase_open(text.as_ptr().cast(), usize::MAX, &mut table) };
    (status, table)
}

#[test]
#[cfg_attr(miri, ignore = "Miri cannot map files")]
fn tablebase_opens_answers_and_closes() {
    let (path, table) = tablebase_file("api");
    let (status, handle) = open_tablebase(&path);
    assert_eq!(status, QTTT_STATUS_OK);
    assert!(!handle.is_null());
    // The solver's documented example: X wins at once with @8 (6 marks),
    // while under Goff's points the best is @6, a point at mark 9.
    let position = game("58 47 67 59 48 68");
    let mut value = qttt_table_value {
        value_half_points: 99,
        end_move: 99,
    };
    // SAFETY: live handle, valid game, writable output.
    unsafe {
        assert_eq!(
            qttt_tablebase_value(handle, &position, QTTT_SCORING_SINGLE_RESULT, &mut value),
            QTTT_STATUS_OK
        );
        assert_eq!((value.value_half_points, value.end_move), (2, 6));
        for scoring in qttt::analysis::Scoring::ALL {
            let kind = i32::from(scoring.index());
            assert_eq!(
                qttt_tablebase_value(handle, &position, kind, &mut value),
                QTTT_STATUS_OK
            );
            let expected = table
                .value(
                    &qttt::Game::from_record("58 47 67 59 48 68").unwrap(),
                    scoring,
                )
                .unwrap();
            assert_eq!(
                i32::from(value.value_half_points),
                expected.value_half_points
            );
            assert_eq!(value.end_move, expected.end_move.unwrap_or(0));
        }
        // Misuses and a position the reduced table lacks.
        let before = value;
        assert_eq!(
            qttt_tablebase_value(handle, &new_game(), 0, &mut value),
            QTTT_STATUS_NOT_IN_TABLE
        );
        assert_eq!(
            qttt_tablebase_value(handle, &position, 3, &mut value),
            QTTT_STATUS_INVALID_ARGUMENT
        );
        assert_eq!(
            qttt_tablebase_value(null(), &position, 0, &mut value),
            QTTT_STATUS_NULL_POINTER
        );
        assert_eq!(
            qttt_tablebase_value(handle, null(), 0, &mut value),
            QTTT_STATUS_NULL_POINTER
        );
        assert_eq!(
            qttt_tablebase_value(handle, &position, 0, null_mut()),
            QTTT_STATUS_NULL_POINTER
        );
        let garbage = MaybeUninit::<qttt_game>::zeroed().assume_init();
        assert_eq!(
            qttt_tablebase_value(handle, &garbage, 0, &mut value),
            QTTT_STATUS_INVALID_GAME
        );
        assert_eq!(value, before, "no output on an error");
        qttt_tablebase_close(handle);
        qttt_tablebase_close(null_mut());
    }
    // Damage, a missing file, NULL arguments.
    let mut bytes = std::fs::read(&path).unwrap();
    bytes.truncate(bytes.len() - 1);
    std::fs::write(&path, &bytes).unwrap();
    let (status, handle) = open_tablebase(&path);
    assert_eq!(
        (status, handle),
        (QTTT_STATUS_INVALID_TABLEBASE, null_mut())
    );
    std::fs::remove_file(&path).unwrap();
    assert_eq!(open_tablebase(&path).0, QTTT_STATUS_IO);
    let mut handle = null_mut();
    // SAFETY: NULL arguments are statuses.
    unsafe {
        assert_eq!(
            qttt_tablebase_open(null(), 0, &mut handle),
            QTTT_STATUS_NULL_POINTER
        );
        assert_eq!(
            qttt_tablebase_open(c"x".as_ptr(), 2, null_mut()),
            QTTT_STATUS_NULL_POINTER
        );
        assert_eq!(
            qttt_tablebase_open(c"x".as_ptr(), 1, &mut handle),
            QTTT_STATUS_MISSING_NUL
        );
    }
    assert!(handle.is_null());
}
