//! The analysis commands: `solve`, `openings`, `count`, `stats` and `perft`.

use std::io::BufRead;
use std::num::NonZeroU64;
use std::time::Instant;

use qttt::analysis::{GameCounter, RandomStats, Scoring, Solution, Solver};
use qttt::{Action, Game};

use crate::out::Out;
use crate::progress::{bar, with_progress};

/// A game from a record given on the command line.
fn game(record: &str) -> Result<Game, String> {
    Game::from_record(record).map_err(|e| format!("record {record:?}: {e}"))
}

/// Solves a position (or, for `-`, every record of standard input, one a
/// line, with one solver) and prints its value, optimal actions and a
/// principal variation: as text, or as one JSON line each.
pub fn solve(record: &str, json: bool, mut solver: Solver, threads: usize) -> Result<(), String> {
    let mut out = Out::lock();
    if record != "-" {
        return solve_one(&mut out, &game(record)?, json, &mut solver, threads);
    }
    for (number, line) in std::io::stdin().lock().lines().enumerate() {
        let line = line.map_err(|e| format!("standard input: {e}"))?;
        let game = Game::from_record(line.trim())
            .map_err(|e| format!("line {} {:?}: {e}", number + 1, line.trim()))?;
        if json {
            writeln!(out, "{}", solution_json(&game, &mut solver))?;
        } else {
            writeln!(out, "position: {}", game.record())?;
            solve_one(&mut out, &game, false, &mut solver, threads)?;
        }
    }
    Ok(())
}

/// The JSON line of `qttt solve --json`: values from X's side, in points.
fn solution_json(game: &Game, solver: &mut Solver) -> serde_json::Value {
    let solution = solver.solve(game);
    let values = solver.action_values(game);
    let points = qttt::analysis::points;
    let tokens =
        |actions: &[Action]| -> Vec<String> { actions.iter().map(|a| a.to_string()).collect() };
    let mask = solution
        .optimal_actions
        .iter()
        .fold(0u64, |mask, a| mask | 1 << a.id());
    serde_json::json!({
        "record": game.record().to_string(),
        "to_act": game.current_player().map(|p| p.to_string()),
        "value": points(solution.value_half_points),
        "end_move": solution.end_move,
        "optimal": tokens(&solution.optimal_actions),
        "optimal_mask": mask,
        "principal_variation": tokens(&solution.principal_variation),
        "action_values": values.iter().map(|v| serde_json::json!({
            "action": v.action.to_string(),
            "value": points(v.value_half_points),
            "end_move": v.end_move,
        })).collect::<Vec<_>>(),
    })
}

