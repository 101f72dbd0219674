//! `qttt dataset`, the real binary: one JSON line a position, each a
//! position of the ply asked for, with the searched solver's values for
//! every legal action; the same seed, the same lines.

use std::process::{Command, Output};

use qttt::Game;
use qttt::analysis::{Scoring, Solver, points};

fn qttt(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qttt"))
        .args(args)
        .output()
        .unwrap()
}

fn lines(args: &[&str]) -> Vec<serde_json::Value> {
    let output = qttt(args);
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

#[test]
fn each_line_is_a_position_of_the_ply_with_its_values() {
    let records = lines(&["dataset", "--positions", "12", "--seed", "4", "--ply", "8"]);
    assert_eq!(records.len(), 12);
    let mut solvers = Scoring::ALL.map(Solver::new);
    for record in &records {
        let game = Game::from_record(record["record"].as_str().unwrap()).unwrap();
        assert_eq!(game.plies(), 8);
        assert_eq!(record["ply"], 8);
        assert_eq!(record["view"], serde_json::to_value(game.view()).unwrap());
        let actions = record["actions"].as_array().unwrap();
        assert_eq!(actions.len(), game.legal_actions().len());
        for (solver, scoring) in solvers.iter_mut().zip(Scoring::ALL) {
            let values = solver.action_values(&game);
            for labelled in actions {
                let value = values
                    .iter()
                    .find(|v| v.action.to_string() == labelled["action"])
                    .unwrap();
                assert_eq!(
                    labelled["values"][scoring.name()],
                    points(value.value_half_points)
                );
                assert_eq!(labelled["end_move"][scoring.name()], value.end_move);
            }
            // The position's value is its best action's.
            assert_eq!(
                record["values"][scoring.name()],
                points(values[0].value_half_points)
            );
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_lines() {
    let args = ["dataset", "--positions", "30", "--seed", "9"];
    let first = qttt(&args);
    assert!(first.status.success());
    assert_eq!(first.stdout, qttt(&args).stdout);
    assert_ne!(
        first.stdout,
        qttt(&["dataset", "--positions", "30", "--seed", "10"]).stdout
    );
}

#[test]
fn a_ply_past_the_last_is_refused() {
    let output = qttt(&["dataset", "--positions", "1", "--ply", "14"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("plies 0 to 13"));
}

#[test]
fn a_table_gives_the_same_lines_and_a_damaged_one_is_refused() {
    let path = std::env::temp_dir().join(format!("qttt-cli-dataset-{}.tb", std::process::id()));
    let table = path.to_str().unwrap();
    let built = qttt(&[
        "tablebase",
        "build",
        "--out",
        table,
        "--from",
        "58 47 67 59 48",
    ]);
    assert!(built.status.success(), "{built:?}");
    let args = ["dataset", "--positions", "20", "--seed", "6", "--ply", "7"];
    let with_table: Vec<&str> = args.iter().copied().chain(["--table", table]).collect();
    let (with, without) = (qttt(&with_table), qttt(&args));
    assert!(with.status.success(), "{with:?}");
    assert_eq!(with.stdout, without.stdout);
    std::fs::write(&path, b"not a table").unwrap();
    let refused = qttt(&with_table);
    assert_eq!(refused.status.code(), Some(1));
    assert!(refused.stdout.is_empty());
    std::fs::remove_file(&path).unwrap();
}
