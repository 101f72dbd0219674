//! What the examples that start the `qttt-server` binary share: starting
//! it on loopback, and reading its memory and CPU time from `/proc`.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use super::Error;

/// Starts the server `binary` on a free loopback port with the store
/// `db`, every limit per client address raised to `most` (all the
/// example's clients are on this machine, at one address), and `extra`
/// arguments; the process and its address (`host:port`).
pub fn start(
    binary: &str,
    db: &Path,
    most: usize,
    extra: &[&str],
) -> Result<(Child, String), Error> {
    let mut server = Command::new(binary)
        .args(["--addr", "127.0.0.1:0", "--db"])
        .arg(db)
        .args(["--max-connections-per-address", &(2 * most).to_string()])
        .args(["--create-burst", &most.to_string()])
        .args(extra)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .spawn()?;
    let mut line = String::new();
    BufReader::new(server.stdout.take().ok_or("no stdout")?).read_line(&mut line)?;
    let addr = line
        .trim()
        .trim_start_matches("qttt-server: http://")
        .trim_end_matches('/')
        .to_owned();
    Ok((server, addr))
}

/// The resident memory of process `pid` in KiB (0 when it cannot be read).
pub fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// CPU seconds (user and system) process `pid` (or `"self"`) has used so
/// far.
pub fn cpu_seconds(pid: &str) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The fields after the command's closing parenthesis; utime and stime
    // are the 14th and 15th of the line, in clock ticks (100 a second).
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or("", |(_, rest)| rest)
        .split_whitespace()
        .collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0
}
