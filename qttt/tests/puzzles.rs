//! Puzzles: cases checked by the independent model's minimax
//! (tests/model/perfect_play.py), and every shipped puzzle's uniqueness
//! proven again by solving each of its legal actions.

use qttt::analysis::puzzles::{self, MAX_DEPTH};
use qttt::analysis::{Puzzle, PuzzleError, Scoring, Solver, Theme};
use qttt::gamefile;
use qttt::{Action, Game, Player};

fn game(record: &str) -> Game {
    Game::from_record(record).unwrap()
}

#[test]
fn puzzles_and_positions_that_are_none() {
    let mut solver = Solver::new(Scoring::SingleResult);
    // The model: of the 15 moves, only 17 wins for X (it closes the cycle
    // 1-7 with X5; O's two collapse choices both lose); the others lose.
    let puzzle = Puzzle::of(&mut solver, &game("46 45 46 @6 38 17 27")).expect("a puzzle");
    assert_eq!(puzzle.winner, Player::X);
    assert_eq!(puzzle.solution[0], "17".parse::<Action>().unwrap());
    assert_eq!(puzzle.depth, 1);
    assert_eq!(puzzle.themes, [Theme::ForcingCycle]);
    // The model: both @6 and @8 win for X (two winning actions).
    assert_eq!(Puzzle::of(&mut solver, &game("58 47 67 59 48 68")), None);
    // The model: @7 draws, @9 loses: X cannot win.
    assert_eq!(
        Puzzle::of(&mut solver, &game("28 14 25 57 49 69 47 79")),
        None
    );
    // The model: 16, 19 and 69 all win for O.
    assert_eq!(Puzzle::of(&mut solver, &game("28 14 25 57 49 69 47")), None);
    // Over: nobody to act.
    assert_eq!(Puzzle::of(&mut solver, &game("58 47 67 59 48 68 @8")), None);
}

#[test]
fn theme_names_parse() {
    for theme in Theme::ALL {
        assert_eq!(theme.name().parse::<Theme>(), Ok(theme));
    }
    assert!("cycle".parse::<Theme>().is_err());
}

/// Every shipped puzzle: its main line is a win for the player to act in
/// its `Start` position, the first action is the only legal action after
/// which that player still wins (each one solved), its depth and themes
/// are as the tags say, and the set spreads over every depth and theme.
/// Slow in a debug build: `cargo test --release -p qttt --test puzzles -- --ignored`.
#[test]
#[ignore = "solves every legal action of 330 puzzles: run in release with --ignored"]
fn every_shipped_puzzle_has_exactly_one_winning_action() {
    let shipped = puzzles::shipped();
    let files = gamefile::parse(puzzles::SHIPPED).unwrap();
    assert!(shipped.len() >= 300);
    assert_eq!(shipped.len(), files.len());
    let mut solver = Solver::new(Scoring::SingleResult);
    let (mut depths, mut themes) = (
        [0; MAX_DEPTH as usize + 1],
        std::collections::HashMap::new(),
    );
    for (index, (read, file)) in shipped.iter().zip(&files).enumerate() {
        let position = file.start;
        let winner = position
            .current_player()
            .expect("a puzzle has a player to act");
        // The core's reading of the file's game, against the file itself.
        assert_eq!(read.number, Some(index as u32 + 1));
        assert_eq!(file.tag("Round"), Some((index + 1).to_string().as_str()));
        assert_eq!((read.position, read.winner), (position, winner));
        let actions: Vec<Action> = file.line.plies.iter().map(|p| p.action).collect();
        assert_eq!(read.solution, actions);
        let wins = |value: i32| {
            if winner == Player::X {
                value > 0
            } else {
                value < 0
            }
        };
        let winning: Vec<Action> = position
            .legal_actions()
            .iter()
            .filter(|&a| wins(solver.solve(&position.apply_unchecked(a)).value_half_points))
            .collect();
        assert_eq!(winning, [file.line.plies[0].action], "{:?}", position);
        assert!(position.legal_actions().len() >= 2);
        let end = file.end();
        assert_eq!(end.outcome().and_then(|o| o.winner()), Some(winner));
        let depth: usize = file.tag("Depth").unwrap().parse().unwrap();
        let own = file
            .line
            .plies
            .iter()
            .scan(position, |game, ply| {
                let mover = game.current_player();
                *game = game.apply_unchecked(ply.action);
                Some(mover == Some(winner))
            })
            .filter(|&own| own)
            .count();
        assert_eq!(own, depth);
        assert_eq!(usize::from(read.depth), depth);
        depths[depth] += 1;
        let puzzle = Puzzle::of(&mut solver, &position).expect("a puzzle");
        let names: Vec<&str> = puzzle.themes.iter().map(|t| t.name()).collect();
        assert_eq!(file.tag("Puzzle"), Some(names.join(" ").as_str()));
        assert_eq!(read.themes, puzzle.themes);
        for theme in puzzle.themes {
            *themes.entry(theme).or_insert(0) += 1;
        }
    }
    assert!(depths[1..].iter().all(|&n| n >= 100), "{depths:?}");
    assert!(
        Theme::ALL
            .iter()
            .all(|t| themes.get(t).copied().unwrap_or(0) >= 30),
        "{themes:?}"
    );
}

