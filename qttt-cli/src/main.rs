//! `qttt`: play, solve and analyse quantum tic-tac-toe (Allan Goff's rules)
//! from the command line.
//!
//! ```text
//! qttt play [--as x|o] [--humans] [--demo] [--ai random|mcts|perfect] [--hint] [--seed N]
//! qttt view < records.txt
//! qttt perft N [RECORD] [--deep]
//! qttt solve [RECORD|-] [--json] [--scoring single|goff|complete] [--threads N] [--no-book]
//! qttt openings [--scoring …] [--threads N] [--no-book]
//! qttt count [RECORD]
//! qttt stats N [--seed S] [--uniform-games]
//! qttt positions [--plain] [--values N [--json]]
//! qttt review FILE-OR-RECORD [--scoring …] [--from PLY] [--qgn] [--no-book]
//! qttt gamefile [FILE] [--records] [--lenient]
//! qttt referee PROGRAM_X PROGRAM_O [--games N] | --ladder DIR [--time-ms T] [--qgn FILE]
//! qttt dataset --positions N [--seed S] [--ply P] [--table FILE]
//! qttt tablebase build --out FILE [--from RECORD ...] | probe --table FILE
//! ```
//!
//! Exit status: 0 on success, 1 when the work fails (a record that is not
//! a game, a broken pipe), 2 for a command line that does not parse.
//! Every command writes standard output through [`out::Out`]: when a write
//! fails, as when the reader of a pipe goes (`qttt positions | head -1`),
//! the command stops with status 1 and one line on standard error,
//! `qttt: standard output: Broken pipe (os error 32)`, never a panic.

mod analysis;
mod dataset;
mod gamefile;
mod out;
mod play;
mod positions;
mod progress;
mod referee;
mod tablebase;
mod view;

use std::num::{NonZeroU64, NonZeroUsize};
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};
use qttt::analysis::Scoring;

/// Quantum tic-tac-toe (Allan Goff's rules): play it, solve it, count it.
///
/// Records are written in RULES.md notation: `15` puts a spooky mark in
/// squares 1 and 5, `@5` collapses the newest mark into square 5, `7` is
/// the classical last move; a record is the tokens separated by spaces
/// (quote it: "58 47 67").
#[derive(Debug, Parser)]
#[command(name = "qttt", version, about, long_about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play in the terminal: against the computer (you are X unless --as o),
    /// two people (--humans), or the computer against itself (--demo).
    ///
    /// Type a legal token, `undo` to take back your last turn, or `quit`.
    Play(play::PlayArgs),
    /// Print the JSON view of each record read from standard input, one
    /// line each; a record that is not a game gives
    /// {"error":{"token_index":…,"token":…,"code":…,"message":…}}.
    View,
    /// Review games by perfect play: each action's value before and after,
    /// the mistakes, the best actions and lines (FILE-OR-RECORD: a game
    /// file, `-` for standard input, or a record).
    Review(gamefile::ReviewArgs),
    /// Check a game file (docs/gamefile.md) and write it in normal form,
    /// or each game's record; an error names the line and column.
    Gamefile(gamefile::GamefileArgs),
    /// Programs play each other over standard input and output
    /// (docs/referee.md): a match, or a round robin of a folder (--ladder).
    Referee(referee::RefereeArgs),
    /// Count the action sequences of each length 1…DEPTH from a position.
    ///
    /// Each depth takes about 30 times as long as the one before (from the
    /// empty board 6 takes seconds, 7 a minute or so); depths above 7
    /// need --deep.
    Perft {
        /// The deepest length counted.
        depth: u32,
        /// The position (default: the empty board).
        #[arg(default_value = "")]
        record: String,
        /// Allow depths above 7, which may take hours.
        #[arg(long)]
        deep: bool,
    },
    /// The value of a position under perfect play, every optimal action and
    /// a principal variation.
    Solve {
        /// The position (default: the empty board); `-` reads one record a
        /// line from standard input (an empty line is the empty board) and
        /// solves each with one solver.
        #[arg(default_value = "")]
        record: String,
        /// One JSON object a line per position instead of text: the record,
        /// who acts, the value in X's points minus O's, the end move, the
        /// optimal actions (tokens and a mask over the 54 action ids), a
        /// principal variation and every action's value.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        solver: SolverArgs,
    },
    /// The value of every first move, by symmetry class.
    Openings {
        #[command(flatten)]
        solver: SolverArgs,
    },
    /// The exact number of complete games from a position (from the empty
    /// board: 18,227,289,232,224, in seconds).
    Count {
        /// The position (default: the empty board).
        #[arg(default_value = "")]
        record: String,
    },
    /// Outcome shares and Goff's mean score over N random games, with
    /// standard errors (the same figures with any number of threads).
    Stats {
        /// How many games.
        games: NonZeroU64,
        /// Seed of the games.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Draw every complete game with equal probability instead of
        /// every legal action at each turn (counts all games first).
        #[arg(long)]
        uniform_games: bool,
    },
    /// The distinct reachable positions after each number of actions, over
    /// the whole game and up to symmetry, exactly (counted in milliseconds
    /// without listing them): how many wait for a collapse, are won by
    /// either player or drawn.
    Positions {
        /// Tab-separated numbers without digit groups, for scripts.
        #[arg(long)]
        plain: bool,
        /// Also the values under perfect play of every position of plies 0
        /// to N, per scoring, by listing and solving them (N at most 3:
        /// ply 2 takes half a minute, ply 3 minutes; with --table at most
        /// 5: ply 5 lists 48 million positions in about 10 GB).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=5))]
        values: Option<u8>,
        /// With --values: one JSON object instead of the table.
        #[arg(long, requires = "values")]
        json: bool,
        /// With --values: answer the stored positions from this complete
        /// table (`qttt tablebase build`), on two threads.
        #[arg(long, value_name = "FILE", requires = "values")]
        table: Option<std::path::PathBuf>,
    },
    /// Positions drawn uniformly at random among all distinct reachable
    /// ones (or those of one ply), each written as a JSON line with its
    /// record, its JSON view and every legal action's exact value under
    /// each scoring (single, goff, complete).
    Dataset(dataset::DatasetArgs),
    /// The table of perfect play (docs/analysis.md): build one, or probe
    /// one with records from standard input.
    #[command(subcommand)]
    Tablebase(tablebase::TablebaseCommand),
}

