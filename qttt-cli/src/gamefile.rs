//! The game file commands: `review` (every action judged by perfect play)
//! and `gamefile` (check a file and write it in normal form).

use std::io::Read;

use qttt::Game;
use qttt::analysis::{Review, Scoring, Solver, Verdict};
use qttt::gamefile::{self, AnnotatedGame, GameFileError};

use crate::out::Out;
use crate::progress::with_progress;

/// The arguments of `review`.
#[derive(Debug, clap::Args)]
pub struct ReviewArgs {
    /// A game file (`-` for standard input; every game in it is reviewed)
    /// or a record ("58 47 67").
    game: String,
    /// The scoring (default: a file's Scoring tag, else single).
    #[arg(long, value_parser = crate::parse_scoring)]
    scoring: Option<Scoring>,
    /// Review from this ply on (default: a file's Start position, else the
    /// first action).
    #[arg(long)]
    from: Option<usize>,
    /// Write the review as an annotated game file instead of a table.
    #[arg(long)]
    qgn: bool,
    /// Search positions with up to three marks instead of reading them
    /// from the opening book.
    #[arg(long)]
    no_book: bool,
}

/// The arguments of `gamefile`.
#[derive(Debug, clap::Args)]
pub struct GamefileArgs {
    /// The game file (`-` or nothing for standard input).
    #[arg(default_value = "-")]
    file: String,
    /// Print each game's record (its start and main line) instead of the
    /// file in normal form.
    #[arg(long)]
    records: bool,
    /// Read every game even when some do not parse: print those that do,
    /// and each broken game's error (FILE:LINE:COLUMN: game N: why) on
    /// standard error; the status is 1 when a game is broken.
    #[arg(long)]
    lenient: bool,
}

/// Reads a file, or standard input for `-`.
fn read(path: &str) -> Result<String, String> {
    if path == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("standard input: {e}"))?;
        Ok(text)
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))
    }
}

/// Where an error of the file at `path` is: `PATH:LINE:COLUMN`.
fn place(path: &str, e: &GameFileError) -> String {
    let name = if path == "-" { "<stdin>" } else { path };
    format!("{name}:{}:{}", e.line(), e.column())
}

/// The games of a file, its errors as `PATH:LINE:COLUMN: why`.
fn games_of(path: &str) -> Result<Vec<AnnotatedGame>, String> {
    let text = read(path)?;
    gamefile::parse(&text).map_err(|e| format!("{}: {}", place(path, &e), e.kind()))
}

/// `qttt gamefile`: checks a file, then writes it in normal form or its
/// records; `--lenient`, the games that read and each broken game's error.
pub fn gamefile(args: &GamefileArgs) -> Result<(), String> {
    let (games, broken) = if args.lenient {
        let text = read(&args.file)?;
        let (mut games, mut broken) = (Vec::new(), 0);
        for item in gamefile::read(&text) {
            match item {
                Ok(game) => games.push(game),
                Err(e) => {
                    broken += 1;
                    let (at, game, why) = (place(&args.file, &e), e.game(), e.kind());
                    eprintln!("{at}: game {game}: {why}");
                }
            }
        }
        (games, broken)
    } else {
        (games_of(&args.file)?, 0)
    };
    let mut out = Out::lock();
    if args.records {
        for game in &games {
            writeln!(out, "{}", game.end().record())?;
        }
    } else {
        write!(out, "{}", gamefile::write(&games))?;
    }
    match broken {
        0 => Ok(()),
        _ => Err(format!(
            "games that do not parse: {broken} of {}",
            broken + games.len()
        )),
    }
}

/// `qttt review`: every game of a file, or a record, reviewed.
pub fn review(args: &ReviewArgs) -> Result<(), String> {
    let is_file = args.game == "-" || std::path::Path::new(&args.game).is_file();
    let files: Vec<AnnotatedGame> = if is_file {
        games_of(&args.game)?
    } else {
        let game = Game::from_record(&args.game)
            .map_err(|e| format!("{:?} is neither a file nor a record: {e}", args.game))?;
        vec![AnnotatedGame::from_game(&game, Scoring::SingleResult)]
    };
    let mut reviews = Vec::new();
    for file in &files {
        let (game, start) = (file.end(), file.start.plies());
        let scoring = args.scoring.unwrap_or(file.scoring);
        let mut solver = Solver::new(scoring).opening_book(!args.no_book);
        let label = format!("reviewing {:?} under {scoring}", game.record().to_string());
        let first = args.from.map_or(start, |ply| ply.saturating_sub(1));
        reviews.push(with_progress(&label, || {
            Review::new(&mut solver, &game, first)
        }));
    }
    let mut out = Out::lock();
    if args.qgn {
        // The review keeps each file's tags and, for a game not over, its result.
        let annotated: Vec<AnnotatedGame> = reviews
            .iter()
            .zip(&files)
            .map(|(review, file)| {
                let mut annotated = review.to_annotated();
                let annotator = annotated.tag("Annotator").unwrap_or_default().to_owned();
                annotated.tags.clone_from(&file.tags);
                annotated.set_tag("Annotator", &annotator);
                if !review.end.is_over() {
                    annotated.result = file.result;
                }
                annotated
            })
            .collect();
        write!(out, "{}", gamefile::write(&annotated))?;
    } else {
        for (i, review) in reviews.iter().enumerate() {
            if i > 0 {
                writeln!(out)?;
            }
            print_table(&mut out, review)?;
        }
    }
    Ok(())
}

/// Writes a review as a table.
fn print_table(out: &mut Out, review: &Review) -> Result<(), String> {
    writeln!(
        out,
        "review of {:?} under {} (values: X's points minus O's under perfect play)",
        review.end.record().to_string(),
        review.scoring
    )?;
    writeln!(
        out,
        "{:>4}  {:<6}  {:<6}  {:>6}  {:>6}  verdict",
        "ply", "player", "action", "before", "after"
    )?;
    for step in &review.steps {
        let verdict = match step.verdict {
            Verdict::Kept => "kept".to_owned(),
            verdict => {
                let best: Vec<String> = step.best.iter().map(ToString::to_string).collect();
                let line: Vec<String> = step.best_line.iter().map(ToString::to_string).collect();
                let what = match verdict {
                    Verdict::WinGivenAway => "win given away",
                    Verdict::DrawGivenAway => "draw given away",
                    _ => "half a point lost",
                };
                format!(
                    "{what}; best: {}; best line: {}",
                    best.join(" "),
                    line.join(" ")
                )
            }
        };
        writeln!(
            out,
            "{:>4}  {:<6}  {:<6}  {:>6}  {:>6}  {verdict}",
            step.ply,
            step.player.to_string(),
            step.action.to_string(),
            step.before.to_string(),
            step.after.to_string()
        )?;
    }
    let mistakes = review.mistakes().count();
    writeln!(
        out,
        "value at the end: {}; {mistakes} action{} lost value",
        review.final_value,
        if mistakes == 1 { "" } else { "s" }
    )?;
    Ok(())
}
