//! Reviews against values worked out by hand or by the independent
//! model's minimax (tests/model/perfect_play.py), never by the solver.

use qttt::analysis::{Review, Scoring, Solver, Verdict};
use qttt::gamefile::{self, GameResult, Glyph};
use qttt::{Action, Game, Player};

fn actions(tokens: &str) -> Vec<Action> {
    tokens
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect()
}

/// `28 14 25 57 49 69 47 79 @9` from ply 7. The model
/// (`python3 tests/model/perfect_play.py single "28 14 25 57 49 69 47 79 @9" 6`,
/// the same under goff and complete) gives the values before plies 7, 8, 9
/// and at the end: +2, −2, 0, −2. Its values of every action before ply 7:
/// 25, 28 and 58 keep X's win; before ply 8 (after 47): 16, 19 and 69
/// keep O's; before ply 9: @7 holds the draw, @9 loses.
const GAME: &str = "28 14 25 57 49 69 47 79 @9";

#[test]
fn three_mistakes_in_a_row() {
    let game = Game::from_record(GAME).unwrap();
    for scoring in Scoring::ALL {
        let review = Review::new(&mut Solver::new(scoring), &game, 6);
        assert_eq!(
            review.start,
            Game::from_record("28 14 25 57 49 69").unwrap()
        );
        assert_eq!(review.end, game);
        let summary: Vec<(usize, Player, i32, i32, i32, Verdict)> = review
            .steps
            .iter()
            .map(|s| {
                (
                    s.ply,
                    s.player,
                    s.before.half_points(),
                    s.after.half_points(),
                    s.lost_half_points,
                    s.verdict,
                )
            })
            .collect();
        assert_eq!(
            summary,
            [
                (7, Player::X, 2, -2, 4, Verdict::WinGivenAway),
                (8, Player::O, -2, 0, 2, Verdict::WinGivenAway),
                (9, Player::X, 0, -2, 2, Verdict::DrawGivenAway),
            ],
            "{scoring}"
        );
        assert_eq!(review.final_value.half_points(), -2);
        let keeping = [actions("25 28 58"), actions("16 19 69"), actions("@7")];
        for (step, keeping) in review.steps.iter().zip(&keeping) {
            assert!(
                !step.best.is_empty() && step.best.iter().all(|a| keeping.contains(a)),
                "{scoring}"
            );
            assert_eq!(step.best_line.first(), step.best.first());
            // The best line is a game to its end with the value before.
            let before = Game::from_record(
                &GAME
                    .split(' ')
                    .take(step.ply - 1)
                    .collect::<Vec<_>>()
                    .join(" "),
            )
            .unwrap();
            let end = step
                .best_line
                .iter()
                .fold(before, |g, &a| g.apply(a).unwrap());
            assert_eq!(scoring.result(&end), Some(step.before.half_points()));
        }
        assert_eq!(review.mistakes().count(), 3);
    }
}

#[test]
fn an_unfinished_game_and_the_last_choice() {
    // The worked example: X's choice @8 gives both lines, X's first (by
    // hand, RULES.md): under single +2, under goff +1 (1 against 1/2), under
    // complete 0. The other option, @6, leaves +2 under every scoring (the
    // model: `perfect_play.py SCORING "58 47 67 59 48 68 @6" 6`), so under
    // goff @8 loses half a point and under complete it gives away the win.
    let game = Game::from_record("58 47 67 59 48 68 @8").unwrap();
    let expected = [
        (Scoring::SingleResult, 2, 2, Verdict::Kept),
        (Scoring::GoffPoints, 2, 1, Verdict::HalfPointLost),
        (Scoring::CompleteWin, 2, 0, Verdict::WinGivenAway),
    ];
    for (scoring, before, after, verdict) in expected {
        let review = Review::new(&mut Solver::new(scoring), &game, 6);
        let step = &review.steps[0];
        assert_eq!(
            (
                step.before.half_points(),
                step.after.half_points(),
                step.verdict
            ),
            (before, after, verdict),
            "{scoring}"
        );
        if verdict != Verdict::Kept {
            assert_eq!(step.best, actions("@6"));
        }
    }
    // Unfinished: the game so far, values to the position reached.
    let unfinished = Game::from_record("28 14 25 57 49 69 47").unwrap();
    let review = Review::new(&mut Solver::new(Scoring::SingleResult), &unfinished, 6);
    assert_eq!(review.steps.len(), 1);
    assert_eq!(review.final_value.half_points(), -2);
    assert_eq!(review.to_annotated().result, GameResult::Unfinished);
    // Beyond the end: nothing to review.
    let none = Review::new(&mut Solver::new(Scoring::SingleResult), &unfinished, 99);
    assert_eq!((none.steps.len(), none.final_value.half_points()), (0, -2));
}

