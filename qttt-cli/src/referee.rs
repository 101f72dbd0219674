//! `qttt referee`: programs play each other over standard input and
//! output, one line a message (docs/referee.md).

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, TryRecvError, sync_channel};
use std::time::{Duration, Instant};

use qttt::analysis::Scoring;
use qttt::gamefile::{self, AnnotatedGame, GameResult};
use qttt::{Action, Game, Player};
use qttt_events::{GameResult as EventGame, Outcome, Pairing, PlayerId, Ratings, standings};

use crate::out::Out;

/// The longest line a program may print, in bytes, newline excluded.
const MAX_LINE: usize = 256;

/// How long a program may take to exit after `end`.
const EXIT_GRACE: Duration = Duration::from_millis(500);

/// The options of `qttt referee`.
#[derive(Debug, clap::Args)]
pub struct RefereeArgs {
    /// The programs of a match: X in the first game, O in the second, and
    /// so on alternately.
    #[arg(
        num_args = 2,
        required_unless_present = "ladder",
        conflicts_with = "ladder"
    )]
    programs: Vec<PathBuf>,
    /// A round robin of every executable file in this folder.
    #[arg(long, value_name = "DIR")]
    ladder: Option<PathBuf>,
    /// Games of a match, or of each pairing of a ladder (colours alternate).
    #[arg(long, default_value_t = 2)]
    games: u32,
    /// The time a program has for each action, from the `turn` line to its
    /// answer, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    time_ms: u64,
    /// Write every game to this game file (docs/gamefile.md).
    #[arg(long, value_name = "FILE")]
    qgn: Option<PathBuf>,
}

/// What a program's reader thread saw.
enum Heard {
    Line(String),
    TooLong,
    Closed,
}

/// A program in a game.
struct Bot {
    child: Child,
    input: Option<ChildStdin>,
    heard: Receiver<Heard>,
}

