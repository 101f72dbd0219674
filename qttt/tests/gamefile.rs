//! Game files: the examples of docs/gamefile.md worked by hand, the
//! tolerance of readers, round trips, and bad files with where they fail.

use proptest::prelude::*;
use qttt::analysis::Scoring;
use qttt::gamefile::{
    self, AnnotatedGame, GameFileErrorKind, GameResult, Glyph, Ply, Value, Variation,
};
use qttt::{Action, Game, PlayError, RecordErrorKind, Square};

/// The example of docs/gamefile.md (`tests/checks/tests/docs.rs`, in the
/// workspace, keeps it identical to the doc, which the published package
/// does not carry).
const EXAMPLE: &str = include_str!("gamefile/example.qgn");

fn action(token: &str) -> Action {
    token.parse().unwrap()
}

/// A control character after `[%value` separates as a space does: the
/// comment's normal form writes it as one, so reading must agree (found by
/// the fuzz target: `[%value\0+1]` read as text came back as a value).
#[test]
fn a_control_character_separates_a_value_command_as_a_space_does() {
    let text = "1. 58 {[%value\u{0}+1]\u{1a}good} *";
    let games = gamefile::parse(text).unwrap();
    let ply = &games[0].line.plies[0];
    assert_eq!(ply.value, Some("+1".parse().unwrap()));
    assert_eq!(ply.comment.as_deref(), Some("good"));
    let written = gamefile::write(&games);
    assert_eq!(gamefile::parse(&written).unwrap(), games);
}

/// `[%value` that is text stays text when comments are joined: its normal
/// form is `[% value` (found by the fuzz target: `{[%value}` then another
/// comment joined into `[%value next`, which read back as a command).
#[test]
fn value_text_never_becomes_a_command() {
    let text = "1. 58 {[%value} {+1] more} *";
    let games = gamefile::parse(text).unwrap();
    let ply = &games[0].line.plies[0];
    assert_eq!(ply.value, None);
    assert_eq!(ply.comment.as_deref(), Some("[% value +1] more"));
    let written = gamefile::write(&games);
    assert_eq!(gamefile::parse(&written).unwrap(), games);
}

#[test]
fn the_example_reads_as_worked_by_hand() {
    let games = gamefile::parse(EXAMPLE).unwrap();
    assert_eq!(games.len(), 1);
    let game = &games[0];
    let tags: Vec<(&str, &str)> = game
        .tags
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    assert_eq!(
        tags,
        [
            ("Event", "Club night"),
            ("Site", "Utrecht"),
            ("Date", "2026.11.30"),
            ("Round", "3"),
            ("X", "Ann"),
            ("O", "Bob"),
            ("TimeControl", "300+5"),
            ("Comment", "The worked example of RULES.md"),
        ]
    );
    assert_eq!(game.scoring, Scoring::SingleResult);
    assert_eq!(game.start, Game::new());
    assert_eq!(game.result, GameResult::XWins);
    assert_eq!(
        game.line.comment.as_deref(),
        Some("Two separate trees first.")
    );
    let tokens: Vec<String> = game
        .line
        .plies
        .iter()
        .map(|p| p.action.to_string())
        .collect();
    assert_eq!(tokens, ["58", "47", "67", "59", "48", "68", "@8"]);
    let plies = &game.line.plies;
    assert_eq!(plies[4].comment.as_deref(), Some("joins them"));
    assert_eq!(plies[5].glyph, Some(Glyph::Mistake));
    assert_eq!(plies[5].value, Value::from_half_points(2));
    assert_eq!(
        plies[5].comment.as_deref(),
        Some("closes the cycle 8-4-7-6")
    );
    assert_eq!(plies[5].variations.len(), 1);
    assert_eq!(plies[5].variations[0].plies, [Ply::new(action("19"))]);
    assert_eq!(
        plies[6].comment.as_deref(),
        Some("X's line 4-5-6 is earlier than O's 7-8-9")
    );
    assert!(
        plies
            .iter()
            .enumerate()
            .all(|(i, p)| (i == 5) == p.value.is_some())
    );
    assert_eq!(
        game.end(),
        Game::from_record("58 47 67 59 48 68 @8").unwrap()
    );
}

