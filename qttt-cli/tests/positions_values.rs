//! `qttt positions --values N --json`, the real binary: the shape,
//! with the empty board's published values (Ishizeki & Matsuura; Kumar et
//! al.).

use std::process::Command;

#[test]
fn the_empty_board_as_published_in_the_json_shape() {
    let output = Command::new(env!("CARGO_BIN_EXE_qttt"))
        .args(["positions", "--values", "0", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let ply = &json["plies"][0];
    assert_eq!(ply["ply"], 0);
    assert_eq!(ply["positions"], 1);
    let values = &ply["values"];
    assert_eq!(values["single"]["x_wins"], 1);
    assert_eq!(values["goff"]["x_wins_by_half"], 1);
    assert_eq!(values["complete"]["draws"], 1);
    for scoring in ["single", "goff", "complete"] {
        let v = &values[scoring];
        let sum = ["x_wins", "draws", "o_wins"]
            .iter()
            .map(|k| v[k].as_u64().unwrap())
            .sum::<u64>();
        assert_eq!(sum, 1, "{scoring}");
    }
    assert!(json["whole"].is_null());
}

#[test]
fn later_plies_need_the_complete_table() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_qttt"))
            .args(args)
            .output()
            .unwrap()
    };
    let output = run(&["positions", "--values", "4"]);
    assert!(!output.status.success());
    let error = String::from_utf8(output.stderr).unwrap();
    assert!(error.contains("without --table"), "{error}");
    assert!(output.stdout.is_empty());
    // Past ply 5 the listing itself is too large, table or not.
    let output = run(&["positions", "--values", "6", "--table", "any.tb"]);
    assert_eq!(output.status.code(), Some(2), "a usage error");
    // A reduced table is refused, as is a file that is no table.
    let dir = std::env::temp_dir().join(format!("qttt-cli-values-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let reduced = dir.join("reduced.tb");
    let built = run(&[
        "tablebase",
        "build",
        "--out",
        reduced.to_str().unwrap(),
        "--from",
        "58 47 67 59",
    ]);
    assert!(built.status.success(), "{built:?}");
    let output = run(&[
        "positions",
        "--values",
        "4",
        "--table",
        reduced.to_str().unwrap(),
    ]);
    assert!(!output.status.success());
    let error = String::from_utf8(output.stderr).unwrap();
    assert!(error.contains("a reduced table"), "{error}");
    let not_a_table = dir.join("not.tb");
    std::fs::write(&not_a_table, b"hello").unwrap();
    let output = run(&[
        "positions",
        "--values",
        "1",
        "--table",
        not_a_table.to_str().unwrap(),
    ]);
    assert!(!output.status.success());
    let error = String::from_utf8(output.stderr).unwrap();
    assert!(error.contains("not.tb"), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}
