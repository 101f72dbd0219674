//! The `qttt` command-line program.
//!
//! ```text
//! cargo run --release --example qttt -- play [--as x|o] [--humans] [--ai random|mcts|perfect] [--hint] [--seed N]
//! cargo run --release --example qttt -- play --demo [--seed N]
//! cargo run --release --example qttt -- view < records.txt
//! cargo run --release --example qttt -- perft N [RECORD]
//! cargo run --release --example qttt -- solve [RECORD] [--scoring single|goff|complete]
//! cargo run --release --example qttt -- openings [--scoring single|goff|complete]
//! cargo run --release --example qttt -- count [RECORD]
//! cargo run --release --example qttt -- stats N [--seed S] [--uniform-games]
//! ```

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use qttt::analysis::{
    GameCounter, MctsOpponent, Opponent, PerfectOpponent, RandomOpponent, RandomStats, Scoring,
    Solution, Solver,
};
use qttt::{Action, Game, Phase, Player};

/// Playouts per move of `--ai mcts`: a medium-strength opponent that answers at once.
const MCTS_PLAYOUTS: u32 = 3000;

const USAGE: &str = "\
usage: qttt <command>

commands:
  play [--as x|o] [--ai random|mcts|perfect] [--hint] [--seed N]
                                            play against the computer (you are X by default);
                                            --hint shows the value of every legal action
  play --humans                             two people at one terminal
  play --demo [--ai random|mcts|perfect] [--seed N]
                                            the computer plays both sides
  view                                      JSON view of each record read from standard input
  perft N [RECORD] [--deep]                 action sequences of length 1..N from a position (each
                                            depth ~30x slower; above 7 only with --deep)
  solve [RECORD] [--scoring S] [--threads N]
                                            the value under perfect play, optimal actions and
                                            a principal variation (S: single, goff or complete;
                                            N threads test the actions, all cores by default)
  openings [--scoring S] [--threads N]      the value of every first move, by symmetry class
  count [RECORD]                            the number of complete games from a position
  stats N [--seed S] [--uniform-games]      outcomes of N random games, with standard errors: uniformly
                                            random actions, or every complete game equally likely";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("play") => play(&args[1..]),
        Some("view") => view(),
        Some("perft") => perft(&args[1..]),
        Some("solve") => solve(&args[1..]),
        Some("openings") => openings(&args[1..]),
        Some("stats") => stats(&args[1..]),
        Some("count") => count(&args[1..]),
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            Ok(())
        }
        _ => Err(USAGE.to_owned()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::from(2)
        }
    }
}

/// Who makes the actions of one side.
#[derive(Clone, Copy, PartialEq)]
enum Controller {
    Human,
    Computer,
}

/// The computer's strength.
#[derive(Clone, Copy)]
enum Level {
    Random,
    Mcts,
    Perfect,
}

struct PlayOptions {
    x: Controller,
    o: Controller,
    level: Level,
    seed: u64,
    hint: bool,
}

fn parse_play_options(args: &[String]) -> Result<PlayOptions, String> {
    let mut human = Some(Player::X);
    let mut both_human = false;
    let mut demo = false;
    let mut hint = false;
    let mut level = Level::Random;
    let mut seed = None;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .cloned()
                .ok_or(format!("{name} needs a value\n\n{USAGE}"))
        };
        match arg.as_str() {
            "--demo" => demo = true,
            "--hint" => hint = true,
            "--humans" => both_human = true,
            "--as" => {
                human = match value("--as")?.to_ascii_lowercase().as_str() {
                    "x" => Some(Player::X),
                    "o" => Some(Player::O),
                    other => return Err(format!("--as takes x or o, not {other:?}")),
                }
            }
            "--ai" => {
                level = match value("--ai")?.as_str() {
                    "random" => Level::Random,
                    "mcts" => Level::Mcts,
                    "perfect" => Level::Perfect,
                    other => {
                        return Err(format!(
                            "--ai: unknown opponent {other:?} (available: random, mcts, perfect)"
                        ));
                    }
                }
            }
            "--seed" => {
                let text = value("--seed")?;
                seed = Some(
                    text.parse()
                        .map_err(|_| format!("--seed takes a whole number, not {text:?}"))?,
                );
            }
            other => return Err(format!("unknown option {other:?}\n\n{USAGE}")),
        }
    }
    if demo {
        human = None;
    }
    let controller = |player| {
        if both_human || human == Some(player) {
            Controller::Human
        } else {
            Controller::Computer
        }
    };
    let seed = seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    Ok(PlayOptions {
        x: controller(Player::X),
        o: controller(Player::O),
        level,
        seed,
        hint,
    })
}