#[test]
fn the_example_is_in_normal_form() {
    let games = gamefile::parse(EXAMPLE).unwrap();
    assert_eq!(gamefile::write(&games), EXAMPLE);
}

#[test]
fn readers_are_tolerant_where_pgn_readers_are() {
    // The example without numbers, with CR LF, a byte order mark, a NAG for
    // the glyph, a glyph standing apart, a `;` comment, an escape line,
    // tags in another order and spaced out, a spooky move written
    // descending, the value as `1` and no terminator.
    let messy = "\u{feff}[TimeControl \"300+5\"]\r\n[ X\t\"Ann\" ]\r\n[O \"Bob\"]\r\n\
        [Event \"Club night\"]\r\n[Site \"Utrecht\"][Date \"2026.11.30\"]\r\n[Round \"3\"]\r\n\
        [Comment \"The worked example of RULES.md\"]\r\n\r\n\
        {Two separate\r\n  trees first.} 58 47 3...67 4.59 5. 48 ;joins them\r\n\
        %an escape line\r\n86 $2 {[%value 1]} { closes the cycle 8-4-7-6 } ( 6. 19 ) @8 ! $4";
    let err = gamefile::parse(messy).unwrap_err();
    // `!` then `$4`: two glyphs on @8 (line 12, column 64, the `$`).
    assert_eq!(err.kind(), &GameFileErrorKind::TwoGlyphs);
    assert_eq!((err.line(), err.column()), (12, 64));
    let messy = messy.replace(" ! $4", " {X's line 4-5-6 is earlier than O's 7-8-9}");
    assert_eq!(
        gamefile::parse(&messy).unwrap(),
        gamefile::parse(EXAMPLE).unwrap()
    );
}