/// The options of `solve` and `openings`.
#[derive(Debug, clap::Args)]
struct SolverArgs {
    /// How finished games are scored: single (RULES.md), goff (Goff's
    /// points) or complete (lines for both players draw).
    #[arg(long, default_value = "single", value_parser = parse_scoring)]
    scoring: Scoring,
    /// Threads that test the actions for optimality (default: every core).
    #[arg(long)]
    threads: Option<NonZeroUsize>,
    /// Search positions with up to three marks instead of reading them
    /// from the opening book (which serves the single scoring).
    #[arg(long)]
    no_book: bool,
}

impl SolverArgs {
    fn threads(&self) -> usize {
        self.threads
            .or_else(|| std::thread::available_parallelism().ok())
            .map_or(1, NonZeroUsize::get)
    }

    /// A solver with these options.
    fn solver(&self) -> qttt::analysis::Solver {
        qttt::analysis::Solver::new(self.scoring)
            .threads(self.threads())
            .opening_book(!self.no_book)
    }
}

/// A scoring by the core's names.
fn parse_scoring(name: &str) -> Result<Scoring, qttt::UnknownName> {
    name.parse()
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Command::Perft {
        depth, deep: false, ..
    } = cli.command
    {
        if depth > analysis::PERFT_DEPTH_LIMIT {
            Cli::command()
                .error(
                    clap::error::ErrorKind::ValueValidation,
                    format!(
                        "perft depth {depth} may take hours (each depth takes about 30 times as \
                         long as the one before; from the empty board 6 takes seconds, 7 a \
                         minute or so, 8 far longer): add --deep to run it anyway"
                    ),
                )
                .exit();
        }
    }
    let result = match &cli.command {
        Command::Play(args) => play::play(args),
        Command::View => view::view(),
        Command::Review(args) => gamefile::review(args),
        Command::Gamefile(args) => gamefile::gamefile(args),
        Command::Referee(args) => referee::referee(args),
        Command::Perft { depth, record, .. } => analysis::perft(*depth, record),
        Command::Solve {
            record,
            json,
            solver,
        } => analysis::solve(record, *json, solver.solver(), solver.threads()),
        Command::Openings { solver } => analysis::openings(solver.solver()),
        Command::Count { record } => analysis::count(record),
        Command::Stats {
            games,
            seed,
            uniform_games,
        } => analysis::stats(*games, *seed, *uniform_games),
        Command::Positions {
            plain,
            values: Some(last),
            json,
            table,
        } => positions::values(usize::from(*last), *plain, *json, table.as_deref()),
        Command::Positions { plain, .. } => positions::positions(*plain),
        Command::Dataset(args) => dataset::dataset(args),
        Command::Tablebase(command) => tablebase::tablebase(command),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("qttt: {message}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_consistent() {
        super::Cli::command().debug_assert();
    }
}
