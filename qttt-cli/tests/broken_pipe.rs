//! `qttt` whose standard output is closed early (`qttt positions | head -1`):
//! status 1 and one line on standard error, never a panic.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use qttt::Game;
use qttt::analysis::Scoring;
use qttt::gamefile::{self, AnnotatedGame};

/// A fresh folder for one test's files.
fn folder(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("qttt-pipe-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The write end of a pipe (a FIFO) whose read end is already closed, so
/// that every write to it fails with a broken pipe, whenever it comes.
fn pipe_without_reader(test: &str) -> File {
    let dir = folder(test);
    let fifo = dir.join("fifo");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    // Opening a FIFO for reading and writing does not wait for a writer;
    // with that reader open, opening it for writing does not wait either.
    let reader = OpenOptions::new()
        .read(true)
        .write(true)
        .open(&fifo)
        .unwrap();
    let writer = OpenOptions::new().write(true).open(&fifo).unwrap();
    drop(reader);
    // The open ends keep the pipe; its name is not needed any more.
    std::fs::remove_dir_all(dir).unwrap();
    writer
}

/// The status is 1 and standard error is the one line of a failed write.
fn assert_write_failed(output: &Output) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(
        stderr.starts_with("qttt: standard output: ") && stderr.lines().count() == 1,
        "{stderr}"
    );
}

#[test]
fn positions_into_a_pipe_without_reader_fails_with_status_1() {
    let output = Command::new(env!("CARGO_BIN_EXE_qttt"))
        .arg("positions")
        .stdout(pipe_without_reader("positions"))
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_write_failed(&output);
}

#[test]
fn gamefile_records_stop_when_the_reader_goes_after_one_line() {
    // Games whose records are far more than a pipe holds (64 KiB, or 1 MiB
    // raised), so that the program is still writing when the reader goes.
    let mut game = Game::new();
    while !game.is_over() {
        game = game.apply_unchecked(game.legal_actions().iter().next().unwrap());
    }
    let record = game.record().to_string();
    let games = vec![AnnotatedGame::from_game(&game, Scoring::SingleResult); 50_000];
    assert!(games.len() * (record.len() + 1) > 1 << 20);
    let file = folder("gamefile").join("many.qgn");
    std::fs::write(&file, gamefile::write(&games)).unwrap();

    let mut child = Command::new(env!("CARGO_BIN_EXE_qttt"))
        .args(["gamefile", "--records"])
        .arg(&file)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first, format!("{record}\n"));
    // The reader is dropped: the pipe has no reader any more.
    let output = child.wait_with_output().unwrap();
    std::fs::remove_dir_all(file.parent().unwrap()).unwrap();
    assert_write_failed(&output);
}