fn play(args: &[String]) -> Result<(), String> {
    let options = parse_play_options(args)?;
    let mut computer: Box<dyn Opponent> = match options.level {
        Level::Random => Box::new(RandomOpponent::new(options.seed)),
        Level::Mcts => Box::new(MctsOpponent::new(MCTS_PLAYOUTS, options.seed)),
        Level::Perfect => Box::new(PerfectOpponent::new(options.seed)),
    };
    // For hints; kept for the whole game, so that later hints are instant.
    let mut solver = Solver::new(Scoring::SingleResult);
    let stdin = io::stdin();
    let mut input = stdin.lock().lines();
    let mut game = Game::new();
    println!("Quantum tic-tac-toe. Tokens: `15` puts a spooky mark in squares 1 and 5,");
    println!("`@5` collapses the newest mark into square 5, `7` is the classical last move.\n");
    while let Some(player) = game.current_player() {
        println!("{}\n", game.board());
        let controller = if player == Player::X {
            options.x
        } else {
            options.o
        };
        let action = match controller {
            Controller::Computer => {
                let action = computer.choose(&game).ok_or("no legal action")?;
                println!("{player} plays {action}\n");
                action
            }
            Controller::Human => {
                if options.hint {
                    show_hints(&game, &mut solver);
                }
                show_choices(&game);
                match ask(&game, player, &mut input)? {
                    Some(Command::Act(action)) => action,
                    Some(Command::Undo) => {
                        match undo_turn(&game, &options) {
                            Some(earlier) => game = earlier,
                            None => println!("Nothing to undo: you have not played yet.\n"),
                        }
                        continue;
                    }
                    None => return Ok(()),
                }
            }
        };
        game = game.apply(action).map_err(|e| e.to_string())?;
    }
    println!("{}\n\nRecord: {}", game.board(), game.record());
    Ok(())
}

/// The value of every legal action under perfect play from then on, one
/// line per value, the best for the player to act first.
fn show_hints(game: &Game, solver: &mut Solver) {
    if game.move_number() <= 2 {
        eprintln!("(solving: a second or two this early in the game)");
    }
    let mover = if game.current_player() == Some(qttt::Player::O) {
        -1
    } else {
        1
    };
    // (the mover's score: result first, then the winner hurries and the loser delays)
    let mut groups: Vec<(i32, String, Vec<String>)> = Vec::new();
    for action in game.legal_actions() {
        let solution = solver.solve(&game.apply_unchecked(action));
        let value = solution.value_half_points * mover;
        let score = value * 16 - value.signum() * i32::from(solution.end_move);
        let text = describe(&solution, Scoring::SingleResult);
        match groups.iter_mut().find(|(_, t, _)| *t == text) {
            Some((_, _, actions)) => actions.push(action.to_string()),
            None => groups.push((score, text, vec![action.to_string()])),
        }
    }
    groups.sort_by_key(|group| std::cmp::Reverse(group.0));
    println!("Hints (perfect play from then on):");
    for (_, text, actions) in groups {
        println!("  {text}: {}", actions.join(" "));
    }
}

/// "X wins at move 9", "draw", "O wins by 1/2 at move 8", …
fn describe(solution: &Solution, scoring: Scoring) -> String {
    let value = solution.value_half_points;
    let winner = if value > 0 { "X" } else { "O" };
    match (value, scoring) {
        (0, _) => "draw".to_owned(),
        (1 | -1, Scoring::GoffPoints) => {
            format!("{winner} wins by 1/2 point at move {}", solution.end_move)
        }
        (_, Scoring::GoffPoints) => {
            format!("{winner} wins by 1 point at move {}", solution.end_move)
        }
        _ => format!("{winner} wins at move {}", solution.end_move),
    }
}

