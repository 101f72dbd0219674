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