/// A game of a game file read as a puzzle: the file's tags and line, by
/// hand. The position is the first shipped puzzle's (the model: only 17
/// wins for X, then O's two collapse choices lose; X acts once).
#[test]
fn a_game_file_game_reads_as_a_puzzle() {
    let file = |tags: &str, moves: &str| {
        let text = format!("[Start \"46 45 46 @6 38 17 27\"]\n{tags}\n{moves}\n");
        gamefile::parse(&text).unwrap().remove(0)
    };
    let read = |tags: &str, moves: &str| Puzzle::from_annotated(&file(tags, moves));
    let puzzle = read(
        "[Round \"12\"]\n[Puzzle \"forcing-cycle earlier-line\"]\n[Depth \"1\"]",
        "17 @1 1-0",
    )
    .unwrap();
    assert_eq!(puzzle.number, Some(12));
    assert_eq!(puzzle.position, game("46 45 46 @6 38 17 27"));
    assert_eq!(puzzle.winner, Player::X);
    assert_eq!(
        puzzle.solution,
        ["17", "@1"].map(|t| t.parse::<Action>().unwrap())
    );
    assert_eq!(puzzle.depth, 1);
    assert_eq!(puzzle.themes, [Theme::ForcingCycle, Theme::EarlierLine]);
    // Written and read back: the same puzzle.
    assert_eq!(Puzzle::from_annotated(&puzzle.to_annotated()), Ok(puzzle));
    // No Round (the roster's "?"), no Puzzle, no Depth: no number, no
    // themes, the depth counted.
    let bare = read("", "17 @1 1-0").unwrap();
    assert_eq!((bare.number, bare.depth), (None, 1));
    assert!(bare.themes.is_empty());
    assert_eq!(read("[Round \"0\"]", "17 @1 1-0").unwrap().number, None);
    // Not puzzles: a Depth that disagrees, an unknown theme, a line that
    // is no win for X (cut short; O's collapse), a position that is over.
    assert_eq!(
        read("[Depth \"2\"]", "17 @1 1-0"),
        Err(PuzzleError::Depth("2".into()))
    );
    assert!(matches!(
        read("[Puzzle \"cycle\"]", "17 @1 1-0"),
        Err(PuzzleError::Theme(_))
    ));
    assert_eq!(read("", "17 *"), Err(PuzzleError::NotAWin));
    assert_eq!(read("", "*"), Err(PuzzleError::NotAWin));
    let over = gamefile::parse("[Start \"58 47 67 59 48 68 @8\"]\n1-0\n").unwrap();
    assert_eq!(Puzzle::from_annotated(&over[0]), Err(PuzzleError::GameOver));
}

/// The shipped file is what its command writes.
#[test]
#[ignore = "generates the whole set: run in release with --ignored"]
fn the_shipped_set_is_reproducible() {
    assert_eq!(puzzles::shipped_set(), puzzles::SHIPPED);
}