/// Solves one position and prints it (text or a JSON line).
fn solve_one(
    out: &mut Out,
    game: &Game,
    json: bool,
    solver: &mut Solver,
    threads: usize,
) -> Result<(), String> {
    if json {
        writeln!(out, "{}", solution_json(game, solver))?;
        return Ok(());
    }
    let start = Instant::now();
    let scoring = solver.scoring();
    let label = format!("solving {:?} under {scoring}", game.record().to_string());
    let solution = with_progress(&label, || solver.solve(game));
    let tokens = |actions: &[Action]| {
        actions
            .iter()
            .map(|a| a.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let points = ["-1", "-1/2", "0", "+1/2", "+1"][(solution.value_half_points + 2) as usize];
    writeln!(
        out,
        "value: {} (X's points minus O's: {points})",
        describe_solution(&solution, scoring)
    )?;
    if game.is_over() {
        writeln!(out, "the game is over: no actions are left")?;
    } else {
        writeln!(
            out,
            "optimal actions: {}",
            tokens(&solution.optimal_actions)
        )?;
        writeln!(
            out,
            "principal variation: {}",
            tokens(&solution.principal_variation)
        )?;
    }
    writeln!(
        out,
        "searched {} positions in {:.2?} ({threads} thread{} for the optimal actions)",
        solution.nodes,
        start.elapsed(),
        if threads == 1 { "" } else { "s" }
    )?;
    Ok(())
}

/// The value of every first move, by symmetry class.
pub fn openings(mut solver: Solver) -> Result<(), String> {
    let start = Instant::now();
    let scoring = solver.scoring();
    let mut out = Out::lock();
    // First moves grouped by symmetry: equal canonical keys.
    let mut classes: Vec<(qttt::PositionKey, Vec<Action>)> = Vec::new();
    for action in Game::new().legal_actions() {
        let key = Game::new().apply_unchecked(action).canonical_key();
        match classes.iter_mut().find(|(k, _)| *k == key) {
            Some((_, members)) => members.push(action),
            None => classes.push((key, vec![action])),
        }
    }
    writeln!(out, "first moves under {scoring}, by symmetry class:")?;
    let progress = bar(classes.len() as u64, "solving the first moves");
    for (_, members) in &classes {
        let solution = solver.solve(&Game::new().apply_unchecked(members[0]));
        let tokens: Vec<String> = members.iter().map(|a| a.to_string()).collect();
        progress.suspend(|| {
            writeln!(
                out,
                "{:<24} {}",
                tokens.join(" "),
                describe_solution(&solution, scoring)
            )
        })?;
        progress.inc(1);
    }
    progress.finish_and_clear();
    writeln!(out, "({} classes, {:.1?})", classes.len(), start.elapsed())?;
    Ok(())
}

/// Statistics of random games.
pub fn stats(games: NonZeroU64, seed: u64, uniform_games: bool) -> Result<(), String> {
    let games = games.get();
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
    let mut out = Out::lock();
    let mut share = |label: &str, count: u64| {
        let (p, error) = stats.share(count);
        writeln!(
            out,
            "{label:<28} {:>8.4}% ± {:.4}%",
            100.0 * p,
            100.0 * error
        )
    };
    share("X wins", stats.x_wins)?;
    share("O wins", stats.o_wins)?;
    share("draws", stats.draws)?;
    share("lines for both players", stats.both_lines)?;
    let (mean, error) = stats.goff_mean();
    writeln!(
        out,
        "{:<28} {mean:>+8.4} ± {error:.4} points",
        "Goff score (X minus O)"
    )?;
    let model = if uniform_games {
        "every complete game equally likely".to_owned()
    } else {
        format!("uniformly random actions, {threads} threads")
    };
    writeln!(
        out,
        "({games} games, seed {seed}, {model}, {:.1?})",
        start.elapsed()
    )?;
    Ok(())
}

/// Counts the complete games from a position.
pub fn count(record: &str) -> Result<(), String> {
    let game = game(record)?;
    let start = Instant::now();
    let mut counter = GameCounter::new();
    let label = format!(
        "counting the complete games from {:?}",
        game.record().to_string()
    );
    let games = with_progress(&label, || counter.count(&game));
    let mut out = Out::lock();
    writeln!(out, "complete games: {games}")?;
    writeln!(
        out,
        "({} positions remembered, {:.1?})",
        counter.table_len(),
        start.elapsed()
    )?;
    Ok(())
}

/// The deepest `perft` runs without `--deep`: each depth takes about 30
/// times as long as the one before (from the empty board depth 6 takes
/// seconds, 7 a minute or so, 8 far longer).
pub const PERFT_DEPTH_LIMIT: u32 = 7;

/// Counts action sequences of each length 1..=`depth` from a position
/// (the command line refuses depths above [`PERFT_DEPTH_LIMIT`] without `--deep`).
pub fn perft(depth: u32, record: &str) -> Result<(), String> {
    let game = game(record)?;
    let mut out = Out::lock();
    for d in 1..=depth {
        let count = with_progress(&format!("perft {d}"), || qttt::perft(&game, d));
        writeln!(out, "{d} {count}")?;
    }
    Ok(())
}

/// "X wins at move 9", "draw", "O wins by 1/2 at move 8", … for X's
/// result in half points and the marks when the game ends.
pub fn describe(value_half_points: i32, end_move: u8, scoring: Scoring) -> String {
    let winner = if value_half_points > 0 { "X" } else { "O" };
    match (value_half_points, scoring) {
        (0, _) => "draw".to_owned(),
        (1 | -1, Scoring::GoffPoints) => {
            format!("{winner} wins by 1/2 point at move {end_move}")
        }
        (_, Scoring::GoffPoints) => format!("{winner} wins by 1 point at move {end_move}"),
        _ => format!("{winner} wins at move {end_move}"),
    }
}

/// [`describe`] for a solution.
fn describe_solution(solution: &Solution, scoring: Scoring) -> String {
    describe(solution.value_half_points, solution.end_move, scoring)
}