/// Lists the legal tokens; before a collapse choice, draws both outcomes.
fn show_choices(game: &Game) {
    let legal = game.legal_actions();
    if game.phase() == Phase::Collapse {
        for choice in legal {
            let after = game.apply(choice).expect("a legal action");
            println!("If you choose {choice}:\n{}\n", after.board());
        }
    }
    let tokens: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
    println!("Legal: {}", tokens.join(" "));
}

enum Command {
    Act(Action),
    Undo,
}

/// Reads tokens until one is legal. `None` at the end of input or on `quit`.
fn ask(
    game: &Game,
    player: Player,
    input: &mut impl Iterator<Item = io::Result<String>>,
) -> Result<Option<Command>, String> {
    loop {
        print!("{player}> ");
        io::stdout().flush().map_err(|e| e.to_string())?;
        let Some(line) = input.next() else {
            println!();
            return Ok(None);
        };
        let line = line.map_err(|e| e.to_string())?;
        let token = line.trim();
        match token {
            "" => continue,
            "quit" | "exit" => return Ok(None),
            "undo" => return Ok(Some(Command::Undo)),
            "help" | "?" => {
                println!(
                    "Type a legal token (listed above), `undo` to take back your last turn, or `quit`."
                );
                continue;
            }
            _ => {}
        }
        match token.parse::<Action>() {
            Err(e) => println!("`{token}`: {e}"),
            Ok(action) => match game.apply(action) {
                Err(e) => println!("`{token}` is not legal now: {e}"),
                Ok(_) => return Ok(Some(Command::Act(action))),
            },
        }
    }
}

/// Takes back actions up to and including the last one a human made, so
/// that human is to act again; `None` when no human has acted yet (there
/// is nothing of theirs to take back).
fn undo_turn(game: &Game, options: &PlayOptions) -> Option<Game> {
    let mut earlier = *game;
    while let Some(previous) = earlier.undo() {
        earlier = previous;
        let actor = if previous.current_player() == Some(Player::X) {
            options.x
        } else {
            options.o
        };
        if actor == Controller::Human {
            return Some(earlier);
        }
    }
    None
}

/// One JSON line per record read from standard input.
fn view() -> Result<(), String> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    for line in io::stdin().lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let json = match Game::from_record(&line) {
            Ok(game) => serde_json::to_string(&game.view()),
            Err(e) => error_json(&line[e.byte_range()], &e),
        };
        writeln!(out, "{}", json.map_err(|e| e.to_string())?).map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())
}

/// `{"error":{"token_index":N,"token":"…","code":"…","message":"…"}}`,
/// keys in that order; `code` is the core's reason code, as in every binding.
fn error_json(token: &str, error: &qttt::RecordError) -> serde_json::Result<String> {
    Ok(format!(
        r#"{{"error":{{"token_index":{},"token":{},"code":{},"message":{}}}}}"#,
        error.token_index(),
        serde_json::to_string(token)?,
        serde_json::to_string(error.kind().code())?,
        serde_json::to_string(&error.kind().to_string())?,
    ))
}

/// The solver options of `solve` and `openings` (`--scoring`, `--threads`)
/// and the other arguments.
struct SolverOptions<'a> {
    scoring: Scoring,
    threads: usize,
    rest: Vec<&'a String>,
}

fn parse_solver_options(args: &[String]) -> Result<SolverOptions<'_>, String> {
    let mut options = SolverOptions {
        scoring: Scoring::SingleResult,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        rest: Vec::new(),
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        if arg == "--scoring" {
            let name = args
                .next()
                .ok_or("--scoring needs a value: single, goff or complete")?;
            options.scoring = name
                .parse()
                .map_err(|e| format!("--scoring '{name}': {e}"))?;
        } else if arg == "--threads" {
            options.threads = match args.next().map(|n| n.parse::<usize>()) {
                Some(Ok(n)) if n > 0 => n,
                _ => return Err("--threads takes a number of threads, 1 or more".to_owned()),
            };
        } else {
            options.rest.push(arg);
        }
    }
    Ok(options)
}

