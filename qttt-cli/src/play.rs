//! `qttt play`: a game in the terminal, against the computer, between two
//! people, or the computer against itself.

use std::io::{self, BufRead};

use clap::builder::TypedValueParser;
use qttt::analysis::{OpponentKind, OpponentOptions, Scoring, Solver};
use qttt::{Action, Game, Phase, Player};

use crate::analysis::describe;
use crate::out::Out;

/// Who makes the actions of one side.
#[derive(Clone, Copy, PartialEq)]
enum Controller {
    Human,
    Computer,
}

/// The computer's strength: an opponent kind by its stable name (the
/// core's `OpponentKind`).
fn opponent_kinds() -> impl TypedValueParser<Value = OpponentKind> {
    clap::builder::PossibleValuesParser::new(OpponentKind::ALL.map(OpponentKind::name)).map(
        |name| {
            name.parse::<OpponentKind>()
                .expect("one of the listed names")
        },
    )
}

/// A side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Side {
    /// X, who moves first.
    X,
    /// O, who moves second.
    O,
}

/// The options of `qttt play`.
#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    /// The side you play.
    #[arg(long = "as", value_enum, default_value = "x", conflicts_with_all = ["humans", "demo"])]
    side: Side,
    /// Two people at one terminal.
    #[arg(long, conflicts_with = "demo")]
    humans: bool,
    /// The computer plays both sides.
    #[arg(long)]
    demo: bool,
    /// The computer's strength: uniformly random actions, Monte Carlo tree
    /// search, or perfect play.
    #[arg(long, value_parser = opponent_kinds(), default_value = "random")]
    ai: OpponentKind,
    /// Show the value of every legal action under perfect play before each of your turns.
    #[arg(long)]
    hint: bool,
    /// Seed of the computer's choices (default: the clock).
    #[arg(long)]
    seed: Option<u64>,
}

struct PlayOptions {
    x: Controller,
    o: Controller,
    level: OpponentKind,
    seed: u64,
    hint: bool,
}

impl PlayArgs {
    fn options(&self) -> PlayOptions {
        let controller = |side: Side| {
            if self.humans || (!self.demo && side == self.side) {
                Controller::Human
            } else {
                Controller::Computer
            }
        };
        let seed = self.seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64)
        });
        PlayOptions {
            x: controller(Side::X),
            o: controller(Side::O),
            level: self.ai,
            seed,
            hint: self.hint,
        }
    }
}

/// Plays a game in the terminal.
pub fn play(args: &PlayArgs) -> Result<(), String> {
    let options = args.options();
    let mut computer = options
        .level
        .opponent(OpponentOptions::new().seed(options.seed));
    // For hints; kept for the whole game, so that later hints are instant.
    let mut solver = Solver::new(Scoring::SingleResult);
    let stdin = io::stdin();
    let mut input = stdin.lock().lines();
    let mut game = Game::new();
    let mut out = Out::lock();
    writeln!(
        out,
        "Quantum tic-tac-toe. Tokens: `15` puts a spooky mark in squares 1 and 5,"
    )?;
    writeln!(
        out,
        "`@5` collapses the newest mark into square 5, `7` is the classical last move.\n"
    )?;
    while let Some(player) = game.current_player() {
        writeln!(out, "{}\n", game.board())?;
        let controller = if player == Player::X {
            options.x
        } else {
            options.o
        };
        let action = match controller {
            Controller::Computer => {
                let action = computer.choose(&game).ok_or("no legal action")?;
                writeln!(out, "{player} plays {action}\n")?;
                action
            }
            Controller::Human => {
                if options.hint {
                    show_hints(&mut out, &game, &mut solver)?;
                }
                show_choices(&mut out, &game)?;
                match ask(&mut out, &game, player, &mut input)? {
                    Some(Command::Act(action)) => action,
                    Some(Command::Undo) => {
                        match undo_turn(&game, &options) {
                            Some(earlier) => game = earlier,
                            None => writeln!(out, "Nothing to undo: you have not played yet.\n")?,
                        }
                        continue;
                    }
                    None => return Ok(()),
                }
            }
        };
        game = game.apply(action).map_err(|e| e.to_string())?;
    }
    writeln!(out, "{}\n\nRecord: {}", game.board(), game.record())?;
    Ok(())
}

/// The value of every legal action under perfect play from then on, one
/// line per value, in the solver's order (the best for the player to act
/// first).
fn show_hints(out: &mut Out, game: &Game, solver: &mut Solver) -> Result<(), String> {
    if game.move_number() <= 2 {
        eprintln!("(solving: this early in the game it may take a second)");
    }
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for value in solver.action_values(game) {
        let text = describe(
            value.value_half_points,
            value.end_move,
            Scoring::SingleResult,
        );
        match groups.last_mut() {
            Some((last, actions)) if *last == text => actions.push(value.action.to_string()),
            _ => groups.push((text, vec![value.action.to_string()])),
        }
    }
    writeln!(out, "Hints (perfect play from then on):")?;
    for (text, actions) in groups {
        writeln!(out, "  {text}: {}", actions.join(" "))?;
    }
    Ok(())
}

/// Lists the legal tokens; before a collapse choice, draws both outcomes.
fn show_choices(out: &mut Out, game: &Game) -> Result<(), String> {
    let legal = game.legal_actions();
    if game.phase() == Phase::Collapse {
        for choice in legal {
            let after = game.apply(choice).expect("a legal action");
            writeln!(out, "If you choose {choice}:\n{}\n", after.board())?;
        }
    }
    let tokens: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
    writeln!(out, "Legal: {}", tokens.join(" "))
}

enum Command {
    Act(Action),
    Undo,
}

/// Reads tokens until one is legal. `None` at the end of input or on `quit`.
fn ask(
    out: &mut Out,
    game: &Game,
    player: Player,
    input: &mut impl Iterator<Item = io::Result<String>>,
) -> Result<Option<Command>, String> {
    loop {
        write!(out, "{player}> ")?;
        out.flush()?;
        let Some(line) = input.next() else {
            writeln!(out)?;
            return Ok(None);
        };
        let line = line.map_err(|e| e.to_string())?;
        let token = line.trim();
        match token {
            "" => continue,
            "quit" | "exit" => return Ok(None),
            "undo" => return Ok(Some(Command::Undo)),
            "help" | "?" => {
                writeln!(
                    out,
                    "Type a legal token (listed above), `undo` to take back your last turn, or `quit`."
                )?;
                continue;
            }
            _ => {}
        }
        match token.parse::<Action>() {
            Err(e) => writeln!(out, "`{token}`: {e}")?,
            Ok(action) => match game.apply(action) {
                Err(e) => writeln!(out, "`{token}` is not legal now: {e}")?,
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