#[test]
fn several_games_and_none() {
    assert_eq!(gamefile::parse("").unwrap(), []);
    assert_eq!(gamefile::parse(" \n\n% nothing\n").unwrap(), []);
    let text = "1. 12 2. 12 @1 *\n[X \"Cy\"]\n1. 15 1/2-1/2 15 26 [Result \"*\"]";
    let games = gamefile::parse(text).unwrap();
    assert_eq!(games.len(), 4);
    assert_eq!(games[0].end().record().to_string(), "12 12 @1");
    assert_eq!(games[1].tag("X"), Some("Cy"));
    assert_eq!(games[1].result, GameResult::Draw); // an unfinished game given as drawn
    assert_eq!(games[2].result, GameResult::Unfinished); // no terminator before the tags
    assert_eq!(games[3].line.plies, []);
    assert_eq!(gamefile::parse(&gamefile::write(&games)).unwrap(), games);
    // The writer: an empty line between games, every game in normal form.
    let written = gamefile::write(&games[..2]);
    assert!(written.contains("\n1. 12 2. 12 @1 *\n\n[Event \"?\"]"));
    assert!(written.starts_with(
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[X \"?\"]\n[O \"?\"]\n\
         [Result \"*\"]\n[Rules \"goff\"]\n[Scoring \"single\"]\n\n"
    ));
}

#[test]
fn a_finished_game_s_result_is_its_outcome() {
    // The worked example ends with lines for both players, X's first.
    let record = "1. 58 2. 47 3. 67 4. 59 5. 48 6. 68 @8";
    let result = |scoring: &str, terminator: &str| {
        gamefile::parse(&format!("[Scoring \"{scoring}\"]\n{record} {terminator}"))
            .map(|games| games[0].result)
            .map_err(|e| e.kind().clone())
    };
    assert_eq!(result("single", "1-0"), Ok(GameResult::XWins));
    assert_eq!(result("goff", "1-1/2"), Ok(GameResult::XWinsHalf));
    assert_eq!(result("complete", "1/2-1/2"), Ok(GameResult::Draw));
    assert_eq!(result("goff", ""), Ok(GameResult::XWinsHalf));
    assert_eq!(
        result("goff", "1-0"),
        Err(GameFileErrorKind::ResultContradictsGame {
            written: GameResult::XWins,
            actual: GameResult::XWinsHalf
        })
    );
    assert_eq!(
        result("single", "*"),
        Err(GameFileErrorKind::ResultContradictsGame {
            written: GameResult::Unfinished,
            actual: GameResult::XWins
        })
    );
    // An unfinished game: any result but the half points.
    assert!(gamefile::parse("1. 12 0-1").is_ok());
    assert_eq!(
        gamefile::parse("1. 12 1/2-1").unwrap_err().kind(),
        &GameFileErrorKind::ResultContradictsGame {
            written: GameResult::OWinsHalf,
            actual: GameResult::Unfinished
        }
    );
}

#[test]
fn start_and_scoring_tags() {
    let text = "[Start \"15 15\"]\n[Scoring \"goff\"]\n@5 3. 23 *";
    let games = gamefile::parse(text).unwrap();
    assert_eq!(games[0].start, Game::from_record("15 15").unwrap());
    assert_eq!(games[0].scoring, Scoring::GoffPoints);
    assert_eq!(games[0].end(), Game::from_record("15 15 @5 23").unwrap());
    let written = gamefile::write(&games);
    assert!(written.contains("[Scoring \"goff\"]\n[Start \"15 15\"]\n\n@5 3. 23 *\n"));
    // A ply is counted from the empty board: @1 is ply 3 here, 23 ply 4.
    let err = gamefile::parse("[Start \"15 15\"]\n@2").unwrap_err();
    assert_eq!((err.line(), err.column()), (2, 1));
    assert!(matches!(
        err.kind(),
        GameFileErrorKind::Action { ply: 3, .. }
    ));
    let err = gamefile::parse("[Start \"15 15\"]\n@5 3. 55").unwrap_err();
    assert_eq!((err.line(), err.column()), (2, 7));
    assert_eq!(
        err.kind(),
        &GameFileErrorKind::Action {
            ply: 4,
            token: "55".into(),
            error: RecordErrorKind::Syntax("55".parse::<Action>().unwrap_err())
        }
    );
}

/// Each bad file: the error's line, column and kind, worked out by hand.
#[test]
fn bad_files_say_where_and_why() {
    let sq = |n| Square::new(n).unwrap();
    let cases: Vec<(&str, (usize, usize), GameFileErrorKind)> = vec![
        (
            "[Event \"x\n",
            (1, 8),
            GameFileErrorKind::UnterminatedString,
        ),
        (
            "[ \"x\"]",
            (1, 3),
            GameFileErrorKind::BadTagPair("a tag name"),
        ),
        (
            "[Event x]",
            (1, 8),
            GameFileErrorKind::BadTagPair("\" before the value"),
        ),
        (
            "[Event \"x\" y]",
            (1, 12),
            GameFileErrorKind::BadTagPair("] after the value"),
        ),
        (
            "[X \"a\"]\n[X \"b\"]",
            (2, 1),
            GameFileErrorKind::DuplicateTag("X".into()),
        ),
        (
            "[Rules \"chess\"]",
            (1, 1),
            GameFileErrorKind::BadTagValue {
                tag: "Rules",
                reason: "`chess`: only `goff` (RULES.md) is played".into(),
            },
        ),
        (
            "1. 12 {open",
            (1, 7),
            GameFileErrorKind::UnterminatedComment,
        ),
        (
            "1. 12 2. 13 3. 23 @1 4. 19",
            (1, 19),
            GameFileErrorKind::Action {
                ply: 4,
                token: "@1".into(),
                error: RecordErrorKind::Illegal(PlayError::NotCollapseOption {
                    square: sq(1),
                    options: [sq(2), sq(3)],
                }),
            },
        ),
        (
            "1. 12 2. 12 3. 34",
            (1, 16),
            GameFileErrorKind::Action {
                ply: 3,
                token: "34".into(),
                error: RecordErrorKind::Illegal(PlayError::CollapsePending {
                    options: [sq(1), sq(2)],
                }),
            },
        ),
        (
            "1. 12?? 2. 34!!?",
            (1, 14),
            GameFileErrorKind::BadGlyph("!!?".into()),
        ),
        (
            "1. 12 $256",
            (1, 7),
            GameFileErrorKind::BadNag("$256".into()),
        ),
        ("1. 12 $x", (1, 7), GameFileErrorKind::BadNag("$x".into())),
        (
            "$1 12",
            (1, 1),
            GameFileErrorKind::NothingToAnnotate("a glyph"),
        ),
        (
            "(1. 12)",
            (1, 1),
            GameFileErrorKind::NothingToAnnotate("a variation"),
        ),
        (
            "1. 12 {[%value 2]}",
            (1, 8),
            GameFileErrorKind::BadValue("2".into()),
        ),
        (
            "1. 12 {[%value +1}",
            (1, 8),
            GameFileErrorKind::BadValue("+1".into()),
        ),
        (
            "1. 12 {[%value 0]} {[%value 0]}",
            (1, 21),
            GameFileErrorKind::TwoValues,
        ),
        ("1. 12 ()", (1, 7), GameFileErrorKind::EmptyVariation),
        (
            "1. 12 (1. 13\n",
            (1, 7),
            GameFileErrorKind::UnclosedVariation,
        ),
        ("1. 12 )", (1, 7), GameFileErrorKind::UnmatchedParenthesis),
        (
            "1. 12 (1. 13 1-0)",
            (1, 14),
            GameFileErrorKind::ResultInVariation,
        ),
        (
            "1. 12 }",
            (1, 7),
            GameFileErrorKind::UnexpectedCharacter('}'),
        ),
        (
            "[Result \"1-0\"]\n1. 12 0-1",
            (2, 7),
            GameFileErrorKind::ResultTagMismatch {
                tag: GameResult::XWins,
                terminator: GameResult::OWins,
            },
        ),
        (
            "1. é",
            (1, 4),
            GameFileErrorKind::Action {
                ply: 1,
                token: "é".into(),
                error: RecordErrorKind::Syntax("é".parse::<Action>().unwrap_err()),
            },
        ),
        (
            "{é} 1. 12 (13 ((",
            (1, 16),
            GameFileErrorKind::NothingToAnnotate("a variation"),
        ),
    ];
    for (text, (line, column), kind) in cases {
        let err = gamefile::parse(text).expect_err(text);
        assert_eq!(
            (err.line(), err.column(), err.kind()),
            (line, column, &kind),
            "{text:?}"
        );
    }
    let deep = format!("1. 12{}", " (1. 13".repeat(33));
    let err = gamefile::parse(&deep).unwrap_err();
    assert_eq!(
        (err.column(), err.kind()),
        (6 + 7 * 32 + 1, &GameFileErrorKind::TooDeep)
    );
    assert!(
        gamefile::parse(&format!(
            "1. 12{} *",
            " (1. 13".repeat(32) + &")".repeat(32)
        ))
        .is_ok()
    );
    // The message names the place, the ply and the engine's reason.
    let err = gamefile::parse("1. 12 2. 12\n3. 34").unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 2, column 4: ply 3 `34`: a collapse choice is pending: the newest mark must first land in square 1 or 2"
    );
}

