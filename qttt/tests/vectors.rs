//! The shared vectors of `tests/vectors/`, which the C and Python suites
//! read too: exact JSON views, illegal continuations and perft counts.

mod common;

use common::{game, game_vectors, illegal_vectors, perft_vectors};
use qttt::{Action, Game, RecordErrorKind};

#[test]
fn every_view_matches_byte_for_byte() {
    let vectors = game_vectors();
    assert!(vectors.len() >= 40, "only {} vectors", vectors.len());
    for (comment, record, expected) in vectors {
        let game = Game::from_record(&record).unwrap_or_else(|e| panic!("{comment}: {e}"));
        let view = serde_json::to_string(&game.view()).unwrap();
        assert_eq!(view, expected, "{comment}");
    }
}

#[test]
fn every_illegal_continuation_gives_its_reason_and_changes_nothing() {
    let vectors = illegal_vectors();
    let reasons: std::collections::BTreeSet<_> =
        vectors.iter().map(|[_, _, r]| r.clone()).collect();
    assert_eq!(
        reasons.len(),
        9,
        "every reason of docs/API.md is covered: {reasons:?}"
    );
    for [record, token, reason] in vectors {
        let before = game(&record);
        let snapshot = serde_json::to_string(&before.view()).unwrap();
        let code = match token.parse::<Action>() {
            Err(e) => e.code(),
            Ok(action) => {
                assert!(!before.is_legal(action), "{record} | {token}");
                before.apply(action).unwrap_err().code()
            }
        };
        assert_eq!(code, reason, "{record} | {token}");
        assert_eq!(serde_json::to_string(&before.view()).unwrap(), snapshot);

        // The same token at the end of the record fails there, with that reason.
        let full = format!("{record} {token}");
        let err = Game::from_record(&full).unwrap_err();
        assert_eq!(err.kind().code(), reason, "{full}");
        assert_eq!(err.token(), token);
        assert_eq!(err.token_index(), record.split_whitespace().count());
        assert_eq!(&full[err.byte_range()], token);
        let kind_is_syntax = matches!(err.kind(), RecordErrorKind::Syntax(_));
        assert_eq!(kind_is_syntax, token.parse::<Action>().is_err());
    }
}

#[test]
fn perft_matches_the_model() {
    for (record, depth, count) in perft_vectors() {
        assert_eq!(
            qttt::perft(&game(&record), depth),
            count,
            "{record:?} depth {depth}"
        );
    }
}

#[test]
fn perft_from_the_empty_board_worked_by_hand() {
    // Depth 1: 36 pairs. Depth 2: O may repeat X's pair, so 36 · 36.
    // Depth 3: after two different pairs X has 36 moves (36 · 35 · 36); after
    // a repeated pair X has the 2 collapse choices (36 · 2).
    let empty = Game::new();
    assert_eq!(qttt::perft(&empty, 1), 36);
    assert_eq!(qttt::perft(&empty, 2), 36 * 36);
    assert_eq!(qttt::perft(&empty, 3), 36 * 35 * 36 + 36 * 2);
    assert_eq!(qttt::perft(&empty, 3), 45432);
    assert_eq!(qttt::perft(&empty, 0), 1);
}

#[test]
fn serde_says_what_it_expected() {
    // A number where a record string belongs.
    let error = serde_json::from_str::<qttt::Game>("5").unwrap_err();
    assert!(
        error
            .to_string()
            .contains("a game record such as `58 47 67`"),
        "{error}"
    );
}