fn solve(args: &[String]) -> Result<(), String> {
    let SolverOptions {
        scoring,
        threads,
        rest,
    } = parse_solver_options(args)?;
    let record = match rest[..] {
        [] => "",
        [record] => record.as_str(),
        _ => {
            return Err(format!(
                "solve takes one record (quote it), --scoring and --threads\n\n{USAGE}"
            ));
        }
    };
    let game = Game::from_record(record).map_err(|e| format!("solve: {e}"))?;
    let start = Instant::now();
    let label = format!("solving {:?} under {scoring:?}", game.record().to_string());
    let solution = with_progress(&label, || {
        Solver::new(scoring).threads(threads).solve(&game)
    });
    let tokens = |actions: &[Action]| {
        actions
            .iter()
            .map(|a| a.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let points = ["-1", "-1/2", "0", "+1/2", "+1"][(solution.value_half_points + 2) as usize];
    println!(
        "value: {} (X's points minus O's: {points})",
        describe(&solution, scoring)
    );
    if game.is_over() {
        println!("the game is over: no actions are left");
    } else {
        println!("optimal actions: {}", tokens(&solution.optimal_actions));
        println!(
            "principal variation: {}",
            tokens(&solution.principal_variation)
        );
    }
    println!(
        "searched {} positions in {:.2?} ({threads} thread{} for the optimal actions)",
        solution.nodes,
        start.elapsed(),
        if threads == 1 { "" } else { "s" }
    );
    Ok(())
}

fn openings(args: &[String]) -> Result<(), String> {
    let SolverOptions {
        scoring,
        threads,
        rest,
    } = parse_solver_options(args)?;
    if !rest.is_empty() {
        return Err(format!(
            "openings takes only --scoring and --threads\n\n{USAGE}"
        ));
    }
    let start = Instant::now();
    let mut solver = Solver::new(scoring).threads(threads);
    // First moves grouped by symmetry: equal canonical keys.
    let mut classes: Vec<(qttt::PositionKey, Vec<Action>)> = Vec::new();
    for action in Game::new().legal_actions() {
        let key = Game::new().apply_unchecked(action).canonical_key();
        match classes.iter_mut().find(|(k, _)| *k == key) {
            Some((_, members)) => members.push(action),
            None => classes.push((key, vec![action])),
        }
    }
    println!("first moves under {scoring:?}, by symmetry class:");
    for (i, (_, members)) in classes.iter().enumerate() {
        eprintln!("({}/{}, {:.1?})", i + 1, classes.len(), start.elapsed());
        let solution = solver.solve(&Game::new().apply_unchecked(members[0]));
        let tokens: Vec<String> = members.iter().map(|a| a.to_string()).collect();
        println!("{:<24} {}", tokens.join(" "), describe(&solution, scoring));
    }
    println!("({} classes, {:.1?})", classes.len(), start.elapsed());
    Ok(())
}

fn stats(args: &[String]) -> Result<(), String> {
    let mut rest = args.iter();
    let (mut games, mut seed, mut uniform_games) = (None, 0u64, false);
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--seed" => {
                let value = rest.next().ok_or("stats: --seed needs a number")?;
                seed = value
                    .parse()
                    .map_err(|_| format!("stats: {value:?} is not a seed"))?;
            }
            "--uniform-games" => uniform_games = true,
            n if games.is_none() => {
                games = Some(
                    n.parse::<u64>()
                        .map_err(|_| format!("stats: {n:?} is not a number of games"))?,
                );
            }
            other => return Err(format!("stats: unexpected {other:?}\n\n{USAGE}")),
        }
    }
    let games = match games {
        Some(0) => return Err("stats: play at least one game".to_owned()),
        Some(n) => n,
        None => return Err(format!("stats takes a number of games\n\n{USAGE}")),
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let start = Instant::now();
    let stats = if uniform_games {
        let label = format!("drawing {games} games uniformly from all complete games");
        with_progress(&label, || {
            RandomStats::run_uniform_over_games(&Game::new(), games, seed, &mut GameCounter::new())
        })
    } else {
        let label = format!("playing {games} random games on {threads} threads");
        with_progress(&label, || RandomStats::run(games, seed, threads))
    };
    let share = |label: &str, count: u64| {
        let (p, error) = stats.share(count);
        println!("{label:<28} {:>8.4}% ± {:.4}%", 100.0 * p, 100.0 * error);
    };
    share("X wins", stats.x_wins);
    share("O wins", stats.o_wins);
    share("draws", stats.draws);
    share("lines for both players", stats.both_lines);
    let (mean, error) = stats.goff_mean();
    println!(
        "{:<28} {mean:>+8.4} ± {error:.4} points",
        "Goff score (X minus O)"
    );
    let model = if uniform_games {
        "every complete game equally likely".to_owned()
    } else {
        format!("uniformly random actions, {threads} threads")
    };
    println!(
        "({games} games, seed {seed}, {model}, {:.1?})",
        start.elapsed()
    );
    Ok(())
}