impl Bot {
    fn start(program: &Path) -> Result<Bot, String> {
        let mut child = Command::new(program)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("could not start: {e}"))?;
        let input = child.stdin.take();
        let output = child.stdout.take().ok_or("no output pipe")?;
        let (send, heard) = sync_channel(4);
        std::thread::spawn(move || {
            let mut reader = BufReader::new(output);
            loop {
                let mut line = Vec::new();
                let read = (&mut reader)
                    .take(MAX_LINE as u64 + 1)
                    .read_until(b'\n', &mut line);
                let message = match read {
                    Ok(0) | Err(_) => Heard::Closed,
                    Ok(_) if line.last() == Some(&b'\n') => {
                        Heard::Line(String::from_utf8_lossy(&line).trim().to_owned())
                    }
                    Ok(_) if line.len() > MAX_LINE => Heard::TooLong,
                    Ok(_) => Heard::Closed,
                };
                let last = !matches!(message, Heard::Line(_));
                if send.send(message).is_err() || last {
                    return;
                }
            }
        });
        Ok(Bot {
            child,
            input,
            heard,
        })
    }

    /// Sends one line; false when the program no longer reads.
    fn tell(&mut self, line: &str) -> bool {
        self.input.as_mut().is_some_and(|input| {
            writeln!(input, "{line}")
                .and_then(|()| input.flush())
                .is_ok()
        })
    }

    /// Why a program that stopped talking stopped.
    fn exit_reason(&mut self) -> String {
        let deadline = Instant::now() + EXIT_GRACE;
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return format!("crash: exited ({status})");
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        "crash: closed its output".to_owned()
    }

    /// Asks for an action; the reason it loses otherwise.
    fn ask(&mut self, game: &Game, time: Duration) -> Result<Action, String> {
        match self.heard.try_recv() {
            Ok(Heard::Line(line)) => return Err(format!("garbage: {line:?} before its turn")),
            Ok(Heard::TooLong) => return Err(format!("flood: a line over {MAX_LINE} bytes")),
            Ok(Heard::Closed) | Err(TryRecvError::Disconnected) => return Err(self.exit_reason()),
            Err(TryRecvError::Empty) => {}
        }
        let legal: Vec<String> = game.legal_actions().iter().map(|a| a.to_string()).collect();
        if !self.tell(&format!("turn {}", legal.join(" "))) {
            return Err(self.exit_reason());
        }
        match self.heard.recv_timeout(time) {
            Ok(Heard::Line(line)) => match line.parse::<Action>() {
                Ok(action) if game.is_legal(action) => Ok(action),
                Ok(_) => Err(format!("illegal action: {line}")),
                Err(_) => Err(format!("garbage: {line:?}")),
            },
            Ok(Heard::TooLong) => Err(format!("flood: a line over {MAX_LINE} bytes")),
            Ok(Heard::Closed) | Err(RecvTimeoutError::Disconnected) => Err(self.exit_reason()),
            Err(RecvTimeoutError::Timeout) => {
                Err(format!("timeout: no action within {} ms", time.as_millis()))
            }
        }
    }

    /// Says the game is over, then ends the program: a grace to exit,
    /// then killed; always reaped.
    fn finish(mut self, result: GameResult) {
        self.tell(&format!("end {result}"));
        drop(self.input.take());
        let deadline = Instant::now() + EXIT_GRACE;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A game played: its file entry and its outcome.
struct Played {
    file: AnnotatedGame,
    outcome: Outcome,
    termination: String,
}

/// Plays one game between two programs.
fn play_game(x: &Path, o: &Path, time: Duration) -> Played {
    let mut game = Game::new();
    let mut forfeit: Option<(Player, String)> = None;
    let mut bots: Vec<Option<Bot>> = Vec::new();
    for (program, side) in [(x, Player::X), (o, Player::O)] {
        match Bot::start(program) {
            Ok(mut bot) => {
                if !bot.tell(&format!("side {side}")) && forfeit.is_none() {
                    forfeit = Some((side, bot.exit_reason()));
                }
                bots.push(Some(bot));
            }
            Err(reason) => {
                forfeit.get_or_insert((side, reason));
                bots.push(None);
            }
        }
    }
    while forfeit.is_none() {
        let Some(player) = game.current_player() else {
            break;
        };
        let (me, other) = if player == Player::X { (0, 1) } else { (1, 0) };
        let Some(bot) = bots[me].as_mut() else { break };
        match bot.ask(&game, time) {
            Ok(action) => {
                game = game.apply_unchecked(action);
                if let Some(opponent) = bots[other].as_mut() {
                    opponent.tell(&format!("played {action}"));
                }
            }
            Err(reason) => forfeit = Some((player, reason)),
        }
    }
    let mut file = AnnotatedGame::from_game(&game, Scoring::SingleResult);
    let termination = match &forfeit {
        Some((loser, reason)) => {
            file.result = GameResult::lost_by(*loser);
            format!("{loser} {reason}")
        }
        None => "normal".to_owned(),
    };
    for bot in bots.into_iter().flatten() {
        bot.finish(file.result);
    }
    let outcome = match file.result {
        GameResult::XWins | GameResult::XWinsHalf => Outcome::XWins,
        GameResult::OWins | GameResult::OWinsHalf => Outcome::OWins,
        _ => Outcome::Draw,
    };
    file.set_tag("X", &name(x));
    file.set_tag("O", &name(o));
    file.set_tag("Termination", &termination);
    Played {
        file,
        outcome,
        termination,
    }
}

/// A program's name: its file name.
fn name(program: &Path) -> String {
    program.file_name().map_or_else(
        || program.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// The executable files of a folder, by name.
fn programs_in(dir: &Path) -> Result<Vec<PathBuf>, String> {
    use std::os::unix::fs::PermissionsExt;
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut programs: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .filter(|e| {
            e.metadata()
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
        .map(|e| e.path())
        .collect();
    programs.sort();
    Ok(programs)
}

/// Runs `qttt referee`.
pub fn referee(args: &RefereeArgs) -> Result<(), String> {
    let time = Duration::from_millis(args.time_ms);
    let (programs, event) = match &args.ladder {
        Some(dir) => (programs_in(dir)?, "qttt referee ladder"),
        None => (args.programs.clone(), "qttt referee match"),
    };
    if programs.len() < 2 {
        return Err("a ladder needs at least two executable programs".to_owned());
    }
    let rounds: Vec<Vec<Pairing>> = if args.ladder.is_some() {
        qttt_events::round_robin(programs.len())
            .into_iter()
            .map(|r| r.pairings)
            .collect()
    } else {
        vec![vec![Pairing {
            x: PlayerId(0),
            o: PlayerId(1),
        }]]
    };
    let mut files = Vec::new();
    let mut results = Vec::new();
    let mut ratings = Ratings::new(programs.len());
    let mut out = Out::lock();
    for (round, pairings) in rounds.iter().enumerate() {
        let mut period = Vec::new();
        for pairing in pairings {
            for g in 0..args.games {
                let pairing = if g % 2 == 0 {
                    *pairing
                } else {
                    Pairing {
                        x: pairing.o,
                        o: pairing.x,
                    }
                };
                let mut played = play_game(&programs[pairing.x.0], &programs[pairing.o.0], time);
                let round_tag = format!("{}.{}", round + 1, g + 1);
                played.file.set_tag("Event", event);
                played.file.set_tag("Round", &round_tag);
                writeln!(
                    out,
                    "{round_tag}  {} (X) - {} (O)  {}  {}",
                    name(&programs[pairing.x.0]),
                    name(&programs[pairing.o.0]),
                    played.file.result,
                    played.termination
                )?;
                let result = EventGame {
                    pairing,
                    outcome: played.outcome,
                };
                period.push(result);
                results.push(result);
                files.push(played.file);
            }
        }
        ratings.rate_period(&period);
    }
    writeln!(out)?;
    writeln!(
        out,
        "rank  program               games  points   won  drawn  lost  rating    RD"
    )?;
    for (rank, line) in standings(programs.len(), &results, &[]).iter().enumerate() {
        let rating = ratings.get(line.player);
        writeln!(
            out,
            "{:>4}  {:<20}  {:>5}  {:>6.1}  {:>4}  {:>5}  {:>4}  {:>6.0}  {:>4.0}",
            rank + 1,
            name(&programs[line.player.0]),
            line.games,
            line.points,
            line.wins,
            line.draws,
            line.losses,
            rating.rating,
            rating.deviation
        )?;
    }
    if let Some(path) = &args.qgn {
        std::fs::write(path, gamefile::write(&files))
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}
