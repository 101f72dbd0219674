//! serde for game files and reviews (features `serde` and `std`): the
//! example's games to JSON and back, its JSON worked out by hand, bad
//! JSON refused naming where (through serde_path_to_error), and a
//! review's JSON.

use qttt::Game;
use qttt::analysis::{Review, Scoring, Solver};
use qttt::gamefile::{self, AnnotatedGame};
use serde_json::json;

const EXAMPLE: &str = include_str!("gamefile/example.qgn");

#[test]
fn games_go_to_json_and_back() {
    let games = gamefile::parse(EXAMPLE).unwrap();
    let text = serde_json::to_string(&games).unwrap();
    let again: Vec<AnnotatedGame> = serde_json::from_str(&text).unwrap();
    assert_eq!(again, games);
    assert_eq!(gamefile::write(&again), EXAMPLE);
    // Nested variations, NAGs, glyphs and values all come back.
    let loose = "1. 15 $1 $20 ; good\n2. 26 ? (2. 37 (2. 48 {deeper}) 3. 59) 3.19 {[%value -1/2] a comment} *";
    let games = gamefile::parse(loose).unwrap();
    let again: Vec<AnnotatedGame> =
        serde_json::from_value(serde_json::to_value(&games).unwrap()).unwrap();
    assert_eq!(again, games);
}

#[test]
fn the_example_as_json_worked_by_hand() {
    let games = gamefile::parse(EXAMPLE).unwrap();
    let value = serde_json::to_value(&games[0]).unwrap();
    let ply = |action: &str| json!({"action": action, "glyph": null, "nags": [], "value": null, "comment": null, "variations": []});
    let mut plies: Vec<_> = ["58", "47", "67", "59", "48", "68", "@8"].map(ply).to_vec();
    plies[4]["comment"] = json!("joins them");
    plies[5] = json!({
        "action": "68", "glyph": "?", "nags": [], "value": 1.0,
        "comment": "closes the cycle 8-4-7-6",
        "variations": [{"comment": null, "plies": [ply("19")]}],
    });
    plies[6]["comment"] = json!("X's line 4-5-6 is earlier than O's 7-8-9");
    assert_eq!(
        value,
        json!({
            "tags": [
                ["Event", "Club night"], ["Site", "Utrecht"], ["Date", "2026.11.30"],
                ["Round", "3"], ["X", "Ann"], ["O", "Bob"], ["TimeControl", "300+5"],
                ["Comment", "The worked example of RULES.md"],
            ],
            "scoring": "single",
            "start": "",
            "end": "58 47 67 59 48 68 @8",
            "result": "1-0",
            "line": {"comment": "Two separate trees first.", "plies": plies},
        })
    );
}

#[test]
fn a_game_built_from_json() {
    // Every field optional but an action; tags as a map too; `end` not read.
    let game: AnnotatedGame = serde_json::from_value(json!({
        "tags": {"X": "Ann"},
        "end": "not read",
        "line": {"plies": [{"action": "51", "glyph": "!?", "value": -0.5}, {"action": "15", "nags": [20]}, {"action": "@1"}]},
    }))
    .unwrap();
    assert_eq!(game.tag("X"), Some("Ann"));
    assert_eq!(game.scoring, Scoring::SingleResult);
    assert_eq!(game.end(), Game::from_record("15 15 @1").unwrap());
    assert!(gamefile::write(&[game]).ends_with("\n\n1. 15!? {[%value -1/2]} 2. 15 $20 @1 *\n"));
}

/// The error of reading `json` as a list of games: where, and what.
fn refused(json: &str) -> (String, String) {
    let de = &mut serde_json::Deserializer::from_str(json);
    let error = serde_path_to_error::deserialize::<_, Vec<AnnotatedGame>>(de).unwrap_err();
    (error.path().to_string(), error.inner().to_string())
}