fn count(args: &[String]) -> Result<(), String> {
    let record = match args {
        [] => "",
        [record] => record.as_str(),
        _ => return Err(format!("count takes one record (quote it)\n\n{USAGE}")),
    };
    let game = Game::from_record(record).map_err(|e| format!("count: {e}"))?;
    let start = Instant::now();
    let mut counter = GameCounter::new();
    let label = format!(
        "counting the complete games from {:?}",
        game.record().to_string()
    );
    let games = with_progress(&label, || counter.count(&game));
    println!("complete games: {games}");
    println!(
        "({} positions remembered, {:.1?})",
        counter.table_len(),
        start.elapsed()
    );
    Ok(())
}

/// Runs `work`; when it takes longer than a second, shows on standard error
/// that it is still running and for how long.
fn with_progress<T: Send>(label: &str, work: impl FnOnce() -> T + Send) -> T {
    let start = Instant::now();
    // The ticker wakes every 100 ms, and at once when the work is done
    // (the sender is dropped), so it never delays the result.
    let (done, ticks) = std::sync::mpsc::channel::<()>();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            let mut shown = 0;
            while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                ticks.recv_timeout(std::time::Duration::from_millis(100))
            {
                let seconds = start.elapsed().as_secs();
                if seconds > shown {
                    eprint!("\r{label}… {seconds} s");
                    shown = seconds;
                }
            }
            if shown > 0 {
                eprintln!();
            }
        });
        let result = work();
        drop(done);
        result
    })
}

/// The deepest `perft` runs without `--deep`: each depth takes about 30
/// times as long as the one before (from the empty board depth 6 takes
/// about a second, 7 half a minute, 8 a quarter of an hour).
const PERFT_DEPTH_LIMIT: u32 = 7;

fn perft(args: &[String]) -> Result<(), String> {
    let deep = args.iter().any(|a| a == "--deep");
    let rest: Vec<&String> = args.iter().filter(|a| *a != "--deep").collect();
    let (depth, record) = match rest[..] {
        [depth] => (depth, ""),
        [depth, record] => (depth, record.as_str()),
        _ => {
            return Err(format!(
                "perft takes a depth, an optional record and --deep\n\n{USAGE}"
            ));
        }
    };
    let depth: u32 = depth
        .parse()
        .map_err(|_| format!("perft: {depth:?} is not a depth"))?;
    if depth > PERFT_DEPTH_LIMIT && !deep {
        return Err(format!(
            "perft: depth {depth} may take hours (each depth takes about 30 times as long as the \
             one before; from the empty board 6 takes about a second, 7 half a minute, 8 a quarter \
             of an hour): add --deep to run it anyway"
        ));
    }
    let game = Game::from_record(record).map_err(|e| format!("perft: {e}"))?;
    for d in 1..=depth {
        let count = with_progress(&format!("perft {d}"), || qttt::perft(&game, d));
        println!("{d} {count}");
    }
    Ok(())
}
