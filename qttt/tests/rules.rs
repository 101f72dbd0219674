//! One test per rule and per error of RULES.md and docs/API.md, with expected
//! values worked out by hand.

mod common;

use common::{action, game, sq};
use qttt::{
    Game, Mark, Move, MoveKind, ParseActionError, Phase, Placement, PlayError, Player,
    RecordErrorKind, Symmetry,
};

fn classical_board(game: &Game) -> String {
    qttt::Square::ALL
        .iter()
        .filter_map(|&s| game.classical(s).map(|m| format!("{s}{m}")))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn a_new_game_waits_for_x() {
    let g = Game::new();
    assert_eq!(g.phase(), Phase::Move);
    assert_eq!(g.current_player(), Some(Player::X));
    assert_eq!(g.move_number(), 1);
    assert_eq!(g.outcome(), None);
    assert_eq!(g.undo(), None);
    assert_eq!(g.plies(), 0);
    assert_eq!(g.record().to_string(), "");
    assert_eq!(g, Game::default());
}

#[test]
fn a_spooky_mark_sits_in_both_squares() {
    let g = game("15");
    let x1 = Mark::new(1).unwrap();
    assert!(g.spooky_marks(sq(1)).contains(x1));
    assert!(g.spooky_marks(sq(5)).contains(x1));
    assert!(g.spooky_marks(sq(2)).is_empty());
    assert_eq!(g.classical(sq(1)), None);
    assert_eq!(
        g.marks().collect::<Vec<_>>(),
        [(x1, Placement::Spooky(sq(1), sq(5)))]
    );
    assert_eq!((g.current_player(), g.move_number()), (Some(Player::O), 2));
}

#[test]
fn marks_alternate_between_x_and_o() {
    let g = game("12 34 56 78");
    let owners: Vec<_> = g.marks().map(|(m, _)| (m.number(), m.player())).collect();
    assert_eq!(
        owners,
        [
            (1, Player::X),
            (2, Player::O),
            (3, Player::X),
            (4, Player::O)
        ]
    );
}

#[test]
fn joining_two_trees_is_not_a_cycle() {
    // 5-8 and 5-9 (tree A), 4-7 and 6-7 (tree B); 4-8 joins them.
    let g = game("58 47 67 59 48");
    assert_eq!(g.phase(), Phase::Move);
    // 6 and 8 are now connected through 8-4-7-6, so 68 closes a cycle.
    let g = g.apply(action("68")).unwrap();
    assert_eq!(g.phase(), Phase::Collapse);
    assert_eq!(g.collapse_options(), Some([sq(6), sq(8)]));
    assert_eq!(g.collapsing_mark(), Mark::new(6));
    // The opponent of the closer (O) chooses: X.
    assert_eq!(g.current_player(), Some(Player::X));
}

#[test]
fn repeating_a_pair_closes_a_two_cycle() {
    let g = game("37 37");
    assert_eq!(g.phase(), Phase::Collapse);
    assert_eq!(g.collapse_options(), Some([sq(3), sq(7)]));
    assert_eq!(
        g.legal_actions().iter().map(|a| a.id()).collect::<Vec<_>>(),
        [47, 51]
    );
}

#[test]
fn the_chooser_then_moves_too() {
    // O closed the cycle; X chooses, then X makes move 3.
    let g = game("37 37 @3");
    assert_eq!(
        (g.phase(), g.current_player(), g.move_number()),
        (Phase::Move, Some(Player::X), 3)
    );
    assert_eq!(classical_board(&g), "3O2 7X1");
}

#[test]
fn collapse_forces_the_whole_component_and_nothing_else() {
    // Cycle 1-2-3 (X1 12, O4 23, O6 13) with stem O2 3-4; X3 5-6, X5 7-8 apart.
    let g = game("12 34 56 23 78 13 @3");
    assert_eq!(classical_board(&g), "1X1 2O4 3O6 4O2");
    let spooky: Vec<_> = g
        .marks()
        .filter(|(_, p)| matches!(p, Placement::Spooky(..)))
        .map(|(m, p)| (m.number(), p))
        .collect();
    assert_eq!(
        spooky,
        [
            (3, Placement::Spooky(sq(5), sq(6))),
            (5, Placement::Spooky(sq(7), sq(8)))
        ]
    );
}

#[test]
fn classical_squares_hold_no_spooky_marks() {
    let g = game("15 15 @1");
    assert!(g.spooky_marks(sq(1)).is_empty() && g.spooky_marks(sq(5)).is_empty());
    assert_eq!(g.classical(sq(1)).map(|m| m.to_string()), Some("O2".into()));
}

#[test]
fn the_last_free_square_takes_a_classical_move_only() {
    let g = game("25 25 @5 36 36 @6 48 48 @8 79 79 @9");
    let legal: Vec<_> = g.legal_actions().iter().map(|a| a.to_string()).collect();
    assert_eq!(legal, ["1"]);
    assert_eq!(g.move_number(), 9);
    let end = g.play(Move::classical(sq(1))).unwrap();
    assert_eq!(end.classical(sq(1)), Mark::new(9));
    assert_eq!(end.move_number(), 10);
}

#[test]
fn lines_for_one_player_win_even_when_two() {
    let outcome = game("25 25 @5 36 36 @6 48 48 @8 79 79 @9 1")
        .outcome()
        .unwrap();
    assert_eq!(outcome.winner(), Some(Player::X));
    let lines: Vec<_> = outcome
        .lines()
        .map(|l| (l.squares().map(|s| s.number()), l.highest().number()))
        .collect();
    assert_eq!(lines, [([1, 2, 3], 9), ([1, 4, 7], 9)]);
    assert!(!outcome.both_players_have_lines());
}

#[test]
fn lines_for_both_players_the_earlier_line_wins() {
    // RULES.md worked example: X 4-5-6 (highest 5) and O 7-8-9 (highest 6).
    let outcome = game("58 47 67 59 48 68 @8").outcome().unwrap();
    assert_eq!(outcome.winner(), Some(Player::X));
    assert!(outcome.both_players_have_lines());
    assert_eq!(
        outcome.to_string(),
        "X wins: X 4-5-6 (highest X5), O 7-8-9 (highest O6)"
    );
    // O's row 4-5-6 (highest 6) before X's row 1-2-3 (highest 7).
    let outcome = game("14 14 @4 25 25 @5 78 69 36 39 @9").outcome().unwrap();
    assert_eq!(outcome.winner(), Some(Player::O));
    assert!(outcome.both_players_have_lines());
}

#[test]
fn a_full_board_without_a_line_is_a_draw() {
    let g = game("12 12 @2 35 35 @5 46 46 @6 78 78 @7 9");
    let outcome = g.outcome().unwrap();
    assert!(outcome.is_draw());
    assert_eq!(outcome.lines().count(), 0);
    assert_eq!((g.phase(), g.current_player()), (Phase::Over, None));
    assert!(g.legal_actions().is_empty());
}

#[test]
fn a_spooky_ninth_move_closes_a_cycle_and_fills_the_board() {
    let g = game("12 12 @2 35 35 @5 46 46 @6 78 79");
    assert_eq!(g.move_number(), 9);
    for a in g.legal_actions() {
        let next = g.apply(a).unwrap();
        assert_eq!(next.phase(), Phase::Collapse, "{a}");
        for c in next.legal_actions() {
            let end = next.apply(c).unwrap();
            assert!(
                qttt::Square::ALL
                    .iter()
                    .all(|&s| end.classical(s).is_some())
            );
            assert_eq!(end.phase(), Phase::Over);
        }
    }
}

#[test]
fn every_play_error_is_reported_with_its_data() {
    let two_cycle = game("15 15");
    assert_eq!(
        two_cycle.apply(action("23")),
        Err(PlayError::CollapsePending {
            options: [sq(1), sq(5)]
        })
    );
    assert_eq!(
        two_cycle.apply(action("@2")),
        Err(PlayError::NotCollapseOption {
            square: sq(2),
            options: [sq(1), sq(5)]
        })
    );
    let collapsed = game("15 15 @1");
    assert_eq!(
        collapsed.apply(action("12")),
        Err(PlayError::SquareClassical(sq(1)))
    );
    assert_eq!(collapsed.apply(action("29")), Ok(game("15 15 @1 29")));
    assert_eq!(
        collapsed.apply(action("@1")),
        Err(PlayError::NoCollapsePending)
    );
    assert_eq!(
        collapsed.apply(action("2")),
        Err(PlayError::ClassicalMoveNotAllowed)
    );
    let last = game("25 25 @5 36 36 @6 48 48 @8 79 79 @9");
    assert_eq!(
        last.apply(action("23")),
        Err(PlayError::SpookyMoveOnLastSquare(sq(1)))
    );
    assert_eq!(
        last.apply(action("2")),
        Err(PlayError::SquareClassical(sq(2)))
    );
    let over = game("58 47 67 59 48 68 @8");
    assert_eq!(over.apply(action("12")), Err(PlayError::GameOver));
    assert_eq!(over.apply(action("@8")), Err(PlayError::GameOver));
}

#[test]
fn error_messages_say_what_was_wrong() {
    let message =
        |record: &str, token: &str| game(record).apply(action(token)).unwrap_err().to_string();
    assert_eq!(
        message("15 15 @1", "12"),
        "square 1 already holds a classical mark"
    );
    assert_eq!(
        message("15 15", "@2"),
        "square 2 is not one of the newest mark's squares (1 and 5)"
    );
    assert_eq!(
        message("25 25 @5 36 36 @6 48 48 @8 79 79 @9", "23"),
        "only square 1 is free, so the move must be the classical move `1`"
    );
    assert_eq!(
        "55".parse::<qttt::Action>().unwrap_err().to_string(),
        "a spooky mark needs two different squares, but square 5 is given twice"
    );
}

#[test]
fn undo_walks_back_to_the_start() {
    let record = "58 47 67 59 48 68 @8";
    let mut g = game(record);
    let tokens: Vec<&str> = record.split(' ').collect();
    for n in (0..tokens.len()).rev() {
        g = g.undo().unwrap();
        assert_eq!(g, game(&tokens[..n].join(" ")));
    }
    assert_eq!(g.undo(), None);
}

#[test]
fn records_parse_loosely_and_print_canonically() {
    let g = game("  51\t15\n@1   ");
    assert_eq!(g.record().to_string(), "15 15 @1");
    assert!(g.board().to_string().parse::<Game>().is_err()); // the board is not a record
    assert_eq!(g.record().to_string().parse::<Game>().unwrap(), g);
    // A record is a value of its own: it parses (checking legality) and
    // displays back canonically, and gives back its game.
    let record: qttt::Record = " 51 15  @1".parse().unwrap();
    assert_eq!(record.to_string(), "15 15 @1");
    assert_eq!(Game::from(record), g);
    let error = "15 15 12".parse::<qttt::Record>().unwrap_err();
    assert_eq!(
        (error.token_index(), error.kind().code()),
        (2, "collapse_pending")
    );
    assert_eq!(game(""), Game::new());
    assert_eq!(game(" \n\t "), Game::new());
}

#[test]
fn record_errors_name_the_token_its_index_and_offset() {
    let err = Game::from_record("12  34 x9 56").unwrap_err();
    assert_eq!(
        (err.token_index(), err.byte_offset(), err.token()),
        (2, 7, "x9")
    );
    assert_eq!(
        err.kind(),
        RecordErrorKind::Syntax(ParseActionError::Malformed)
    );
    assert_eq!(err.kind().code(), "malformed_token");
    assert!(
        err.to_string()
            .starts_with("token 2 `x9` (byte 7): malformed token"),
        "{err}"
    );

    let err = Game::from_record("15 15 26").unwrap_err();
    assert_eq!((err.token_index(), err.byte_offset()), (2, 6));
    assert_eq!(
        err.kind(),
        RecordErrorKind::Illegal(PlayError::CollapsePending {
            options: [sq(1), sq(5)]
        })
    );

    let long = format!("12 {}", "9".repeat(100));
    let err = Game::from_record(&long).unwrap_err();
    assert_eq!(err.token().len(), qttt::TokenText::CAPACITY);
    assert_eq!(err.byte_range(), 3..103);
    assert!(err.to_string().contains("9…`"), "{err}");

    let err = Game::from_record("12 ééééééééééééééééééééé").unwrap_err();
    assert!(
        err.token().len() <= qttt::TokenText::CAPACITY && err.token().chars().all(|c| c == 'é')
    );
}

#[test]
fn equality_compares_records_and_keys_compare_positions() {
    // docs/API.md: both records end with X3 on 1, X1 on 2, O2 on 3.
    let a = game("12 13 12 @1");
    let b = game("12 13 13 @1");
    assert_eq!(classical_board(&a), "1X3 2X1 3O2");
    assert_eq!(classical_board(&b), "1X3 2X1 3O2");
    assert_ne!(a, b);
    assert_eq!(a.position_key(), b.position_key());
    assert_eq!(a.canonical_key(), b.canonical_key());
    // Same squares, different marks: different positions.
    assert_ne!(game("12 34").position_key(), game("34 12").position_key());
    // A pending collapse is part of the position.
    assert_ne!(
        game("12 12").position_key(),
        game("12 12 @1").position_key()
    );
}

#[test]
fn symmetric_positions_share_a_canonical_key() {
    let g = game("15 25 35 45 12");
    for s in Symmetry::ALL {
        let image = g.transform(s);
        assert_eq!(image.canonical_key(), g.canonical_key(), "{s:?}");
        assert_eq!(image.transform(s.inverse()), g);
    }
    // Rotating 1-2 by a quarter turn gives 3-6; 1-2 and 1-5 are not images.
    assert_eq!(game("12").transform(Symmetry::Rotate90), game("36"));
    assert_ne!(game("12").canonical_key(), game("15").canonical_key());
    // The images of 1-2 are the 8 border pairs of a corner and an edge: 2-3, 3-6, 6-9, 8-9, 7-8, 4-7, 1-4.
    assert_eq!(game("12").canonical_key(), game("89").canonical_key());
    assert_eq!(game("12").canonical_key(), game("47").canonical_key());
}

#[test]
fn move_kinds_and_ids() {
    assert_eq!(action("49").id(), 25);
    assert_eq!(
        Move::spooky(sq(9), sq(4)).unwrap().kind(),
        MoveKind::Spooky(sq(4), sq(9))
    );
    assert_eq!(Move::classical(sq(9)).id(), 44);
    assert!(!Move::classical(sq(9)).is_spooky());
    // The edges of the id ranges (docs/API.md): 12 is 0, 89 is 35, 1 is 36.
    let first = Move::spooky(sq(1), sq(2)).unwrap();
    let last = Move::spooky(sq(8), sq(9)).unwrap();
    assert_eq!((first.id(), last.id()), (0, 35));
    assert!(first.is_spooky() && last.is_spooky());
    assert_eq!(Move::classical(sq(1)).id(), 36);
    assert!(!Move::classical(sq(1)).is_spooky());
    assert_eq!(
        format!("{first:?} {:?}", Move::classical(sq(5))),
        r#"Move("12") Move("5")"#
    );
}

#[test]
fn the_text_board_draws_marks_as_on_paper() {
    // Drawn by hand: X1 spooky in 1 and 5, O2 spooky in 1 and 5 (pending),
    // each in the slot of its move number.
    let expected = "\
+----------+----------+----------+
| x1 o2*   |          |          |   1 2 3
|          |          |          |   4 5 6
|          |          |          |   7 8 9
+----------+----------+----------+
|          | x1 o2*   |          |
|          |          |          |
|          |          |          |
+----------+----------+----------+
|          |          |          |
|          |          |          |
|          |          |          |
+----------+----------+----------+
O2 closed a cycle: X chooses where it lands, @1 or @5";
    assert_eq!(game("15 15").board().to_string(), expected);

    let end = game("58 47 67 59 48 68 @8").board().to_string();
    let middle_row: Vec<&str> = end.lines().skip(6).take(1).collect();
    assert_eq!(middle_row, ["|    X5    |    X1    |    X3    |"]);
    assert!(end.ends_with("Game over: X wins: X 4-5-6 (highest X5), O 7-8-9 (highest O6)"));
    assert!(end.lines().all(|l| l.chars().count() <= 80));
    assert!(
        Game::new()
            .board()
            .to_string()
            .ends_with("X to move (mark X1)")
    );
}

#[test]
fn games_debug_as_their_record_and_hash_by_it() {
    use std::hash::{BuildHasher, RandomState};
    let a = common::game("12 34");
    assert_eq!(format!("{a:?}"), r#"Game("12 34")"#);
    // Equal records hash equal; these two records hash apart.
    let hasher = RandomState::new();
    let b = common::game("12 35");
    assert_eq!(hasher.hash_one(a), hasher.hash_one(common::game("12 34")));
    assert_ne!(hasher.hash_one(a), hasher.hash_one(b));
}

#[test]
fn play_collapse_and_apply_in_place_agree_with_apply() {
    let pending = game("58 47 67 59 48 68");
    let choice = qttt::CollapseChoice(sq(8));
    assert_eq!(pending.collapse(choice), pending.apply(choice.into()));
    assert_eq!(
        pending.collapse(choice).unwrap().record().to_string(),
        "58 47 67 59 48 68 @8"
    );
    let m = Move::spooky(sq(1), sq(2)).unwrap();
    assert_eq!(Game::new().play(m), Game::new().apply(m.into()));

    assert_eq!((Game::new().plies(), pending.plies()), (0, 6));
    assert_eq!(pending.collapse(choice).unwrap().plies(), 7);

    let mut in_place = pending;
    in_place.apply_in_place(choice.into()).unwrap();
    assert_eq!(in_place, pending.apply(choice.into()).unwrap());
    // Refused: the game stays as it was.
    let before = in_place;
    assert_eq!(
        in_place.apply_in_place(m.into()),
        Err(qttt::PlayError::GameOver)
    );
    assert_eq!(in_place, before);
}

#[test]
fn outcome_lines_carry_their_index_and_draws_are_draws() {
    // RULES.md example: X's lines 4-5-6 (row 1) and 7-8-9 (row 2).
    let end = game("58 47 67 59 48 68 @8").outcome().unwrap();
    let indices: Vec<usize> = end.lines().map(|line| line.index()).collect();
    assert_eq!(indices, [1, 2]);
    assert!(!end.is_draw());
    // A full board without a line (worked by hand: X 2 4 6 7 9, O 1 3 5 8).
    let drawn = game("12 12 @1 34 34 @3 56 56 @5 78 89 89 @9")
        .outcome()
        .unwrap();
    assert!(drawn.is_draw() && drawn.winner().is_none());
    assert_eq!(drawn.lines().count(), 0);
}

#[test]
fn action_lists_and_records_report_their_size() {
    let pending = game("12 12");
    let list = pending.legal_actions();
    assert_eq!(format!("{list:?}"), r#"[Action("@1"), Action("@2")]"#);
    let mut padded = [0u8; qttt::MAX_LEGAL_ACTIONS];
    padded[..2].copy_from_slice(&[45, 46]);
    assert_eq!(list.padded_ids(), padded);
    let mut iter = list.iter();
    assert_eq!(iter.size_hint(), (2, Some(2)));
    iter.next();
    assert_eq!(iter.size_hint(), (1, Some(1)));
    assert_eq!(iter.len(), 1);

    let record = pending.record();
    assert_eq!((record.len(), record.is_empty()), (2, false));
    assert_eq!(format!("{record:?}"), r#"Record("12 12")"#);
    let empty = Game::new().record();
    assert_eq!((empty.len(), empty.is_empty()), (0, true));
}

#[test]
fn squares_marks_and_mark_sets() {
    assert_eq!(qttt::Square::from_index(0), Some(sq(1)));
    assert_eq!(qttt::Square::from_index(8), Some(sq(9)));
    assert_eq!(qttt::Square::from_index(9), None);
    assert_eq!(u8::from(sq(7)), 7);
    assert_eq!(format!("{:?}", sq(4)), "Square(4)");
    // X1 and O2 both spooky in 1 and 5 (a cycle waiting to collapse).
    let pending = game("15 15");
    let marks = pending.spooky_marks(sq(5));
    assert_eq!((marks.len(), marks.is_empty()), (2, false));
    assert_eq!(
        format!("{:?}", marks.iter().collect::<Vec<Mark>>()),
        "[Mark(X1), Mark(O2)]"
    );
    let mut iter = marks.iter();
    assert_eq!(iter.size_hint(), (2, Some(2)));
    assert_eq!(iter.next().map(|m| m.to_string()), Some("X1".to_owned()));
    assert_eq!(iter.size_hint(), (1, Some(1)));
    assert_eq!(iter.next().map(|m| m.to_string()), Some("O2".to_owned()));
    assert_eq!(iter.next(), None);
    let none = pending.spooky_marks(sq(9));
    assert_eq!(
        (none.len(), none.is_empty(), none.iter().count()),
        (0, true, 0)
    );
}

#[test]
fn position_keys_follow_their_documented_layout() {
    // Bit 117: a collapse is pending; bits 36 + 9k..: mark k + 1's squares.
    let pending = game("15 15").position_key().to_bits();
    assert_eq!(pending >> 117 & 1, 1);
    assert_eq!(pending >> 36 & 0x1ff, 0b1_0001); // X1 in 1 and 5
    assert_eq!(pending >> 45 & 0x1ff, 0b1_0001); // O2 in 1 and 5
    let settled = game("15 15 @1").position_key().to_bits();
    assert_eq!(settled >> 117 & 1, 0);
    // Bits 4i..4i+4: the classical number in square index i (O2 in 1, X1 in 5).
    assert_eq!((settled & 0xf, settled >> 16 & 0xf), (2, 1));
}

#[test]
fn names_and_numbers_convert_both_ways() {
    use qttt::analysis::Scoring;
    use qttt::{
        Action, InvalidActionId, InvalidMark, InvalidSymmetry, Mark, Phase, Player, Square,
    };
    use qttt::{Reason, Symmetry};
    // Numbers: the API's ids and ranges, written out by hand.
    assert_eq!(
        Action::try_from(3).map(|a| a.to_string()),
        Ok("15".to_owned())
    );
    assert_eq!(Action::try_from(54), Err(InvalidActionId(54)));
    assert_eq!(InvalidActionId(54).reason(), Reason::InvalidActionId);
    assert_eq!(
        Mark::try_from(9).map(|m| m.to_string()),
        Ok("X9".to_owned())
    );
    assert_eq!(Mark::try_from(0), Err(InvalidMark(0)));
    assert_eq!(Symmetry::try_from(1), Ok(Symmetry::Rotate90));
    assert_eq!(Symmetry::try_from(8), Err(InvalidSymmetry(8)));
    assert_eq!(
        Symmetry::ALL.map(Symmetry::index),
        [0, 1, 2, 3, 4, 5, 6, 7],
        "indices are the places in ALL"
    );
    // Names.
    assert_eq!("7".parse::<Square>(), Ok(Square::new(7).unwrap()));
    assert!("0".parse::<Square>().is_err() && "10".parse::<Square>().is_err());
    assert_eq!(
        ("x".parse::<Player>(), "O".parse::<Player>()),
        (Ok(Player::X), Ok(Player::O))
    );
    assert!("Z".parse::<Player>().is_err());
    assert_eq!("complete".parse::<Scoring>(), Ok(Scoring::CompleteWin));
    let unknown = "points".parse::<Scoring>().unwrap_err();
    assert_eq!(
        unknown.to_string(),
        "not a scoring: expected single, goff or complete"
    );
    assert_eq!(
        "anti_transpose".parse::<Symmetry>(),
        Ok(Symmetry::AntiTranspose)
    );
    assert_eq!(Symmetry::FlipHorizontal.to_string(), "flip_horizontal");
    assert_eq!(Scoring::GoffPoints.to_string(), "goff");
    assert_eq!(
        [Phase::Move, Phase::Collapse, Phase::Over].map(|p| p.to_string()),
        ["move", "collapse", "over"]
    );
    for scoring in Scoring::ALL {
        assert_eq!(scoring.to_string().parse::<Scoring>(), Ok(scoring));
        assert_eq!(Scoring::from_index(scoring.index()), Some(scoring));
    }
    for symmetry in Symmetry::ALL {
        assert_eq!(symmetry.to_string().parse::<Symmetry>(), Ok(symmetry));
    }
}