#[test]
fn the_annotated_game_marks_the_mistakes() {
    let game = Game::from_record(GAME).unwrap();
    let review = Review::new(&mut Solver::new(Scoring::SingleResult), &game, 6);
    let annotated = review.to_annotated();
    assert_eq!(annotated.start, review.start);
    assert_eq!(annotated.result, GameResult::OWins);
    assert_eq!(
        annotated.tag("Annotator"),
        Some("qttt review (perfect play)")
    );
    assert_eq!(
        annotated.line.comment.as_deref(),
        Some("Value at the start: +1")
    );
    let plies = &annotated.line.plies;
    let glyphs: Vec<Option<Glyph>> = plies.iter().map(|p| p.glyph).collect();
    assert_eq!(
        glyphs,
        [
            Some(Glyph::Blunder),
            Some(Glyph::Mistake),
            Some(Glyph::Mistake)
        ]
    );
    let values: Vec<String> = plies.iter().map(|p| p.value.unwrap().to_string()).collect();
    assert_eq!(values, ["-1", "0", "-1"]);
    assert_eq!(
        plies[2].comment.as_deref(),
        Some("X gives away the draw; best: @7")
    );
    assert!(plies.iter().all(|p| p.variations.len() == 1));
    let text = gamefile::write(std::slice::from_ref(&annotated));
    assert!(text.contains("[Start \"28 14 25 57 49 69\"]"));
    assert!(text.contains("7. 47?? {[%value -1] X gives away the win; best: "));
    assert_eq!(gamefile::parse(&text).unwrap(), [annotated]);
}

#[test]
fn the_comments_are_data_in_english_by_default() {
    use qttt::analysis::ReviewComment;
    // Worked by hand: the words of docs/reviews.md's annotated example.
    let best = actions("16 19 69");
    let mistake = ReviewComment::Mistake {
        player: Player::O,
        verdict: Verdict::WinGivenAway,
        best: &best,
    };
    assert_eq!(
        mistake.to_string(),
        "O gives away the win; best: 16, 19, 69"
    );
    let half = ReviewComment::Mistake {
        player: Player::X,
        verdict: Verdict::HalfPointLost,
        best: &best[..1],
    };
    assert_eq!(half.to_string(), "X loses half a point; best: 16");
    let start = ReviewComment::Start {
        value: gamefile::Value::from_half_points(-1).unwrap(),
    };
    assert_eq!(start.to_string(), "Value at the start: -1/2");
    // Other words: the same game, each comment what `words` says of it.
    let game = Game::from_record(GAME).unwrap();
    let review = Review::new(&mut Solver::new(Scoring::SingleResult), &game, 6);
    let mut said = Vec::new();
    let annotated = review.to_annotated_with(|comment| {
        said.push(*comment);
        format!("#{}", said.len())
    });
    assert_eq!(annotated.line.comment.as_deref(), Some("#4"));
    let comments: Vec<Option<&str>> = annotated
        .line
        .plies
        .iter()
        .map(|p| p.comment.as_deref())
        .collect();
    assert_eq!(comments, [Some("#1"), Some("#2"), Some("#3")]);
    let players: Vec<Player> = said[..3]
        .iter()
        .map(|c| match c {
            ReviewComment::Mistake { player, .. } => *player,
            _ => panic!("{c:?}"),
        })
        .collect();
    assert_eq!(players, [Player::X, Player::O, Player::X]);
    assert_eq!(
        said[3],
        ReviewComment::Start {
            value: gamefile::Value::from_half_points(2).unwrap()
        }
    );
    // The English by default is the same file as before.
    assert_eq!(
        review.to_annotated_with(|c| c.to_string()),
        review.to_annotated()
    );
}
