//! The `qttt` command-line program.
//!
//! ```text
//! cargo run --release --example qttt -- play [--as x|o] [--humans] [--ai random] [--seed N]
//! cargo run --release --example qttt -- play --demo [--seed N]
//! cargo run --release --example qttt -- view < records.txt
//! cargo run --release --example qttt -- perft N [RECORD]
//! ```

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

use qttt::random::{SplitMix64, random_action};
use qttt::{Action, Game, Phase, Player};

const USAGE: &str = "\
usage: qttt <command>

commands:
  play [--as x|o] [--ai random] [--seed N]  play against the computer (you are X by default)
  play --humans                             two people at one terminal
  play --demo [--seed N]                    the computer plays both sides
  view                                      JSON view of each record read from standard input
  perft N [RECORD]                          action sequences of length 1..N from a position";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("play") => play(&args[1..]),
        Some("view") => view(),
        Some("perft") => perft(&args[1..]),
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
    Random,
}

struct PlayOptions {
    x: Controller,
    o: Controller,
    seed: u64,
}

fn parse_play_options(args: &[String]) -> Result<PlayOptions, String> {
    let mut human = Some(Player::X);
    let mut both_human = false;
    let mut demo = false;
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
            "--humans" => both_human = true,
            "--as" => {
                human = match value("--as")?.to_ascii_lowercase().as_str() {
                    "x" => Some(Player::X),
                    "o" => Some(Player::O),
                    other => return Err(format!("--as takes x or o, not {other:?}")),
                }
            }
            "--ai" => match value("--ai")?.as_str() {
                "random" => {}
                other => {
                    return Err(format!(
                        "--ai: unknown opponent {other:?} (available: random)"
                    ));
                }
            },
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
            Controller::Random
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
        seed,
    })
}

fn play(args: &[String]) -> Result<(), String> {
    let options = parse_play_options(args)?;
    let mut rng = SplitMix64::new(options.seed);
    let stdin = io::stdin();
    let mut input = stdin.lock().lines();
    let mut game = Game::new();
    println!("Quantum tic-tac-toe. Tokens: `15` puts a spooky mark in squares 1 and 5,");
    println!("`@5` collapses the newest mark into square 5, `7` is the classical last move.\n");
    while let Some(player) = game.current_player() {
        println!("{game}\n");
        let controller = if player == Player::X {
            options.x
        } else {
            options.o
        };
        let action = match controller {
            Controller::Random => {
                let action = random_action(&game, &mut rng).ok_or("no legal action")?;
                println!("{player} plays {action}\n");
                action
            }
            Controller::Human => {
                show_choices(&game);
                match ask(&game, player, &mut input)? {
                    Some(Command::Act(action)) => action,
                    Some(Command::Undo) => {
                        game = undo_turn(&game, &options);
                        continue;
                    }
                    None => return Ok(()),
                }
            }
        };
        game = game.apply(action).map_err(|e| e.to_string())?;
    }
    println!("{game}\n\nRecord: {}", game.record());
    Ok(())
}

/// Lists the legal tokens; before a collapse choice, draws both outcomes.
fn show_choices(game: &Game) {
    let legal = game.legal_actions();
    if game.phase() == Phase::Collapse {
        for choice in legal {
            let after = game.apply(choice).expect("a legal action");
            println!("If you choose {choice}:\n{after}\n");
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

/// Takes back actions up to and including the last one a human made, so a
/// human is to act again (or the game is back at the start).
fn undo_turn(game: &Game, options: &PlayOptions) -> Game {
    let mut earlier = *game;
    while let Some(previous) = earlier.undo() {
        earlier = previous;
        let actor = if previous.current_player() == Some(Player::X) {
            options.x
        } else {
            options.o
        };
        if actor == Controller::Human {
            break;
        }
    }
    earlier
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

/// `{"error":{"token_index":N,"token":"…","message":"…"}}`, keys in that order.
fn error_json(token: &str, error: &qttt::RecordError) -> serde_json::Result<String> {
    Ok(format!(
        r#"{{"error":{{"token_index":{},"token":{},"message":{}}}}}"#,
        error.token_index(),
        serde_json::to_string(token)?,
        serde_json::to_string(&error.kind().to_string())?,
    ))
}

fn perft(args: &[String]) -> Result<(), String> {
    let (depth, record) = match args {
        [depth] => (depth, ""),
        [depth, record] => (depth, record.as_str()),
        _ => {
            return Err(format!(
                "perft takes a depth and an optional record\n\n{USAGE}"
            ));
        }
    };
    let depth: u32 = depth
        .parse()
        .map_err(|_| format!("perft: {depth:?} is not a depth"))?;
    let game = Game::from_record(record).map_err(|e| format!("perft: {e}"))?;
    for d in 1..=depth {
        println!("{d} {}", qttt::perft(&game, d));
    }
    Ok(())
}