#[test]
fn writing_normalizes_what_code_builds() {
    let mut line = Variation {
        comment: Some("  a\n }b ".into()),
        ..Variation::default()
    };
    let mut ply = Ply::new(action("51"));
    ply.nags = vec![0, 10];
    ply.glyph = Some(Glyph::Interesting);
    ply.value = Value::from_half_points(-1);
    line.plies.push(ply);
    let mut game = AnnotatedGame::new(Game::new(), line, Scoring::GoffPoints);
    game.set_tag("Annotator", "me \"quoted\" \\ back\tslash");
    game.set_tag("Result", "1-0"); // interpreted: not a free tag
    game.set_tag("bad name", "x");
    let written = game.to_string();
    assert_eq!(
        written,
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[X \"?\"]\n[O \"?\"]\n\
         [Result \"*\"]\n[Rules \"goff\"]\n[Scoring \"goff\"]\n\
         [Annotator \"me \\\"quoted\\\" \\\\ back slash\"]\n\n\
         {a )b} 1. 15!? $0 $10 {[%value -1/2]} *\n"
    );
    assert_eq!(gamefile::parse(&written).unwrap(), [game.normalized()]);
}

/// What a reader refuses, built by hand, is written without a panic and
/// refused when read: an empty variation (a bad object from a binding).
#[test]
fn an_empty_variation_is_written_and_refused() {
    let mut ply = Ply::new(action("15"));
    ply.variations.push(Variation::default());
    let line = Variation {
        comment: None,
        plies: vec![ply],
    };
    let written = AnnotatedGame::new(Game::new(), line, Scoring::SingleResult).to_string();
    assert!(written.ends_with("\n1. 15 () *\n"), "{written}");
    let error = gamefile::parse(&written).unwrap_err();
    assert_eq!(error.kind(), &GameFileErrorKind::EmptyVariation);
}

#[test]
fn long_movetext_wraps_at_79_characters() {
    let mut game = AnnotatedGame::from_game(
        &Game::from_record("12 34 56 78 19").unwrap(),
        Scoring::SingleResult,
    );
    game.line.plies[0].comment = Some("word ".repeat(30));
    game.line.plies[1].comment = Some("x".repeat(100));
    let written = game.to_string();
    let movetext: Vec<&str> = written.split("\n\n").nth(1).unwrap().lines().collect();
    assert!(
        movetext
            .iter()
            .all(|l| l.chars().count() <= 79 || !l.contains(' '))
    );
    assert_eq!(
        movetext[0],
        format!("1. 12 {{{}", "word ".repeat(14).trim_end())
    );
    assert_eq!(gamefile::parse(&written).unwrap(), [game.normalized()]);
}

/// A game with random annotations: from random choices, each ply gets a
/// glyph, a value, a comment and one variation (a random playout of one or
/// two actions) by the bits of its choice.
fn annotated(choices: &[u16]) -> AnnotatedGame {
    let mut game = Game::new();
    let mut line = Variation::default();
    for &choice in choices {
        let legal = game.legal_actions();
        if legal.is_empty() {
            break;
        }
        let mut ply = Ply::new(legal[usize::from(choice) % legal.len()]);
        let bits = choice >> 6;
        ply.glyph = (bits & 7 < 6).then(|| Glyph::ALL[usize::from(bits & 7)]);
        ply.value = Value::from_half_points(i32::from(bits >> 3 & 7) - 2);
        if bits & 64 != 0 {
            ply.comment = Some(format!("c{choice} }} [%value}}"));
        }
        if bits & 128 != 0 {
            let other = legal[usize::from(choice / 7) % legal.len()];
            let mut variation = vec![Ply::new(other)];
            if let Some(&next) = game
                .apply(other)
                .unwrap()
                .legal_actions()
                .iter()
                .next()
                .as_ref()
            {
                variation.push(Ply::new(next));
            }
            ply.variations.push(Variation {
                comment: Some("v".into()),
                plies: variation,
            });
        }
        game = game.apply(ply.action).unwrap();
        line.plies.push(ply);
    }
    AnnotatedGame::new(Game::new(), line, Scoring::ALL[choices.len() % 3])
}

proptest! {
    #[test]
    fn write_then_parse_gives_the_games_back(games in proptest::collection::vec(proptest::collection::vec(any::<u16>(), 0..14), 0..4)) {
        let games: Vec<AnnotatedGame> = games.iter().map(|c| annotated(c)).collect();
        let written = gamefile::write(&games);
        let parsed = gamefile::parse(&written).unwrap();
        prop_assert_eq!(&parsed, &games);
        prop_assert_eq!(gamefile::write(&parsed), written);
    }
}

/// An item of the lenient reader as the game's `Round` tag and record, or
/// the error's game number, line, column and kind.
type Item = Result<(String, String), (usize, usize, usize, GameFileErrorKind)>;

fn items(text: &str) -> Vec<Item> {
    gamefile::read(text)
        .map(|item| match item {
            Ok(game) => Ok((
                game.tag("Round").unwrap_or_default().to_owned(),
                game.end().record().to_string(),
            )),
            Err(e) => Err((e.game(), e.line(), e.column(), e.kind().clone())),
        })
        .collect()
}

fn ok(round: &str, record: &str) -> Item {
    Ok((round.to_owned(), record.to_owned()))
}

/// Five games, the second with a typo in its movetext, the fourth in a
/// tag pair: the first, third and fifth games, and the two errors where
/// they are (worked out by hand: line 8 is `1. 15 2. 59 3. 11 *`, `11` in
/// columns 16–17; line 14 is `[Round "4`, its `"` in column 8).
#[test]
fn the_lenient_reader_gives_each_game_or_its_error() {
    let text = "[Event \"Lesson\"]\n[Round \"1\"]\n\n1. 12 2. 12 @1 *\n\n\
                [Round \"2\"]\n\n1. 15 2. 59 3. 11 *\n\n\
                [Round \"3\"]\n\n1. 19 *\n\n\
                [Round \"4\n[X \"Ann\"]\n\n1. 58 *\n\n\
                [Round \"5\"]\n\n1. 37 2. 37 @3 *\n";
    assert_eq!(text.lines().nth(7), Some("1. 15 2. 59 3. 11 *"));
    assert_eq!(text.lines().nth(13), Some("[Round \"4"));
    let typo = GameFileErrorKind::Action {
        ply: 3,
        token: "11".into(),
        error: RecordErrorKind::Syntax("11".parse::<Action>().unwrap_err()),
    };
    assert_eq!(
        items(text),
        [
            ok("1", "12 12 @1"),
            Err((2, 8, 16, typo.clone())),
            ok("3", "19"),
            Err((4, 14, 8, GameFileErrorKind::UnterminatedString)),
            ok("5", "37 37 @3"),
        ]
    );
    // The broken fourth game's other tags and movetext stay its own.
    let games: Vec<AnnotatedGame> = gamefile::read(text).filter_map(Result::ok).collect();
    assert_eq!(games[2].tag("X"), Some("?"));
    // The strict reader stops at the first error: the same one.
    let err = gamefile::parse(text).unwrap_err();
    assert_eq!(
        (err.game(), err.line(), err.column(), err.kind()),
        (2, 8, 16, &typo)
    );
    // Without the broken games, both readers give the same games.
    let fixed = text.replace("3. 11", "3. 13").replace("\"4\n", "\"4\"]\n");
    let strict = gamefile::parse(&fixed).unwrap();
    assert_eq!(strict.len(), 5);
    assert_eq!(
        gamefile::read(&fixed)
            .collect::<Result<Vec<_>, _>>()
            .unwrap(),
        strict
    );
}

#[test]
fn a_broken_last_game() {
    let sq = |n| Square::new(n).unwrap();
    // Line 4 is `1. 12 2. 12 3. 34`: `34` in column 16 while the collapse
    // of mark 2 is pending.
    let text = "1. 12 *\n\n[Round \"2\"]\n1. 12 2. 12 3. 34";
    let pending = GameFileErrorKind::Action {
        ply: 3,
        token: "34".into(),
        error: RecordErrorKind::Illegal(PlayError::CollapsePending {
            options: [sq(1), sq(2)],
        }),
    };
    assert_eq!(items(text), [ok("?", "12"), Err((2, 4, 16, pending))]);
    let mut games = gamefile::read(text);
    assert_eq!(games.by_ref().count(), 2);
    assert!(games.next().is_none(), "fused");
    // An unclosed variation at the end: where its `(` is (line 2, column 7).
    assert_eq!(
        items("1. 12 *\n1. 15 (1. 19"),
        [
            ok("?", "12"),
            Err((2, 2, 7, GameFileErrorKind::UnclosedVariation))
        ]
    );
}

#[test]
fn garbage_before_the_first_tag_is_a_broken_first_game() {
    let text = "Dear teacher, the games:\n[Round \"1\"]\n1. 12 *\n";
    let garbage = GameFileErrorKind::Action {
        ply: 1,
        token: "Dear".into(),
        error: RecordErrorKind::Syntax("Dear".parse::<Action>().unwrap_err()),
    };
    assert_eq!(
        items(text),
        [Err((1, 1, 1, garbage.clone())), ok("1", "12")]
    );
    assert_eq!(gamefile::parse(text).unwrap_err().kind(), &garbage);
    // After a broken game the reader goes on at a tag pair first on its
    // line only: not at `[%value` inside a comment, nor in the middle of a
    // line.
    let text = "1. 99 {a note\n[%value +1]} [Round \"x\"] *\n[ Round \"2\"]\n1. 12 *\n";
    let bad = GameFileErrorKind::Action {
        ply: 1,
        token: "99".into(),
        error: RecordErrorKind::Syntax("99".parse::<Action>().unwrap_err()),
    };
    assert_eq!(items(text), [Err((1, 1, 4, bad)), ok("2", "12")]);
}

#[test]
fn an_unclosed_comment_breaks_its_game_only() {
    // The `{` of line 2 and of line 8, each in column 7, has no `}`.
    let text = "[Round \"1\"]\n1. 12 {a note 2. 13 *\n\n\
                [Round \"2\"]\n1. 15 *\n\n\
                [Round \"3\"]\n1. 19 {again *\n";
    assert_eq!(
        items(text),
        [
            Err((1, 2, 7, GameFileErrorKind::UnterminatedComment)),
            ok("2", "15"),
            Err((3, 8, 7, GameFileErrorKind::UnterminatedComment)),
        ]
    );
}

/// `{a}` 100,000 times: appending comment pieces is linear, and the
/// comment budget is crossed by the 32,769th piece (the joined comment
/// `a a … a` of k pieces has 2k − 1 bytes, over 65,536 first at k =
/// 32,769), whose `{` is at byte 6 + 3 × 32,768 of `1. 12 {a}{a}…`.
#[test]
fn many_comment_pieces_are_linear_up_to_the_budget() {
    assert_eq!(gamefile::MAX_COMMENT_BYTES, 65_536);
    let text = format!("1. 12 {} *", "{a}".repeat(100_000));
    assert_eq!(
        items(&text),
        [Err((
            1,
            1,
            6 + 3 * 32_768 + 1,
            GameFileErrorKind::CommentTooLong
        ))]
    );
    let fits = format!("1. 12 {} *", "{a}".repeat(32_768));
    let games = gamefile::parse(&fits).unwrap();
    let comment = games[0].line.plies[0].comment.as_deref().unwrap();
    assert_eq!(comment.len(), 65_535);
    assert_eq!(comment, vec!["a"; 32_768].join(" "));
    // Before the first action the same: the 32,769th `{` at byte 3 × 32,768.
    let text = format!("{} 1. 12 *", "{a}".repeat(100_000));
    assert_eq!(
        items(&text),
        [Err((
            1,
            1,
            3 * 32_768 + 1,
            GameFileErrorKind::CommentTooLong
        ))]
    );
    // One piece over the budget by itself, as a `;` comment on line 2.
    let text = format!("1. 12\n;{}\n*", "b".repeat(65_537));
    assert_eq!(
        items(&text),
        [Err((1, 2, 1, GameFileErrorKind::CommentTooLong))]
    );
    // Whitespace does not count: the normal form does.
    let spaced = format!("1. 12 {{{}x}} *", " \n\t".repeat(100_000));
    assert_eq!(
        gamefile::parse(&spaced).unwrap()[0].line.plies[0]
            .comment
            .as_deref(),
        Some("x")
    );
}

#[test]
fn a_text_over_the_file_budget_is_one_error() {
    assert_eq!(gamefile::MAX_FILE_BYTES, 16 * 1024 * 1024);
    let text = format!("1. 12 *\n{}", " ".repeat(gamefile::MAX_FILE_BYTES - 7));
    assert_eq!(
        items(&text),
        [Err((
            1,
            1,
            1,
            GameFileErrorKind::FileTooLarge(gamefile::MAX_FILE_BYTES + 1)
        ))]
    );
    // A byte order mark does not count.
    assert_eq!(
        items(&format!("\u{feff}{}", &text[..text.len() - 1])),
        [ok("?", "12")]
    );
}

/// Many tags: a name given twice is found past the first 32 too (line 101
/// repeats the tag of line 6), and normal form keeps each name's first.
#[test]
fn many_tags_and_one_twice() {
    let tags: String = (0..100).map(|i| format!("[T{i} \"{i}\"]\n")).collect();
    let err = gamefile::parse(&format!("{tags}[T5 \"again\"]\n1. 12 *")).unwrap_err();
    assert_eq!((err.line(), err.column()), (101, 1));
    assert_eq!(err.kind(), &GameFileErrorKind::DuplicateTag("T5".into()));
    let games = gamefile::parse(&format!("{tags}1. 12 *")).unwrap();
    assert_eq!(games[0].tags.len(), 6 + 100);
    assert_eq!(games[0].tag("T99"), Some("99"));
    let mut game = games[0].clone();
    game.tags.push(("T40".into(), "later".into()));
    game.tags.push(("Event".into(), "later".into()));
    assert_eq!(game.normalized(), games[0]);
}
