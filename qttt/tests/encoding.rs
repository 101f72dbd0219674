//! The observation and the legal mask on positions worked out by hand
//! (the layout is in `qttt::encoding`'s documentation).

use qttt::Game;
use qttt::encoding::{OBSERVATION_LEN, legal_mask, observation};

fn encode(record: &str) -> [f32; OBSERVATION_LEN] {
    let mut out = [f32::NAN; OBSERVATION_LEN]; // every entry must be written
    observation(
        &Game::from_record(record).expect("a legal record"),
        &mut out,
    );
    out
}

/// The expected vector: zero but for the entries given.
fn expected(entries: &[(usize, f32)]) -> [f32; OBSERVATION_LEN] {
    let mut out = [0.0; OBSERVATION_LEN];
    for &(i, v) in entries {
        out[i] = v;
    }
    out
}

#[test]
fn empty_board() {
    // Move number 1, X to act.
    assert_eq!(encode(""), expected(&[(181, 0.1), (182, 1.0)]));
}

#[test]
fn a_two_mark_cycle_awaiting_its_collapse() {
    // X1 and O2 both in 1 and 5 (pair `15`, id 3); X, who did not close the
    // cycle, chooses: X's point of view. Options: squares 1 and 5 (indices
    // 0 and 4); move number 3.
    let want = expected(&[
        (27 + 3, 1.0),       // my spooky mark X1 on 15
        (63 + 3, 1.0),       // their O2 on 15
        (99 + 3, 1.0 / 9.0), // X1's number
        (135 + 3, 2.0 / 9.0),
        (171, 1.0),
        (175, 1.0),
        (180, 1.0),
        (181, 0.3),
        (182, 1.0),
    ]);
    assert_eq!(encode("15 15"), want);
}

#[test]
fn two_spooky_marks_of_one_player_on_one_pair() {
    // X1 12, O2 34, X3 12: X's two-mark cycle; O chooses (O's point of view).
    let want = expected(&[
        (63, 2.0),        // their (X's) two marks on 12 (id 0)
        (135, 3.0 / 9.0), // the newer is X3
        (27 + 15, 1.0),   // my O2 on 34 (id 15)
        (99 + 15, 2.0 / 9.0),
        (171, 1.0),
        (172, 1.0),
        (180, 1.0),
        (181, 0.4),
    ]);
    assert_eq!(encode("12 34 12"), want);
}

#[test]
fn a_finished_game_from_the_next_players_point_of_view() {
    // After @8: 4 X5, 5 X1, 6 X3, 7 O2, 8 O6, 9 O4; six marks, so the move
    // number is 7 and the point of view X's (whose turn it would be).
    let want = expected(&[
        (3, 1.0),
        (4, 1.0),
        (5, 1.0),
        (9 + 6, 1.0),
        (9 + 7, 1.0),
        (9 + 8, 1.0),
        (18 + 3, 5.0 / 9.0),
        (18 + 4, 1.0 / 9.0),
        (18 + 5, 3.0 / 9.0),
        (18 + 6, 2.0 / 9.0),
        (18 + 7, 6.0 / 9.0),
        (18 + 8, 4.0 / 9.0),
        (181, 0.7),
        (182, 1.0),
    ]);
    assert_eq!(encode("58 47 67 59 48 68 @8"), want);
}

#[test]
fn legal_masks() {
    let mask = |record: &str| legal_mask(&Game::from_record(record).expect("a legal record"));
    assert_eq!(mask(""), (1u64 << 36) - 1);
    assert_eq!(mask("15 15"), 1 << 45 | 1 << 49); // @1, @5
    assert_eq!(mask("58 47 67 59 48 68 @8"), 0);
    // X 1 3 4 8, O 2 5 6 7, no line, 9 free: only the classical move there.
    let game = Game::from_record("12 12 @2 35 35 @5 46 46 @6 78 78 @7").expect("a legal record");
    assert_eq!(legal_mask(&game), 1 << (36 + 8)); // `9`
}