#[test]
fn bad_json_says_where() {
    let cases = [
        (
            r#"[{"line": {"plies": [{"action": "15"}, {"action": "26"}, {"action": "37", "glyph": "?!?"}]}}]"#,
            "[0].line.plies[2].glyph",
            "\"?!?\" is not an annotation glyph",
        ),
        (
            r#"[{}, {"line": {"plies": [{"action": "x5"}]}}]"#,
            "[1].line.plies[0].action",
            "malformed token",
        ),
        (
            r#"[{"line": {"plies": [{"action": "15", "nags": [7, 2]}]}}]"#,
            "[0].line.plies[0].nags[1]",
            "$2 is a glyph",
        ),
        (
            r#"[{"line": {"plies": [{"action": "15", "nags": [256]}]}}]"#,
            "[0].line.plies[0].nags[0]",
            "256 is not a numeric annotation glyph (0 to 255)",
        ),
        (
            r#"[{"line": {"plies": [{"action": "15", "value": 0.25}]}}]"#,
            "[0].line.plies[0].value",
            "0.25 is not a value",
        ),
        (
            r#"[{"line": {"plies": [{"action": "15", "value": "+1"}]}}]"#,
            "[0].line.plies[0].value",
            "invalid type",
        ),
        (
            r#"[{"line": {"plies": [{"glyph": "!"}]}}]"#,
            "[0].line.plies[0]",
            "missing field `action`",
        ),
        (
            r#"[{"result": "2-0"}]"#,
            "[0].result",
            "\"2-0\" is not a result",
        ),
        (
            r#"[{"scoring": "bogus"}]"#,
            "[0].scoring",
            "single, goff or complete",
        ),
        (r#"[{"start": "15 99"}]"#, "[0].start", ""),
        (
            r#"[{"tags": [["X", "a"], ["X", "b"]]}]"#,
            "[0]",
            "tags[1]: tag X appears twice",
        ),
        (
            r#"[{"tags": [["Result", "1-0"]]}]"#,
            "[0]",
            "tags[0]: Result is not a tag here",
        ),
        (
            r#"[{"tags": {"1x": "a"}}]"#,
            "[0]",
            "tags[0]: \"1x\" is not a tag name",
        ),
        // After 15 15 a cycle waits for X's choice: no move (by hand).
        (
            r#"[{"line": {"plies": [{"action": "15"}, {"action": "15"}, {"action": "34"}]}}]"#,
            "[0]",
            "line.plies[2].action: `34` at ply 3",
        ),
        // A variation is played from the position before its ply.
        (
            r#"[{"line": {"plies": [{"action": "15", "variations": [{"plies": [{"action": "@1"}]}]}]}}]"#,
            "[0]",
            "line.plies[0].variations[0].plies[0].action: `@1` at ply 1",
        ),
        (
            r#"[{"line": {"plies": [{"action": "15", "variations": [{"plies": []}]}]}}]"#,
            "[0]",
            "a variation holds at least one action",
        ),
        (
            r#"[{"result": "1-1/2", "line": {"plies": [{"action": "15"}]}}]"#,
            "[0]",
            "the result 1-1/2 does not fit the game: *",
        ),
    ];
    for (json, path, message) in cases {
        let (at, said) = refused(json);
        assert_eq!(at, path, "{json}: {said}");
        assert!(
            said.contains(message),
            "{json}: {said:?} does not say {message:?}"
        );
    }
}

#[test]
fn variations_nest_at_most_32_deep() {
    let nested = |depth: usize| {
        let mut line = json!({"plies": [{"action": "15"}]});
        for _ in 0..depth {
            line = json!({"plies": [{"action": "15", "variations": [line]}]});
        }
        json!([{"line": line}])
    };
    // From values: serde_json's text reader stops at 128 levels of its own.
    let games: Vec<AnnotatedGame> = serde_json::from_value(nested(32)).unwrap();
    assert_eq!(games.len(), 1);
    let error = serde_path_to_error::deserialize::<_, Vec<AnnotatedGame>>(nested(33)).unwrap_err();
    let at = error.path().to_string();
    assert!(at.starts_with("[0].line.plies[0].variations[0]"), "{at}");
    assert!(
        error
            .inner()
            .to_string()
            .contains("variations nest at most 32 deep"),
        "{error}"
    );
    // The depth is counted per read: the next read starts afresh.
    assert!(serde_json::from_value::<Vec<AnnotatedGame>>(nested(32)).is_ok());
}

#[test]
fn a_review_as_json() {
    // The values of tests/review.rs (the model's minimax): +1, -1, 0 before
    // plies 7, 8, 9 and -1 at the end, in points.
    let game = Game::from_record("28 14 25 57 49 69 47 79 @9").unwrap();
    let review = Review::new(&mut Solver::new(Scoring::SingleResult), &game, 6);
    let value = serde_json::to_value(&review).unwrap();
    assert_eq!(value["scoring"], "single");
    assert_eq!(value["start"], "28 14 25 57 49 69");
    assert_eq!(value["end"], "28 14 25 57 49 69 47 79 @9");
    assert_eq!(value["final_value"], -1.0);
    let steps = value["steps"].as_array().unwrap();
    let column = |key: &str| steps.iter().map(|s| s[key].clone()).collect::<Vec<_>>();
    assert_eq!(column("ply"), [json!(7), json!(8), json!(9)]);
    assert_eq!(column("player"), [json!("X"), json!("O"), json!("X")]);
    assert_eq!(column("before"), [json!(1.0), json!(-1.0), json!(0.0)]);
    assert_eq!(column("after"), [json!(-1.0), json!(0.0), json!(-1.0)]);
    assert_eq!(column("lost"), [json!(2.0), json!(1.0), json!(1.0)]);
    assert_eq!(column("glyph"), [json!("??"), json!("?"), json!("?")]);
    assert_eq!(
        column("verdict"),
        [
            json!("win_given_away"),
            json!("win_given_away"),
            json!("draw_given_away")
        ]
    );
    assert_eq!(steps[2]["best"], json!(["@7"]));
    let again: Review = serde_json::from_value(value).unwrap();
    assert_eq!(again, review);
}
