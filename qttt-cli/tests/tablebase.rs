//! `qttt tablebase build`, `probe`, `layers` and `plies`, the real binary: a
//! reduced table's answers against the searched solver, bad lines as JSON
//! errors, damaged tables refused.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use qttt::Game;
use qttt::analysis::{Scoring, Solver, points};

fn qttt(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_qttt"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A program that stops before reading (a damaged table) closes its
    // end of the pipe: the write may then fail, which is no failure here.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("qttt-cli-tb-{name}-{}.tb", std::process::id()))
}

const ROOT: &str = "58 47 67 59";

fn built(name: &str) -> PathBuf {
    let path = scratch(name);
    let output = qttt(
        &[
            "tablebase",
            "build",
            "--out",
            path.to_str().unwrap(),
            "--from",
            ROOT,
        ],
        "",
    );
    assert!(output.status.success(), "{output:?}");
    assert!(
        String::from_utf8(output.stdout)
            .unwrap()
            .starts_with("wrote ")
    );
    assert!(output.stderr.is_empty(), "no progress off a terminal");
    path
}

fn lines(output: &Output) -> Vec<serde_json::Value> {
    String::from_utf8(output.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn probes_agree_with_the_searched_solver() {
    let path = built("agree");
    // The root, a stored child, a pending collapse, mark 8, the end.
    let records = [
        ROOT,
        "58 47 67 59 48",
        "58 47 67 59 48 68",
        "58 47 67 59 48 68 @6 12",
        "58 47 67 59 48 68 @6 12 13",
        "58 47 67 59 48 68 @8",
    ];
    let output = qttt(
        &["tablebase", "probe", "--table", path.to_str().unwrap()],
        &(records.join("\n") + "\n"),
    );
    assert!(output.status.success(), "{output:?}");
    let answers = lines(&output);
    assert_eq!(answers.len(), records.len());
    for (record, answer) in records.iter().zip(&answers) {
        let game = Game::from_record(record).unwrap();
        assert_eq!(answer["record"], *record);
        for scoring in Scoring::ALL {
            let solution = Solver::new(scoring).solve(&game);
            let name = scoring.name();
            assert_eq!(
                answer["values"][name],
                points(solution.value_half_points),
                "{record} {name}"
            );
            let tokens: Vec<String> = solution
                .optimal_actions
                .iter()
                .map(|a| a.to_string())
                .collect();
            assert_eq!(
                answer["best"][name],
                serde_json::json!(tokens),
                "{record} {name}"
            );
            let end = (solution.value_half_points != 0).then_some(solution.end_move);
            assert_eq!(
                answer["end_move"][name],
                serde_json::json!(end),
                "{record} {name}"
            );
        }
    }
    // Worked by hand (the solver's documented example): X wins at once
    // with @8, its line 4-5-6 before O's 7-8-9.
    assert_eq!(answers[2]["values"]["single"], 1.0);
    assert_eq!(answers[2]["best"]["single"], serde_json::json!(["@8"]));
    assert_eq!(answers[2]["end_move"]["single"], 6);
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn bad_lines_are_json_errors_and_the_rest_goes_on() {
    let path = built("errors");
    let input = "12 99\n\n12 34 56 78\nnonsense\n58 47 67 59\n";
    let output = qttt(
        &["tablebase", "probe", "--table", path.to_str().unwrap()],
        input,
    );
    assert!(output.status.success(), "{output:?}");
    let answers = lines(&output);
    assert_eq!(answers.len(), 5);
    let error = |i: usize| &answers[i]["error"];
    assert_eq!(error(0)["line"], 1);
    assert_eq!(error(0)["code"], "same_square_twice");
    assert_eq!(error(0)["token"], "99");
    assert_eq!(error(0)["token_index"], 1);
    // The empty board and 12 34 56 78 are not below the root.
    assert_eq!(error(1)["code"], "not_in_table");
    assert_eq!(error(2)["code"], "not_in_table");
    assert_eq!(error(2)["record"], "12 34 56 78");
    assert_eq!(error(3)["line"], 4);
    assert!(error(3)["message"].is_string());
    assert_eq!(answers[4]["record"], ROOT);
    assert!(answers[4].get("error").is_none());
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn damaged_tables_are_refused_with_a_message() {
    let path = built("damaged");
    let good = std::fs::read(&path).unwrap();
    let cases: [(&str, Vec<u8>, &str); 4] = [
        ("truncated", good[..good.len() - 3].to_vec(), "truncated"),
        (
            "magic",
            [b"NOT-A-TB".as_slice(), &good[8..]].concat(),
            "bad magic",
        ),
        (
            "version",
            [&good[..8], &[9, 0, 0, 0], &good[12..]].concat(),
            "format version 9",
        ),
        (
            "flipped",
            {
                let mut bytes = good.clone();
                let last = bytes.len() - 1;
                bytes[last] ^= 0x40;
                bytes
            },
            "checksum",
        ),
    ];
    for (name, bytes, message) in cases {
        std::fs::write(&path, bytes).unwrap();
        let output = qttt(
            &["tablebase", "probe", "--table", path.to_str().unwrap()],
            ROOT,
        );
        assert_eq!(output.status.code(), Some(1), "{name}");
        assert!(
            output.stdout.is_empty(),
            "{name}: no value from a damaged table"
        );
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.starts_with("qttt: ") && stderr.contains(message),
            "{name}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{name}");
    }
    std::fs::remove_file(&path).unwrap();
    let output = qttt(
        &["tablebase", "probe", "--table", path.to_str().unwrap()],
        "",
    );
    assert_eq!(output.status.code(), Some(1));
    let output = qttt(
        &[
            "tablebase",
            "build",
            "--out",
            path.to_str().unwrap(),
            "--from",
            "12 12 12",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(
        String::from_utf8(output.stderr)
            .unwrap()
            .contains("--from \"12 12 12\"")
    );
    assert!(!path.exists());
}

#[test]
fn a_build_with_a_work_folder_keeps_it_and_goes_on_from_it() {
    let plain = built("plain");
    let path = scratch("work");
    let work = std::env::temp_dir().join(format!("qttt-cli-tb-layers-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    let args = [
        "tablebase",
        "build",
        "--out",
        path.to_str().unwrap(),
        "--from",
        ROOT,
        "--work",
        work.to_str().unwrap(),
        "--threads",
        "1",
    ];
    let output = qttt(&args, "");
    assert!(output.status.success(), "{output:?}");
    assert_eq!(
        std::fs::read(&path).unwrap(),
        std::fs::read(&plain).unwrap()
    );
    // Without --work the folder beside the file is gone; with it, kept.
    let mut beside = plain.as_os_str().to_owned();
    beside.push(".layers");
    assert!(!PathBuf::from(beside).exists());
    assert!(work.join("layer-6.tb").exists());
    // Run again: every layer finished earlier (the root waits for mark 5:
    // layers 4, 5 and 6), the same file.
    let output = qttt(&args, "");
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{stdout}");
    assert!(
        lines[1]
            .starts_with("layer 4: 1 positions; keys finished earlier, values finished earlier")
    );
    assert!(lines[3].starts_with("layer 6: "));
    assert_eq!(
        std::fs::read(&path).unwrap(),
        std::fs::read(&plain).unwrap()
    );
    let output = qttt(&[&args[..8], &["--threads", "0"]].concat(), "");
    assert_eq!(output.status.code(), Some(2), "threads start at 1");
    for file in [&plain, &path] {
        std::fs::remove_file(file).unwrap();
    }
    std::fs::remove_dir_all(&work).unwrap();
}

#[test]
fn layers_count_each_position_of_the_table_once() {
    // Below the root (waiting for mark 5): layer 4 is the root alone, whose
    // symmetry class has eight positions (it is not symmetric), and every
    // layer's classes add up to its positions, as the JSON's "all" does.
    let path = built("layers");
    let output = qttt(
        &[
            "tablebase",
            "layers",
            "--table",
            path.to_str().unwrap(),
            "--json",
        ],
        "",
    );
    assert!(output.status.success(), "{output:?}");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let layers = json["layers"].as_array().unwrap();
    assert_eq!(layers.len(), 7);
    assert_eq!(layers[4]["up_to_symmetry"], 1);
    assert_eq!(layers[4]["positions"], 8);
    let (mut positions, mut entries) = (0, 0);
    for layer in layers {
        let n = layer["positions"].as_u64().unwrap();
        for scoring in ["single", "goff", "complete"] {
            let v = &layer["values"][scoring];
            let sum: u64 = ["x_wins", "draws", "o_wins"]
                .iter()
                .map(|k| v[k].as_u64().unwrap())
                .sum();
            assert_eq!(sum, n, "{scoring}");
        }
        positions += n;
        entries += layer["up_to_symmetry"].as_u64().unwrap();
    }
    assert_eq!(json["all"]["positions"], positions);
    assert_eq!(json["all"]["up_to_symmetry"], entries);
    // The text form: a header, a row per layer and scoring, and "all".
    let output = qttt(
        &["tablebase", "layers", "--table", path.to_str().unwrap()],
        "",
    );
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        text.lines()
            .filter(|l| l.trim_start().starts_with("all "))
            .count(),
        3
    );
    let last = text.lines().last().unwrap();
    let count: String = last
        .split("from ")
        .nth(1)
        .unwrap()
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    assert_eq!(count.parse::<u64>().unwrap(), entries, "{last}");
    let _ = std::fs::remove_file(&path);
    // No table, no count.
    let output = qttt(&["tablebase", "layers", "--table", "no-such.tb"], "");
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("no-such.tb"));
}

#[test]
fn plies_need_the_complete_table() {
    // A reduced table stands for some positions of a ply only: refused,
    // with the reason, before anything is counted.
    let path = built("plies");
    let output = qttt(
        &["tablebase", "plies", "--table", path.to_str().unwrap()],
        "",
    );
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("a reduced table"), "{stderr}");
    assert!(output.stdout.is_empty());
    // Ply 7 and later: their waiting positions are not all stored.
    let output = qttt(
        &[
            "tablebase",
            "plies",
            "--table",
            path.to_str().unwrap(),
            "--ply",
            "7",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(String::from_utf8_lossy(&output.stderr).contains("--ply"));
    let _ = std::fs::remove_file(&path);
}
